"""Property tests: random bytes and mutations of the example files only ever give problems.

Whatever the bytes, loading returns (never raises), every problem names the file it is about,
and no message carries a character that would act on the terminal.
"""

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizterm.content import load_content
from quizterm.content.file_result import load_file

EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"
SOURCES = [p.read_bytes() for p in sorted(EXAMPLES.glob("*.yaml"))]
BUNDLED = [p.read_bytes() for d in ("lessons", "questions") for p in sorted((EXAMPLES.parents[1] / d).glob("*.yaml"))]
PATH = Path("fuzz/case.yaml")
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SNIPPETS = [b":", b": ", b"- ", b"\t", b"&a ", b"*a", b"!!python/object ", b"<<: ", b"'", b'"', b"[", b"{",
            b"\n", b"\r\n", b"---\n", b"\xef\xbb\xbf", b"\x00", b"\xff", b"\x1b", b"~", b"no", b"#",
            b"\xe2\x80\xae", b"  ", b"? ", b"|", b">", b"%YAML 1.1\n", b"id: x\n", b"type: bogus\n"]


def check(data: bytes) -> None:
    result = load_file(PATH, data)  # the loader's safety net is not used here: a bug would raise
    assert (result.lesson is None and result.bank is None) or not result.problems
    for problem in result.problems:
        assert problem.path == PATH
        text = str(problem)
        assert text.startswith(f"{PATH}:{problem.line}:{problem.col}:")
        assert problem.line >= 1 and problem.col >= 1
        assert not UNSAFE.search(text), text


@st.composite
def mutated(draw, sources=SOURCES):
    data = bytearray(draw(st.sampled_from(sources)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "dup-line", "drop-line"]))
        if op == "insert":
            data[at:at] = draw(st.sampled_from(SNIPPETS) | st.binary(max_size=8))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif op == "replace":
            data[at:at + 1] = draw(st.sampled_from(SNIPPETS))
        else:
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            if op == "dup-line":
                lines.insert(i, lines[i])
            else:
                del lines[i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400) | st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_random_bytes_only_give_problems(data):
    check(data)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_example_files_only_give_problems(data):
    check(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(BUNDLED or SOURCES))
def test_mutated_bundled_files_only_give_problems(data):
    check(data)


def test_the_examples_themselves_load_cleanly():
    result = load_content([EXAMPLES])
    assert result.problems == []
    assert len(result.bank.lessons) == 1
    assert {q.type for q in result.bank.questions.values()} == {
        "single", "multi", "true_false", "short", "numeric", "order", "matrix", "generated"}
