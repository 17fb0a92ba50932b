"""The Textual app: the only package that imports textual."""

__all__ = ["build_app"]


def build_app(*args, **kwargs):
    """Build the app (see ``quizterm.tui.factory.build_app``); imported lazily to keep start-up light."""
    from quizterm.tui.factory import build_app as _build

    return _build(*args, **kwargs)
