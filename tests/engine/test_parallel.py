"""The threaded tile path gives the serial result (large inputs cross the parallel threshold)."""

from __future__ import annotations

import numpy as np
import pytest

from quizterm.engine import chunked_attention, scaled_dot_product_attention
from quizterm.engine import parallel


@pytest.mark.parametrize("causal", [False, True])
def test_threaded_equals_serial(monkeypatch, causal):
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((2, 512, 64)).astype(np.float32) for _ in range(3))
    assert 2 * 512 * 512 * 128 // 2 >= parallel.MIN_PARALLEL_WORK
    out, w = scaled_dot_product_attention(q, k, v, causal=causal, dtype=np.float32)
    fast, _ = scaled_dot_product_attention(q, k, v, causal=causal, dtype=np.float32, need_weights=False)
    chunk = chunked_attention(q, k, v, causal=causal, dtype=np.float32)
    monkeypatch.setenv("QUIZTERM_ENGINE_THREADS", "1")
    assert parallel.worker_count() == 1
    out1, w1 = scaled_dot_product_attention(q, k, v, causal=causal, dtype=np.float32)
    np.testing.assert_allclose(w, w1, atol=1e-6)
    np.testing.assert_allclose(out, out1, atol=1e-5)
    np.testing.assert_allclose(fast, out1, atol=1e-5)
    np.testing.assert_allclose(chunk, out1, atol=1e-5)


def test_worker_errors_propagate():
    def boom(job):
        if job == 3:
            raise RuntimeError("tile failed")

    with pytest.raises(RuntimeError, match="tile failed"):
        parallel.run_tiles(boom, list(range(8)), work=parallel.MIN_PARALLEL_WORK * 2)


def test_without_per_thread_blas_control_tiles_run_serially(monkeypatch):
    monkeypatch.delenv("QUIZTERM_ENGINE_THREADS", raising=False)
    monkeypatch.setattr(parallel, "_set_local", None)  # e.g. MKL or an old OpenBLAS
    assert parallel.worker_count() == 1
    seen = []
    parallel.run_tiles(seen.append, [0, 1, 2], work=parallel.MIN_PARALLEL_WORK * 4)
    assert seen == [0, 1, 2]
