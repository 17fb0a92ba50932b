"""The exported .apkg opens in the official anki library with the right notes, fields and decks."""

from __future__ import annotations

import pytest

from quizterm.i18n import Translator
from quizterm.interop.anki_export import export_anki
from quizterm.interop.anki_read import read_package
from quizterm.interop.errors import InteropError

anki = pytest.importorskip("anki.collection")


def _import_into(col, path):
    from anki.collection import ImportAnkiPackageOptions, ImportAnkiPackageRequest

    col.import_anki_package(ImportAnkiPackageRequest(
        package_path=str(path), options=ImportAnkiPackageOptions(with_scheduling=False, merge_notetypes=True)))


@pytest.fixture
def collection(tmp_path):
    (tmp_path / "anki").mkdir()
    col = anki.Collection(str(tmp_path / "anki" / "collection.anki2"))
    yield col
    col.close()


def test_anki_opens_the_export_with_every_note(mini_bank, tmp_path, collection):
    out = tmp_path / "mini.apkg"
    summary = export_anki(mini_bank, out, Translator("zh-TW"), timestamp=1_700_000_000)
    assert (summary.terms, summary.cues, summary.questions) == (2, 1, 7)
    _import_into(collection, out)
    col = collection
    assert "quizterm::迷你注意力" in [d.name for d in col.decks.all_names_and_ids()]
    notes = [col.get_note(nid) for nid in col.find_notes("")]
    assert len(notes) == 10
    by_model = {}
    for note in notes:
        by_model.setdefault(note.note_type()["name"], []).append(note)
    terms = {n["Id"]: n for n in by_model["quizterm term"]}
    assert terms["mini/attn"]["Term"] == "注意力"
    assert terms["mini/attn"]["Meaning"] == "依任務衡量內容的重要性"
    assert terms["mini/token"]["Meaning"] == "模型切分文字的基本單位 &lt;b&gt;不是 HTML&lt;/b&gt; &amp; 符號"
    cue = by_model["quizterm cue"][0]
    assert (cue["Cue"], cue["Think"]) == ("除以 √d_k", "防止 softmax 飽和")
    questions = {n["Id"]: n for n in by_model["quizterm question"]}
    single = questions["mini-single"]
    # choices in a stable order shuffled by question id (this one happens to keep its answer at A)
    assert "A. 防止 softmax 飽和" in single["Choices"] and "B. no" in single["Choices"]
    assert "A. 防止 softmax 飽和" in single["Answer"]
    assert single["Explanation"] == "點積變大時 softmax 會飽和。"
    assert questions["mini-tf"]["Answer"] == "錯"
    assert "8" in questions["mini-num"]["Answer"]
    # Terms and cues are studied both ways: two cards per note; questions one.
    cards_per_note = {n["Id"]: len(n.cards()) for n in notes}
    assert cards_per_note["mini/attn"] == 2 and cards_per_note["mini/sqrt"] == 2
    assert cards_per_note["mini-single"] == 1
    assert "quizterm::mini" in single.tags


def test_bundled_export_does_not_put_every_answer_first(bundled, tmp_path):
    out = tmp_path / "all.apkg"
    export_anki(bundled.bank, out, Translator("zh-TW"), timestamp=1_700_000_000)
    types = {qid: q.type for qid, q in bundled.bank.questions.items()}
    answers = [n.field("Answer") for n in read_package(out) if types.get(n.field("Id")) in ("single", "multi")]
    assert len(answers) == 32
    first = [a[:len("<div>A.")] for a in answers]
    assert first.count("<div>A.") < len(answers) / 2, first
    again = tmp_path / "again.apkg"
    export_anki(bundled.bank, again, Translator("zh-TW"), timestamp=1_800_000_000)
    assert [n.fields for n in read_package(again)] == [n.fields for n in read_package(out)]


def test_re_export_updates_instead_of_duplicating(mini_bank, tmp_path, collection):
    first, second = tmp_path / "a.apkg", tmp_path / "b.apkg"
    export_anki(mini_bank, first, Translator("en"), timestamp=1_700_000_000)
    export_anki(mini_bank, second, Translator("en"), timestamp=1_800_000_000)
    guids = lambda p: sorted(n.guid for n in read_package(p))  # noqa: E731
    assert guids(first) == guids(second)
    _import_into(collection, first)
    _import_into(collection, second)
    assert collection.note_count() == 10


def test_lesson_filter_and_errors(mini_bank, tmp_path):
    with pytest.raises(InteropError, match="unknown lesson 'nope'"):
        export_anki(mini_bank, tmp_path / "x.apkg", Translator("en"), lessons=["nope"])
    assert not (tmp_path / "x.apkg").exists()
    summary = export_anki(mini_bank, tmp_path / "y.apkg", Translator("en"), lessons=["mini"])
    assert summary.decks == ["quizterm::迷你注意力"]
