from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "jobs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from celery.signals import before_task_publish, task_postrun, task_prerun
        from django.conf import settings

        from jobs import metrics
        from jobs.runtime import telemetry
        from jobs.runtime.connections import close_old_before_task, release_after_task
        from jobs.runtime.instrumentation import install_query_counter, record_dispatch_latency, stamp_sent_at

        before_task_publish.connect(stamp_sent_at, weak=False)
        task_prerun.connect(telemetry.record_dispatch_latency, weak=False)
        task_prerun.connect(close_old_before_task, weak=False)
        task_postrun.connect(release_after_task, weak=False)
        metrics.register()
        if settings.BENCH_PROFILE:
            import atexit

            from jobs.runtime import instrumentation

            task_prerun.connect(instrumentation.profile_task_start, weak=False)
            task_postrun.connect(instrumentation.profile_task_end, weak=False)
            atexit.register(instrumentation.dump_profile, settings.BENCH_PROFILE)
        if settings.BENCH_COUNT_QUERIES:
            from django.db.backends.signals import connection_created

            connection_created.connect(install_query_counter)
            task_prerun.connect(record_dispatch_latency, weak=False)
