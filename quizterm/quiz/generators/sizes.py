"""Generators on sizes and counts: head dimension, parameter counts, comparisons, visible positions, PE."""

from __future__ import annotations

import math
import random

import numpy as np

from quizterm.quiz.generators import _math, register
from quizterm.quiz.generators.base import Draft, Generator, Param

WIDTHS = (32, 64, 128, 256, 384, 512, 768, 1024)
HEADS = (1, 2, 3, 4, 6, 8, 12, 16)
_TOKENS = ["我", "今天", "想", "吃", "牛肉", "麵", "和", "滷蛋"]


def _divides(p: dict[str, int]) -> bool:
    return p["d_model"] % p["h"] == 0


def head_dim(p: dict[str, int], rng: random.Random) -> Draft:
    d, h = p["d_model"], p["h"]
    return Draft(
        "numeric", f"multi-head attention 的 d_model = {d}、h = {h} 個 head。每個 head 的維度 d_k 是多少？",
        f"d_model 平均切給 h 個 head：d_k = d_model / h = {d} / {h} = {d // h}。"
        f"各 head 在較小的子空間算 attention，concat 後又回到 {d} 維。", d // h,
        vars={"d_model": str(d), "h": str(h), "d_k": str(d // h)}, data={"d_model": d, "h": h},
        allow_percent=False, checks=[({"op": "head_dim", "args": {"d_model": d, "h": h}}, None)])


def mha_params(p: dict[str, int], rng: random.Random) -> Draft:
    d, h, bias = p["d_model"], p["h"], bool(p["bias"])
    n = 4 * d * d + (4 * d if bias else 0)
    with_bias = "含" if bias else "不含"
    return Draft(
        "numeric", f"一層 multi-head attention，d_model = {d}、h = {h}，W_Q、W_K、W_V、W_O 都是 d_model×d_model，"
        f"{with_bias} bias。這一層共有多少個參數？", 
        f"四個投影矩陣各 {d}×{d} = {d * d}，共 {4 * d * d}" + (f"；四個 bias 各 {d}，再加 {4 * d}" if bias else "")
        + f"，合計 {n}。參數量和 h 無關：h 只決定怎麼切，不會多出矩陣。", n,
        vars={"d_model": str(d), "h": str(h), "bias": with_bias}, data={"d_model": d, "h": h, "bias": bias},
        allow_percent=False, allow_fraction=False,
        checks=[({"op": "mha_params", "args": {"d_model": d, "h": h, "bias": bias}}, None)])


def block_params(p: dict[str, int], rng: random.Random) -> Draft:
    d, h = p["d_model"], p["h"]
    d_ff = d * p["ff_mult"]
    attn, ffn, norms = 4 * d * d + 4 * d, 2 * d * d_ff + d_ff + d, 2 * 2 * d
    n = attn + ffn + norms
    return Draft(
        "numeric", f"一個 encoder block：d_model = {d}、h = {h}、d_ff = {d_ff}。含 multi-head attention"
        f"（四個投影與 bias）、兩層 feed-forward（含 bias）與兩個 layer norm（γ、β）。共有多少個參數？",
        f"attention：4×{d}² + 4×{d} = {attn}；FFN：{d}×{d_ff} + {d_ff} + {d_ff}×{d} + {d} = {ffn}；"
        f"兩個 layer norm：2×2×{d} = {norms}。合計 {n}。FFN 通常比 attention 還大。", n,
        vars={"d_model": str(d), "h": str(h), "d_ff": str(d_ff)}, data={"d_model": d, "h": h, "d_ff": d_ff},
        allow_percent=False, allow_fraction=False,
        checks=[({"op": "block_params", "args": {"d_model": d, "d_ff": d_ff, "h": h}}, None)])


def comparisons(p: dict[str, int], rng: random.Random) -> Draft:
    n, causal = p["n"], bool(p["causal"])
    key = n * (n + 1) // 2 if causal else n * n
    if causal:
        stem = (f"decoder-only 模型（causal mask）處理 {n} 個 token。每個 query 只和自己及左邊的 key 比對，"
                f"一共要算多少個 query–key 分數？")
        why = f"第 i 個 token 比對 i 個 key：1 + 2 + … + {n} = {n}×{n + 1}/2 = {key}。沒有遮罩時是 {n}² = {n * n}。"
    else:
        stem = (f"self-attention 處理 {n} 個 token，每個 query 都和所有 key（包含自己）比對。"
                f"一共要算多少個 query–key 分數？")
        why = f"{n} 個 query × {n} 個 key = {n}² = {key}。長度加倍，運算量變四倍：這是 O(n²)。"
    return Draft("numeric", stem, why, key, vars={"n": str(n)}, data={"n": n, "causal": causal},
                 allow_percent=False, allow_fraction=False,
                 checks=[({"op": "comparisons", "args": {"n": n, "causal": causal}}, None)])


def causal_visible(p: dict[str, int], rng: random.Random) -> Draft:
    T = p["T"]
    i = rng.randrange(T)
    toks = _TOKENS[:T]
    gpt = rng.random() < 0.5
    key = int((_math.causal_mask(T) if gpt else np.ones((T, T), bool))[i].sum())
    opts = [(i + 1, None if gpt else "mask-forgotten"), (T, "mask-forgotten" if gpt else None),
            (i, None), (T - i, None)]
    # Keep distinct values only (edge positions make some coincide); the key stays first.
    seen: dict[int, str | None] = {}
    for v, m in ([(key, None)] + [o for o in opts if o[0] != key]):
        seen.setdefault(v, m)
    vals = list(seen)
    model = "GPT（decoder-only，causal mask）" if gpt else "BERT（encoder-only，雙向）"
    return Draft(
        "single", f"{model} 讀入 {T} 個 token：{'、'.join(toks)}。第 {i + 1} 個 token「{toks[i]}」"
        f"的 query 可以 attend 到幾個位置（包含自己）？",
        (f"causal mask 只讓 token 看自己和左邊，第 {i + 1} 個位置看得到 {i + 1} 個。" if gpt else
         f"BERT 沒有因果遮罩，每個 token 看得到全部 {T} 個位置（包含右邊）。")
        + "這正是 BERT 不能直接做自迴歸生成、GPT 可以的原因。",
        0, vars={"T": str(T), "position": str(i + 1), "token": toks[i]},
        data={"T": T, "i": i, "gpt": gpt}, choices=[(str(v), seen[v]) for v in vals],
        choice_values=[float(v) for v in vals], tolerance=0.0,
        checks=[(lambda: i + 1 if gpt else T, None)])


def pe_value(p: dict[str, int], rng: random.Random) -> Draft:
    d = p["d_model"]
    pos = p["pos"]
    col = rng.randrange(d)
    angle = pos / 10000 ** ((col - col % 2) / d)
    value = _math.positional_encoding(pos, col, d)
    fn = "sin" if col % 2 == 0 else "cos"
    return Draft(
        "numeric", f"sinusoidal positional encoding，d_model = {d}：PE(pos, 2i) = sin(pos / 10000^(2i/d_model))，"
        f"PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))。求 PE(pos = {pos}, 第 {col} 維)（維度從 0 數起，取到小數第二位）。",
        f"第 {col} 維是{'偶數維用 sin' if fn == 'sin' else '奇數維用 cos'}，2i = {col - col % 2}，"
        f"角度 = {pos} / 10000^({col - col % 2}/{d}) ≈ {angle:.4f}，{fn}({angle:.4f}) ≈ {value:.3f}。"
        f"這個值加在 embedding 上，讓 attention 分得出位置；它不是 attention weight。", value,
        vars={"d_model": str(d), "pos": str(pos), "i": str(col)}, data={"d_model": d, "pos": pos, "i": col},
        tolerance=0.01, checks=[(lambda: math.sin(angle) if col % 2 == 0 else math.cos(angle), None)])


_P = Param
register(Generator("head-dim", "每個 head 的維度", "multi-head", {
    "d_model": _P({"choices": [64, 128, 256, 512, 768]}, 1, 8192, "model width", WIDTHS),
    "h": _P({"choices": [2, 4, 8, 12]}, 1, 64, "heads", HEADS)}, head_dim, valid=_divides))
register(Generator("mha-params", "multi-head attention 參數量", "multi-head", {
    "d_model": _P({"choices": [64, 128, 256, 512]}, 1, 8192, "model width", WIDTHS),
    "h": _P({"choices": [4, 8]}, 1, 64, "heads", HEADS),
    "bias": _P([0, 1], 0, 1, "1 counts the biases")}, mha_params, valid=_divides))
register(Generator("block-params", "encoder block 參數量", "multi-head", {
    "d_model": _P({"choices": [64, 128, 256, 512]}, 1, 8192, "model width", WIDTHS),
    "h": _P({"choices": [4, 8]}, 1, 64, "heads", HEADS),
    "ff_mult": _P(4, 1, 8, "d_ff = ff_mult × d_model")}, block_params, valid=_divides))
register(Generator("comparisons", "query–key 比對次數", "bert-vs-gpt", {
    "n": _P([4, 100], 1, 10000, "tokens"), "causal": _P([0, 1], 0, 1, "1: causal mask")}, comparisons))
register(Generator("causal-visible", "遮罩下看得到幾個位置", "bert-vs-gpt", {
    "T": _P([4, 8], 2, 8, "tokens")}, causal_visible))
register(Generator("pe-value", "positional encoding 的值", "positional-encoding", {
    "d_model": _P({"choices": [4, 8, 16]}, 2, 512, "model width"),
    "pos": _P([0, 10], 0, 1000, "position")}, pe_value))
