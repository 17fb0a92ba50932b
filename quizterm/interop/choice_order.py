"""The order in which exports show a question's choices: shuffled, but the same on every export.

Authors usually write the correct choice first; a card or spreadsheet that kept that order would
give the answer away (every single answer ``A``). The order is seeded from the question id, so a
re-export writes the same card (Anki updates it instead of seeing a change), and ``shuffle: false``
keeps the authored order (for "all of the above" and the like).
"""

from __future__ import annotations

import random


def export_order(question) -> list[int]:
    """Authored choice indexes in the order an export shows them (``order[k]`` is shown k-th)."""
    order = list(range(len(question.choices)))
    if getattr(question, "shuffle", True):
        random.Random(f"export:{question.id}").shuffle(order)
    return order


def shown_positions(question, picks) -> list[int]:
    """Where the authored choice indexes ``picks`` end up in :func:`export_order`, ascending."""
    position = {authored: shown for shown, authored in enumerate(export_order(question))}
    return sorted(position[i] for i in picks)
