"""Numba's stream API beyond cuda.stream() (issue 21, item 3): external, legacy and
per-thread default streams, add_callback and async_done. On the host device every stream is
synchronous; on a GPU the external stream is CUDA's own legacy stream handle, so the test
needs no other library."""
import asyncio

import numpy as np
import pytest

from ujit import cuda


@cuda.jit
def _add_one(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] += 1


@pytest.mark.parametrize("make", [cuda.legacy_default_stream, cuda.per_thread_default_stream,
                                  lambda: cuda.external_stream(0x1), cuda.stream, cuda.default_stream])
def test_kernels_and_copies_on_each_kind_of_stream(make):
    s = make()
    d = cuda.to_device(np.arange(8.0), stream=s)
    _add_one[1, 32, s](d)
    out = np.zeros(8)
    d.copy_to_host(out, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(out, np.arange(8.0) + 1)
    assert s.query()


def test_external_stream_checks_its_argument():
    with pytest.raises(ValueError, match="CUstream address"):
        cuda.external_stream(0)
    with pytest.raises(TypeError):
        cuda.external_stream("not a pointer")


def test_add_callback_runs_after_the_work():
    s = cuda.stream()
    d = cuda.to_device(np.zeros(4), stream=s)
    _add_one[1, 32, s](d)
    seen = []
    s.add_callback(lambda stream, status, arg: seen.append((stream is s, status, arg, d.copy_to_host().tolist())),
                   "tag")
    assert seen == [(True, 0, "tag", [1.0, 1.0, 1.0, 1.0])]


def test_async_done():
    s = cuda.stream()
    d = cuda.to_device(np.zeros(4), stream=s)
    _add_one[1, 32, s](d)

    async def wait():
        await s.async_done()
        return d.copy_to_host().tolist()

    assert asyncio.run(wait()) == [1.0, 1.0, 1.0, 1.0]
