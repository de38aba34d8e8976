from django.urls import path

from jobs import api

urlpatterns = [
    path("v1/research", api.JobCreateApi.as_view(), name="job-create"),
    path("v1/research/<str:job_id>", api.JobDetailApi.as_view(), name="job-detail"),
]
