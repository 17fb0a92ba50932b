"""Generators on scaled dot-product attention: scores, scaling, softmax, masks, outputs, saturation."""

from __future__ import annotations

import math
import random

from quizterm.quiz.generators import register
from quizterm.quiz.generators import _math
from quizterm.quiz.generators._math import fmt, fmt_mat, fmt_vec
from quizterm.quiz.generators.base import Draft, Generator, Param

OBJ = "qkv-scaled-dot-product"
SQUARES = tuple(n * n for n in range(2, 33))  # d_k values with a whole √d_k, so stems stay hand-computable
_TOKENS = ["我", "愛", "貓", "狗", "你", "他"]


def _vec(rng: random.Random, d: int, m: int) -> list[int]:
    return [rng.randint(-m, m) for _ in range(d)]


def _dot(a: list[float], b: list[float]) -> float:
    return float(sum(x * y for x, y in zip(a, b)))


def _softmax(xs: list[float]) -> list[float]:
    # Hand-rolled on purpose: keys come from the engine, verify compares them with this.
    top = max(xs)
    e = [math.exp(x - top) for x in xs]
    return [v / sum(e) for v in e]


def qk_score(p: dict[str, int], rng: random.Random) -> Draft:
    q, k = _vec(rng, p["d"], p["max"]), _vec(rng, p["d"], p["max"])
    s = float(_math.scores(q, k)[0, 0])
    terms = " + ".join(f"({a})·({b})" for a, b in zip(q, k))
    return Draft(
        "numeric", f"query 向量 q = {fmt_vec(q)}，key 向量 k = {fmt_vec(k)}。未縮放的 attention score q·k 是多少？",
        f"點積是逐項相乘再相加：{terms} = {fmt(s)}。這是除以 √d_k 之前的原始分數。", s,
        vars={"q": fmt_vec(q), "k": fmt_vec(k), "d": str(p["d"]), "score": fmt(s)},
        data={"q": q, "k": k}, tolerance=0.0, allow_percent=False,
        checks=[(lambda: _dot(q, k), None)])


def scaled_score(p: dict[str, int], rng: random.Random) -> Draft:
    d_k = p["d_k"]
    root = math.isqrt(d_k)
    s = rng.choice([v for v in range(-p["max"], p["max"] + 1) if v != 0])
    key = float(_math.scores([s], [1], 1 / root)[0, 0])
    values = [key, s / d_k, float(s), s * root]
    choices = [(fmt(key, 3), None), (fmt(s / d_k, 3), "no-scaling"), (fmt(s, 3), "no-scaling"),
               (fmt(s * root, 3), "no-scaling")]
    return Draft(
        "single", f"d_k = {d_k} 時，某對 query 與 key 的點積 q·k = {s}。縮放後（scaled）的 score 是多少？",
        f"scaled dot-product 把點積除以 √d_k = √{d_k} = {root}：{s} / {root} = {fmt(key, 3)}。"
        f"除以 d_k 得 {fmt(s / d_k, 3)}（除錯了量），不除則仍是 {s}，乘以 √d_k 更是反方向。",
        0, vars={"d_k": str(d_k), "dot": str(s), "sqrt_d_k": str(root)}, data={"d_k": d_k, "dot": s},
        choices=choices, choice_values=values, tolerance=1e-3,
        checks=[(lambda: s / root, None)])


def score_matrix(p: dict[str, int], rng: random.Random) -> Draft:
    T, d, m = p["T"], p["d"], p["max"]
    Q = [_vec(rng, d, m) for _ in range(T)]
    K = [_vec(rng, d, m) for _ in range(T)]
    S = _math.scores(Q, K).tolist()
    labels = [f"t{i + 1}" for i in range(T)]
    return Draft(
        "matrix", f"Q = {fmt_mat(Q)}（每列一個 token 的 query），K = {fmt_mat(K)}。"
        f"計算未縮放的分數矩陣 QKᵀ（第 i 列第 j 欄 = q_i·k_j）。",
        f"QKᵀ 的每一格是一個 query 與一個 key 的點積，結果為 {fmt_mat(S)}。列是 query、欄是 key。",
        S, vars={"Q": fmt_mat(Q), "K": fmt_mat(K), "T": str(T)}, data={"Q": Q, "K": K},
        tolerance=0.0, row_labels=[f"q{l[1:]}" for l in labels], col_labels=[f"k{l[1:]}" for l in labels],
        checks=[(lambda: [[_dot(q, k) for k in K] for q in Q], None)])


