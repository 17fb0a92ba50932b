"""One-line, translated explanations of store errors, for the CLI verbs and the TUI alike."""

from __future__ import annotations

import re

from quizterm.store.errors import StoreDamaged, StoreError, StoreLocked, StoreTooNew, StoreWriteError

# The start-up checks' reasons (store/integrity.py), so a damaged file is explained in the UI language.
_REASONS = (
    (re.compile(r"the file is empty \(0 bytes\)$"), "store.reason.empty"),
    (re.compile(r"not an SQLite database \(bad header\)$"), "store.reason.header"),
    (re.compile(r"bad page size (?P<size>\d+) in the header$"), "store.reason.page_size"),
    (re.compile(r"the file is truncated \(not a whole number of pages\)$"), "store.reason.truncated"),
    (re.compile(r"the file is truncated \((?P<have>\d+) of (?P<pages>\d+) pages\)$"), "store.reason.truncated_pages"),
    (re.compile(r"cannot read: (?P<detail>.*)$"), "store.reason.unreadable"),
)


def reason_text(reason: str, lang: str) -> str:
    """A damage reason in the UI language (SQLite's own check output stays as it is)."""
    from quizterm.i18n import t

    for pattern, key in _REASONS:
        m = pattern.match(reason or "")
        if m:
            return t(lang, key, **m.groupdict())
    return reason


def explain(err: StoreError, lang: str) -> str:
    """What happened and what to do, in the UI language (falls back to ``str(err)``)."""
    from quizterm.i18n import t

    if isinstance(err, StoreLocked):
        return t(lang, "store.locked", pid=err.pid or "?")
    if isinstance(err, StoreTooNew):
        return t(lang, "store.too_new", path=err.path, found=err.found, supported=err.supported)
    if isinstance(err, StoreDamaged):
        reason = reason_text(err.reason, lang)
        first = (t(lang, "store.damaged", reason=reason, moved_to=err.moved_to) if err.moved_to
                 else t(lang, "store.damaged_unmoved", path=err.path, reason=reason))
        if err.backups:
            b = err.backups[0]
            return first + " " + t(lang, "store.offer_restore", backup=b.path, created=b.created.strftime("%Y-%m-%d %H:%M UTC"))
        return first + " " + t(lang, "store.no_backup")
    if isinstance(err, StoreWriteError):
        return t(lang, "store.write_error", kind=err.kind)
    return str(err)
