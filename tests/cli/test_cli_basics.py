"""The command line: version, unknown verbs and options give one line and a non-zero exit."""

import subprocess
import sys

from quizterm import __version__


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quizterm", *args], capture_output=True, text=True)


def test_version():
    out = run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"quizterm {__version__}"


def test_unknown_verb_is_one_line():
    out = run("bogus")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1
    assert "Traceback" not in out.stderr
    assert "invalid choice: 'bogus'" in out.stderr


def test_bad_option_is_one_line():
    out = run("validate", "--nope")
    assert out.returncode == 2
    assert out.stderr.startswith("quizterm: ")
    assert "Traceback" not in out.stderr