def softmax_weight(p: dict[str, int], rng: random.Random) -> Draft:
    n = p["n"]
    s = [rng.randint(-p["max"], p["max"]) for _ in range(n)]
    j = rng.randrange(n)
    w = _math.softmax(s).tolist()
    toks = _TOKENS[:n]
    return Draft(
        "numeric", f"某個 query 對 {n} 個 token {'、'.join(toks)} 的 scaled score 依序是 {fmt_vec(s)}。"
        f"softmax 後，分給「{toks[j]}」的 attention weight 是多少？（取到小數第二位）",
        f"softmax：w_j = e^(s_j) / Σ e^(s_i)。分母 = {' + '.join(f'e^{x}' for x in s)}，"
        f"所以 w = {fmt_vec([round(x, 3) for x in w])}，「{toks[j]}」得 {w[j]:.3f}。權重加總為 1。",
        w[j], vars={"scores": fmt_vec(s), "token": toks[j], "n": str(n)}, data={"scores": s, "j": j},
        tolerance=0.01, checks=[(lambda: _softmax([float(x) for x in s])[j], None)])


def masked_weights(p: dict[str, int], rng: random.Random) -> Draft:
    T = p["T"]
    s = [rng.randint(-p["max"], p["max"]) for _ in range(T)]
    i = rng.randrange(T)
    w = _math.softmax(s, mask=_math.causal_mask(T)[i]).tolist()
    toks = _TOKENS[:T]
    return Draft(
        "matrix", f"GPT 式 decoder（causal mask）處理 {'、'.join(toks)}。第 {i + 1} 個 token「{toks[i]}」"
        f"對所有位置的 scaled score 依序是 {fmt_vec(s)}。套上因果遮罩再做 softmax，它的 attention weights 為何？"
        f"（取到小數第二位）",
        f"因果遮罩只讓第 {i + 1} 個 token 看自己和左邊：後面 {T - i - 1} 個位置設為 -∞，softmax 後權重為 0；"
        f"前 {i + 1} 個分數 {fmt_vec(s[: i + 1])} 做 softmax，得 {fmt_vec([round(x, 3) for x in w])}。"
        f"忘了遮罩就會把未來的 token 也算進去。",
        [w], vars={"scores": fmt_vec(s), "position": str(i + 1), "token": toks[i]},
        data={"scores": s, "i": i}, tolerance=0.01, col_labels=toks,
        checks=[(lambda: _softmax([float(x) for x in s[: i + 1]]) + [0.0] * (T - i - 1), (0,))])


_WEIGHT_SETS = ([0.5, 0.5], [0.25, 0.75], [0.2, 0.8], [0.5, 0.25, 0.25], [0.2, 0.3, 0.5],
                [0.1, 0.6, 0.3], [0.25, 0.25, 0.25, 0.25], [0.1, 0.2, 0.3, 0.4], [1.0, 0.0, 0.0])


def attention_output(p: dict[str, int], rng: random.Random) -> Draft:
    w = rng.choice([ws for ws in _WEIGHT_SETS if len(ws) <= p["T"]])
    T, d_v = len(w), p["d_v"]
    V = [_vec(rng, d_v, p["max"]) for _ in range(T)]
    logs = [[math.log(x) if x > 0 else -1e9] for x in w]  # scores whose softmax is exactly w
    out = _math.attention([[1.0]], logs, V, factor=1.0)[0][0].tolist()
    return Draft(
        "matrix", f"某個 query 對 {T} 個 token 的 attention weights 是 {fmt_vec(w)}，"
        f"各 token 的 value 向量依序是 {fmt_mat(V)}。這個 query 的 output 向量是什麼？"
        f"（output 有 {d_v} 維，依序填入第 1～{d_v} 維）",
        f"output 是 value 的加權和：{' + '.join(f'{fmt(a)}×{fmt_vec(v)}' for a, v in zip(w, V))}"
        f" = {fmt_vec(out)}。權重乘在 V 上，而不是乘在 K 上。",
        [out], vars={"weights": fmt_vec(w), "V": fmt_mat(V)}, data={"weights": w, "V": V},
        tolerance=0.01, col_labels=[f"第{c + 1}維" for c in range(d_v)],
        checks=[(lambda: [[sum(w[t] * V[t][c] for t in range(T)) for c in range(d_v)]], None)])


