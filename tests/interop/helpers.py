"""Compare questions the way an export promises to keep them: exports shuffle choices."""

from __future__ import annotations


def choice_blind(question) -> dict:
    """A question's fields with its choices as a set of (text, misconception, is an answer).

    Exports show choices in a stable shuffled order, so a round trip gives the same question
    with the choices reordered and the answers pointing at the same texts.
    """
    data = question.model_dump() if hasattr(question, "model_dump") else dict(question)
    if "choices" in data:
        picks = {data.pop("answer")} if "answer" in data else set(data.pop("answers"))
        data["choices"] = sorted((c["text"], c["misconception"] or "", i in picks)
                                 for i, c in enumerate(data["choices"]))
    return data
