"""Server-rendered pages."""

from django.urls import path, re_path

from jobs import views

urlpatterns = [
    path("", views.home, name="home"),
    path("research/", views.job_list, name="page-job-list"),
    path("research/new", views.ask, name="page-ask"),
    path("research/settings", views.user_settings, name="page-settings"),
    path("research/uploads", views.upload_list, name="page-uploads"),
    path("research/uploads/<int:upload_id>/delete", views.upload_delete, name="page-upload-delete"),
    path("research/<uuid:job_id>", views.job_page, name="page-job"),
    path("research/<uuid:job_id>/plan", views.plan_review, name="page-plan"),
    path("research/<uuid:job_id>/cancel", views.cancel, name="page-cancel"),
    path("research/<uuid:job_id>/delete", views.job_delete, name="page-job-delete"),
    path("research/<uuid:job_id>/watch", views.watch_create, name="page-watch"),
    path("research/<uuid:job_id>/feedback", views.feedback, name="page-feedback"),
    re_path(
        r"^research/(?P<job_id>[0-9a-f-]{36})/export\.(?P<fmt>md|html|json|docx)$", views.export, name="page-export"
    ),
    path("staff/metrics", views.metrics, name="page-metrics"),
    path("healthz", views.healthz, name="healthz"),
]
