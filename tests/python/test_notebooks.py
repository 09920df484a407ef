"""The Numba course's notebooks (tests/python/notebooks/nb*.py), each run as a script
through ujit's imports, its results checked against NumPy and CPython. Without a GPU the
CUDA cells run on the host device (device arrays, streams and synchronize in host memory,
kernels compiled for the CPU).
"""
import math
import os
import runpy

import numpy as np
import pytest

import ujit

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notebooks")

_RUN = {}


def run(name):
    """The notebook script's globals after running it once (as `python nbX.py` would)."""
    if name not in _RUN:
        _RUN[name] = runpy.run_path(os.path.join(HERE, name + ".py"), run_name="notebook")
    return _RUN[name]


# ---------------------------------------------------------------- 1: Numba basics

def test_nb1_hypot_and_py_func():
    nb = run("nb1_basics")
    assert nb["first"] == math.hypot(3.0, 4.0) == nb["original"]
    assert "float64(float64, float64)" in nb["hypot"].signatures


def test_nb1_inspect_types_prints_the_annotated_source(capsys):
    nb = run("nb1_basics")
    nb["hypot"].inspect_types()
    text = capsys.readouterr().out
    assert "hypot" in text and "float64" in text and "math.sqrt(1 + t * t)" in text


@pytest.mark.parametrize("fn", ["lookup", "lookup_nopython"])
def test_nb1_dict_argument_is_a_typing_error_at_the_parameter(fn):
    # Numba 0.33 fell back to object mode for bare @jit; Numba >= 0.59 and ujit compile
    # nopython only, so both cells raise TypingError (a CompileError located in the file).
    nb = run("nb1_basics")
    err = nb["object_mode_error" if fn == "lookup" else "nopython_error"]
    assert isinstance(err, ujit.TypingError)
    assert "argument 0 ('d'): cannot determine Numba type of <class 'dict'>" in str(err)
    src = open(os.path.join(HERE, "nb1_basics.py")).read().splitlines()
    assert err.file.endswith("nb1_basics.py") and src[err.line - 1].startswith("def %s(d)" % fn)
    assert src[err.line - 1][err.col - 1] == "d"


def test_nb1_exercise_calls_hypot_in_a_loop():
    nb = run("nb1_basics")
    np.testing.assert_array_equal(nb["out_add"], nb["in1"] + nb["in2"])
    np.testing.assert_allclose(nb["out"], np.hypot(nb["in1"], nb["in2"]), rtol=1e-15)


# ---------------------------------------------------------------- 2: CUDA basics (ufuncs)

def test_nb2_int64_ufunc_broadcasts_like_numpy():
    nb = run("nb2_cuda_basics")
    assert nb["sum_ab"].dtype == np.int64
    np.testing.assert_array_equal(nb["sum_ab"], np.add(nb["a"], nb["b"]))
    np.testing.assert_array_equal(nb["sum_bcol_c"], np.add(nb["b_col"], nb["c"]))


def _gaussian(x):
    x = np.asarray(x, dtype=np.float64)
    return np.exp(-0.5 * x ** 2) / math.sqrt(2 * math.pi)


def test_nb2_gaussian_pdf_of_scalars_is_a_one_element_float32_array():
    nb = run("nb2_cuda_basics")
    first = nb["pdf_first"]
    assert isinstance(first, np.ndarray) and first.shape == (1,) and first.dtype == np.float32
    np.testing.assert_allclose(first, _gaussian(nb["x"][:1]), rtol=1e-6)


def test_nb2_gaussian_pdf_of_a_million_values():
    nb = run("nb2_cuda_basics")
    assert nb["pdf"].dtype == np.float32 and nb["pdf"].shape == nb["x"].shape
    np.testing.assert_allclose(nb["pdf"], _gaussian(nb["x"]), rtol=1e-6)


def test_nb2_polar_distance_through_a_device_function():
    nb = run("nb2_cuda_basics")
    r1, t1, r2, t2 = (nb[k].astype(np.float64) for k in ("rho1", "theta1", "rho2", "theta2"))
    want = np.hypot(r1 * np.cos(t1) - r2 * np.cos(t2), r1 * np.sin(t1) - r2 * np.sin(t2))
    assert nb["distance"].dtype == np.float32
    np.testing.assert_allclose(nb["distance"], want, rtol=1e-4, atol=1e-5)


def test_nb2_zero_suppress_takes_a_float_threshold_for_its_int16_loop():
    nb = run("nb2_cuda_basics")
    w = nb["waveform"]
    assert nb["suppressed"].dtype == np.int16
    np.testing.assert_array_equal(nb["suppressed"], np.where(w < 15, 0, w))


# ---------------------------------------------------------------- 3: memory management

def _pulses(t, period, amplitude):
    # Numba's types: period and amplitude become float32 (the loop's), sin stays float32,
    # `- 0.3` and max(..., 0.0) are float64, the product is stored as float32.
    s = np.sin(t / np.float32(period)).astype(np.float64)
    return (np.maximum(s - 0.3, 0.0) * np.float32(amplitude)).astype(np.float32)


