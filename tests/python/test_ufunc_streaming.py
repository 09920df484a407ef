"""npspeed2: a CPU @vectorize ufunc whose output in one call is 8 MiB or more writes it with
non-temporal (streaming) stores from 64-byte boundaries on (codegen/ufunc_loop.cpp): the
elements before the first boundary one by one, whole lines from a chunk buffer, the rest of
each chunk plainly. NumPy is the oracle for the values, wherever the output starts."""
import numpy as np
import pytest

import ujit
from ujit import vectorize

STREAM_BYTES = 8 << 20


@vectorize(["float32(float32, float32)", "float64(float64, float64)", "int8(int8, int8)",
            "int16(int16, int16)", "int64(int64, int64)"])
def add(x, y):
    return x + y


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int8, np.int16, np.int64])
def test_large_outputs_match_numpy_at_every_start_in_a_line(dtype):
    size = np.dtype(dtype).itemsize
    n = STREAM_BYTES // size + 37  # a tail that is no whole line
    rng = np.random.default_rng(5)
    x = rng.integers(-50, 50, n).astype(dtype)
    y = rng.integers(-50, 50, n).astype(dtype)
    want = np.add(x, y)
    store = np.empty(n + 64 // size, dtype)
    for first in range(0, 64 // size, max(1, 16 // size)):  # the output starts anywhere in a line
        out = store[first:first + n]
        out[:] = 0
        add(x, y, out=out)
        np.testing.assert_array_equal(out, want)
    np.testing.assert_array_equal(add(x, y), want)  # a new output
    np.testing.assert_array_equal(add(x, dtype(3)), x + dtype(3))  # a broadcast scalar


def test_an_output_off_its_dtypes_alignment_is_written_plainly():
    n = STREAM_BYTES // 4 + 5
    x = np.arange(n, dtype=np.float32)
    raw = np.zeros(4 * n + 1, np.uint8)
    out = raw[1:].view(np.float32)  # not a multiple of 4 bytes: no streaming
    add(x, x, out=out)
    np.testing.assert_array_equal(out, x + x)


def test_just_below_and_at_the_threshold():
    for n in (STREAM_BYTES // 8 - 1, STREAM_BYTES // 8):
        x = np.linspace(-1, 1, n)
        np.testing.assert_array_equal(add(x, x), x + x)


def test_a_raise_in_a_streamed_output_stops_there_as_in_a_short_one():
    # The chunk that raises is rerun through the kernel straight into the output: the
    # elements before the bad one are written, none from it on, streamed or not (Python's
    # ufuncs report the raise as NumPy reports an invalid value).
    @vectorize(["float64(float64)"])
    def checked(x):
        if x < 0:
            raise ValueError("negative")
        return 2 * x

    for n, bad in ((20, 13), (STREAM_BYTES // 8 + 1000, 700_001)):
        x = np.arange(n, dtype=np.float64)
        x[bad] = -1.0
        out = np.full(n, -7.0)
        with np.errstate(invalid="ignore"):
            checked(x, out=out)
        np.testing.assert_array_equal(out[:bad], 2 * x[:bad])
        assert (out[bad:] == -7.0).all(), n


def test_the_parallel_target_streams_each_large_piece():
    @vectorize(["float32(float32, float32)"], target="parallel")
    def padd(x, y):
        return x + y

    n = 4 * STREAM_BYTES // 4 + 11
    x = np.random.default_rng(6).random(n).astype(np.float32)
    np.testing.assert_array_equal(padd(x, x), x + x)


def test_in_place_large_outputs_stream_and_match_numpy():
    n = STREAM_BYTES // 8 + 3
    x = np.linspace(0, 1, n)
    want = x + x
    add(x, x, out=x)  # in place: each chunk reads its inputs before its stores
    np.testing.assert_array_equal(x, want)
