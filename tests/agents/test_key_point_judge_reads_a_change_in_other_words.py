"""The key-point judge takes a change in an amount said in other words ("rose from 41,000" is
"up from 41,000", "fell" is "a decline from") and another form of a word ("deliveries" is
"delivered") as the point, but never a change in the other direction; and it agrees with every
human label in the demo corpus's keypoint_labels.jsonl."""

import json
from pathlib import Path

import pytest

from agents import keypoints

LABELS = Path(__file__).resolve().parents[2] / "agents" / "sources" / "demo_corpus" / "keypoint_labels.jsonl"
POINT = "Deliveries rose from 41,000 tonnes in 2024"


@pytest.mark.parametrize(
    "sentence, present",
    [
        ("Orsk Metals delivered 48,000 tonnes of cathode material in 2025, up from 41,000 tonnes in 2024.", True),
        ("Orsk Metals' deliveries increased to 48,000 tonnes from 41,000 tonnes in 2024.", True),
        ("Orsk Metals delivered 38,000 tonnes in 2025, down from 41,000 tonnes in 2024.", False),
        ("Orsk Metals' deliveries fell from 41,000 tonnes in 2024.", False),
        ("Orsk Metals delivered 41,000 tonnes in 2024.", False),
    ],
)
def test_a_rise_is_present_in_other_words_and_absent_in_the_other_direction(sentence, present):
    assert keypoints.judge_point(POINT, [sentence])["present"] is present


def test_the_judge_agrees_with_every_human_label():
    for line in LABELS.read_text().splitlines():
        label = json.loads(line)
        got = keypoints.judge_point(label["key_point"], label["sentences"])
        assert (got["present"], got["contradicted"]) == (label["present"], label["contradicted"]), label["id"]
