"""A stored report as Markdown with numbered citations and a source list (CLI, export)."""
from __future__ import annotations

from jobs.models import Job, Note


def render(job: Job) -> str:
    report = job.report or {}
    note_ids = [i for s in report.get("sections", []) for sent in s["sentences"] for i in sent["citations"]]
    notes = {n.note_id: n for n in Note.objects.filter(job=job, note_id__in=note_ids).select_related("source")}
    numbers: dict[int, int] = {}
    for source in report.get("sources", []):
        numbers[source["source_id"]] = len(numbers) + 1
    lines = [f"# {job.question}", ""]
    for section in report.get("sections", []):
        lines += [f"## {section['heading']}", ""]
        paragraph = []
        for sentence in section["sentences"]:
            refs = sorted({numbers[notes[i].source_id] for i in sentence["citations"] if i in notes and notes[i].source_id in numbers})
            marks = "".join(f"[{r}]" for r in refs)
            flag = " (single source)" if sentence.get("single_source") else ""
            if sentence.get("disputed"):
                flag += f" (depends on a disputed figure, see {sentence['disputed']})"
            paragraph.append(f"{sentence['text']}{flag} {marks}".strip())
        lines += [" ".join(paragraph), ""]
    if report.get("disagreements"):
        lines += ["## Where sources disagree", ""]
        for d in report["disagreements"]:
            values = "; ".join(f"{v['value']} from " + ", ".join(f"{dom} ({date})" for dom, date in v["sources"])
                               for v in d["values"])
            about = d["subject"] + (f", {d['attribute']}" if d.get("attribute") else "") + (f" ({d['period']})" if d.get("period") else "")
            lines.append(f"- {d['id']}: {about}: {values}")
        lines.append("")
    if report.get("minority_claims"):
        lines += ["## Claims not stated as fact", ""] + [f"- {m['statement']}" for m in report["minority_claims"]] + [""]
    if report.get("not_found"):
        lines += ["## Not found", ""] + [f"- {x}" for x in report["not_found"]] + [""]
    lines += ["## Sources", ""]
    for source in report.get("sources", []):
        date = source.get("published_at") or "undated"
        lines.append(f"{numbers[source['source_id']]}. {source['title'] or source['url']} ({source.get('domain', '')}, {date}) {source['url']}")
    m = report.get("metrics", {})
    lines += ["", "---", f"Citation precision {_pct(m.get('citation_precision'))}, coverage {_pct(m.get('citation_coverage'))}; "
              f"{m.get('sentences_rewritten', 0)} sentences rewritten, {m.get('sentences_dropped', 0)} dropped; "
              f"{job.tokens_used:,} tokens, ${job.usd_used_micros / 1e6:.4f}."]
    if report.get("stopped_reason"):
        lines.append(f"Stopped early: {report['stopped_reason']}")
    return "\n".join(lines) + "\n"


def _pct(value) -> str:
    return "n/a" if value is None else f"{value:.0%}"
