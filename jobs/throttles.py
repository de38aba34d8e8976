"""API throttles whose rates are read from settings on every request (so they follow
API_USER_THROTTLE_RATE / API_ANON_THROTTLE_RATE and test overrides), counted in the shared
cache (Redis) so every web process sees the same counters."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class UserThrottle(UserRateThrottle):
    def get_rate(self):
        return settings.API_USER_THROTTLE_RATE


class AnonThrottle(AnonRateThrottle):
    def get_rate(self):
        return settings.API_ANON_THROTTLE_RATE
