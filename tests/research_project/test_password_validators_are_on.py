"""Passwords go through Django's four standard validators (the admin, createsuperuser,
changepassword, the password forms)."""

import pytest
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

STANDARD_FOUR = [
    "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
    "django.contrib.auth.password_validation.MinimumLengthValidator",
    "django.contrib.auth.password_validation.CommonPasswordValidator",
    "django.contrib.auth.password_validation.NumericPasswordValidator",
]


def test_the_four_standard_validators_are_configured():
    assert [v["NAME"] for v in settings.AUTH_PASSWORD_VALIDATORS] == STANDARD_FOUR


@pytest.mark.parametrize(
    "password, complaint",
    [
        ("short7!", "too short"),
        ("password123", "too common"),
        ("8394027561", "entirely numeric"),
    ],
)
def test_a_weak_password_is_refused(password, complaint):
    with pytest.raises(ValidationError) as refused:
        validate_password(password)
    assert any(complaint in message for message in refused.value.messages)


def test_a_strong_password_passes():
    validate_password("correct-horse-battery-staple-42")
