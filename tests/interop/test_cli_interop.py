"""`quizterm export` / `quizterm import`: files written, one-line errors, exit codes."""

from __future__ import annotations

import json

import pytest

from quizterm.cli import main
from quizterm.store import Attempt, Store


def test_export_anki_and_csv_then_import_them_back(mini_dir, tmp_path, capsys):
    base = ["--lang", "en", "--no-bundled", "--content", str(mini_dir)]
    assert main([*base, "export", "anki", str(tmp_path / "m.apkg"), "--lesson", "mini"]) == 0
    assert main([*base, "export", "csv", str(tmp_path / "m.csv")]) == 0
    out = capsys.readouterr().out
    assert "1 deck(s), 2 terms, 1 cues, 7 questions" in out and "7 questions" in out
    assert main([*base, "import", "anki", str(tmp_path / "m.apkg"), "--lesson", "copy", "--out",
                 str(tmp_path / "anki")]) == 0
    assert (tmp_path / "anki" / "lessons" / "copy.yaml").is_file()
    # Importing again without --force refuses to overwrite, with one line.
    assert main([*base, "import", "anki", str(tmp_path / "m.apkg"), "--lesson", "copy", "--out",
                 str(tmp_path / "anki")]) == 2
    assert "already exists (use --force" in capsys.readouterr().err
    # The CSV replaces the bank it came from (--force), inside the same content folder.
    assert main([*base, "import", "csv", str(tmp_path / "m.csv"), "--out", str(mini_dir), "--force"]) == 0
    from quizterm.content import load_content

    assert load_content([mini_dir, tmp_path / "anki"]).problems == []


