"""The API under /v1 (the design's contract plus my jobs, notes, uploads, signals, settings)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from jobs import api

urlpatterns = [
    path("v1/research", api.JobCollectionApi.as_view(), name="job-collection"),
    path("v1/research/<str:job_id>", api.JobResourceApi.as_view(), name="job-detail"),
    path("v1/research/<str:job_id>/events", api.JobEventsApi.as_view(), name="job-events"),
    path("v1/research/<str:job_id>/plan", api.PlanApproveApi.as_view(), name="job-plan"),
    path("v1/research/<str:job_id>/cancel", api.JobCancelApi.as_view(), name="job-cancel"),
    path("v1/research/<str:job_id>/citation-clicks", api.CitationClickCreateApi.as_view(), name="job-citation-clicks"),
    path("v1/research/<str:job_id>/feedback", api.ReportFeedbackApi.as_view(), name="job-feedback"),
    path("v1/notes/<str:note_id>", api.NoteDetailApi.as_view(), name="note-detail"),
    path("v1/uploads", api.UploadCollectionApi.as_view(), name="upload-collection"),
    path("v1/uploads/<str:upload_id>", api.UploadResourceApi.as_view(), name="upload-detail"),
    path("v1/research/<str:job_id>/watch", api.WatchCreateApi.as_view(), name="job-watch"),
    path("v1/webhooks", api.WebhookCollectionApi.as_view(), name="webhook-collection"),
    path("v1/webhooks/<str:webhook_id>", api.WebhookDeleteApi.as_view(), name="webhook-detail"),
    path("v1/watches", api.WatchListApi.as_view(), name="watch-collection"),
    path("v1/watches/<str:watch_id>", api.WatchDeleteApi.as_view(), name="watch-detail"),
    path("v1/settings", api.UserSettingsApi.as_view(), name="user-settings"),
    path("v1/schema", SpectacularAPIView.as_view(), name="schema"),
    path("v1/docs", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
