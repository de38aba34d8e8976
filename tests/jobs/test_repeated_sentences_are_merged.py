"""Sections are written apart and may state the same claim twice; the report states it once,
citing every note that backs it."""

from jobs.stages.write import merge_repeated_sentences


def draft(text, note_ids, section_index, position=0):
    return {
        "text": text,
        "note_ids": note_ids,
        "section_index": section_index,
        "heading": f"S{section_index}",
        "position": position,
    }


def test_a_repeated_claim_is_kept_once_in_its_first_section_with_the_notes_of_both():
    drafted = [
        draft("Helion Cells supplies Voltara Motors.", [1], 0),
        draft("Kaiyo supplies Norvik.", [2], 0, 1),
        draft("helion cells supplies  Voltara Motors", [3, 1], 2),
        draft("Quanta supplies Aurelia.", [4], 2, 1),
    ]
    merged = merge_repeated_sentences(drafted)
    assert [d["text"] for d in merged] == [
        "Helion Cells supplies Voltara Motors.",
        "Kaiyo supplies Norvik.",
        "Quanta supplies Aurelia.",
    ]
    assert merged[0]["note_ids"] == [1, 3] and merged[0]["section_index"] == 0
    assert drafted[0]["note_ids"] == [1]  # the step outputs it came from are not changed


def test_different_claims_are_all_kept():
    drafted = [draft("A supplies B.", [1], 0), draft("A supplies C.", [2], 1)]
    assert merge_repeated_sentences(drafted) == drafted


def test_a_sentence_that_earlier_sentences_already_say_is_merged_into_them():
    drafted = [
        draft("Pellan Energie is studying a second offshore site and was founded in 2015.", [1], 0),
        draft("Pellan Energie is studying a second offshore site further south.", [2], 0, 1),
        draft("Pellan Energie is studying a second offshore site further south and was founded in 2015.", [3], 0, 2),
        # a new figure is something new
        draft("Pellan Energie was founded in 2016.", [4], 0, 3),
        # the body may say again what the opening says in short
        draft("Pellan Energie is studying a second offshore site off the Atlantic coast.", [5], 1),
        draft("Pellan Energie runs the Brise farm in the Bay of Biscay.", [6], 1, 1),
        draft("Pellan Energie runs the Brise farm.", [7], 1, 2),
        # but no body section repeats another
        draft("Pellan Energie is studying a second offshore site.", [8], 2),
    ]
    merged = merge_repeated_sentences(drafted)
    assert [(d["section_index"], d["text"]) for d in merged] == [
        (0, "Pellan Energie is studying a second offshore site and was founded in 2015."),
        (0, "Pellan Energie is studying a second offshore site further south."),
        (0, "Pellan Energie was founded in 2016."),
        (1, "Pellan Energie is studying a second offshore site off the Atlantic coast."),
        (1, "Pellan Energie runs the Brise farm in the Bay of Biscay."),
    ]
    # the repeat's note goes to the earlier sentence that says most of it
    assert merged[0]["note_ids"] == [1, 3] and merged[1]["note_ids"] == [2]
    assert merged[3]["note_ids"] == [5, 8] and merged[4]["note_ids"] == [6, 7]


def test_a_relation_between_things_said_apart_is_something_new():
    drafted = [
        draft("Orvane Cars sells the Brise model in Spain.", [1], 1),
        draft("Orvane Cars uses LFP cells from Tessel Energy.", [2], 1, 1),
        draft("Orvane Cars uses LFP cells in the Brise model.", [3], 1, 2),
    ]
    assert merge_repeated_sentences(drafted) == drafted


def test_the_bodys_copy_of_an_opening_sentence_with_dated_sources_is_a_repeat():
    drafted = [
        draft("Corvane Materials delivered 48,000 tonnes in 2025 (Corvane Materials, 24 February 2026).", [1], 0),
        draft("Corvane Materials delivered 48,000 tonnes in 2025.", [1, 5], 1),
        draft("Corvane Materials delivered 48,000 tonnes in 2025 (Ebr, 10 February 2026; CMW, undated).", [6], 2),
        draft("Corvane Materials runs a plant in Ghent (Belgium).", [7], 2, 1),
    ]
    merged = merge_repeated_sentences(drafted)
    assert [d["text"] for d in merged] == [
        "Corvane Materials delivered 48,000 tonnes in 2025 (Corvane Materials, 24 February 2026).",
        "Corvane Materials runs a plant in Ghent (Belgium).",
    ]
    assert merged[0]["note_ids"] == [1, 5, 6]