def test_csv_import_reports_rows_and_writes_nothing(mini_dir, tmp_path, capsys):
    sheet = tmp_path / "bad.csv"
    sheet.write_bytes("id,type,prompt,choices,answer,explanation,objective\r\n"
                      "x1,single,p,a|b,Z,e,qkv\r\nx2,numeric,p,,abc,e,qkv\r\n".encode("utf-8"))
    code = main(["--lang", "en", "--no-bundled", "--content", str(mini_dir), "import", "csv", str(sheet), "--lesson", "mini",
                 "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    assert err[0] == f"{sheet}:2: answer: 'Z' is not one of the 2 choices A..B"
    assert err[1].startswith(f"{sheet}:3: answer: ")
    assert err[-1] == "quizterm: 2 problem(s); nothing was imported"
    assert not (tmp_path / "out").exists()


def test_progress_between_two_homes_on_the_command_line(tmp_path, mini_bank, capsys):
    home_a, home_b = tmp_path / "a", tmp_path / "b"
    with Store.open(home_a / "progress.sqlite3", auto_backup=False) as store:
        for i in range(3):
            store.record_answer(Attempt("mini-single", "mini", "practice", i, i == 0, time_ms=100), schedule=True)
    out = tmp_path / "p.json"
    assert main(["--home", str(home_a), "export", "progress", str(out)]) == 0
    assert json.loads(out.read_text("utf-8"))["version"] == 1
    for _ in range(2):
        assert main(["--lang", "en", "--home", str(home_b), "import", "progress", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "0 attempts added, 3 already here" in printed and "backup before the import:" in printed
    assert any("pre-import" in p.name for p in (home_b / "backups").iterdir())
    with Store.open(home_b / "progress.sqlite3", auto_backup=False) as store:
        assert len(store.attempts()) == 3
    assert main(["--home", str(home_b), "export", "attempts", str(tmp_path / "a.csv")]) == 0
    lines = (tmp_path / "a.csv").read_text("utf-8-sig").splitlines()
    assert lines[0].startswith("attempt_id,answered_at,lesson,question_id") and len(lines) == 4


@pytest.mark.parametrize("argv, message", [
    (["import", "progress", "/nonexistent/p.json"], "no such file"),
    (["import", "anki", "."], "not a file"),
    (["export", "anki", "."], "is a folder"),
    (["export", "csv", "x.csv", "--lesson", "nope"], "unknown lesson 'nope'"),
    (["export"], "the following arguments are required"),
    (["import", "csv", "x.csv", "--colour"], "unrecognized arguments"),
])
def test_usage_errors_are_one_line(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if argv[:2] == ["import", "csv"]:
        (tmp_path / "x.csv").write_text("id\n")
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_import_progress_refuses_a_bad_file(tmp_path, capsys):
    bad = tmp_path / "p.json"
    bad.write_text(json.dumps({"format": "quizterm-progress", "version": 7}))
    assert main(["import", "progress", str(bad)]) == 2
    assert "newer quizterm" in capsys.readouterr().err


def test_anki_written_package_passes_quizterm_validate(tmp_path, capsys):
    from tests.interop.test_anki_import import _anki_package

    package = _anki_package(tmp_path, legacy=False)
    assert main(["--no-bundled", "import", "anki", str(package), "--out", str(tmp_path / "deck")]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "--no-bundled", "--content", str(tmp_path / "deck"), "validate"]) == 0
    assert "ok" in capsys.readouterr().out


def test_a_sheet_for_a_new_lesson_passes_quizterm_validate(tmp_path, capsys):
    sheet = tmp_path / "s.csv"
    sheet.write_text("\ufeffid,type,prompt,choices,answer,explanation,objective,tags\r\n"
                     "n1,single,哪個對？,甲|乙,B,乙才對,basics,t1\r\n"
                     "n2,true_false,對嗎？,,對,是的,basics,\r\n", encoding="utf-8")
    out = tmp_path / "new"
    assert main(["--no-bundled", "import", "csv", str(sheet), "--lesson", "fresh", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "--no-bundled", "--content", str(out), "validate"]) == 0
    assert "ok" in capsys.readouterr().out


def test_reimporting_with_force_keeps_the_ids(mini_bank, tmp_path, capsys):
    from quizterm.content import load_content
    from quizterm.i18n import Translator
    from quizterm.interop.anki_export import export_anki

    package = tmp_path / "m.apkg"
    export_anki(mini_bank, package, Translator("en"))
    deck = tmp_path / "deck"
    argv = ["--no-bundled", "--content", str(deck), "import", "anki", str(package), "--out", str(deck)]
    assert main(argv) == 0
    first = load_content([deck]).bank
    assert main([*argv, "--force"]) == 0  # the deck folder is loaded now: its own ids are not "taken"
    again = load_content([deck])
    assert again.problems == []
    assert set(again.bank.questions) == set(first.questions) == set(mini_bank.questions)
    assert set(again.bank.lessons) == set(first.lessons)


def test_verbs_speak_the_ui_language(mini_dir, tmp_path, capsys):
    """zh-TW (the default UI language): what export and import print is Chinese, not English."""
    from quizterm.store import Store

    base = ["--no-bundled", "--content", str(mini_dir), "--home", str(tmp_path / "home")]
    assert main([*base, "export", "anki", str(tmp_path / "m.apkg")]) == 0
    assert main([*base, "export", "csv", str(tmp_path / "m.csv")]) == 0
    with Store.open(tmp_path / "home" / "progress.sqlite3", auto_backup=False) as store:
        store.record_answer(Attempt("mini-single", "mini", "practice", 0, True, time_ms=100), schedule=True)
    assert main([*base, "export", "progress", str(tmp_path / "p.json")]) == 0
    assert main([*base, "import", "progress", str(tmp_path / "p.json")]) == 0
    out = capsys.readouterr().out
    assert "個牌組" in out and "匯入前的備份" in out and "筆原本就有" in out and "作答 1" in out
    for english in ("deck(s)", "attempts added", "already here", "backup before", "questions\n"):
        assert english not in out


def test_import_progress_and_restore_refuse_a_running_app_alike(tmp_path, capsys):
    """The same message (store.locked) and exit code from both verbs while quizterm holds the store."""
    from quizterm.i18n import t
    from quizterm.store import Store

    home = tmp_path / "home"
    with Store.open(home / "progress.sqlite3", auto_backup=False) as store:
        store.record_answer(Attempt("mini-single", "mini", "practice", 0, True, time_ms=100), schedule=True)
    assert main(["--home", str(home), "export", "progress", str(tmp_path / "p.json")]) == 0
    assert main(["--home", str(home), "backup"]) == 0
    capsys.readouterr()
    with Store.open(home / "progress.sqlite3", exclusive=True, auto_backup=False):  # the app is running
        codes = [main(["--home", str(home), "import", "progress", str(tmp_path / "p.json")]),
                 main(["--home", str(home), "restore"])]
    err = capsys.readouterr().err.splitlines()
    assert codes == [1, 1]
    assert len(err) == 2 and all(line.startswith("quizterm: ") for line in err)
    locked = t("zh-TW", "store.locked", pid="X").split("X")[0]
    assert all(locked in line for line in err), err
