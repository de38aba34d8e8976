import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_project.settings")

from research_project.startup import start_embedded_services  # noqa: E402

# The server's start (see asgi.py; event streams need the ASGI server).
start_embedded_services()

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
