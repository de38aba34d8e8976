"""Settings, split as cookiecutter-django splits them:

    base.py        everything, from environment variables with the embedded mode's defaults
    embedded.py    the laptop default: SQLite and the embedded Redis under var/, a secret key
                   generated on first run and kept in var/secret_key (owner-only)
    production.py  a database server or an exposed host: DJANGO_SECRET_KEY is required
    test.py        pytest's (pytest.ini): base plus an explicit test-only key

DJANGO_SETTINGS_MODULE=research_project.settings (the default of manage.py, celery, asgi and wsgi)
picks embedded or production from the environment: production when DATABASE_URL names a database
server or DJANGO_DEBUG is off with a non-local host in DJANGO_ALLOWED_HOSTS
(research_project.environment.production_reason), embedded otherwise. Naming a module
(research_project.settings.production) picks it directly; then this file adds nothing.

Importing any of them starts nothing and creates nothing; see research_project/startup.py.
"""

import os

from research_project.environment import production_reason

if os.environ.get("DJANGO_SETTINGS_MODULE", __name__) == __name__:
    if production_reason():
        from research_project.settings.production import *  # noqa: F403
    else:
        from research_project.settings.embedded import *  # noqa: F403
