"""FSRS scheduling for the quiz layer: the pure wrapper around ``fsrs`` (card JSON in/out, UTC, "now" passed in).

The functions live in ``quizterm.store.srs`` so that the store (and the kill-test helper) can
use them without importing the whole quiz package; this module is the name the quiz layer uses.
"""

from quizterm.store.srs import (
    AGAIN,
    EASY,
    GOOD,
    HARD,
    STATE_NAMES,
    card_id_for,
    due_of,
    new_card,
    retrievability,
    review,
    scheduler,
    state_name,
)

__all__ = ["AGAIN", "EASY", "GOOD", "HARD", "STATE_NAMES", "card_id_for", "due_of", "new_card",
           "retrievability", "review", "scheduler", "state_name"]
