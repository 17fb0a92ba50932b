"""The bundled self-attention lesson and its bank are complete: every part of the seed page,
every question type, every objective covered, misconceptions that name real pitfalls."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

LESSON_ID = "self-attention"
ROOT = Path(__file__).resolve().parents[2]
LESSON_FILE = ROOT / "lessons" / "self-attention.yaml"
BANK_FILE = ROOT / "questions" / "self-attention.yaml"

# Raised as the bank grows (issue 7: 80 items, 25 checked or generated).
MIN_QUESTIONS = 80
MIN_PROVEN = 25
CONCRETE_TYPES = {"single", "multi", "true_false", "short", "numeric", "order", "matrix"}
SEED_PITFALLS = {
    "attention-is-whole-transformer",
    "pe-vs-attention-weights",
    "bert-is-rnn",
    "finetune-from-scratch",
    "multihead-always-better",
}
# Characters that exist only in Simplified Chinese; the content is written in zh-TW.
SIMPLIFIED_ONLY = set("这们个为么说时对会来数词语网络输练层头据与术关给样让还问题应从实")
# Mainland wording with a different Taiwan term.
MAINLAND_TERMS = ("數據", "信息", "網絡", "默認", "激活", "視頻", "軟件", "文本")


@pytest.fixture(scope="module")
def lesson(bundled):
    assert LESSON_ID in bundled.bank.lessons, [str(p) for p in bundled.problems]
    return bundled.bank.lessons[LESSON_ID]


@pytest.fixture(scope="module")
def questions(bundled):
    return [q for q in bundled.bank.questions.values()
            if bundled.bank.lesson_of_question[q.id] == LESSON_ID]


def test_bundled_files_load_without_problems(bundled):
    mine = [p for p in bundled.problems if Path(p.path).resolve() in (LESSON_FILE, BANK_FILE)]
    assert mine == []


@pytest.mark.parametrize("path,schema", [
    (LESSON_FILE, "../schemas/lesson.schema.json"),
    (BANK_FILE, "../schemas/question-bank.schema.json"),
])
def test_modeline_names_the_schema(path, schema):
    first = path.read_text("utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema={schema}"


def test_files_have_no_tabs():
    for path in (LESSON_FILE, BANK_FILE):
        assert "\t" not in path.read_text("utf-8"), path


def test_lesson_header(lesson):
    assert lesson.reviewed is True
    assert lesson.minutes == 25
    assert lesson.notice and "官方" in lesson.notice


def test_glossary_is_complete(lesson):
    assert len(lesson.glossary) >= 14
    for term in lesson.glossary:
        assert term.aliases, term.id
        assert term.example and term.confuse, term.id
    aliases = {a.lower() for t in lesson.glossary for a in [t.term, *t.aliases]}
    for needed in ("attention", "llm", "neural network", "query", "softmax",
                   "scaled dot-product attention", "multi-head attention", "positional encoding",
                   "layernorm", "residual connection", "causal mask", "encoder", "decoder", "ffn"):
        assert needed in aliases, needed


def test_objectives_and_scenario(lesson):
    assert len(lesson.objectives) == 4
    assert lesson.scenario is not None and lesson.scenario.think is not None
    think = lesson.scenario.think
    assert think.seconds == 10
    assert "100" in think.prompt
    assert "10,000" in think.answer and "O(n²)" in think.answer


def test_mapping_cues_sections(lesson):
    assert len(lesson.mapping) == 5
    assert len(lesson.cues) == 4
    assert len(lesson.sections) == 4
    assert all(len(s.bullets) >= 4 for s in lesson.sections)
    demos = [s.demo for s in lesson.sections]
    assert demos[0] is not None and demos[1] is not None and demos[3] is not None
    assert demos[1].heads == 2
    assert demos[3].causal is True
    assert not demos[0].causal


def test_worked_examples_pitfalls_checks_references(lesson):
    assert len(lesson.worked_examples) == 2
    assert all(len(w.steps) >= 4 for w in lesson.worked_examples)
    assert SEED_PITFALLS <= lesson.pitfall_ids()
    assert all(p.correction for p in lesson.pitfalls)
    assert len(lesson.quick_checks) >= 5
    titles = " ".join(r.title for r in lesson.references)
    for ref in ("Attention Is All You Need", "BERT", "Radford", "Illustrated Transformer",
                "Annotated Transformer"):
        assert ref in titles, ref


def test_lesson_links_exactly_its_bank(lesson, questions):
    assert set(lesson.questions) == {q.id for q in questions}


def test_bank_size_and_types(questions):
    assert len(questions) >= MIN_QUESTIONS
    types = Counter(q.type for q in questions)
    assert CONCRETE_TYPES <= set(types), types


def test_every_objective_has_five_questions(lesson, questions):
    per = Counter(q.objective for q in questions)
    for obj in lesson.objective_ids():
        assert per[obj] >= 5, (obj, per[obj])


def test_difficulty_spread_and_tags(questions):
    levels = Counter(q.difficulty for q in questions)
    assert len(levels) >= 4, levels
    assert all(q.tags for q in questions)


def test_checked_or_generated(questions):
    proven = [q for q in questions if q.type == "generated" or q.check is not None]
    assert len(proven) >= MIN_PROVEN, len(proven)


def test_misconceptions_name_lesson_pitfalls(lesson, questions):
    pitfalls = lesson.pitfall_ids()
    used: set[str] = set()
    for q in questions:
        names = [c.misconception for c in getattr(q, "choices", [])]
        names.append(getattr(q, "misconception", None))
        for name in filter(None, names):
            assert name in pitfalls, (q.id, name)
            used.add(name)
    assert SEED_PITFALLS <= used


def test_choice_keys_are_not_distractors(questions):
    """A keyed option never carries a misconception: that would mark the right answer as wrong."""
    for q in questions:
        if q.type == "single":
            assert q.choices[q.answer].misconception is None, q.id
        elif q.type == "multi":
            assert all(q.choices[a].misconception is None for a in q.answers), q.id


def test_explanations_teach(questions):
    for q in questions:
        if q.type == "generated":
            continue
        assert len(q.explanation) >= 40, q.id
        if q.type in ("single", "multi"):
            # Explaining why the other options are wrong takes more than one sentence.
            assert len(re.findall(r"[。；;]", q.explanation)) >= 2, q.id


def test_small_hand_computable_matrices(questions):
    for q in questions:
        if q.type == "matrix":
            assert len(q.answer) <= 4 and len(q.answer[0]) <= 4, q.id


def test_text_is_traditional_chinese():
    for path in (LESSON_FILE, BANK_FILE):
        text = path.read_text("utf-8")
        found = sorted(SIMPLIFIED_ONLY & set(text))
        assert not found, (path.name, found)
        assert not [t for t in MAINLAND_TERMS if t in text], path.name


def test_every_answer_key_is_verified(questions):
    """The lesson's "reviewed" badge: every check recomputes and every generator agrees with the engine."""
    from quizterm.quiz.verify import verify_questions

    report = verify_questions(questions, seeds=8)
    assert report.ok, [str(f) for f in report.findings]
    proven = {q.id for q in questions if q.type == "generated" or q.check is not None}
    assert proven <= report.verified


