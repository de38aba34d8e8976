"""Formatting filters for the pages (numbers only: they never mark text safe)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def usd_micros(value) -> str:
    """Integer micro-dollars as "$0.1234"."""
    try:
        return f"${int(value) / 1_000_000:.4f}"
    except (TypeError, ValueError):
        return "–"


@register.filter
def usd(value) -> str:
    try:
        return f"${float(value):.4f}"
    except (TypeError, ValueError):
        return "–"


@register.filter
def pct(value) -> str:
    """A share 0..1 as "95%"; "n/a" when unknown."""
    try:
        return f"{float(value):.0%}"
    except (TypeError, ValueError):
        return "n/a"


@register.filter
def num(value, digits: int = 1) -> str:
    try:
        return f"{float(value):,.{int(digits)}f}"
    except (TypeError, ValueError):
        return "–"


@register.filter
def usd_from_micros(value) -> str:
    """Integer micro-dollars as a plain number for a form field ("0.50")."""
    try:
        return f"{int(value) / 1_000_000:.2f}"
    except (TypeError, ValueError):
        return ""
