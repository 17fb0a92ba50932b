"""Engine speed and memory: ours vs torch's CPU attention in one process, and the table render time.

Run: ``python benchmarks/engine.py`` (needs the ``reference`` extra: ``pip install torch==2.13.0``;
without torch only the memory and render figures print). Options: ``--sizes 64 256``,
``--reps N``, ``--quick``, ``--single-thread``.

OpenBLAS worker threads spin ~0.1 s after each call and slow a torch call that follows (and
torch's OpenMP threads spin after its calls), so this script sets ``OPENBLAS_THREAD_TIMEOUT=4``
before NumPy loads and times each side warm: in alternating bursts (one untimed call, then
timed calls back to back), so background load hits both alike. Ratios use each side's best run
(the machine's capability; medians are printed too, since shared machines are noisy).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
SINGLE = "--single-thread" in sys.argv
if SINGLE:  # must be set before NumPy loads OpenBLAS
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    os.environ["QUIZTERM_ENGINE_THREADS"] = "1"

import argparse  # noqa: E402
import io  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402

import numpy as np  # noqa: E402

from quizterm.engine import chunked_attention, scaled_dot_product_attention, softmax  # noqa: E402

H, D_K = 8, 64


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def alternate(a, b, reps: int, burst: int = 2) -> tuple[list[float], list[float]]:
    """Run ``a`` and ``b`` in alternating warm bursts; lists of seconds.

    Each burst starts with one untimed call: it absorbs the other side's still-spinning worker
    threads and wakes this side's own, so every timed call runs warm, back to back.
    """
    ta: list[float] = []
    tb: list[float] = []
    for _ in range(reps):
        for fn, times in ((a, ta), (b, tb)):
            fn()
            times.extend(timed(fn) for _ in range(burst))
    return ta, tb


def paired_ratio(ta: list[float], tb: list[float], burst: int = 2) -> float:
    """Median over bursts of (a's best / b's best in the neighbouring burst): load drifts slowly,
    so neighbours share it and the ratio keeps what the absolute times lose."""
    pairs = [min(ta[i:i + burst]) / min(tb[i:i + burst]) for i in range(0, min(len(ta), len(tb)), burst)]
    return statistics.median(pairs)


def matmul_gflops(reps: int = 5) -> float:
    """The machine's own float32 matmul throughput (2048^3 sgemm through NumPy)."""
    a = np.random.default_rng(0).standard_normal((2048, 2048)).astype(np.float32)
    out = np.empty_like(a)
    np.matmul(a, a, out=out)
    best = min(timed(lambda: np.matmul(a, a, out=out)) for _ in range(reps))
    return 2 * 2048**3 / best / 1e9


def attention_flops(T: int, causal: bool) -> float:
    """Multiply-adds x 2 of QKᵀ and PV over all heads (half of it when causal)."""
    return 4 * H * T * T * D_K / (2 if causal else 1)


