"""A small lesson and question bank written to a temporary folder, for the interop tests."""

from __future__ import annotations

import pytest

from quizterm.interop.yamlout import dump_yaml

LESSON = {
    "id": "mini",
    "title": "迷你注意力",
    "minutes": 5,
    "overview": "一個小小的測試課程。",
    "glossary": [
        {"id": "attn", "term": "注意力", "aliases": ["attention"], "meaning": "依任務衡量內容的重要性",
         "example": "讀「他」時回頭找前文", "confuse": "不是人的專注"},
        {"id": "token", "term": "token", "meaning": "模型切分文字的基本單位 <b>不是 HTML</b> & 符號"},
    ],
    "objectives": [{"id": "qkv", "text": "從 Q、K、V 推導 attention"},
                   {"id": "pe", "text": "說明 positional encoding"}],
    "cues": [{"id": "sqrt", "cue": "除以 √d_k", "think": "防止 softmax 飽和"}],
    "sections": [{"id": "s1", "title": "開始", "body": "正文"}],
    "pitfalls": [{"id": "no-scale", "text": "忘了除以 √d_k"}],
    "questions": ["mini-single", "mini-multi", "mini-tf", "mini-short", "mini-num", "mini-order",
                  "mini-matrix"],
}

QUESTIONS = {
    "lesson": "mini",
    "questions": [
        {"id": "mini-single", "type": "single", "prompt": "為何除以 √d_k？", "objective": "qkv",
         "choices": ["防止 softmax 飽和", {"text": "讓模型更快", "misconception": "no-scale"}, "no"],
         "answer": 0, "explanation": "點積變大時 softmax 會飽和。", "tags": ["scaling", "softmax"]},
        {"id": "mini-multi", "type": "multi", "prompt": "哪些是 Transformer 的部件？", "objective": "qkv",
         "choices": ["attention", "FFN", "RNN cell"], "answers": [0, 1], "explanation": "沒有 RNN。",
         "tags": ["block"]},
        {"id": "mini-tf", "type": "true_false", "prompt": "self-attention 本身知道順序。", "objective": "pe",
         "answer": False, "explanation": "需要 positional encoding。", "tags": ["pe"]},
        {"id": "mini-short", "type": "short", "prompt": "BERT 是哪一種架構？", "objective": "qkv",
         "accepted": ["encoder-only", "encoder"], "explanation": "BERT 只有 encoder。"},
        {"id": "mini-num", "type": "numeric", "prompt": "d_k = 64 時 √d_k = ?", "objective": "qkv",
         "answer": 8, "tolerance": 0, "explanation": "√64 = 8", "difficulty": 1},
        {"id": "mini-order", "type": "order", "prompt": "排出計算順序", "objective": "qkv",
         "items": ["QK^T", "除以 √d_k", "softmax", "乘 V"], "explanation": "先比對再加權。"},
        {"id": "mini-matrix", "type": "matrix", "prompt": "寫出 2x2 單位矩陣", "objective": "qkv",
         "answer": [[1, 0], [0, 1]], "explanation": "對角為 1。", "row_labels": ["r1", "r2"]},
    ],
}


@pytest.fixture
def mini_dir(tmp_path):
    """A content folder holding the mini lesson and its bank."""
    root = tmp_path / "content"
    (root / "lessons").mkdir(parents=True)
    (root / "questions").mkdir()
    (root / "lessons" / "mini.yaml").write_text(dump_yaml(LESSON), encoding="utf-8")
    (root / "questions" / "mini.yaml").write_text(dump_yaml(QUESTIONS), encoding="utf-8")
    return root


@pytest.fixture
def mini_bank(mini_dir):
    """The mini lesson loaded into a Bank (no problems)."""
    from quizterm.content import load_content

    result = load_content([mini_dir])
    assert result.problems == []
    return result.bank
