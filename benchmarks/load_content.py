"""Time loading 10,000 generated questions against a bare ``yaml.load(CSafeLoader)`` of the same files.

Run: ``python benchmarks/load_content.py [--questions 10000] [--repeat 3]``

Two layouts (one file; 100 files), each timed in the same process:
  bare   read + ``yaml.load(data, Loader=yaml.CSafeLoader)`` of every file (the reference, GC as usual;
         the same with the cyclic GC paused is printed too, for an honest comparison)
  cold   ``load_content(paths)``: positional parse, validation, cross-file checks, no cache
  first  ``load_content(paths, cache_dir=empty)``: cold plus writing the cache
  warm   ``load_content(paths, cache_dir=filled)``: every file a cache hit
Goals: cold <= 1.2x bare, warm <= 0.2x bare. The best of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout without installing
from quizterm.content import load_content  # noqa: E402

OBJECTIVES = ["compute", "explain", "compare", "apply"]

LESSON = """\
id: bench
title: 基準測試課程
minutes: 5
overview: 產生出來的題庫，用來量測載入速度。
objectives:
{objectives}
sections:
  - id: s1
    title: 第一節
    body: 內文
pitfalls:
  - id: mix-qk
    text: 把 Query 和 Key 搞混。
"""


def question(i: int) -> str:
    """One question; the types rotate so every model is exercised."""
    head = f"  - id: q{i:05d}\n    objective: {OBJECTIVES[i % 4]}\n    tags: [attention, bench]\n    difficulty: {1 + i % 5}\n"
    explain = "    explanation: Query 和每個 Key 做點積得到分數；Value 才是被加權平均的內容，所以其他選項都不對。\n"
    kind = i % 5
    if kind == 0:
        return head + (f"    type: single\n    prompt: 第 {i} 題：自注意力裡哪一個向量負責「提問」？\n"
                       "    choices:\n      - Query 查詢向量\n      - text: Key 鍵向量\n        misconception: mix-qk\n"
                       f"      - Value 值向量\n      - 位置編碼\n    answer: 0\n") + explain
    if kind == 1:
        return head + (f"    type: multi\n    prompt: 第 {i} 題：下列哪些會影響注意力權重？\n"
                       "    choices: [Query, Key, 溫度 √d_k, 輸出層的 bias]\n    answers: [0, 1, 2]\n") + explain
    if kind == 2:
        return head + f"    type: true_false\n    prompt: 第 {i} 題：softmax 的每一列加起來等於 1。\n    answer: yes\n" + explain
    if kind == 3:
        return head + (f"    type: numeric\n    prompt: 第 {i} 題：q = [1, 2]，k = [3, 1]，q·k 是多少？\n"
                       "    answer: 5\n    tolerance: 0.01\n") + explain
    return head + (f"    type: matrix\n    prompt: 第 {i} 題：寫出 2x2 的單位矩陣。\n"
                   "    answer: [[1, 0], [0, 1]]\n    row_labels: [r1, r2]\n    col_labels: [c1, c2]\n") + explain


def generate(folder: Path, total: int, files: int) -> list[Path]:
    """Write a lesson plus ``files`` banks holding ``total`` questions; returns every path."""
    folder.mkdir(parents=True)
    objectives = "".join(f"  - id: {o}\n    text: 目標 {o}\n" for o in OBJECTIVES)
    paths = [folder / "lesson.yaml"]
    paths[0].write_text(LESSON.format(objectives=objectives), encoding="utf-8")
    per = total // files
    for f in range(files):
        path = folder / f"bank-{f:03d}.yaml"
        body = "".join(question(i) for i in range(f * per, (f + 1) * per))
        path.write_text("lesson: bench\nquestions:\n" + body, encoding="utf-8")
        paths.append(path)
    return paths


def bare(paths: list[Path]) -> None:
    for p in paths:
        yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader)


def bare_no_gc(paths: list[Path]) -> None:
    gc.disable()
    try:
        bare(paths)
    finally:
        gc.enable()


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def run(total: int, files: int, repeat: int, root: Path) -> None:
    folder = root / f"{files}-files"
    paths = generate(folder, total, files)
    size = sum(p.stat().st_size for p in paths)
    check = load_content([folder])
    assert not check.problems and len(check.bank.questions) == total, check.problems[:3]
    cache = root / f"cache-{files}"

    def first():
        shutil.rmtree(cache, ignore_errors=True)
        load_content([folder], cache_dir=cache)

    t_bare = best(lambda: bare(paths), repeat)
    t_bare_nogc = best(lambda: bare_no_gc(paths), repeat)
    t_cold = best(lambda: load_content([folder]), repeat)
    t_first = best(first, repeat)
    t_warm = best(lambda: load_content([folder], cache_dir=cache), repeat)
    print(f"{total} questions in {files} file(s) + 1 lesson, {size / 2**20:.1f} MiB")
    print(f"  bare yaml.load(CSafeLoader) {t_bare:7.3f} s")
    print(f"  (same, cyclic GC paused    {t_bare_nogc:7.3f} s; cold is {t_cold / t_bare_nogc:.2f}x,"
          f" warm {t_warm / t_bare_nogc:.2f}x of this)")
    print(f"  cold load_content           {t_cold:7.3f} s   {t_cold / t_bare:5.2f}x bare  (goal <= 1.2x)")
    print(f"  first run (cold + cache)    {t_first:7.3f} s   {t_first / t_bare:5.2f}x bare")
    print(f"  warm (cache hit)            {t_warm:7.3f} s   {t_warm / t_bare:5.2f}x bare  (goal <= 0.2x)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, PyYAML {yaml.__version__} (libyaml: {yaml.__with_libyaml__})")
    with tempfile.TemporaryDirectory(prefix="quizterm-bench-") as tmp:
        for files in (1, 100):
            run(args.questions, files, args.repeat, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
