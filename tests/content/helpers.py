"""Small builders for content tests: a valid lesson and bank as text, written to a folder."""

from __future__ import annotations

from pathlib import Path

LESSON = """\
id: demo
title: 示範課
minutes: 5
overview: 概覽
objectives:
  - id: o1
    text: 目標一
sections:
  - id: s1
    title: 第一節
    body: 內文
pitfalls:
  - id: p1
    text: 常見錯誤
"""

BANK = """\
lesson: demo
questions:
  - id: q1
    type: single
    prompt: 哪一個對？
    choices: [甲, {text: 乙, misconception: p1}]
    answer: 0
    explanation: 甲對，乙是常見錯誤。
    objective: o1
"""


def write(folder: Path, name: str, text: str | bytes) -> Path:
    """Write ``text`` (UTF-8) or raw bytes to ``folder/name`` and return the path."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path
