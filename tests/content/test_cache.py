"""The validated-content cache: used when fresh, ignored and rebuilt when stale or damaged."""

import os
import pickle
import threading

import pytest

from quizterm.content import cache as content_cache
from quizterm.content import file_result, load_content, loader

from .helpers import BANK, LESSON, write


@pytest.fixture
def content(tmp_path):
    folder = tmp_path / "content"
    write(folder, "a.yaml", LESSON)
    write(folder, "b.yaml", BANK)
    return folder


@pytest.fixture
def parses(monkeypatch):
    """Counts real parses by file name."""
    seen: list[str] = []
    real = loader.load_file

    def counting(path, data=None):
        seen.append(os.path.basename(path))
        return real(path, data)

    monkeypatch.setattr(loader, "load_file", counting)
    return seen


def summary(result):
    return (sorted(result.bank.lessons), sorted(result.bank.questions), [str(p) for p in result.problems])


def test_warm_load_comes_from_the_cache_and_equals_the_cold_one(content, tmp_path, parses):
    cache = tmp_path / "cache"
    cold = load_content([content], cache_dir=cache)
    assert sorted(parses) == ["a.yaml", "b.yaml"]
    warm = load_content([content], cache_dir=cache)
    assert sorted(parses) == ["a.yaml", "b.yaml"]  # nothing parsed again
    assert summary(warm) == summary(cold)
    assert warm.bank.questions["q1"] == cold.bank.questions["q1"]
    assert warm.bank.origin("question", "q1") == cold.bank.origin("question", "q1")


def test_an_edited_file_is_parsed_again(content, tmp_path, parses):
    cache = tmp_path / "cache"
    load_content([content], cache_dir=cache)
    path = content / "b.yaml"
    path.write_text(BANK.replace("哪一個對？", "改過的題目？"), encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    result = load_content([content], cache_dir=cache)
    assert parses.count("b.yaml") == 2 and parses.count("a.yaml") == 1
    assert result.bank.questions["q1"].prompt == "改過的題目？"


def test_problems_are_cached_too_and_a_fixed_file_loads(content, tmp_path):
    cache = tmp_path / "cache"
    bad = write(content, "c.yaml", "id: [oops\n")
    first = load_content([content], cache_dir=cache)
    assert [p.path.name for p in first.problems] == ["c.yaml"]
    assert [str(p) for p in load_content([content], cache_dir=cache).problems] == [str(p) for p in first.problems]
    bad.unlink()
    assert load_content([content], cache_dir=cache).problems == []


@pytest.mark.parametrize("damage", [b"", b"garbage", b"\x80\x04K\x01.", None])
def test_a_damaged_or_foreign_cache_is_ignored_and_rebuilt(content, tmp_path, parses, damage):
    cache = tmp_path / "cache"
    reference = load_content([content], cache_dir=cache)
    target = cache / content_cache.CACHE_FILE
    if damage is None:  # a well-formed cache written by other code: never trusted
        payload = pickle.loads(target.read_bytes())
        payload["code"] = ("another version",)
        target.write_bytes(pickle.dumps(payload))
    else:
        target.write_bytes(damage)
    parses.clear()
    result = load_content([content], cache_dir=cache)
    assert sorted(parses) == ["a.yaml", "b.yaml"]
    assert summary(result) == summary(reference)
    parses.clear()
    load_content([content], cache_dir=cache)
    assert parses == []  # rebuilt


def test_a_cache_entry_with_the_wrong_shape_is_not_used(content, tmp_path, parses):
    cache = tmp_path / "cache"
    load_content([content], cache_dir=cache)
    target = cache / content_cache.CACHE_FILE
    payload = pickle.loads(target.read_bytes())
    for key, (stamp, _) in payload["entries"].items():
        payload["entries"][key] = (stamp, "not a file result")
    target.write_bytes(pickle.dumps(payload))
    parses.clear()
    assert load_content([content], cache_dir=cache).bank.questions
    assert sorted(parses) == ["a.yaml", "b.yaml"]


def test_an_unwritable_cache_dir_is_not_an_error(content, tmp_path):
    blocker = write(tmp_path, "cache", "a file where the cache folder should be")
    result = load_content([content], cache_dir=blocker)
    assert result.problems == [] and set(result.bank.questions) == {"q1"}


def test_load_content_is_thread_safe(content, tmp_path):
    cache = tmp_path / "cache"
    reference = summary(load_content([content]))
    results, errors = [], []

    def work():
        try:
            for _ in range(5):
                results.append(summary(load_content([content], cache_dir=cache)))
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(results) == 20
    assert all(r == reference for r in results)


def test_file_result_positions_fall_back_to_parents():
    res = file_result.FileResult(path=None, where={"": (1, 1), "questions[2]": (7, 5)})
    assert res.at("questions[2].choices[1].misconception") == (7, 5)
    assert res.at("lesson") == (1, 1)
