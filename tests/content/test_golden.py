"""Golden files: each bad file (or folder) under golden/ gives exactly the problems in its .expected.

Regenerate after a deliberate message change with ``QUIZTERM_REGEN_GOLDEN=1 pytest tests/content``
and review the diff.
"""

import os
from pathlib import Path

import pytest

from quizterm.content import load_content

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p for p in GOLDEN.iterdir() if p.suffix == ".yaml" or p.is_dir())


def render(case: Path) -> str:
    result = load_content([case])
    prefix = str(GOLDEN) + os.sep
    return "".join(str(p).replace(prefix, "") + "\n" for p in result.problems)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_golden(case: Path):
    expected_file = case.with_name(case.stem + ".expected") if case.is_file() else case.with_name(case.name + ".expected")
    got = render(case)
    if os.environ.get("QUIZTERM_REGEN_GOLDEN"):
        expected_file.write_text(got, encoding="utf-8")
    assert expected_file.exists(), f"no golden file {expected_file.name}; run with QUIZTERM_REGEN_GOLDEN=1"
    assert got == expected_file.read_text(encoding="utf-8")
    assert got, "every golden case is a bad file and must report at least one problem"


def test_every_case_has_a_golden_file_and_no_orphans():
    expected = {p.stem for p in GOLDEN.glob("*.expected")}
    cases = {p.stem if p.is_file() else p.name for p in CASES}
    assert expected == cases
