"""Every task.replace() raises Ignore, and Celery's tracer copies the whole stack into an
ExceptionInfo for it, twice; billiard's copy of a code object includes its co_positions()
table (about 1.5 ms for Celery's tracer frame). research_project/celery.py makes one copy per
code object: a second ExceptionInfo of the same stack reuses them."""

from billiard.einfo import ExceptionInfo

import research_project.celery  # noqa: F401 - installs the shared copies


def _raise_and_capture():
    try:
        raise ValueError("replaced")
    except ValueError:
        return ExceptionInfo(internal=True), ExceptionInfo(internal=True)


def test_two_exception_infos_of_one_stack_share_their_code_copies():
    first, second = _raise_and_capture()
    a, b = first.tb, second.tb
    frames = 0
    while a is not None and b is not None:
        assert a.tb_frame.f_code is b.tb_frame.f_code
        assert a.tb_frame.f_code.co_name == b.tb_frame.f_code.co_name
        a, b, frames = a.tb_next, b.tb_next, frames + 1
    assert frames >= 1
    assert first.traceback == second.traceback and "ValueError: replaced" in first.traceback
