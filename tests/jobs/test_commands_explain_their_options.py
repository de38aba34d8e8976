"""Every option of research, eval, bench, load_uploads, serve and mcp says what it does, its default
and its bounds; the bounds are the API's own constants and are checked on the command line."""

import pytest
from django.core.management import load_command_class
from django.core.management.base import BaseCommand, CommandError

from jobs import services
from tests.processes import project_env, run

COMMANDS = [
    ("jobs", "research"),
    ("jobs", "eval"),
    ("jobs", "bench"),
    ("agents", "load_uploads"),
    ("jobs", "serve"),
    ("agents", "load_demo_corpus"),
    ("jobs", "mcp"),
]
DJANGO_OWN_OPTIONS = {a.dest for a in BaseCommand().create_parser("manage.py", "x")._actions}


def parser_for(app, name):
    return load_command_class(app, name).create_parser("manage.py", name)


@pytest.mark.parametrize("app, name", COMMANDS)
def test_every_option_has_help_with_its_default(app, name):
    parser = parser_for(app, name)
    ours = [a for a in parser._actions if a.dest not in DJANGO_OWN_OPTIONS]
    assert ours
    for action in ours:
        assert action.help, f"{name} {action.dest} has no help"
        if action.option_strings:  # an option (positionals are required, so they have no default)
            assert "default" in action.help or "required" in action.help, (
                f"{name} {action.option_strings}: {action.help}"
            )


def test_research_help_gives_the_question_length_and_the_budget_bounds_of_the_api():
    text = " ".join(parser_for("jobs", "research").format_help().split())
    assert f"{services.QUESTION_MIN_CHARS} to {services.QUESTION_MAX_CHARS:,} characters" in text  # 10 to 2,000
    assert "--depth {quick,deep}" in text and "(default: deep)" in text
    assert f"at most {services.MAX_BUDGET_MINUTES} minutes" in text
    assert f"{services.MIN_BUDGET_USD:g} to {services.MAX_BUDGET_USD:g} USD" in text
    assert "--timeout SECONDS" in text and "(default: 900)" in text


def test_eval_and_bench_and_serve_help_give_their_defaults():
    eval_help = " ".join(parser_for("jobs", "eval").format_help().split())
    assert "runs of each question, at least 1 (default: 3)" in eval_help
    assert "(default: 1800)" in eval_help
    bench_help = " ".join(parser_for("jobs", "bench").format_help().split())
    assert "orchestration" in bench_help and "(default: 20)" in bench_help
    serve_help = " ".join(parser_for("jobs", "serve").format_help().split())
    assert "1-65535" in serve_help and "DEMO_WORKER_CONCURRENCY" in serve_help


@pytest.mark.parametrize(
    "args, message",
    [
        (["--max-usd", "500"], f"500 must be at most {services.MAX_BUDGET_USD:g}"),
        (["--max-usd", "0.001"], f"0.001 must be at least {services.MIN_BUDGET_USD:g}"),
        (["--max-minutes", "0"], "0 must be more than 0"),
        (["--max-minutes", "121"], f"121 must be at most {services.MAX_BUDGET_MINUTES}"),
        (["--timeout", "-5"], "-5 must be more than 0"),
        (["--depth", "medium"], "invalid choice: 'medium'"),
    ],
)
def test_research_refuses_an_option_out_of_its_bounds_before_starting(args, message):
    with pytest.raises(CommandError) as refused:
        parser_for("jobs", "research").parse_args(["a question of some length", *args])
    assert message in str(refused.value)


def test_help_on_the_command_line_starts_nothing(tmp_path):
    var = tmp_path / "var"
    result = run(["manage.py", "research", "--help"], project_env(RESEARCH_VAR_DIR=str(var)))
    assert result.returncode == 0, result.stderr
    assert "the research question, 10 to 2,000 characters" in result.stdout
    assert not var.exists()
