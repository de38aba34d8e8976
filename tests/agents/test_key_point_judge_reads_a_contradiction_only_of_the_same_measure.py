"""The key-point judge reads a contradiction only where a sentence about the point's subject
states another figure for the same measure: sharing the subject's names is not enough ("Holm
Flats uses 40 turbines" is not contradicted by "Holm Flats — Operator: Westmark Offshore;
Registered capacity: 480 MW"), while a changed capacity of the same plant still is."""

from agents import keypoints


def test_another_measure_of_the_same_subject_is_no_contradiction():
    verdict = keypoints.judge_point(
        "Holm Flats (Westmark Offshore) uses 40 Brenning Turbines BT-12 turbines",
        ["Holm Flats \u2014 Operator: Westmark Offshore; Registered capacity: 480 MW."],
    )
    assert not verdict["contradicted"], verdict


def test_another_figure_for_the_same_measure_is_a_contradiction():
    verdict = keypoints.judge_point(
        "The Holm Flats plant of Westmark Offshore has a capacity of 480 MW",
        ["Westmark Offshore has expanded its Holm Flats plant to 520 MW, a trade paper reported."],
    )
    assert verdict["contradicted"], verdict