def saturation_std(p: dict[str, int], rng: random.Random) -> Draft:
    d_k = p["d_k"]
    root = math.isqrt(d_k)
    values = [float(root), float(d_k), 1.0, d_k / 2]
    choices = [(fmt(root), None), (fmt(d_k), None), ("1", "no-scaling"), (fmt(d_k / 2), None)]
    return Draft(
        "single", f"q 與 k 各有 d_k = {d_k} 個分量，彼此獨立、平均 0、變異數 1。"
        f"不除以 √d_k 時，點積 q·k 的標準差大約是多少？",
        f"q·k 是 {d_k} 個獨立乘積之和，每個乘積變異數為 1，所以變異數是 d_k = {d_k}、標準差是 √{d_k} = {root}。"
        f"分數離散得這麼開，softmax 會接近 one-hot（飽和）；除以 √d_k 正是把標準差拉回 1。"
        f"「1」是縮放後才有的值，{d_k} 是變異數而非標準差。",
        0, vars={"d_k": str(d_k), "sqrt_d_k": str(root)}, data={"d_k": d_k}, choices=choices,
        choice_values=values, tolerance=0.5,
        checks=[({"op": "qk_variance", "args": {"d_k": d_k, "seed": 0, "samples": 4000},
                  "tolerance": 0.1 * d_k}, lambda std: std * std)])


def saturation_softmax(p: dict[str, int], rng: random.Random) -> Draft:
    d_k = p["d_k"]
    root = math.isqrt(d_k)
    a = rng.randint(1, p["max"])  # the scaled gap between the two scores
    s = [a * root, 0]
    un, sc = float(_math.softmax(s)[0]), float(_math.softmax([float(a), 0.0])[0])
    return Draft(
        "matrix", f"d_k = {d_k}。一個 query 對兩個 key 的點積是 {fmt_vec(s)}。"
        f"分別算出「不縮放」與「除以 √d_k」後，第一個 key 得到的 softmax 權重。（取到小數第二位）",
        f"不縮放：softmax([{s[0]}, 0]) 的第一項 = 1/(1+e^-{s[0]}) ≈ {un:.3f}，幾乎是 one-hot（飽和，梯度很小）。"
        f"除以 √{d_k} = {root} 後分數為 [{a}, 0]，權重 ≈ {sc:.3f}，分布較平緩。",
        [[un, sc]], vars={"d_k": str(d_k), "scores": fmt_vec(s)}, data={"d_k": d_k, "scores": s},
        tolerance=0.01, col_labels=["不縮放", "除以 √d_k"],
        checks=[(lambda: _softmax([float(x) for x in s])[0], (0, 0)),
                (lambda: _softmax([s[0] / root, 0.0])[0], (0, 1)),
                ({"op": "saturation", "args": {"scores": s, "d_k": d_k}, "select": "unscaled"}, (0, 0)),
                ({"op": "saturation", "args": {"scores": s, "d_k": d_k}, "select": "scaled"}, (0, 1))])


