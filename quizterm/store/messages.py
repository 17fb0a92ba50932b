"""One-line, translated explanations of store errors, for the CLI verbs and the TUI alike."""

from __future__ import annotations

from quizterm.store.errors import StoreDamaged, StoreError, StoreLocked, StoreTooNew, StoreWriteError


def explain(err: StoreError, lang: str) -> str:
    """What happened and what to do, in the UI language (falls back to ``str(err)``)."""
    from quizterm.i18n import t

    if isinstance(err, StoreLocked):
        return t(lang, "store.locked", pid=err.pid or "?")
    if isinstance(err, StoreTooNew):
        return t(lang, "store.too_new", path=err.path, found=err.found, supported=err.supported)
    if isinstance(err, StoreDamaged):
        first = (t(lang, "store.damaged", reason=err.reason, moved_to=err.moved_to) if err.moved_to
                 else t(lang, "store.damaged_unmoved", path=err.path, reason=err.reason))
        if err.backups:
            b = err.backups[0]
            return first + " " + t(lang, "store.offer_restore", backup=b.path, created=b.created.strftime("%Y-%m-%d %H:%M UTC"))
        return first + " " + t(lang, "store.no_backup")
    if isinstance(err, StoreWriteError):
        return t(lang, "store.write_error", kind=err.kind)
    return str(err)
