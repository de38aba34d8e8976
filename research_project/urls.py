from django.contrib import admin
from django.urls import include, path

from jobs.metrics import metrics_view

urlpatterns = [
    path("admin/", admin.site.urls),
    path("metrics", metrics_view, name="prometheus-metrics"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("jobs.urls")),
    path("", include("jobs.page_urls")),
]

# Under /v1 these answer JSON {error, field} (an outage: 503 with Retry-After); pages keep HTML.
handler400 = "jobs.http_errors.bad_request"
handler403 = "jobs.http_errors.permission_denied"
handler404 = "jobs.http_errors.page_not_found"
handler500 = "jobs.http_errors.server_error"
