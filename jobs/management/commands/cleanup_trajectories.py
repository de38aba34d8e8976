from django.core.management.base import BaseCommand

from jobs.trajectories import trajectories_expire


class Command(BaseCommand):
    help = "Delete the text of model-call trajectories older than TRAJECTORY_RETENTION_DAYS (accounting stays)."

    def handle(self, *args, **options):
        self.stdout.write(f"{trajectories_expire()} model calls cleaned")
