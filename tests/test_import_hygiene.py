"""Nothing below the TUI imports textual; only the TUI and the text renderers import rich."""

import subprocess
import sys

LOWER = ["quizterm.engine", "quizterm.model", "quizterm.content", "quizterm.quiz", "quizterm.store"]


def test_lower_layers_do_not_load_textual_or_rich():
    code = (
        "import sys, importlib\n"
        f"for m in {LOWER!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_cli_parser_is_light():
    code = (
        "import sys\n"
        "from quizterm.cli import build_parser\n"
        "build_parser()\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'numpy', 'pydantic', 'yaml'))\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
