"""quizterm verify: passes on good content, names file, line and both values on a wrong key."""

import shutil
from pathlib import Path

import pytest

from quizterm.cli import main
from quizterm.model import question_adapter
from quizterm.quiz.generators import GENERATORS, get_generator
from quizterm.quiz.generators.base import Generator
from quizterm.quiz.verify import check_question, sample_generated, verify_bank

GOOD = Path(__file__).parent / "fixtures" / "good"


def copy_good(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(GOOD, dest)
    return dest


def q(**kw):
    return question_adapter.validate_python({"prompt": "p", "explanation": "e", "objective": "o", **kw})


def test_good_fixture_passes(capsys):
    assert main(["--lang", "en", "verify", "--no-bundled", "--seeds", "8", str(GOOD)]) == 0
    out = capsys.readouterr().out
    assert "verify ok: 4 checked, 1 generated" in out and "0 failed" in out


@pytest.mark.parametrize("old, new, qid, stated, computed", [
    ("answer: 1.5", "answer: 1.6", "fx-scaled", "1.6", "1.5"),
    ("[[0.7311, 0.2689], [0.2689, 0.7311]]", "[[0.7311, 0.2689], [0.5, 0.5]]", "fx-weights",
     "[[0.7311, 0.2689], [0.5, 0.5]]", "[[0.7311, 0.2689], [0.2689, 0.7311]]"),
])
def test_changed_key_fails_naming_file_line_and_values(tmp_path, monkeypatch, capsys, old, new, qid,
                                                       stated, computed):
    content = copy_good(tmp_path)
    monkeypatch.chdir(tmp_path)
    bank_file = content / "bank.yaml"
    text = bank_file.read_text("utf-8")
    assert old in text
    bank_file.write_text(text.replace(old, new), "utf-8")
    assert main(["--lang", "en", "verify", "--no-bundled", "--seeds", "4", str(content)]) == 1
    out = capsys.readouterr().out
    item_line = text.splitlines().index(f"  - id: {qid}") + 1
    found = [ln for ln in out.splitlines() if f": {qid}: " in ln]
    assert found == [f"content/bank.yaml:{item_line}: {qid}: stated {stated}, computed {computed}"]
    assert "verify FAILED" in out and "1 failed" in out


def test_keyed_choice_and_claim_are_checked():
    single = q(type="single", id="c", answer=1, choices=["64", "8", "512"],
               check={"op": "head_dim", "args": {"d_model": "512", "h": "8"}})
    assert check_question(single) == ["stated choice 1 (8), computed 64", "distractor choice 0 (64) also equals computed 64"]
    vals = q(type="single", id="c2", answer=0, choices=["大約一半", "幾乎全部"],
             check={"op": "softmax", "args": {"x": [1, 1], "choice_values": [0.5, 1]}, "select": "[0]"})
    assert check_question(vals) == []
    multi = q(type="multi", id="c3", answers=[0, 1], choices=["a", "b", "c"],
              check={"op": "comparisons", "args": {"n": 3, "choice_values": [9, 9, 6]}})
    assert check_question(multi) == []
    claim = q(type="true_false", id="t", answer=True,
              check={"op": "comparisons", "args": {"n": 4, "causal": True, "claim": 16}})
    assert check_question(claim) == ["stated true, computed false (claim 16, computed value 10)"]


@pytest.mark.parametrize("check, message", [
    ({"op": "nope"}, "unknown check op"),
    ({"op": "softmax", "args": {"x": [1, 2]}, "select": "[5]"}, "out of range"),
    ({"op": "softmax", "args": {"x": [1, 2]}}, "different shapes"),
])
def test_broken_check_blocks_are_findings(check, message):
    (msg,) = check_question(q(type="numeric", id="n", answer=1, check=check))
    assert message in msg


def test_choice_text_must_be_numeric_without_choice_values():
    (msg,) = check_question(q(type="single", id="c", answer=0, choices=["六十四", "8"],
                              check={"op": "head_dim", "args": {"d_model": 512, "h": 8}}))
    assert "choice_values" in msg


@pytest.mark.parametrize("name, params, first", [
    # The low corner of head-dim is d_model 64 with h 2: the check op says 32, the broken key 33.
    ("head-dim", {}, "low: stated 33, computed 32 (head_dim)"),
    # pe-value keys come from the engine; the hand formula catches the broken key (PE(0, 0) = 0).
    ("pe-value", {"pos": 0, "d_model": 4}, "by hand)"),
])
def test_a_wrong_generator_is_caught(monkeypatch, name, params, first):
    good = get_generator(name)

    def off_by_one(p, rng):
        draft = good.build(p, rng)
        draft.answer += 1
        return draft

    monkeypatch.setitem(GENERATORS, "broken", Generator("broken", "x", good.objective, good.params, off_by_one,
                                                        good.valid))
    gq = question_adapter.validate_python({"type": "generated", "id": "g", "objective": "o",
                                           "generator": {"name": "broken", "params": params}})
    built, msgs = sample_generated(gq, seeds=3)
    assert built == 5 and len(msgs) == 5  # every instance is caught
    assert msgs[0].startswith("low: stated") and msgs[0].endswith(first)


def test_generator_problems_are_findings():
    gq = question_adapter.validate_python({"type": "generated", "id": "g", "objective": "o",
                                           "generator": {"name": "qk-score", "params": {"d": [1, 99]}}})
    assert sample_generated(gq, seeds=2)[1] == ["generator: d: [1, 99] is outside 1..8"]
    tq = question_adapter.validate_python({"type": "generated", "id": "g", "objective": "o", "prompt": "{nope}",
                                           "generator": {"name": "qk-score"}})
    msgs = sample_generated(tq, seeds=1)[1]
    assert msgs and "unknown placeholder {nope}" in msgs[0]


def test_missing_path_is_a_usage_error(capsys, tmp_path):
    assert main(["--lang", "en", "verify", str(tmp_path / "nope")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "nope")]) == 2  # zh-TW, the default UI language
    assert "找不到檔案或資料夾" in capsys.readouterr().err


