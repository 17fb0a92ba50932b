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


def test_only_the_chosen_verb_module_is_imported():
    code = (
        "import sys\n"
        "from quizterm.cli import build_parser, chosen_verb\n"
        "argv = ['--home', 'x', 'validate', '--content', 'y']\n"
        "assert chosen_verb(argv) == 'validate'\n"
        "args = build_parser(chosen_verb(argv)).parse_args(argv)\n"
        "assert args.verb == 'validate'\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('quizterm.commands.'))\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "quizterm.commands.validate"


def test_help_lists_every_verb():
    from quizterm.commands import VERBS

    out = run("--help")
    assert out.returncode == 0
    for verb in VERBS:
        assert verb in out.stdout


def test_verb_help_works():
    out = run("drill", "--help")
    assert out.returncode == 0
    assert "--minutes" in out.stdout