def test_nb3_host_arrays():
    nb = run("nb3_memory")
    np.testing.assert_array_equal(nb["added"], nb["x"] + nb["y"])
    np.testing.assert_allclose(nb["pulses"], _pulses(nb["t"], nb["period"], 100.0), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(nb["waveform"], nb["pulses"] + nb["noise"], rtol=1e-6)


def test_nb3_device_arrays():
    nb = run("nb3_memory_device")
    np.testing.assert_array_equal(nb["out_host"], nb["x"] + nb["y"])
    np.testing.assert_array_equal(nb["sum_device"].copy_to_host(), nb["x"] + nb["y"])
    want = _pulses(nb["t"], nb["n"] / 23, 100.0) + nb["noise"]
    np.testing.assert_allclose(nb["waveform"], want, rtol=1e-5, atol=1e-4)


# ---------------------------------------------------------------- 4: writing CUDA kernels

def test_nb4_add_kernels_both_ways():
    nb = run("nb4_kernels")
    want = nb["x"] + nb["y"]
    np.testing.assert_array_equal(nb["out_explicit"], want)
    np.testing.assert_array_equal(nb["out"], want)


def test_nb4_atomic_counter_counts_every_thread():
    nb = run("nb4_kernels")
    assert nb["safe_counter"].tolist() == [64 * 64]
    assert 1 <= nb["race_counter"][0] <= 64 * 64  # a race: on a GPU, any count


def _course_bins(x, nbins=10):
    """The course's binning in NumPy: (x - xmin) / width truncated toward zero (so values
    just below xmin land in bin 0), the width float64 as Numba types (xmax - xmin) / nbins."""
    b = ((x - np.float32(-4.0)) / (np.float32(8.0) / np.int64(nbins))).astype(np.int32)
    return np.bincount(b[(b >= 0) & (b < nbins)], minlength=nbins).astype(np.int32)


def test_nb4_histogram_kernel_matches_the_cpu_version():
    nb = run("nb4_kernels")
    np.testing.assert_array_equal(nb["gpu_hist"], nb["cpu_hist"])
    np.testing.assert_array_equal(nb["gpu_hist"], _course_bins(nb["samples"]))


def test_nb4_device_arrays_and_synchronize():
    nb = run("nb4_kernels_device")
    np.testing.assert_array_equal(nb["out"], nb["x"] + nb["y"])
    assert nb["counter"].tolist() == [64 * 64]


# ---------------------------------------------------------------- 5: troubleshooting

def test_nb5_print_in_a_kernel_prints_as_cuda_does(capfd):
    # One line per element, floats as CUDA's printf "%f" (Numba's CUDA print: the
    # notebook shows "in range 1.674757 7"), whether the kernel runs on a GPU or the CPU.
    nb = run("nb5_debugging")
    x = np.random.default_rng(5).normal(size=50).astype(np.float32)
    x[:2] = (-5.0, 5.0)  # one below the bins, one above
    nb["histogram_of"](nb["histogram_printing"], x)
    bins = ((x - np.float32(-4.0)) / (np.float32(8.0) / np.int64(10))).astype(np.int32)
    want = ["%s %f %d" % ("in range" if 0 <= b < 10 else "out of range", v, b) for v, b in zip(x.tolist(), bins)]
    assert sorted(capfd.readouterr().out.splitlines()) == sorted(want)


@pytest.mark.skipif(ujit.cuda.is_available(), reason="on a GPU debug=True does not check indexing (Numba's): "
                    "cuda-memcheck's job, and the bug would write out of bounds there")
def test_nb5_debug_kernel_reports_the_out_of_range_index_at_its_line():
    # On a GPU the `or` bug writes out of bounds (cuda-memcheck, then debug=True, name
    # line 17 of the course's script); run on the CPU, debug=True checks every index.
    nb = run("nb5_debugging")
    x = np.full(50, 12.0, dtype=np.float32)  # (12 - 4) / 0.8 = bin 10 of 10
    with pytest.raises(IndexError) as info:
        nb["histogram_of"](nb["histogram_out_of_bounds"], x)
    src = open(os.path.join(HERE, "nb5_debugging.py")).read().splitlines()
    line = next(i + 1 for i, s in enumerate(src) if "cuda.atomic.add(histogram_out, bin_number, 1)" in s)
    assert "kernel 'histogram_out_of_bounds'" in str(info.value)
    assert "nb5_debugging.py:%d:13" % line in str(info.value)  # the atomic add's index


def test_nb5_fixed_debug_kernel_runs_checked():
    nb = run("nb5_debugging")
    x = np.random.default_rng(6).normal(size=5000).astype(np.float32)
    h = nb["histogram_of"](nb["histogram_fixed"], x)
    np.testing.assert_array_equal(h, _course_bins(x))


# ---------------------------------------------------------------- 6: extra topics

def test_nb6_random_numbers_estimate_pi():
    nb = run("nb6_random")
    assert nb["out"].dtype == np.float32
    assert abs(nb["pi_estimate"] - math.pi) < 0.01
    # The states: a uint64 (n, 2) device array (Numba's are n records of two uint64).
    assert nb["rng_states"].dtype == np.uint64 and nb["rng_states"].shape == (64 * 24, 2)


def test_nb6_transposes():
    nb = run("nb6_extra")
    np.testing.assert_array_equal(nb["naive_out"], nb["a_in"].T)
    np.testing.assert_array_equal(nb["tiled_out"], nb["a_in"].T)


def test_nb6_float32_gufunc_casts_float64_points():
    nb = run("nb6_extra")
    norms = nb["norms"]
    assert norms.dtype == np.float32 and norms.shape == (10,)
    np.testing.assert_allclose(norms, np.linalg.norm(nb["coords"].astype(np.float32), axis=1), rtol=1e-6)
