"""Splitting a sentence into tokens and giving each token a reproducible toy embedding."""

from __future__ import annotations

import hashlib
import unicodedata

import numpy as np
from numpy.typing import NDArray


_ZWJ = "\u200d"


def _joins_previous(ch: str, prev: str) -> bool:
    """Whether ``ch`` belongs to the character before it (one user-perceived character)."""
    return (unicodedata.category(ch) in ("Mn", "Mc", "Me")  # combining accents
            or ch == _ZWJ or prev == _ZWJ  # emoji joined by zero-width joiners
            or "\ufe00" <= ch <= "\ufe0f"  # variation selectors
            or "\U0001f3fb" <= ch <= "\U0001f3ff")  # skin-tone modifiers


def tokenize(text: str) -> list[str]:
    """Whitespace-separated words if the text has spaces, else one token per character.

    ``"我 愛 你"`` -> ``["我", "愛", "你"]``; ``"我愛你"`` -> the same; ``"the cat"`` -> two words.
    A "character" keeps its combining marks and zero-width-joined emoji together.
    """
    text = text.strip()
    if not text:
        return []
    if any(ch.isspace() for ch in text):
        return text.split()
    tokens: list[str] = []
    for ch in text:
        if tokens and _joins_previous(ch, tokens[-1][-1]):
            tokens[-1] += ch
        else:
            tokens.append(ch)
    return tokens


def token_seed(token: str, seed: int = 0) -> int:
    """A 64-bit seed from a hash of ``(seed, token)``: the same token always gets the same one."""
    digest = hashlib.blake2b(f"{seed}\x00{token}".encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def embed_tokens(tokens: list[str], d_model: int, *, seed: int = 0) -> NDArray[np.float64]:
    """Toy embeddings: each token's vector comes from a generator seeded by its own hash.

    The same token gets the same vector wherever it appears and in every run (unlike Python's
    ``hash``, blake2b is not salted per process).

    Returns:
        A ``(T, d_model)`` float64 array of standard-normal entries.
    """
    out = np.empty((len(tokens), d_model), dtype=np.float64)  # (T, d_model)
    for i, tok in enumerate(tokens):
        out[i] = np.random.default_rng(token_seed(tok, seed)).standard_normal(d_model)
    return out
