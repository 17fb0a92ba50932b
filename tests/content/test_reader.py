"""The YAML reader: text kept as typed, positions right, hostile files refused quickly."""

import os
import time

import pytest

from quizterm.content import load_content
from quizterm.content.file_result import load_file

from .helpers import BANK, LESSON, write


def only_problem(path):
    result = load_content([path])
    assert result.bank.lessons == {} and result.bank.questions == {}
    assert len(result.problems) >= 1
    return result.problems[0]


@pytest.mark.parametrize("typed", ["no", "yes", "on", "off", "3.10", "0123", "1:20", "2024-01-01",
                                   "~", "null", "1e3", "0x1F", ".inf", "True"])
def test_yaml11_surprises_keep_exactly_what_was_typed(tmp_path, typed):
    text = LESSON.replace("overview: 概覽", f"overview: {typed}").replace("title: 示範課", f"title: {typed}")
    result = load_content([write(tmp_path, "l.yaml", text)])
    assert result.problems == []
    lesson = result.bank.lessons["demo"]
    assert lesson.overview == typed and lesson.title == typed


def test_scalars_still_become_numbers_and_booleans_where_the_model_wants_them(tmp_path):
    text = LESSON.replace("minutes: 5", "minutes: 25\nreviewed: yes")
    lesson = load_content([write(tmp_path, "l.yaml", text)]).bank.lessons["demo"]
    assert lesson.minutes == 25 and lesson.reviewed is True


def test_markup_like_text_is_kept_literally(tmp_path):
    text = LESSON.replace("body: 內文", "body: \"[/] [bold]x[/bold] a[0] [a-z]+ [link=x]\"")
    lesson = load_content([write(tmp_path, "l.yaml", text)]).bank.lessons["demo"]
    assert lesson.sections[0].body == "[/] [bold]x[/bold] a[0] [a-z]+ [link=x]"


def test_crlf_and_bom_keep_line_numbers_right(tmp_path):
    text = "\ufeff" + LESSON.replace("minutes: 5", "minutes: lots")
    path = write(tmp_path, "l.yaml", text.replace("\n", "\r\n"))
    problem = only_problem(path)
    assert (problem.line, problem.col, problem.key) == (3, 10, "minutes")


def test_cjk_emoji_and_combining_marks_load_and_columns_count_characters(tmp_path):
    text = LESSON.replace("title: 示範課", "title: 👩‍👩‍👧 e\u0301 漢字").replace(
        "overview: 概覽", "overview: 漢字漢字: 冒號")
    problem = only_problem(write(tmp_path, "l.yaml", text))
    assert (problem.line, problem.col) == (4, 15)
    good = LESSON.replace("title: 示範課", "title: 👩‍👩‍👧 e\u0301 漢字")
    assert load_content([write(tmp_path, "g.yaml", good)]).bank.lessons["demo"].title == "👩‍👩‍👧 e\u0301 漢字"


