import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_project.settings")

from research_project.startup import start_embedded_services  # noqa: E402

# The server's start (uvicorn imports this module once per process): var/, the secret key and,
# without REDIS_URL, the embedded Redis, owned by this server process.
start_embedded_services()

from django.core.asgi import get_asgi_application  # noqa: E402

application = get_asgi_application()
