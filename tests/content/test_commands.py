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
    assert main(["--lang", "en", "validate", str(ROOT / "docs" / "examples")]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["ok: 2 files, 1 lesson, 2 glossary terms, 8 questions (generated 1, matrix 1, multi 1,"
                   " numeric 1, order 1, short 1, single 1, true_false 1)"]


def test_validate_prints_every_problem_and_exits_1(capsys):
    assert main(["--lang", "en", "validate", str(GOLDEN)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    expected = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in GOLDEN.glob("*.expected"))
    # checked together, the cases' shared ids (q1, q2...) add cross-file problems to their own:
    # files set aside for their own problems still take part in the id and reference checks
    shown = len(out) - 1
    assert shown > expected
    assert out[-1].startswith(f"{shown} problems in ")
    assert all(line.startswith(str(GOLDEN)) for line in out[:-1])


def test_validate_without_paths_checks_bundled_and_content_dirs(tmp_path, capsys):
    extra = tmp_path / "mine"
    write(extra, "l.yaml", LESSON)
    write(extra, "b.yaml", BANK)
    assert main(["--lang", "en", "validate", "--content", str(extra)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert out.startswith("ok: ") and out.count("\n") == 1
    assert main(["--lang", "en", "validate", "--no-bundled", "--content", str(extra)]) == 0
    assert capsys.readouterr().out.startswith("ok: 2 files, 1 lesson")


def test_validate_reports_question_ids_with_progress_but_no_content(tmp_path, home, capsys):
    from quizterm.store import Attempt, Store

    content = tmp_path / "mine"
    write(content, "l.yaml", LESSON)
    write(content, "b.yaml", BANK)
    with Store.open(home / "progress.sqlite3") as store:
        for qid in ("q1", "removed-question"):
            store.record_answer(Attempt(qid, "demo", "practice", 0, True), schedule=False)
    assert main(["--lang", "en", "validate", "--no-bundled", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "removed-question" in out and "history kept" in out and "q1," not in out


def test_validate_summary_speaks_the_ui_language(capsys):
    assert main(["validate", str(ROOT / "docs" / "examples")]) == 0  # zh-TW, the default
    assert capsys.readouterr().out.startswith("通過：2 個檔案、1 課、2 個名詞、8 題（")
    assert main(["validate", str(GOLDEN / "empty-value.yaml")]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 個檔案中有 1 個有問題，共 4 個問題"


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
    assert main(["--lang", "en", "schema", "--out", str(blocker / "sub")]) == 2
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


def test_validate_checks_generator_and_check_blocks_at_their_keys(tmp_path, capsys):
    for name in ("lesson.yaml", "questions.yaml"):
        text = (ROOT / "docs" / "examples" / name).read_text(encoding="utf-8")
        text = text.replace("name: softmax-weight", "name: softmax-weigth").replace("op: softmax", "op: softmaxx")
        write(tmp_path, name, text)
    assert main(["--lang", "en", "validate", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    bank = tmp_path / "questions.yaml"
    text = bank.read_text(encoding="utf-8").splitlines()
    op_line = next(i for i, line in enumerate(text, 1) if "op: softmaxx" in line)
    gen_line = next(i for i, line in enumerate(text, 1) if "name: softmax-weigth" in line)
    assert lines[0].startswith(f"{bank}:{op_line}:11: questions[4].check.op: unknown check op 'softmaxx'")
    assert lines[1].startswith(f"{bank}:{gen_line}:13: questions[7].generator.name: unknown generator 'softmax-weigth'")
    assert lines[2] == "2 problems in 1 of 2 files"  # the lesson's link to the set-aside question is not repeated
    from quizterm.commands.validate import question_checks
    from quizterm.content import load_content

    result = load_content([tmp_path], item_checks=question_checks)
    assert "ex-softmax-two" not in result.bank.questions and "ex-softmax-sum" in result.bank.questions


def test_links_to_questions_of_a_set_aside_bank_are_not_reported_twice(tmp_path):
    from quizterm.content import load_content

    write(tmp_path, "l.yaml", LESSON + "questions: [q1, q2]\n")
    write(tmp_path, "b.yaml", BANK.replace("answer: 0", "answer: zero"))
    problems = load_content([tmp_path]).problems
    # q1 is in the set-aside bank (already reported there); q2 is nowhere
    assert [(p.path.name, p.key) for p in problems] == [("b.yaml", "questions[0].answer"), ("l.yaml", "questions[1]")]
    write(tmp_path, "b.yaml", BANK)
    problems = load_content([tmp_path]).problems
    assert [(p.path.name, p.key, p.message) for p in problems] == [("l.yaml", "questions[1]", "unknown question id 'q2'")]
