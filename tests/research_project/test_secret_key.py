"""The embedded mode makes its own secret key on first run and keeps it owner-only under var/;
outside it (a database server, or a public host without DJANGO_DEBUG) the service refuses to
start without DJANGO_SECRET_KEY, in one sentence."""

import stat

from django.conf import settings

from research_project import secret_key
from tests.processes import project_env, run

PRINT_KEY = ["manage.py", "shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)"]
REFUSAL = "error: DJANGO_SECRET_KEY is not set and this is not the embedded mode"
UNREACHABLE_POSTGRES = "postgres://nobody@127.0.0.1:1/none"  # the settings refuse before any connection


def embedded_env(var, **overrides):
    # The session's Redis, so these runs start none of their own.
    return project_env(RESEARCH_VAR_DIR=str(var), REDIS_URL=settings.REDIS_URL, **overrides)


def test_the_embedded_mode_generates_a_key_on_first_run_and_keeps_it_owner_only(tmp_path):
    var = tmp_path / "var"

    first = run(PRINT_KEY, embedded_env(var))

    assert first.returncode == 0, first.stderr
    key_file = var / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = first.stdout.strip().splitlines()[-1]
    assert key == key_file.read_text().strip()
    assert len(key) >= 50


def test_the_next_run_uses_the_same_key(tmp_path):
    var = tmp_path / "var"
    first = run(PRINT_KEY, embedded_env(var))
    second = run(PRINT_KEY, embedded_env(var))
    assert first.returncode == second.returncode == 0, second.stderr
    assert first.stdout.strip().splitlines()[-1] == second.stdout.strip().splitlines()[-1]


def test_two_checkouts_get_different_keys(tmp_path):
    one = run(PRINT_KEY, embedded_env(tmp_path / "one"))
    two = run(PRINT_KEY, embedded_env(tmp_path / "two"))
    assert one.stdout.strip().splitlines()[-1] != two.stdout.strip().splitlines()[-1]


def test_a_given_key_wins_over_the_file_and_no_file_is_made(tmp_path):
    var = tmp_path / "var"
    result = run(PRINT_KEY, embedded_env(var, DJANGO_SECRET_KEY="k" * 60))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "k" * 60
    assert not (var / "secret_key").exists()


def test_with_postgresql_manage_py_refuses_to_start_without_a_key(tmp_path):
    var = tmp_path / "var"

    result = run(["manage.py", "check"], project_env(RESEARCH_VAR_DIR=str(var), DATABASE_URL=UNREACHABLE_POSTGRES))

    assert result.returncode == 1
    assert result.stderr.startswith(REFUSAL)
    assert "(DATABASE_URL names a database server)" in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.count(". ") == 0  # one sentence, no traceback
    assert not (var / "secret_key").exists()


def test_with_a_public_host_and_debug_off_manage_py_refuses_to_start_without_a_key(tmp_path):
    result = run(
        ["manage.py", "check"],
        project_env(RESEARCH_VAR_DIR=str(tmp_path / "var"), DJANGO_ALLOWED_HOSTS="research.example.com"),
    )
    assert result.returncode == 1
    assert result.stderr.startswith(REFUSAL)
    assert "(DJANGO_ALLOWED_HOSTS names research.example.com with DJANGO_DEBUG off)" in result.stderr


def test_the_web_server_refuses_to_start_without_a_key(tmp_path):
    env = project_env(
        RESEARCH_VAR_DIR=str(tmp_path / "var"), DATABASE_URL=UNREACHABLE_POSTGRES, REDIS_URL=settings.REDIS_URL
    )
    result = run(["-c", "import research_project.asgi"], env)
    assert result.returncode != 0
    assert "SecretKeyMissing: DJANGO_SECRET_KEY is not set and this is not the embedded mode" in result.stderr


def test_choosing_the_embedded_settings_by_name_does_not_skip_the_check(tmp_path):
    env = project_env(
        RESEARCH_VAR_DIR=str(tmp_path / "var"),
        DATABASE_URL=UNREACHABLE_POSTGRES,
        DJANGO_SETTINGS_MODULE="research_project.settings.embedded",
    )
    result = run(["manage.py", "check"], env)
    assert result.returncode == 1
    assert result.stderr.startswith(REFUSAL)


def test_with_a_key_the_production_settings_start(tmp_path):
    env = project_env(
        RESEARCH_VAR_DIR=str(tmp_path / "var"),
        DATABASE_URL=UNREACHABLE_POSTGRES,
        DJANGO_SECRET_KEY="p" * 60,
        REDIS_URL=settings.REDIS_URL,
    )
    result = run(
        [
            "manage.py",
            "shell",
            "-c",
            "from django.conf import settings; print(settings.SETTINGS_MODULE, "
            "settings.SECRET_KEY == 'p' * 60, settings.DATABASES['default']['ENGINE'])",
        ],
        env,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-3:] == ["research_project.settings", "True", "django.db.backends.postgresql"]
    assert not (tmp_path / "var" / "secret_key").exists()


def test_a_key_file_others_can_read_is_made_owner_only_again(tmp_path):
    path = tmp_path / "secret_key"
    assert secret_key.ensure(path) is True
    path.chmod(0o644)

    assert secret_key.ensure(path) is False

    assert stat.S_IMODE(path.stat().st_mode) == 0o600
