"""The embedded laptop mode: SQLite and the embedded Redis under var/ (base.py's defaults) and a
secret key generated on first run, kept owner-only in var/secret_key.

The key file is made by the process start (research_project/startup.py), not here: until a
process has started once, the key is empty, and Django refuses to use an empty key. Chosen
explicitly while the environment says production (a database server, an exposed host), this
module asks for DJANGO_SECRET_KEY exactly as production.py does.
"""

from research_project import secret_key
from research_project.environment import production_reason, secret_key_file, secret_key_from_environment
from research_project.settings.base import *  # noqa: F403

if production_reason():
    SECRET_KEY = secret_key_from_environment()
else:
    SECRET_KEY = env("DJANGO_SECRET_KEY") or secret_key.read(secret_key_file())  # noqa: F405