def test_verify_summary_speaks_the_ui_language(capsys):
    assert main(["verify", "--no-bundled", "--seeds", "2", str(GOOD)]) == 0
    out = capsys.readouterr().out
    assert "驗證通過" in out and "verify ok" not in out


def test_bundled_content_verifies(bundled):
    report = verify_bank(bundled.bank, seeds=6)
    assert [str(f) for f in report.findings] == []
    assert report.checked + report.generated > 0


def test_loader_helpers_name_the_problem():
    from quizterm.model import Check, GeneratorSpec
    from quizterm.quiz.checks import check_problem
    from quizterm.quiz.generators import spec_problem

    assert check_problem(Check(op="softmax", select="[0]")) is None
    assert "unknown check op" in check_problem(Check(op="softmaks"))
    assert "select" in check_problem(Check(op="softmax", select="x.y"))
    assert spec_problem(GeneratorSpec(name="pe-value")) is None
    assert "unknown generator" in spec_problem(GeneratorSpec(name="pe-valu"))
    assert "outside" in spec_problem(GeneratorSpec(name="pe-value", params={"pos": [0, 5000]}))


def test_templates_listing(capsys):
    assert main(["verify", "--templates"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(GENERATORS) >= 10
    assert any(ln.startswith("pe-value ") and "positional-encoding" in ln for ln in lines)


def test_copy_of_a_bundled_bank_with_one_key_changed_fails(tmp_path, monkeypatch, capsys, bundled):
    checked = [q for q in bundled.bank.questions.values() if q.type == "numeric" and q.check is not None]
    if not checked:
        pytest.skip("the bundled bank has no checked numeric item yet")
    target = checked[0]
    origin = bundled.bank.origin("question", target.id)
    lines = origin.path.read_text("utf-8").splitlines(keepends=True)
    at = next(i for i in range(origin.line - 1, len(lines)) if lines[i].strip().startswith("answer:"))
    wrong = target.answer + 1
    lines[at] = lines[at].split("answer:")[0] + f"answer: {wrong}\n"
    copy = tmp_path / "bank-copy.yaml"
    copy.write_text("".join(lines), "utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["verify", "--seeds", "2", str(copy)]) == 1  # the bundled lesson is found by itself
    out = capsys.readouterr().out
    from quizterm.quiz.checks import compute
    from quizterm.quiz.verify import show

    tol = target.check.tolerance if target.check.tolerance is not None else target.tolerance
    expected = (f"bank-copy.yaml:{origin.line}: {target.id}: stated {show(wrong, tol)}, "
                f"computed {show(compute(target.check), tol)}")
    assert expected in out.splitlines()


def test_verify_lesson_covers_only_that_lesson(bundled):
    from quizterm.quiz.verify import verify_lesson

    for lesson_id in bundled.bank.lessons:
        report = verify_lesson(bundled.bank, lesson_id, seeds=2)
        assert report.ok
        assert report.verified <= {q.id for q in bundled.bank.questions_for(lesson_id)}


def test_generated_distractors_must_name_lesson_pitfalls():
    gq = question_adapter.validate_python({"type": "generated", "id": "g", "objective": "o",
                                           "generator": {"name": "scaled-score"}})
    assert sample_generated(gq, seeds=3, pitfalls={"no-scaling"})[1] == []
    msgs = sample_generated(gq, seeds=3, pitfalls=set())[1]
    assert msgs == ["distractors name misconception 'no-scaling', which is not a pitfall of the lesson"]