def vs_torch(sizes: list[int], reps: int, peak: float) -> None:
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        print("torch not installed: skipping the comparison (pip install torch==2.13.0)")
        return
    if SINGLE:
        torch.set_num_threads(1)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads; float32, h={H}, d_k={D_K}")
    print(f"{'T':>5} {'causal':>6} {'torch ms':>9} {'ours ms':>8} {'ratio':>6} {'paired':>6} "
          f"{'+weights':>8} {'chunked':>8} {'of sgemm':>8}")
    rng = np.random.default_rng(0)
    for T in sizes:
        # (batch, heads, T, d_k): torch picks its fused flash kernel only for 4-D inputs
        q, k, v = (rng.standard_normal((1, H, T, D_K)).astype(np.float32) for _ in range(3))
        tq, tk, tv = (torch.from_numpy(a) for a in (q, k, v))
        r = max(3, reps if T <= 1024 else reps // 2)
        for causal in (False, True):
            def theirs():
                with torch.inference_mode():
                    F.scaled_dot_product_attention(tq, tk, tv, is_causal=causal)

            def ours():
                scaled_dot_product_attention(q, k, v, causal=causal, need_weights=False, dtype=np.float32)

            def ours_w():
                scaled_dot_product_attention(q, k, v, causal=causal, dtype=np.float32)

            def chunked():
                chunked_attention(q, k, v, causal=causal, dtype=np.float32)

            t_ours, t_torch = alternate(ours, theirs, r)
            t_w, t_torch2 = alternate(ours_w, theirs, max(2, r // 2))
            t_c, t_torch3 = alternate(chunked, theirs, max(2, r // 2))
            best_torch = min(t_torch + t_torch2 + t_torch3)
            # Re-measure the machine's sgemm next to each row: background load comes and goes.
            peak = max(peak, matmul_gflops(3))
            frac = attention_flops(T, causal) / min(t_ours) / 1e9 / peak
            print(f"{T:>5} {str(causal):>6} {best_torch * 1e3:>9.2f} {min(t_ours) * 1e3:>8.2f} "
                  f"{min(t_ours) / best_torch:>6.2f} "
                  f"{paired_ratio(t_ours, t_torch):>6.2f} "
                  f"{min(t_w) / best_torch:>8.2f} {min(t_c) / best_torch:>8.2f} {frac:>8.0%}", flush=True)
    print(f"best float32 sgemm seen: {peak:.0f} GFLOP/s; load average now {os.getloadavg()[0]:.2f}")
    print("ratio = ours/torch, best run of each; paired = median over bursts of the ratio between")
    print("neighbouring bursts (steadier under background load). 'ours' skips the weights as torch")
    print("does (need_weights=False, which runs the key-block kernel with the default block);")
    print("'+weights' returns the full (h, T, T) weights; 'chunked' = chunked_attention(block=256);")
    print("'of sgemm' = our attention GFLOP/s over the machine's float32 matmul GFLOP/s.")


def peak_extra(fn) -> int:
    """Peak bytes NumPy allocated while ``fn`` ran (NumPy reports its buffers to tracemalloc)."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def memory(T: int = 8192, reps: int = 3) -> None:
    rng = np.random.default_rng(1)
    q, k, v = (rng.standard_normal((1, T, D_K)).astype(np.float32) for _ in range(3))

    def plain():
        scaled_dot_product_attention(q, k, v, dtype=np.float32)

    def chunked():
        chunked_attention(q, k, v, dtype=np.float32)

    mem_p, mem_c = peak_extra(plain), peak_extra(chunked)
    t_p, t_c = alternate(plain, chunked, reps)
    print(f"T={T}, one head, d_k={D_K}, float32: extra memory plain {mem_p / 2**20:.1f} MiB, "
          f"chunked {mem_c / 2**20:.1f} MiB ({mem_c / mem_p:.3f} of plain); time chunked/plain {min(t_c) / min(t_p):.2f} "
          f"(median {statistics.median(t_c) / statistics.median(t_p):.2f})")


def render(reps: int = 7) -> None:
    from rich.console import Console

    from quizterm.render.attention import weights_table

    w = softmax(np.random.default_rng(2).standard_normal((64, 64)) * 3)
    tokens = [f"t{i}" for i in range(64)]

    def once():
        console = Console(file=io.StringIO(), width=400, color_system="truecolor")
        console.print(weights_table(w, tokens, tokens, title="64 x 64"))

    once()
    times = [timed(once) for _ in range(reps)]
    print(f"64x64 heat table, build + render to truecolor: best {min(times) * 1e3:.1f} ms, "
          f"median {statistics.median(times) * 1e3:.1f} ms (goal < 50 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024, 4096])
    parser.add_argument("--reps", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="sizes 64 256 1024, 3 reps, T=4096 memory")
    parser.add_argument("--single-thread", action="store_true",
                        help="one thread on each side (OpenBLAS, the engine's tiles, torch): steadier on a busy machine")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.reps = [64, 256, 1024], 3
    peak = matmul_gflops()
    print(f"float32 sgemm 2048^3: {peak:.0f} GFLOP/s; load average {os.getloadavg()[0]:.2f}; "
          f"OPENBLAS_THREAD_TIMEOUT={os.environ.get('OPENBLAS_THREAD_TIMEOUT')}")
    vs_torch(args.sizes, args.reps, peak)
    memory(4096 if args.quick else 8192)
    render()


if __name__ == "__main__":
    main()
