"""The command-line verbs, one module each, exposing ``HELP``, ``add_arguments`` and ``run``.

Command modules import only the standard library at the top, so that ``quizterm --help`` and the
parser stay fast; each ``run`` imports what it needs.
"""

VERBS: dict[str, str] = {
    # verb: module under quizterm.commands
    "open": "open_tui",
    "practice": "practice",
    "notebook": "notebook",
    "drill": "drill",
    "validate": "validate",
    "verify": "verify",
    "schema": "schema",
    "attention": "attention",
    "stats": "stats",
    "export": "export",
    "import": "import_",
    "backup": "backup",
    "restore": "restore",
    "doctor": "doctor",
}
