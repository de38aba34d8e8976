"""Stage 1 of the citation check: exact quotes, and the normalisation a model's copy may need."""

from agents.quotes import anchor, normalise, verify

PAGE = "Voltara Motors said it  delivered 1.82\u00a0million cars.\nThe \u201cbest\u201d supplier is Helion Cells \u2014 said X."


def test_an_exact_quote_at_its_offsets_is_kept_as_is():
    found = anchor(PAGE, "Voltara Motors said it  delivered", 0, 33)
    assert (found.char_start, found.char_end, found.how) == (0, 33, "exact_at_offsets")


def test_an_exact_quote_with_wrong_offsets_is_re_anchored():
    found = anchor(PAGE, "Helion Cells", 0, 5)
    assert PAGE[found.char_start : found.char_end] == "Helion Cells"
    assert found.how == "exact_elsewhere"


def test_whitespace_nbsp_typographic_quotes_and_dashes_are_normalised_then_mapped_back():
    found = anchor(PAGE, 'The "best" supplier is Helion Cells - said X.')
    assert found is not None and found.how == "normalised"
    assert found.quote == PAGE[found.char_start : found.char_end]
    assert "\u201cbest\u201d" in found.quote
    assert verify(PAGE, found.quote, found.char_start, found.char_end)
    assert anchor(PAGE, "delivered 1.82 million cars.").quote == "delivered 1.82\u00a0million cars."


def test_a_quote_with_one_digit_changed_is_not_found():
    assert anchor(PAGE, "delivered 1.83 million cars.") is None


def test_an_invented_quote_is_not_found():
    assert anchor(PAGE, "Voltara Motors is the safest carmaker.") is None


def test_unicode_is_compared_in_nfc():
    page = "Caf\u00e9 Lumen Ion opened a pilot line."
    assert anchor(page, "Cafe\u0301 Lumen Ion opened").quote == "Caf\u00e9 Lumen Ion opened"
    assert normalise("a\u00a0\u00a0b\u2019s") == "a b's"
