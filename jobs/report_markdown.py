"""A stored report as Markdown with numbered citations and a source list (CLI, export)."""

from __future__ import annotations

from jobs.models import Job, Note


def render(job: Job) -> str:
    report = job.report or {}
    table = report.get("comparison_table") or {}
    note_ids = [i for s in report.get("sections", []) for sent in s["sentences"] for i in sent["citations"]]
    note_ids += [i for row in table.get("rows", []) for cell in row["cells"] if cell for i in cell["citations"]]
    notes = {n.note_id: n for n in Note.objects.filter(job=job, note_id__in=note_ids).select_related("source")}
    numbers: dict[int, int] = {}
    for source in report.get("sources", []):
        numbers[source["source_id"]] = len(numbers) + 1

    def marks(ids: list) -> str:
        refs = sorted({numbers[notes[i].source_id] for i in ids if i in notes and notes[i].source_id in numbers})
        return "".join(f"[{r}]" for r in refs)

    lines = [f"# {job.question}", ""]
    for index, section in enumerate(report.get("sections", [])):
        lines += [f"## {section['heading']}", ""]
        paragraph = []
        for sentence in section["sentences"]:
            flag = " (single source)" if sentence.get("single_source") else ""
            if sentence.get("disputed"):
                flag += f" (depends on a disputed figure, see {sentence['disputed']})"
            paragraph.append(f"{sentence['text']}{flag} {marks(sentence['citations'])}".strip())
        lines += [" ".join(paragraph), ""]
        if index == 0 and table.get("rows"):
            lines += _table(table, marks)
    if report.get("disagreements"):
        lines += ["## Where sources disagree", ""]
        for d in report["disagreements"]:
            values = "; ".join(
                f"{v['value']} from " + ", ".join(f"{dom} ({date})" for dom, date in v["sources"]) for v in d["values"]
            )
            about = (
                d["subject"]
                + (f", {d['attribute']}" if d.get("attribute") else "")
                + (f" ({d['period']})" if d.get("period") else "")
            )
            lines.append(f"- {d['id']}: {about}: {values}")
        lines.append("")
    if report.get("minority_claims"):
        lines += (
            ["## Claims not stated as fact", ""] + [f"- {m['statement']}" for m in report["minority_claims"]] + [""]
        )
    if report.get("not_found"):
        lines += ["## Not found", ""] + [f"- {x}" for x in report["not_found"]] + [""]
    lines += ["## Sources", ""]
    for source in report.get("sources", []):
        date = source.get("published_at") or "undated"
        lines.append(
            f"{numbers[source['source_id']]}. {source['title'] or source['url']} ({source.get('domain', '')}, {date}) {source['url']}"
        )
    m = report.get("metrics", {})
    lines += [
        "",
        "---",
        f"Citation precision {_pct(m.get('citation_precision'))}, coverage {_pct(m.get('citation_coverage'))}; "
        f"{m.get('sentences_rewritten', 0)} sentences rewritten, {m.get('sentences_dropped', 0)} dropped"
        f"{_not_checked(m)}; "
        f"{job.tokens_used:,} tokens, ${job.usd_used_micros / 1e6:.4f}.",
    ]
    if report.get("stopped_reason"):
        lines.append(f"Stopped early: {report['stopped_reason']}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(table: dict, marks) -> list[str]:
    """The comparison table as a Markdown table, each cell with its citation markers."""
    head = ["", *table["attributes"]]
    lines = ["### Side by side", "", "| " + " | ".join(_cell(h) for h in head) + " |", "|" + "---|" * len(head)]
    for row in table["rows"]:
        cells = [f"{_cell(c['value'])} {marks(c['citations'])}" if c else "–" for c in row["cells"]]
        lines.append("| " + " | ".join([_cell(row["entity"]), *cells]) + " |")
    return lines + [""]


def _pct(value) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _not_checked(metrics: dict) -> str:
    n = metrics.get("sentences_not_checked", 0)
    return f" ({n} not checked: the judge could not be used)" if n else ""
