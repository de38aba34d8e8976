"""The deterministic key-point judge (agents/keypoints.py, used by `eval`) weighs the sentences
about a point's subject; a common word that only opens the point ("Deliveries grew 13%") is no
subject, and a hyphenated compound ("fourth-quarter") is its words. Invented figures."""

from agents import keypoints

REPORT = [
    "Orvane Motors delivered 1.44 million electric vehicles in 2025, an increase of 12% on 1.29 million in 2024.",
    "Orvane Motors delivered 402,000 vehicles in the fourth quarter of 2025.",
    "Deliveries of other makers fell.",
]


def test_a_point_opened_by_a_common_word_is_judged_on_the_whole_report():
    [verdict] = keypoints.judge_report(["Deliveries grew 12% from 1.29 million in 2024"], REPORT)
    assert verdict["present"], verdict


def test_a_hyphenated_compound_is_its_words():
    [verdict] = keypoints.judge_report(["Fourth-quarter deliveries were 402,000"], REPORT)
    assert verdict["present"], verdict


def test_a_point_the_report_does_not_state_is_still_absent():
    [verdict] = keypoints.judge_report(["Deliveries grew 15% from 1.20 million in 2024"], REPORT)
    assert not verdict["present"], verdict


def test_a_named_subject_still_limits_the_sentences_weighed():
    # 402,000 is Orvane's figure; a point about another maker is not made present by it
    [verdict] = keypoints.judge_report(["Halden Cars delivered 402,000 vehicles in the fourth quarter"], REPORT)
    assert not verdict["present"], verdict


def test_a_figure_is_read_as_a_quantity_not_as_its_digits():
    from agents import keypoints

    point = "Orvane Tractors had the second-highest 2025 deliveries (1.46 million)"
    row = "Tractor makers by 2025 deliveries — Rank: 2; Maker: Orvane Tractors; 2025 deliveries: 1,460,000."
    prose = "By 2025 deliveries, Orvane Tractors was the second-highest tractor maker."
    assert keypoints.judge_point(point, [row, prose])["present"]
    assert not keypoints.judge_point(point, [prose])["present"]  # the figure is not stated
    wrong = "Tractor makers by 2025 deliveries — Rank: 2; Maker: Orvane Tractors; 2025 deliveries: 1,390,000."
    assert not keypoints.judge_point(point, [wrong, prose])["present"]
