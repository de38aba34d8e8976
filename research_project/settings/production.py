"""Outside the embedded mode (a database server, or an exposed host without DJANGO_DEBUG): the
service refuses to start without DJANGO_SECRET_KEY (one sentence, raised here at startup)."""

from research_project.environment import secret_key_from_environment
from research_project.settings.base import *  # noqa: F403

SECRET_KEY = secret_key_from_environment()
