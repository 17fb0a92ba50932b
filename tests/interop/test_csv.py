"""Questions as spreadsheets: round trip, BOM and tabs, and bad rows reported without writing anything."""

from __future__ import annotations

import csv

import pytest

from quizterm.content import Bank, load_content
from quizterm.interop.csv_export import export_questions
from quizterm.interop.csv_questions import import_questions, parse_questions
from quizterm.interop.errors import InteropError, RowsRejected
from tests.interop.helpers import choice_blind

HEADER = "id,type,prompt,choices,answer,explanation,objective,tags"


def _write(path, text, *, encoding="utf-8"):
    path.write_bytes(text.encode(encoding))
    return path


def test_export_then_import_gives_the_same_questions(mini_bank, mini_dir, tmp_path):
    sheet = tmp_path / "q.csv"
    written, skipped = export_questions(mini_bank, sheet)
    assert (written, skipped) == (7, [])
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbf")  # Excel opens UTF-8 with a BOM as UTF-8
    # Replace the bank file: its ids are not "taken" by the file being rewritten.
    (mini_dir / "questions" / "mini.yaml").unlink()
    lesson_only = load_content([mini_dir]).bank
    files = import_questions(sheet, mini_dir, lesson=None, bank=lesson_only)
    assert files == [mini_dir / "questions" / "mini.yaml"]
    again = load_content([mini_dir])
    assert again.problems == []
    assert again.bank.questions.keys() == mini_bank.questions.keys()
    for qid, question in again.bank.questions.items():  # choices come back in the exported order
        assert choice_blind(question) == choice_blind(mini_bank.questions[qid]), qid


def test_spreadsheet_rows_become_a_valid_bank_for_a_new_lesson(tmp_path):
    sheet = _write(tmp_path / "new.csv", "\ufeff" + "\n".join([
        HEADER + ",misconceptions,difficulty",
        'q1,single,2+2?,"3 | 4 | 5",b,四,math,"easy, add",,1',
        "q2,multi,Even numbers?,2|3|4,\"A, C\",二與四,math,,,",
        "q3,true_false,1 is prime,,否,1 不是質數,primes,,,",
        "q4,short,Capital of France?,,Paris|paris,巴黎,geo,,,",
        "q5,numeric,pi to two places?,,3.14,圓周率,math,,,",
        'q6,order,Count up,"one\ntwo\nthree",,順序,math,,,',
        "q7,matrix,Identity,,1 0; 0 1,單位矩陣,math,,,",
    ]) + "\n")
    files = import_questions(sheet, tmp_path / "out", lesson="arith", bank=Bank())
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in files) == [
        "lessons/arith.yaml", "questions/arith.yaml"]
    result = load_content([tmp_path / "out"])
    assert result.problems == []
    q = result.bank.questions
    assert q["q1"].answer == 1 and [c.text for c in q["q1"].choices] == ["3", "4", "5"]
    assert q["q1"].tags == ["easy", "add"] and q["q1"].difficulty == 1
    assert q["q2"].answers == [0, 2]
    assert q["q3"].answer is False
    assert q["q4"].accepted == ["Paris", "paris"]
    assert q["q5"].answer == 3.14
    assert q["q6"].items == ["one", "two", "three"]
    assert q["q7"].answer == [[1.0, 0.0], [0.0, 1.0]]
    assert result.bank.lessons["arith"].objective_ids() == {"math", "primes", "geo"}


def test_tab_separated_utf8_without_bom(tmp_path):
    text = HEADER.replace(",", "\t") + "\nq1\tsingle\t選哪個？\t甲|乙\tA\t因為\tobj\t\n"
    import_questions(_write(tmp_path / "t.tsv", text), tmp_path / "out", lesson="tabbed", bank=Bank())
    result = load_content([tmp_path / "out"])
    assert result.problems == [] and result.bank.questions["q1"].prompt == "選哪個？"


