"""Lenient text folding and number parsing for typed answers."""

import math

import pytest

from quizterm.quiz.normalize import format_number, normalize_text, parse_number, within


@pytest.mark.parametrize("typed, canonical", [
    ("  Attention ", "attention"),
    ("ＡＴＴＥＮＴＩＯＮ", "attention"),  # full-width letters
    ("注意力。", "注意力"),  # CJK full stop
    ("「注意力」", "注意力"),  # CJK quotes
    ("！？注意力，", "注意力"),
    ("(softmax)", "softmax"),
    ("layer   norm", "layer norm"),
    ("d_model / h", "d_model/h"),
    ("自 注意", "自注意"),  # a space between CJK characters means nothing
    ("Ｑ·Ｋ", "q·k"),
    ("。。。", ""),
])
def test_normalize_text(typed, canonical):
    assert normalize_text(typed) == canonical


def test_normalize_keeps_different_words_apart():
    assert normalize_text("encoder") != normalize_text("decoder")
    assert normalize_text("注意") != normalize_text("注意力")
    assert normalize_text("self attention") != normalize_text("selfattention")


@pytest.mark.parametrize("typed, value", [
    ("0.5", 0.5), (".5", 0.5), ("-.5", -0.5), ("+2", 2.0), ("1/2", 0.5), ("50%", 0.5),
    ("０．５", 0.5), ("１／２", 0.5), ("５０％", 0.5), ("½", 0.5), ("−3", -3.0), ("1e-3", 0.001),
    ("1,048,576", 1048576.0), (" 3 / 4 ", 0.75), ("2.", 2.0), ("64。", 64.0),
])
def test_parse_number_forms(typed, value):
    assert parse_number(typed) == pytest.approx(value)


def test_parse_number_with_unit():
    assert parse_number("12 個", unit="個") == 12
    assert parse_number("12個", unit="個") == 12
    assert parse_number("12", unit="個") == 12
    # When the unit is %, 50% means 50, not 0.5.
    assert parse_number("50%", unit="%") == 50


@pytest.mark.parametrize("typed", ["abc", "", "  ", "1/0", "nan", "inf", "1e999", "1..2", "1/2/3", "12 個數"])
def test_parse_number_rejects(typed):
    with pytest.raises(ValueError):
        parse_number(typed, unit="個")


def test_parse_number_respects_item_flags():
    with pytest.raises(ValueError, match="fraction"):
        parse_number("1/2", allow_fraction=False)
    with pytest.raises(ValueError, match="percent"):
        parse_number("50%", allow_percent=False)


def test_format_number():
    assert format_number(8.0) == "8"
    assert format_number(1050624) == "1050624"
    assert format_number(0.731058, 0.01) == "0.731"
    assert format_number(-1.5) == "-1.5"
    assert format_number(1e-7) == "1e-07"


def test_within_handles_float_rounding():
    assert within(0.1 + 0.2, 0.3, 0.0)
    assert not within(0.31, 0.3, 0.005)
    assert within(math.pi, 3.14, 0.01)