def test_thousands_deep_nesting_is_a_message_not_a_recursion_error(tmp_path):
    path = write(tmp_path, "deep.yaml", "a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    start = time.perf_counter()
    problem = only_problem(path)
    assert time.perf_counter() - start < 5
    assert "deeper than 64" in problem.message and problem.line == 1
    block = "".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "v\n"
    assert "deeper than 64" in only_problem(write(tmp_path, "deep2.yaml", block)).message


def test_file_over_the_size_cap_is_refused_before_reading(tmp_path, monkeypatch):
    from quizterm.content import yaml_reader

    path = tmp_path / "huge.yaml"
    with open(path, "wb") as fh:
        fh.truncate(yaml_reader.MAX_BYTES + 1)  # sparse: nothing is written or read
    problem = only_problem(path)
    assert "too large" in problem.message and problem.path == path


def test_a_list_of_50000_items_is_one_capped_report(tmp_path):
    text = "lesson: demo\nquestions:\n" + "".join(f"  - item{i}\n" for i in range(50_000))
    result = load_content([write(tmp_path, "b.yaml", text)])
    # the file's own report is capped; the unknown lesson 'demo' is a cross-file problem on top
    assert [p.key for p in result.problems].count("lesson") == 1
    result.problems = [p for p in result.problems if p.key != "lesson"]
    assert 2 <= len(result.problems) <= 101
    assert "more problems in this file" in result.problems[-1].message
    assert result.problems[0].line == 3


def test_alias_bomb_is_refused_in_milliseconds(tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    path = write(tmp_path, "bomb.yaml", "\n".join(lines) + "\n")
    start = time.perf_counter()
    problem = only_problem(path)
    assert time.perf_counter() - start < 0.5
    assert "anchors" in problem.message and (problem.line, problem.col) == (1, 4)


def test_alias_without_the_anchor_gate_is_still_caught(monkeypatch, tmp_path):
    from quizterm.content import yaml_reader

    monkeypatch.setattr(yaml_reader, "_MAYBE_ANCHOR", type("Never", (), {"search": staticmethod(lambda _: None)}))
    problem = only_problem(write(tmp_path, "a.yaml", "a: &x [1, 2]\nb: *x\n"))
    assert "aliases are not supported" in problem.message


@pytest.mark.parametrize("data, where, words", [
    ("\ufeffid: x\n".encode("utf-16-le"), (1, 1), "UTF-16"),
    ("id: x\n".encode("utf-16"), (1, 1), "UTF-16"),
    (b"id: x\ntitle: a\0b\n", (2, 9), "NUL"),
    (b"id: x\ntitle: caf\xe9\n", (2, 11), "not valid UTF-8"),
    (b"id: x\ntitle: \xe6\xbc\xa2\x1b[31m\n", (2, 9), "U+001B"),
    (b"id: x\ntitle: a\x07\n", (2, 9), "U+0007"),
    ("id: x\ntitle: 漢\u0085\n".encode(), (2, 9), "U+0085"),
    ("id: x\ntitle: abc\u202edef\n".encode(), (2, 11), "U+202E"),
])
def test_bad_encodings_and_raw_controls_give_a_position(tmp_path, data, where, words):
    result = load_content([write(tmp_path, "bad.yaml", data)])
    assert result.bank.lessons == {} and result.bank.questions == {}
    # a raw control character no longer stops the file: its other problems come in the same run
    problem = next(p for p in result.problems if words in p.message)
    assert (problem.line, problem.col) == where
    assert words in problem.message
    assert "\x1b" not in str(problem) and "\u202e" not in str(problem)


def test_every_control_character_is_reported_at_its_own_column(tmp_path):
    text = LESSON.replace("body: 內文", 'body: "a\\eb\\u202Ec\\e"') + "questions: [q-missing]\n"
    path = write(tmp_path, "l.yaml", text.replace("title: ", "title: x\u202e", 1))
    result = load_content([path])
    found = [(p.line, p.col, p.message.split(" is not")[0]) for p in result.problems]
    assert (11, 13, "control character (U+001B)") in found
    assert (11, 16, "control character RIGHT-TO-LEFT OVERRIDE (U+202E)") in found
    assert (11, 23, "control character (U+001B)") in found
    assert any("U+202E" in p.message and p.line == 2 for p in result.problems)  # typed into the file
    assert any("unknown question id 'q-missing'" in p.message for p in result.problems)
    assert result.bank.lessons == {}


def test_escaped_controls_and_bidi_in_text_are_refused_at_the_key(tmp_path):
    text = LESSON.replace("body: 內文", 'body: "a\\u202Eb"')
    problem = only_problem(write(tmp_path, "l.yaml", text))
    assert (problem.line, problem.key) == (11, "sections[0].body")
    assert "U+202E" in problem.message and "\u202e" not in str(problem)


def test_a_directory_given_as_a_file_names_the_path(tmp_path):
    folder = tmp_path / "lesson.yaml"
    folder.mkdir()
    result = load_file(folder)
    assert "directory" in result.problems[0].message and str(folder) in str(result.problems[0])


def test_fifo_broken_symlink_and_unreadable_file_never_hang(tmp_path, monkeypatch):
    write(tmp_path, "l.yaml", LESSON)
    write(tmp_path, "b.yaml", BANK)
    os.mkfifo(tmp_path / "fifo.yaml")
    os.symlink(tmp_path / "gone.yaml", tmp_path / "broken.yaml")
    locked = write(tmp_path, "locked.yaml", LESSON)
    real_open = os.open

    def deny(path, *args, **kwargs):  # tests run as root, where chmod 000 does not stop reading
        if os.fspath(path) == os.fspath(locked):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    start = time.perf_counter()
    result = load_content([tmp_path])
    assert time.perf_counter() - start < 5
    messages = {p.path.name: p.message for p in result.problems}
    assert "FIFO" in messages["fifo.yaml"]
    assert "broken symbolic link" in messages["broken.yaml"]
    assert "permission denied" in messages["locked.yaml"]
    assert set(messages) == {"fifo.yaml", "broken.yaml", "locked.yaml"}
    assert set(result.bank.questions) == {"q1"}  # the good files still load


def test_missing_path_is_reported(tmp_path):
    problem = only_problem(tmp_path / "nope")
    assert "no such file" in problem.message


def test_one_bad_file_is_set_aside_and_the_rest_load(tmp_path):
    write(tmp_path, "a.yaml", LESSON)
    write(tmp_path, "b.yaml", BANK)
    write(tmp_path, "c.yaml", "id: [oops\n")
    result = load_content([tmp_path])
    assert set(result.bank.lessons) == {"demo"} and set(result.bank.questions) == {"q1"}
    assert [p.path.name for p in result.problems] == ["c.yaml"]
    assert [p.name for p in result.files] == ["a.yaml", "b.yaml", "c.yaml"]


def test_all_problems_of_all_files_are_collected(tmp_path):
    write(tmp_path, "a.yaml", LESSON.replace("minutes: 5", "minutes: x").replace("title: 示範課", "titel: t"))
    write(tmp_path, "b.yaml", BANK.replace("answer: 0", "answer: 7"))
    result = load_content([tmp_path])
    assert [(p.path.name, p.key) for p in result.problems] == [
        ("a.yaml", ""), ("a.yaml", "titel"), ("a.yaml", "minutes"), ("b.yaml", "questions[0].answer")]
    assert "did you mean 'title'?" in result.problems[1].message


@pytest.mark.parametrize("text", ["", "\n\n", "# c\n", "---\n", "--- \n...\n", "\ufeff"])
def test_files_without_content_are_empty_at_1_1(tmp_path, text):
    problem = only_problem(write(tmp_path, "e.yaml", text))
    assert (problem.line, problem.col) == (1, 1) and problem.message.startswith("the file is empty")