def test_bad_rows_are_all_reported_and_nothing_is_written(mini_bank, tmp_path):
    sheet = _write(tmp_path / "bad.csv", "\n".join([
        HEADER + ",difficulty,misconceptions",
        "ok1,single,fine,a|b,A,e,qkv,,,",
        "bad-letter,single,p,a|b,E,e,qkv,,,",
        "Bad Id,single,p,a|b,A,e,qkv,,,",
        "one-choice,single,p,only,A,e,qkv,,,",
        "no-prompt,short,,,x,e,qkv,,,",
        "bad-obj,short,p,,x,e,nope,,,",
        "bad-diff,short,p,,x,e,qkv,,9,",
        "bad-tf,true_false,p,,maybe,e,qkv,,,",
        "bad-type,essay,p,,x,e,qkv,,,",
        "ok1,short,p,,x,e,qkv,,,",
        "bad-pit,single,p,a|b,A,e,qkv,,,|nope",
        "gen,generated,p,,,e,qkv,,,",
    ]) + "\n")
    with pytest.raises(RowsRejected) as info:
        import_questions(sheet, tmp_path / "out", lesson="mini", bank=mini_bank)
    lines = [str(p) for p in info.value.problems]
    name = str(sheet)
    expected = [
        f"{name}:3: answer: 'E' is not one of the 2 choices A..B",
        f"{name}:4: id: ",
        f"{name}:5: choices: needs at least 2 choices",
        f"{name}:6: prompt: ",
        f"{name}:7: objective: 'nope' is not an objective of 'mini'",
        f"{name}:8: difficulty: ",
        f"{name}:9: answer: expected true or false (got 'maybe')",
        f"{name}:10: type: expected one of",
        f"{name}:11: id: 'ok1' repeats row 2",
        f"{name}:12: misconceptions: 'nope' is not a pitfall of 'mini'",
        f"{name}:13: type: generated questions cannot be written",
    ]
    assert len(lines) == len(expected)
    for line, start in zip(lines, expected):
        assert line.startswith(start), (line, start)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("text, message", [
    ("", ":1: no header row"),
    ("id,prompt,colour\n", "colour: unknown column"),
    ("id,prompt\n", "type: required column is missing"),
])
def test_header_problems(tmp_path, text, message):
    with pytest.raises(InteropError, match=message):
        parse_questions(_write(tmp_path / "h.csv", text), lesson="x", bank=Bank())


def test_not_utf8_and_no_rows(tmp_path):
    with pytest.raises(InteropError, match="not UTF-8"):
        parse_questions(_write(tmp_path / "a.csv", HEADER + "\nq,short,é,,x,e,o,\n", encoding="latin-1"),
                        lesson="x", bank=Bank())
    with pytest.raises(InteropError, match="only a header"):
        parse_questions(_write(tmp_path / "b.csv", HEADER + "\n\n,,\n"), lesson="x", bank=Bank())


