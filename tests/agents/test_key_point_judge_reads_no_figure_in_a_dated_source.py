"""The key-point judge reads the dated sources at a sentence's end ("(Orvane Tractors,
14 May 2024)") as who said it and when, not as a figure about the subject: their day does not
contradict a point's figure. A figure of the sentence itself still does (invented names)."""

from agents import keypoints

POINT = "The largest plant of Orvane Tractors is in Lund, Sweden (48,000 tractors)"


def test_the_day_of_a_dated_source_contradicts_nothing():
    sentence = "Orvane Tractors has extended its lease for its plant in Lund, Sweden (Orvane Tractors, 14 May 2024)."
    assert keypoints.judge_point(POINT, [sentence])["contradicted"] is False


def test_a_figure_of_the_sentence_itself_still_contradicts():
    sentence = "The largest plant of Orvane Tractors is in Lund, Sweden, with 52,000 tractors (Farm Wire, 9 May 2024)."
    assert keypoints.judge_point(POINT, [sentence])["contradicted"] is True
