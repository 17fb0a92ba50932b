"""Packages that the official anki library wrote become lessons and banks that load without problems."""

from __future__ import annotations

import zipfile

import pytest

from quizterm.content import load_content
from quizterm.i18n import Translator
from quizterm.interop.anki_export import export_anki
from quizterm.interop.anki_import import BLANK, import_anki
from quizterm.interop.anki_read import read_package
from quizterm.interop.errors import InteropError


def _anki_package(tmp_path, *, legacy: bool):
    """A package written by anki itself: Basic, Basic (and reversed card) and Cloze notes in a subdeck."""
    collection = pytest.importorskip("anki.collection")
    (tmp_path / "col").mkdir(exist_ok=True)
    col = collection.Collection(str(tmp_path / "col" / f"c{legacy}.anki2"))
    try:
        deck = col.decks.id("Transformer::Basics")
        for model, fields, tags in [
            ("Basic", ["什麼是 <b>token</b>？", "模型切分文字的基本單位<br>不是一個字"], ["vocab"]),
            ("Basic (and reversed card)", ["softmax", "把分數變成加總為 1 的權重&nbsp;"], []),
            ("Cloze", ["Attention 要除以 {{c1::√d_k}}，以免 {{c2::softmax::哪個函數}} 飽和", "見第 2 節"], ["formula"]),
            ("Basic", ["空的背面", ""], []),
            ("Image Occlusion", ["{{c1::image-occlusion:rect:left=.1:top=.1:width=.2:height=.2:oi=1}}",
                                 '<img src="x.png">', "", "", ""], []),
        ]:
            note = col.new_note(col.models.by_name(model))
            for i, value in enumerate(fields):
                note.fields[i] = value
            note.tags = tags
            col.add_note(note, deck)
        out = tmp_path / f"anki-{legacy}.apkg"
        col.export_anki_package(out_path=str(out), limit=None, options=collection.ExportAnkiPackageOptions(
            with_scheduling=False, with_deck_configs=False, with_media=False, legacy=legacy))
    finally:
        col.close()
    return out


@pytest.mark.parametrize("legacy", [False, True], ids=["anki21b", "legacy"])
def test_package_written_by_anki_becomes_valid_content(tmp_path, legacy):
    package = _anki_package(tmp_path, legacy=legacy)
    plan = import_anki(package, tmp_path / "out")
    result = load_content([tmp_path / "out"])
    assert result.problems == []
    bank = result.bank
    [lesson] = bank.lessons.values()
    assert lesson.id == "transformer-basics" and lesson.title == "Basics"
    assert [g.term for g in lesson.glossary] == ["softmax"]
    assert lesson.glossary[0].meaning == "把分數變成加總為 1 的權重"
    assert [(c.cue, c.think) for c in lesson.cues] == [("什麼是 token？", "模型切分文字的基本單位\n不是一個字")]
    questions = bank.questions_for(lesson.id)
    assert [q.type for q in questions] == ["short", "short"]
    first, second = questions
    assert first.prompt == f"Attention 要除以 {BLANK}，以免 softmax 飽和"
    assert first.accepted == ["√d_k"] and first.tags == ["formula"]
    assert second.prompt == f"Attention 要除以 √d_k，以免 {BLANK}（哪個函數） 飽和"
    assert second.accepted == ["softmax"] and second.explanation == "見第 2 節"
    assert len(plan.skipped) == 2
    assert "front and a back" in plan.skipped[0] and "image occlusion" in plan.skipped[1]


def test_yaml_quotes_every_scalar(tmp_path):
    import_anki(_anki_package(tmp_path, legacy=True), tmp_path / "out")
    text = (tmp_path / "out" / "lessons" / "transformer-basics.yaml").read_text("utf-8")
    values = [line.split(": ", 1)[1] for line in text.splitlines() if ": " in line]
    values += [line.strip()[2:] for line in text.splitlines() if line.strip().startswith("- ") and ": " not in line]
    assert values and all(v.startswith('"') and v.endswith('"') for v in values)


def test_own_export_round_trips_questions_exactly(mini_bank, tmp_path):
    package = tmp_path / "mini.apkg"
    export_anki(mini_bank, package, Translator("en"))
    import_anki(package, tmp_path / "out", lesson_id="mini2")
    result = load_content([tmp_path / "out"])
    assert result.problems == []
    lesson = result.bank.lessons["mini2"]
    assert [g.term for g in lesson.glossary] == ["注意力", "token"]
    assert lesson.glossary[0].aliases == ["attention"] and lesson.glossary[0].confuse == "不是人的專注"
    assert [c.cue for c in lesson.cues] == ["除以 √d_k"]
    assert {o.id: o.text for o in lesson.objectives} == {"qkv": "從 Q、K、V 推導 attention", "pe": "說明 positional encoding"}
    for original in mini_bank.questions.values():
        copy = result.bank.questions[original.id]
        strip = lambda q: q.model_dump(exclude={"choices"} if hasattr(q, "choices") else set())  # noqa: E731
        assert strip(copy) == strip(original)
        if hasattr(original, "choices"):
            assert [c.text for c in copy.choices] == [c.text for c in original.choices]


def test_taken_ids_are_renamed_and_taken_lesson_refused(mini_bank, tmp_path):
    package = tmp_path / "mini.apkg"
    export_anki(mini_bank, package, Translator("en"))
    plan = import_anki(package, tmp_path / "out", taken_questions=set(mini_bank.questions))
    ids = plan.lessons[0].lesson["questions"]
    assert not set(ids) & set(mini_bank.questions)
    with pytest.raises(InteropError, match="already loaded"):
        import_anki(package, tmp_path / "out2", lesson_id="mini", taken_lessons={"mini"})
    assert not (tmp_path / "out2").exists()


@pytest.mark.parametrize("make, message", [
    (lambda p: p.write_bytes(b"not a zip"), "not a zip file"),
    (lambda p: zipfile.ZipFile(p, "w").writestr("media", "{}"), "no collection inside"),
    (lambda p: zipfile.ZipFile(p, "w").writestr("collection.anki2", b"garbage" * 100), "damaged"),
    (lambda p: zipfile.ZipFile(p, "w").writestr("collection.anki21b", b"garbage"), "damaged"),
])
def test_bad_packages_give_one_clear_error(tmp_path, make, message):
    path = tmp_path / "bad.apkg"
    make(path)
    with pytest.raises(InteropError, match=message) as info:
        read_package(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_bundled_lesson_round_trips_through_anki(bundled, tmp_path):
    package = tmp_path / "bundled.apkg"
    summary = export_anki(bundled.bank, package, Translator("zh-TW"))
    assert summary.skipped == [] and summary.questions == len(bundled.bank.questions)
    import_anki(package, tmp_path / "out", lesson_id="copy")
    again = load_content([tmp_path / "out"])
    assert again.problems == []
    assert set(again.bank.questions) == set(bundled.bank.questions)
    for qid, original in bundled.bank.questions.items():
        copy = again.bank.questions[qid]
        drop = {"choices", "misconception"}
        assert copy.model_dump(exclude=drop) == original.model_dump(exclude=drop), qid
