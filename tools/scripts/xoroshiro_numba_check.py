#!/usr/bin/env python3
"""ujit's numba.cuda.random against real Numba on a GPU: states, every draw, the course cell.

Run where numba-cuda and a GPU are (the lent machine), with the Python package built:

    PYTHONPATH=lang/python UJIT_PYTHON_EXT_DIR=build/release/lang/python \\
        python3 tools/scripts/xoroshiro_numba_check.py [--states 4096] [--draws 64]

The same kernel source is imported twice, once over `numba` and once over `ujit` (only the
import lines differ). Checked: create_xoroshiro128p_states(n, seed, subsequence_start) for a
few arguments (Numba's record array viewed as uint64 (n, 2) against ujit's array), the
draws of xoroshiro128p_next / uniform_float32 / uniform_float64 (equal) and normal_float32 /
normal_float64 (equal, or within --max-ulp; both use libdevice), and the course's compute_pi
output (equal). Also the committed oracle (tests/python/xoroshiro128p_expected.json) against
Numba. Exit status 0 when everything agrees.
"""
import argparse
import importlib.util
import json
import os
import sys
import tempfile

import numpy as np

if not hasattr(np, "row_stack"):  # numba-cuda 0.68 still calls it; NumPy 2.x removed it
    np.row_stack = np.vstack

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

KERNELS = '''
import numpy as np
{imports}


@cuda.jit
def draw_next(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_next(states, i)


@cuda.jit
def draw_uniform32(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)


@cuda.jit
def draw_uniform64(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float64(states, i)


@cuda.jit
def draw_normal32(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_normal_float32(states, i)


@cuda.jit
def draw_normal64(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_normal_float64(states, i)


@cuda.jit
def compute_pi(rng_states, iterations, out):
    thread_id = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x**2 + y**2 <= 1.0:
            inside += 1
    out[thread_id] = 4.0 * inside / iterations
'''

NAMES = ("create_xoroshiro128p_states, xoroshiro128p_next, xoroshiro128p_normal_float32, "
         "xoroshiro128p_normal_float64, xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64")
IMPORTS = {
    "numba": "from numba import cuda\nfrom numba.cuda.random import (%s)" % NAMES,
    "ujit": "from ujit import cuda\nfrom ujit.cuda.random import (%s)" % NAMES,
}
KINDS = (("next", np.uint64), ("uniform32", np.float32), ("uniform64", np.float64), ("normal32", np.float32),
         ("normal64", np.float64))


def load(backend, folder):
    path = os.path.join(folder, "xoro_%s.py" % backend)
    with open(path, "w") as f:
        f.write(KERNELS.format(imports=IMPORTS[backend]))
    spec = importlib.util.spec_from_file_location("xoro_%s" % backend, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def as_rows(states):
    """Host uint64 (n, 2) of either backend's states (Numba's records viewed)."""
    h = states.copy_to_host() if hasattr(states, "copy_to_host") else np.asarray(states)
    if h.dtype.names:
        h = h.view(np.uint64).reshape(h.shape[0], 2)
    return h


def max_ulp(a, b):
    a, b = np.asarray(a), np.asarray(b)
    both = np.isfinite(a) & np.isfinite(b)
    if not np.array_equal(np.isfinite(a), np.isfinite(b)):
        return np.inf
    spacing = np.spacing(np.abs(b[both]).astype(b.dtype))
    return float(np.max(np.abs(a[both].astype(np.float64) - b[both].astype(np.float64)) / spacing, initial=0.0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", type=int, default=4096)
    ap.add_argument("--draws", type=int, default=64)
    ap.add_argument("--max-ulp", type=float, default=2.0, help="allowed for the normals")
    args = ap.parse_args()

    import numba
    import numba.cuda  # noqa: F401 (numba does not import its cuda package by itself)
    import ujit
    from ujit import cuda as ucuda
    if not ucuda.is_available():
        sys.exit("ujit sees no CUDA device: %s" % ucuda.unavailable_reason())
    print("numba %s, ujit %s, %s" % (numba.__version__, getattr(ujit, "__version__", "?"),
                                     numba.cuda.get_current_device().name))
    failures = 0

    def report(what, ok, detail=""):
        nonlocal failures
        failures += not ok
        print("%-4s %s%s" % ("ok" if ok else "FAIL", what, (": " + detail) if detail else ""))

    with tempfile.TemporaryDirectory() as folder:
        nb, uj = load("numba", folder), load("ujit", folder)

        # Numba takes seeds that fit an int64 (2**64 - 1 is an OverflowError there; ujit wraps it
        # to uint64, as the oracle's case shows).
        for n, seed, start in ((args.states, 1, 0), (1000, 12345, 3), (17, 2**63 - 1, 0), (5, 0, 1)):
            a = as_rows(nb.create_xoroshiro128p_states(n, seed, subsequence_start=start))
            b = as_rows(uj.create_xoroshiro128p_states(n, seed, subsequence_start=start))
            report("states n=%d seed=%d subsequence_start=%d" % (n, seed, start), np.array_equal(a, b))

        with open(os.path.join(ROOT, "tests", "python", "xoroshiro128p_expected.json")) as f:
            oracle = json.load(f)
        for case in oracle["states"]:
            if case["seed"] >= 2**63:
                continue  # past Numba's int64 seed (above)
            a = as_rows(nb.create_xoroshiro128p_states(case["n"], case["seed"], case["subsequence_start"]))
            report("oracle states n=%d seed=%d" % (case["n"], case["seed"]), a.tolist() == case["states"])

        n, k = args.states, args.draws
        grid, block = (n + 127) // 128, 128
        for kind, dtype in KINDS:
            outs = []
            for mod, cuda in ((nb, numba.cuda), (uj, ucuda)):
                states = mod.create_xoroshiro128p_states(n, 42)
                out = cuda.device_array((n, k), dtype=dtype)
                getattr(mod, "draw_" + kind)[grid, block](states, out)
                outs.append(out.copy_to_host())
            if kind.startswith("normal"):
                equal = int(np.sum(outs[0] == outs[1]))
                ulp = max_ulp(outs[1], outs[0])
                report("draws %s (%d x %d)" % (kind, n, k), ulp <= args.max_ulp,
                       "%d of %d equal, max %.1f ulp" % (equal, outs[0].size, ulp))
            else:
                report("draws %s (%d x %d)" % (kind, n, k), np.array_equal(outs[0], outs[1]))
        draws = oracle["draws"]
        states = nb.create_xoroshiro128p_states(oracle["draw_states"], oracle["draw_seed"])
        out = numba.cuda.device_array((oracle["draw_states"], len(draws["next"][0])), dtype=np.uint64)
        nb.draw_next[1, 32](states, out)
        report("oracle draws (next) against Numba", out.copy_to_host().tolist() == draws["next"])

        pis = []
        for mod, cuda in ((nb, numba.cuda), (uj, ucuda)):
            states = mod.create_xoroshiro128p_states(64 * 24, seed=1)
            out = np.zeros(64 * 24, dtype=np.float32)
            mod.compute_pi[24, 64](states, 10000, out)
            pis.append(out)
        report("course compute_pi (pi %.6f)" % pis[1].mean(), np.array_equal(pis[0], pis[1]))
    print("%d failure(s)" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
