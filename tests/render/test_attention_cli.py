"""`quizterm attention TEXT`: tables, steps, JSON, colour switches and one-line errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import numpy as np
import pytest

from quizterm.cli import main
from tests.render.golden_files import check_golden


def run(capsys, *args, lang="en"):
    code = main(["attention", "--lang", lang, *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_lesson_example_plain_golden(capsys):
    code, out, err = run(capsys, "我 愛 你", "--heads", "2", "--causal", "--steps", "--plain")
    assert code == 0 and err == ""
    check_golden("cli_causal_two_heads_steps.txt", out)
    assert "head 1/2" in out and "head 2/2" in out and "steps for head 1" in out


def test_captions_and_errors_follow_the_language(capsys):
    code, out, _ = run(capsys, "我 愛 你", "--heads", "2", "--causal", "--steps", "--plain", lang="zh-TW")
    assert code == 0
    assert "第 1/2 個頭" in out and "因果遮罩" in out and "第 1 個頭的計算步驟" in out and "1. 分數" in out
    code, out, err = run(capsys, "a b c", "--heads", "3", lang="zh-TW")
    assert code == 2 and "無法被 --heads 3 整除" in err


def test_json_for_scripts(capsys):
    code, out, _ = run(capsys, "我愛你們", "--heads", "2", "--d-model", "8", "--causal", "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["tokens"] == ["我", "愛", "你", "們"] and data["seed"] == 7 and data["causal"] is True
    assert data["truncated"] is False
    w = np.array(data["weights"])
    assert w.shape == (2, 4, 4)
    np.testing.assert_allclose(w.sum(-1), 1.0)
    assert np.array(data["mask"]).tolist() == np.tri(4, dtype=bool).tolist()


def test_options_change_the_numbers(capsys):
    outs = {}
    for flags in ([], ["--no-scale"], ["--no-pe"], ["--seed", "1"]):
        code, out, _ = run(capsys, "a b c", "--json", *flags)
        assert code == 0
        outs[tuple(flags)] = json.loads(out)["weights"]
    values = list(outs.values())
    assert all(values[0] != other for other in values[1:])
    assert json.loads(run(capsys, "a b c", "--json")[1])["mask"] is None


def test_colour_follows_force_color_and_no_color(capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    _, colored, _ = run(capsys, "我 愛 你")
    assert "\x1b[" in colored
    monkeypatch.setenv("NO_COLOR", "1")
    _, plain, _ = run(capsys, "我 愛 你")
    assert "\x1b[" not in plain and "1.00" in plain
    monkeypatch.delenv("NO_COLOR")
    _, plain2, _ = run(capsys, "我 愛 你", "--plain")
    assert plain2 == plain


@pytest.mark.parametrize("args,needle", [
    (["a b c", "--heads", "3"], "not divisible"),
    (["   "], "empty"),
    (["a b", "--heads", "0"], "--heads"),
    (["a b", "--d-model", "100000"], "--d-model"),
    (["a b", "--heads", "2", "--head", "3"], "--head"),
    (["a b", "--seed", "-1"], "--seed"),
    (["a b", "--heads", "x"], "invalid int"),
])
def test_bad_options_one_line_exit_2(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err


def test_long_input_is_truncated_with_a_note(capsys, monkeypatch):
    code, out, err = run(capsys, " ".join(f"w{i}" for i in range(1000)), "--plain")
    assert code == 0
    assert err.strip() == "quizterm: note: TEXT has 1000 tokens; using the first 64"
    assert "w63" in out and "w64" not in out
    monkeypatch.setattr("quizterm.commands.attention.JSON_TOKENS", 100)  # the real cap is 1024
    code, out, err = run(capsys, "字" * 5000, "--json")
    assert code == 0 and "first 100" in err and len(json.loads(out)["tokens"]) == 100
    assert json.loads(out)["truncated"] is True
    code, out, err = run(capsys, "字" * 300_000, "--plain")  # only the first 100,000 characters are read
    assert code == 0 and "TEXT has over 100000 tokens; using the first 64" in err
    code, out, err = run(capsys, "a" + " " * 200_000 + "b", "--json")
    assert code == 0 and "reading the first 100000" in err and json.loads(out)["tokens"] == ["a"]


def test_subprocess_bad_heads_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "quizterm", "attention", "a b c", "--heads", "3", "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == ["quizterm: --d-model 8 is not divisible by --heads 3"]


def test_wide_table_is_cropped_with_a_note(capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "40")
    code, out, err = run(capsys, " ".join(f"w{i}" for i in range(20)))
    assert code == 0 and "columns on the right are cut" in err
    visible = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in out.splitlines()]
    assert visible and all(len(line) <= 40 for line in visible)