def test_export_skips_generated_and_round_trips_labels(bundled, tmp_path):
    written, skipped = export_questions(bundled.bank, tmp_path / "all.csv")
    generated = [q.id for q in bundled.bank.questions.values() if q.type == "generated"]
    assert sorted(skipped) == sorted(generated)
    with open(tmp_path / "all.csv", encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == written == len(bundled.bank.questions) - len(generated)


def test_bundled_bank_round_trips_through_a_spreadsheet(bundled, tmp_path):
    from quizterm.settings import bundled_content_dirs

    export_questions(bundled.bank, tmp_path / "all.csv")
    lessons_only = load_content([d for d in bundled_content_dirs() if d.name == "lessons"]).bank
    import_questions(tmp_path / "all.csv", tmp_path / "out", lesson=None, bank=lessons_only)
    lessons_dir = [d for d in bundled_content_dirs() if d.name == "lessons"]
    again = load_content([*lessons_dir, tmp_path / "out"])
    generated = {q.id for q in bundled.bank.questions.values() if q.type == "generated"}
    # The lesson still lists its generated questions, which a spreadsheet cannot hold.
    assert [p for p in again.problems if not any(f"'{g}'" in p.message for g in generated)] == []
    assert len(again.bank.questions) == len(bundled.bank.questions) - len(generated)
    def tidy(q):  # a spreadsheet cell loses the trailing line break of a YAML block
        return {k: v.strip() if isinstance(v, str) else v for k, v in choice_blind(q).items()}

    for qid, question in again.bank.questions.items():
        assert tidy(question) == tidy(bundled.bank.questions[qid]), qid


def test_export_does_not_put_the_answer_first_and_keeps_its_order(bundled, tmp_path):
    export_questions(bundled.bank, tmp_path / "a.csv")
    export_questions(bundled.bank, tmp_path / "b.csv")
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()  # re-export: same order
    with open(tmp_path / "a.csv", encoding="utf-8-sig", newline="") as fh:
        rows = {r["id"]: r for r in csv.DictReader(fh)}
    singles = [r["answer"] for r in rows.values() if r["type"] == "single"]
    multis = [r["answer"] for r in rows.values() if r["type"] == "multi"]
    assert len(set(singles)) >= 3, singles  # authors write the answer first; the export must not show it
    assert not all(a.startswith("A,B") for a in multis), multis
    for qid, row in rows.items():  # the answer letters point at the authored answer texts
        q = bundled.bank.questions[qid]
        if q.type in ("single", "multi"):
            shown = row["choices"].split(" | ")
            picks = [q.answer] if q.type == "single" else q.answers
            letters = [ord(x.strip()) - ord("A") for x in row["answer"].split(",")]
            assert sorted(shown[i] for i in letters) == sorted(q.choices[i].text for i in picks), qid


def test_export_keeps_the_authored_order_when_shuffle_is_false(tmp_path):
    from quizterm.model import Lesson, question_adapter

    lesson = Lesson.model_validate({"id": "l", "title": "L", "minutes": 1, "overview": "x",
                                    "objectives": [{"id": "o", "text": "o"}],
                                    "sections": [{"id": "s", "title": "s", "body": "b"}]})
    fixed = {"type": "single", "prompt": "p", "explanation": "e", "objective": "o",
             "choices": ["one", "two", "three", "all of the above"], "answer": 3}
    questions = {f"q{i}": question_adapter.validate_python({**fixed, "id": f"q{i}", "shuffle": False})
                 for i in range(8)}
    bank = Bank(lessons={"l": lesson}, questions=questions, lesson_of_question=dict.fromkeys(questions, "l"))
    export_questions(bank, tmp_path / "q.csv")
    with open(tmp_path / "q.csv", encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert {(r["choices"], r["answer"], r["shuffle"]) for r in rows} == {
        ("one | two | three | all of the above", "D", "false")}


def test_formula_cells_are_defused_on_export_and_restored_on_import(tmp_path):
    from quizterm.model import Lesson, question_adapter

    lesson = Lesson.model_validate({"id": "l", "title": "L", "minutes": 1, "overview": "x",
                                    "objectives": [{"id": "o", "text": "o"}],
                                    "sections": [{"id": "s", "title": "s", "body": "b"}]})
    questions = {
        "q1": question_adapter.validate_python({
            "id": "q1", "type": "single", "prompt": '=HYPERLINK("http://x","click")', "explanation": "@SUM(A1)",
            "objective": "o", "choices": ["-1", "+2", "'=3", "plain"], "answer": 0, "shuffle": False}),
        "q2": question_adapter.validate_python({
            "id": "q2", "type": "numeric", "prompt": "p", "explanation": "e", "objective": "o", "answer": -0.5}),
    }
    bank = Bank(lessons={"l": lesson}, questions=questions, lesson_of_question=dict.fromkeys(questions, "l"))
    sheet = tmp_path / "q.csv"
    export_questions(bank, sheet)
    with open(sheet, encoding="utf-8-sig", newline="") as fh:
        rows = {r["id"]: r for r in csv.DictReader(fh)}
    assert rows["q1"]["prompt"] == "'=HYPERLINK(\"http://x\",\"click\")"
    assert rows["q1"]["explanation"] == "'@SUM(A1)" and rows["q1"]["choices"].startswith("'-1 | +2")
    assert rows["q2"]["answer"] == "'-0.5"
    for row in rows.values():
        assert not any(v.startswith(("=", "+", "-", "@")) for v in row.values())
    result = parse_questions(sheet, lesson=None, bank=bank)
    from quizterm.model import question_adapter as qa

    again = {item["id"]: qa.validate_python(item) for item in result.banks["l"]}
    assert again == questions


def test_nul_bytes_bad_quotes_and_escape_codes_are_reported_safely(tmp_path):
    with pytest.raises(InteropError, match=r":1: contains a NUL byte"):
        parse_questions(_write(tmp_path / "n.csv", "id,type\x00\n"), lesson="x", bank=Bank())
    with pytest.raises(InteropError, match=r":2: not valid CSV .*check the quotes"):
        parse_questions(_write(tmp_path / "q.csv", HEADER + '\nq,short,"open\n'), lesson="x", bank=Bank())
    with pytest.raises(InteropError, match="not a valid id"):
        parse_questions(_write(tmp_path / "l.csv", HEADER + "\n"), lesson="Bad Lesson", bank=Bank())
    sheet = _write(tmp_path / "e.csv", HEADER + "\nq1,single,p,a|b,\x1b[31mZ,e,o,\n")
    with pytest.raises(RowsRejected) as info:
        parse_questions(sheet, lesson="x", bank=Bank())
    assert "\x1b" not in str(info.value) and "\\u001b[31mZ" in str(info.value)