def test_generated_misconceptions_name_lesson_pitfalls(lesson, questions):
    from quizterm.quiz import make_instance

    pitfalls = lesson.pitfall_ids()
    for q in questions:
        if q.type != "generated":
            continue
        for seed in range(10):
            inst = make_instance(q, seed)
            assert inst.prompt.strip(), q.id
            assert set(filter(None, inst.misconceptions)) <= pitfalls, (q.id, seed)


def _right_response(inst):
    """The response a learner who knows the key would give, in display terms."""
    from quizterm.quiz.normalize import format_number

    if inst.type == "single":
        return inst.answer
    if inst.type == "multi":
        return set(inst.answer)
    if inst.type == "true_false":
        return bool(inst.answer)
    if inst.type == "short":
        return inst.accepted[0]
    if inst.type == "numeric":
        return format_number(inst.answer)
    if inst.type == "order":
        return list(inst.correct_order)
    return [[format_number(x) for x in row] for row in inst.answer]


def test_every_key_grades_as_correct(questions):
    """Each item's own key, typed back as a learner would, is accepted by the grader."""
    from quizterm.quiz import grade, make_instance

    for q in questions:
        inst = make_instance(q, 7)
        assert grade(inst, _right_response(inst)).correct, q.id


_OTHER_QUESTION = re.compile(r"同樣的|上一題|前一題|承上|上題|前題|剛才那")


def test_every_question_stands_alone(bundled):
    """A drill draws any subset in any order: no prompt may lean on another question."""
    leaning = [q.id for q in bundled.bank.questions.values()
               if _OTHER_QUESTION.search(getattr(q, "prompt", "") or "")]
    assert leaning == []


def test_rows_and_columns_are_lie_and_lan(bundled):
    """Taiwan usage: 列 = row, 欄 = column; 行 never means a column."""
    texts = [(lesson.id, lesson.model_dump_json()) for lesson in bundled.bank.lessons.values()]
    texts += [(q.id, q.model_dump_json()) for q in bundled.bank.questions.values()]
    assert [i for i, text in texts if re.search(r"第 ?\w+ ?行|沿著行|每一?行[^為]", text)] == []
