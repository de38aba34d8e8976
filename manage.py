#!/usr/bin/env python
import os
import sys

# Commands that never touch Redis: they get var/ and the secret key, but no embedded Redis.
COMMANDS_WITHOUT_REDIS = {
    "migrate",
    "makemigrations",
    "showmigrations",
    "sqlmigrate",
    "check",
    "createsuperuser",
    "changepassword",
    "collectstatic",
    "diffsettings",
    "dbshell",
}
HELP_WORDS = {"help", "version", "--help", "-h", "--version"}


def main():
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_project.settings")
    from research_project.environment import SecretKeyMissing
    from research_project.startup import start_embedded_services

    args = sys.argv[1:]
    if args and args[0] not in HELP_WORDS and not {"-h", "--help"} & set(args):
        # Before Django reads its settings: they read the secret key this makes on first run.
        # An embedded Redis started here is this command's and stops when it exits.
        start_embedded_services(redis=args[0] not in COMMANDS_WITHOUT_REDIS)
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except SecretKeyMissing as exc:
        sys.exit(f"error: {exc}")


if __name__ == "__main__":
    main()
