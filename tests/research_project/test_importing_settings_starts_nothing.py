"""Importing the settings (and the Celery app, and the task modules) starts no process and
creates no folder: var/, the secret key and the embedded Redis belong to the process start."""

from tests.processes import left_behind, project_env, run

IMPORT_EVERYTHING = """
import django
django.setup()
from django.conf import settings
from research_project.celery import app
import jobs.tasks
print(settings.SETTINGS_MODULE, settings.REDIS_URL, app.conf.broker_url, sep="\\n")
"""


def test_importing_the_embedded_settings_creates_no_folder_and_starts_no_redis(tmp_path):
    var = tmp_path / "var"
    env = project_env(RESEARCH_VAR_DIR=str(var), DJANGO_SETTINGS_MODULE="research_project.settings")

    result = run(["-c", IMPORT_EVERYTHING], env)

    assert result.returncode == 0, result.stderr
    module, redis_url, broker_url = result.stdout.split()
    assert module == "research_project.settings"
    assert redis_url == f"unix://{var}/redis.sock"  # the address is known without starting anything
    assert broker_url == f"redis+socket://{var}/redis.sock"
    assert not var.exists()
    assert left_behind(env, grace_seconds=0) == []


def test_importing_the_production_settings_creates_no_folder(tmp_path):
    var = tmp_path / "var"
    env = project_env(
        RESEARCH_VAR_DIR=str(var),
        DJANGO_SETTINGS_MODULE="research_project.settings",
        DATABASE_URL="postgres://nobody@127.0.0.1:1/none",
        DJANGO_SECRET_KEY="k" * 50,
    )

    result = run(["-c", IMPORT_EVERYTHING], env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "research_project.settings"
    assert not var.exists()
