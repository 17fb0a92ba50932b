"""Both languages define the same keys and the same format fields."""

import string

from quizterm.i18n import en, zh_TW


def _fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


def test_same_keys():
    assert set(en.STRINGS) == set(zh_TW.STRINGS)


def test_same_fields():
    for key, text in en.STRINGS.items():
        assert _fields(text) == _fields(zh_TW.STRINGS[key]), key