def permutation(p: dict[str, int], rng: random.Random) -> Draft:
    T, d = p["T"], p["d"]
    X = [_vec(rng, d, p["max"]) for _ in range(T)]
    for _ in range(100):  # distinct tokens, so the moved output is recognisable
        if len({tuple(x) for x in X}) == T:
            break
        X = [_vec(rng, d, p["max"]) for _ in range(T)]
    toks = _TOKENS[:T]
    perm = list(range(T))
    while perm == sorted(perm):
        rng.shuffle(perm)
    pos = rng.randrange(T)
    src = perm[pos]
    # Self-attention with Q = K = V = X, scaled, no positional encoding: the key is the engine's
    # output for the permuted input; verify compares it with the hand-computed unpermuted row.
    shown = _math.attention(X, X, X)[0].tolist()
    Xp = [X[i] for i in perm]
    key = _math.attention(Xp, Xp, Xp)[0][pos].tolist()

    def hand_row() -> list[float]:
        w = _softmax([_dot(X[src], y) / math.sqrt(d) for y in X])
        return [sum(w[t] * X[t][c] for t in range(T)) for c in range(d)]

    rounded = [[round(v, 2) for v in row] for row in shown]
    listing = "；".join(f"「{t}」→ {fmt_vec(r)}" for t, r in zip(toks, rounded))
    new_order = "、".join(toks[i] for i in perm)
    return Draft(
        "matrix", f"沒有 positional encoding 的 self-attention（Q = K = V = 輸入向量），"
        f"輸入 {'、'.join(toks)} 時各位置的 output 是：{listing}。"
        f"把輸入順序改成 {new_order}，第 {pos + 1} 個位置的 output 是什麼？（取到小數第二位）",
        f"self-attention 沒有位置資訊，打亂輸入只會把 output 跟著打亂（permutation equivariance）："
        f"第 {pos + 1} 個位置現在是「{toks[src]}」，output 仍是 {fmt_vec(rounded[src])}。"
        f"要讓順序有意義，就得加上 positional encoding。",
        [key], vars={"order": new_order, "position": str(pos + 1)},
        data={"X": X, "perm": perm, "pos": pos}, tolerance=0.02, col_labels=[f"d{c + 1}" for c in range(d)],
        checks=[(hand_row, (0,))])


_P = Param
register(Generator("permutation", "沒有位置資訊時打亂順序", "positional-encoding", {
    "T": _P(3, 2, 4, "tokens"), "d": _P(2, 1, 3, "width"), "max": _P(2, 1, 3, "entries drawn from -max..max")},
    permutation))
register(Generator("qk-score", "q·k 點積", OBJ, {
    "d": _P([2, 4], 1, 8, "vector length"), "max": _P(3, 1, 9, "entries drawn from -max..max")}, qk_score))
register(Generator("scaled-score", "除以 √d_k 的縮放", OBJ, {
    "d_k": _P({"choices": [4, 16, 64]}, 4, 1024, "key width (a perfect square)", SQUARES),
    "max": _P(12, 1, 99, "q·k drawn from -max..max, never 0")}, scaled_score))
register(Generator("score-matrix", "分數矩陣 QKᵀ", OBJ, {
    "T": _P([2, 3], 1, 4, "tokens"), "d": _P([2, 3], 1, 4, "width d_k"),
    "max": _P(2, 1, 5, "entries drawn from -max..max")}, score_matrix))
register(Generator("softmax-weight", "softmax 權重", OBJ, {
    "n": _P([2, 4], 2, 6, "number of keys"), "max": _P(2, 1, 4, "scores drawn from -max..max")},
    softmax_weight))
register(Generator("masked-weights", "因果遮罩後的權重", "bert-vs-gpt", {
    "T": _P([3, 4], 2, 6, "tokens"), "max": _P(2, 1, 4, "scores drawn from -max..max")}, masked_weights))
register(Generator("attention-output", "加權聚合 value", OBJ, {
    "T": _P(3, 2, 4, "at most this many tokens"), "d_v": _P(2, 1, 4, "value width"),
    "max": _P(4, 1, 9, "value entries drawn from -max..max")}, attention_output))
register(Generator("saturation-std", "未縮放點積的標準差", OBJ, {
    "d_k": _P({"choices": [16, 64, 256]}, 4, 1024, "key width (a perfect square)", SQUARES)},
    saturation_std, valid=lambda p: p["d_k"] >= 9))
register(Generator("saturation-softmax", "有無 √d_k 的 softmax 飽和", OBJ, {
    "d_k": _P({"choices": [16, 64]}, 4, 1024, "key width (a perfect square)", SQUARES),
    "max": _P(2, 1, 3, "scaled gap drawn from 1..max")}, saturation_softmax))
