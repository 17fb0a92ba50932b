"""UI strings, one module per language; ``t(lang, key, **kw)`` looks one up."""

from __future__ import annotations

from quizterm.i18n import en, zh_TW

CATALOGS: dict[str, dict[str, str]] = {"zh-TW": zh_TW.STRINGS, "en": en.STRINGS}


def t(lang: str, key: str, /, **kwargs: object) -> str:
    """The string ``key`` in ``lang`` (falling back to English, then the key), formatted with kwargs."""
    text = CATALOGS.get(lang, {}).get(key) or en.STRINGS.get(key) or key
    return text.format(**kwargs) if kwargs else text


class Translator:
    """A bound ``t`` for one language, so widgets can call ``self.app.tr("key")``."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, key: str, /, **kwargs: object) -> str:
        return t(self.lang, key, **kwargs)
