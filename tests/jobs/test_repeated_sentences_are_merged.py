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
