"""Option types shared by the management commands: numbers checked against their bounds when the
command line is read, so `--max-usd 500` fails with the bound instead of after a worker started."""

from __future__ import annotations

import argparse

from django.core.management.base import DjangoHelpFormatter


def bounded(kind: type, *, low: float | None = None, high: float | None = None, above: float | None = None):
    """An argparse `type=`: a number of `kind` (int or float) with low <= value <= high and
    value > above (each bound optional). Raises argparse.ArgumentTypeError with the bound broken."""
    noun = "a whole number" if kind is int else "a number"

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {noun}") from None
        if above is not None and not value > above:
            raise argparse.ArgumentTypeError(f"{text} must be more than {above:g}")
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{text} must be at least {low:g}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{text} must be at most {high:g}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its own messages
    return parse


class RawDescriptionFormatter(DjangoHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Django's help layout, with the command's description (a list, a usage example) kept as written."""
