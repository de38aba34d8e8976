import os

# litellm must never fetch its price map from the network; set before anything imports it.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from .celery import app as celery_app  # noqa: E402

__all__ = ("celery_app",)
