"""Errors the user can cause: the CLI prints them as one line and exits non-zero."""


class UsageError(Exception):
    """A mistake on the command line or in the environment; ``str(err)`` is the whole message."""

    exit_code = 2
