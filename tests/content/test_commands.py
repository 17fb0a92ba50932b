"""`quizterm validate` and `quizterm schema`: every problem printed, exit codes, schemas up to date."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from quizterm.cli import main
from quizterm.content.schema import MODELINE, SCHEMA_FILES, json_schemas, schema_text

from .helpers import BANK, LESSON, write

ROOT = Path(__file__).parents[2]
GOLDEN = Path(__file__).parent / "golden"


def test_validate_clean_content_prints_a_summary(capsys):
    assert main(["validate", str(ROOT / "docs" / "examples")]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["ok: 2 files, 1 lesson, 2 glossary terms, 8 questions (generated 1, matrix 1, multi 1,"
                   " numeric 1, order 1, short 1, single 1, true_false 1)"]


def test_validate_prints_every_problem_and_exits_1(capsys):
    assert main(["validate", str(GOLDEN)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    expected = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in GOLDEN.glob("*.expected"))
    assert len(out) == expected + 1
    assert out[-1].startswith(f"{expected} problems in ")
    assert all(line.startswith(str(GOLDEN)) for line in out[:-1])


def test_validate_without_paths_checks_bundled_and_content_dirs(tmp_path, capsys):
    extra = tmp_path / "mine"
    write(extra, "l.yaml", LESSON)
    write(extra, "b.yaml", BANK)
    assert main(["validate", "--content", str(extra)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert out.startswith("ok: ") and out.count("\n") == 1
    assert main(["validate", "--no-bundled", "--content", str(extra)]) == 0
    assert capsys.readouterr().out.startswith("ok: 2 files, 1 lesson")


def test_validate_reports_question_ids_with_progress_but_no_content(tmp_path, home, capsys):
    from quizterm.store import Attempt, Store

    content = tmp_path / "mine"
    write(content, "l.yaml", LESSON)
    write(content, "b.yaml", BANK)
    with Store.open(home / "progress.sqlite3") as store:
        for qid in ("q1", "removed-question"):
            store.record_answer(Attempt(qid, "demo", "practice", 0, True), schedule=False)
    assert main(["validate", "--no-bundled", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "removed-question" in out and "history kept" in out and "q1," not in out


def test_validate_bad_file_is_one_line_per_problem_without_traceback(tmp_path):
    bad = write(tmp_path, "bad.yaml", b"id: \xff\n")
    proc = subprocess.run([sys.executable, "-m", "quizterm", "validate", str(bad)], capture_output=True,
                          text=True, env={"QUIZTERM_HOME": str(tmp_path / "home"), "PATH": ""})
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0] == f"{bad}:1:5: not valid UTF-8 (byte 0xff); save the file as UTF-8"
    assert "Traceback" not in proc.stdout + proc.stderr


def test_schema_writes_both_files_matching_the_committed_ones(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path / "out")]) == 0
    for name in SCHEMA_FILES.values():
        written = (tmp_path / "out" / name).read_text(encoding="utf-8")
        assert written == (ROOT / "schemas" / name).read_text(encoding="utf-8")
        assert json.loads(written)["additionalProperties"] is False


def test_committed_schemas_are_up_to_date():
    for name, schema in json_schemas().items():
        committed = (ROOT / "schemas" / name).read_text(encoding="utf-8")
        assert committed == schema_text(schema), f"run: quizterm schema --out schemas ({name} is stale)"


def test_schema_knows_every_question_type():
    bank = json_schemas()["question-bank.schema.json"]
    mapping = bank["properties"]["questions"]["items"]["discriminator"]["mapping"]
    assert set(mapping) == {"single", "multi", "true_false", "short", "numeric", "order", "matrix", "generated"}


def test_schema_to_an_unwritable_place_is_one_line(tmp_path, capsys):
    blocker = write(tmp_path, "file", "x")
    assert main(["schema", "--out", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("quizterm: cannot write schemas") and err.count("\n") == 1


@pytest.mark.parametrize("folder", ["lessons", "questions", "docs/examples"])
def test_content_files_name_their_schema_in_a_modeline(folder):
    files = sorted((ROOT / folder).glob("*.yaml"))
    assert files
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        kind = "bank" if "questions" in path.name or folder == "questions" else "lesson"
        schema = SCHEMA_FILES[kind]
        expected = MODELINE.format(file=schema)
        if folder == "docs/examples":
            expected = expected.replace("../schemas/", "../../schemas/")
        assert first == expected, path


def _editor_view(path: Path):
    """The file as an editor's YAML parser sees it (typed scalars), minus the loader's rules."""
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted((ROOT / "docs" / "examples").glob("*.yaml"))
                         + sorted((ROOT / "lessons").glob("*.yaml")) + sorted((ROOT / "questions").glob("*.yaml")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_editors_accept_valid_files_and_flag_misspelled_keys(path):
    jsonschema = pytest.importorskip("jsonschema")
    data = _editor_view(path)
    kind = "bank" if "lesson" in data else "lesson"
    schema = json_schemas()[SCHEMA_FILES[kind]]
    jsonschema.validate(data, schema)
    data["titel" if kind == "lesson" else "lessen"] = "typo"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
