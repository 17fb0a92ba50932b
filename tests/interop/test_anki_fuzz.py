"""Property: damaged packages and odd field contents give InteropError or skipped notes, never a crash."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizterm.interop.anki_import import lessons_from_notes
from quizterm.interop.anki_read import AnkiNote, read_package
from quizterm.interop.errors import InteropError
from quizterm.model import Lesson, QuestionBank


@pytest.fixture(scope="module")
def package_bytes(tmp_path_factory):
    from quizterm.content import load_content
    from quizterm.i18n import Translator
    from quizterm.interop.anki_export import export_anki
    from tests.interop.conftest import LESSON, QUESTIONS
    from quizterm.interop.yamlout import dump_yaml

    root = tmp_path_factory.mktemp("fuzz")
    (root / "l.yaml").write_text(dump_yaml(LESSON), encoding="utf-8")
    (root / "q.yaml").write_text(dump_yaml(QUESTIONS), encoding="utf-8")
    export_anki(load_content([root]).bank, root / "p.apkg", Translator("en"))
    return (root / "p.apkg").read_bytes()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_packages(package_bytes, tmp_path, data):
    raw = bytearray(package_bytes)
    for _ in range(data.draw(st.integers(1, 8))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    path = tmp_path / "x.apkg"
    path.write_bytes(bytes(raw))
    try:
        notes = read_package(path)
    except InteropError as err:
        assert str(path) in str(err)
        return
    assert all(isinstance(n, AnkiNote) for n in notes)


@settings(max_examples=40, deadline=None)
@given(fields=st.lists(st.lists(st.text(max_size=40) | st.sampled_from(
           ["{{c1::x}}", "{{c2::y::hint}}", "<br>", "&nbsp;", "<script>x</script>", "\x1b[0m", ""]),
           min_size=1, max_size=3).map("".join), min_size=1, max_size=3),
       cards=st.integers(0, 3), cloze=st.booleans())
def test_any_note_becomes_valid_content_or_is_skipped(fields, cards, cloze):
    note = AnkiNote(guid="g", notetype="Some type", field_names=[f"F{i}" for i in range(len(fields))],
                    fields=fields, tags=["a b", "ok"], deck="Deck::Sub", cards=cards, cloze=cloze)
    [made] = lessons_from_notes([note])
    Lesson.model_validate(made.lesson)
    if made.bank:
        QuestionBank.model_validate(made.bank)
