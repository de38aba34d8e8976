"""Check the judges against human grades before trusting them (design: "check the judge
against human-graded reports").

- support judge: its verdicts against the verdicts reviewers set in the admin (an override equal
  to the judge's verdict is a confirmation);
- key-point judge: against a human-labelled file of {key_point, sentences, present, contradicted}.

Prints agreement and the confusion matrix (rows: judge, columns: human)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from jobs.evaluation import judge_key_points
from jobs.models import ReportClaim

LABELS_DEFAULT = Path(__file__).resolve().parents[3] / "agents" / "sources" / "demo_corpus" / "keypoint_labels.jsonl"


def confusion(pairs: list[tuple[str, str]], labels: list[str]) -> list[str]:
    counts = Counter(pairs)
    width = max(len(x) for x in labels) + 2
    first = max(width, len("judge \\ human") + 2)
    lines = ["judge \\ human".ljust(first) + "".join(h.ljust(width) for h in labels)]
    for j in labels:
        lines.append(j.ljust(first) + "".join(str(counts[(j, h)]).ljust(width) for h in labels))
    return lines


class Command(BaseCommand):
    help = "Agreement of the support judge and the key-point judge with human grades."

    def add_arguments(self, parser):
        parser.add_argument("--keypoint-labels", type=Path, default=LABELS_DEFAULT)
        parser.add_argument("--judge", choices=["match", "llm"], default="match")

    def handle(self, *args, **opts):
        reviewed = list(ReportClaim.objects.exclude(override_verdict="").values_list("verdict", "override_verdict"))
        self.stdout.write(f"support judge vs reviewers: {len(reviewed)} reviewed claims")
        if reviewed:
            agree = sum(1 for j, h in reviewed if j == h)
            self.stdout.write(f"  agreement {agree / len(reviewed):.0%}")
            for line in confusion(reviewed, list(ReportClaim.Verdict.values)):
                self.stdout.write("  " + line)
        else:
            self.stdout.write(
                "  no reviewer verdicts yet: review claims in the admin (Report claims, override verdict)"
            )
        path = opts["keypoint_labels"]
        try:
            rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        except (OSError, ValueError) as exc:
            raise CommandError(f"{path}: {exc}") from exc
        pairs_present, pairs_contra = [], []
        for row in rows:
            verdict = judge_key_points([row["key_point"]], row["sentences"], opts["judge"])[0]
            pairs_present.append((str(verdict["present"]).lower(), str(row["present"]).lower()))
            pairs_contra.append((str(verdict["contradicted"]).lower(), str(row["contradicted"]).lower()))
        self.stdout.write(f"key-point judge ({opts['judge']}) vs {len(rows)} human labels in {path.name}")
        for name, pairs in (("present", pairs_present), ("contradicted", pairs_contra)):
            agree = sum(1 for j, h in pairs if j == h)
            self.stdout.write(f"  {name}: agreement {agree / len(pairs):.0%}")
            for line in confusion(pairs, ["true", "false"]):
                self.stdout.write("    " + line)
