"""Strict serializer fields for the JSON API, and the patterns that let the OpenAPI schema say
exactly what the services accept.

DRF's own fields coerce: BooleanField takes 0, "yes" and "on", CharField takes 0, IntegerField
takes "5". The schema says boolean, string, integer, so the API refuses what the schema
refuses: a JSON body has real types, and a client sending 0 for false has a bug worth hearing
about.
"""

from __future__ import annotations

import math
import re

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

# Exactly the characters str.isspace() (and so str.split() and str.strip()) treats as
# whitespace, spelled out so that a schema pattern means the same in Python's `re` (the
# services, schemathesis' generator) and ECMA-262 (JSON Schema validators, browsers).
WHITESPACE_CHARS = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_WS = f"[{WHITESPACE_CHARS}]"
# PostgreSQL text cannot hold U+0000: no text field accepts it.
_NON_WS = f"[^{WHITESPACE_CHARS}\\x00]"
_NO_NUL_AHEAD = "(?=[^\\x00]*$)"
NUL_FREE_PATTERN = "^[^\\x00]*$"
CANONICAL_UUID_PATTERN = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"


def collapsed_min_length_pattern(min_chars: int) -> str:
    """A pattern matching text whose length, after trimming and joining its words with single
    spaces (" ".join(text.split())), is at least `min_chars` (>= 1), and which holds no NUL:
    after the first non-space character, each further one and each inner run of whitespace
    counts one."""
    return f"^{_NO_NUL_AHEAD}{_WS}*{_NON_WS}(?:{_NON_WS}|{_WS}+(?={_NON_WS})){{{min_chars - 1}}}"


def stripped_length_pattern(min_chars: int, max_chars: int) -> str:
    """A pattern matching text without NUL whose length after text.strip() is
    min_chars..max_chars (>= 2)."""
    return f"^{_WS}*{_NON_WS}[^\\x00]{{{min_chars - 2},{max_chars - 2}}}{_NON_WS}{_WS}*$"


class StrictBooleanField(serializers.BooleanField):
    """true or false only (and null where allowed)."""

    def to_internal_value(self, data):
        if data is True or data is False:
            return data
        self.fail("invalid", input=data)


def has_nul(text: str) -> bool:
    return "\x00" in text


class StrictCharField(serializers.CharField):
    """A JSON string only (a number is not silently turned into text), without NUL."""

    default_error_messages = {"not_a_string": "Must be a string.", "nul": "Must not contain NUL (U+0000)."}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Also states the rule in the schema (drf-spectacular writes a RegexValidator as `pattern`).
        self.validators.append(RegexValidator(NUL_FREE_PATTERN, message=self.error_messages["nul"]))

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_a_string")
        if has_nul(data):
            self.fail("nul")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only: never "5", true or 5.0 (OpenAPI 3.0's JSON Schema, draft 4, does
    not count 5.0 as an integer)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictFloatField(serializers.FloatField):
    """A JSON number only, never "1.5" or true."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, (int, float)) or not math.isfinite(data):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "format": "uuid", "pattern": CANONICAL_UUID_PATTERN})
class StrictUUIDField(serializers.UUIDField):
    """A UUID in its canonical 8-4-4-4-12 spelling, the only one the schema's format names."""

    def to_internal_value(self, data):
        if not isinstance(data, str) or not re.fullmatch(CANONICAL_UUID_PATTERN, data):
            self.fail("invalid", value=data)
        return super().to_internal_value(data)
