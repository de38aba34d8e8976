from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "jobs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.conf import settings

        if settings.BENCH_COUNT_QUERIES:
            from django.db.backends.signals import connection_created

            from jobs.instrumentation import install_query_counter

            connection_created.connect(install_query_counter)
