#!/usr/bin/env python3
"""Independent oracle for lang/examples: expected results computed with plain CPython.

Writes tests/e2e/expected/examples.json. No numba and no numpy: each example is re-derived
here by hand from Numba's typing rules (/work/shared/numba-notes.md), with float32 storage
emulated by rounding through struct (oracle_values.f32). Where Numba computes in float32 we
round after every operation; where a float64 literal widens the expression we do not.

Each case:
  {"file", "function", "kind": "call" | "vectorize" | "kernel",
   "target": "cpu" | "cuda",
   "signature": optional Numba signature to compile eagerly (else lazy/decorator's),
   "args": [value...]                         (see oracle_values.py for the encoding)
   "result": value                            (call, vectorize: the returned value/array)
   "launch": {"grid": [...], "block": [...]}  (kernel)
   "outputs": [{"arg": index, "expected": array}]   (kernel: arrays after the launch)
   "tolerance": {"rtol": r, "atol": a} | {"max_ulp": n} | {"bounds": [lo, hi]}  (optional;
                 absent means exact equality, nan equal to nan)
   "note": why the tolerance, when there is one}

Regenerate: python3 tools/scripts/example_oracle.py [--check]
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_values import array, error, f32, scalar  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUTPUT = os.path.join(ROOT, "tests", "e2e", "expected", "examples.json")
EX = "lang/examples/"


# ------------------------------------------------------------------ hypot

def hypot_f64(x, y):
    # float64 (or int64) arguments: every operation in double, like CPython.
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)


def hypot_f32(x, y):
    # float32(float32, float32): abs/min/max/`/` stay float32; `1 + t*t` adds an int64
    # literal to a float32, which is float64 in Numba; the return stores float32.
    x, y = abs(x), abs(y)
    t, x = min(x, y), max(x, y)
    t = f32(t / x)
    return f32(x * math.sqrt(1.0 + f32(t * t)))


def hypot_cases():
    cases = []
    for x, y in [(3.0, 4.0), (-3.0, 4.0), (4.0, -3.0), (0.0, 2.5), (1e200, 1e200),
                 (1e-200, 3e-200), (5e-324, 5e-324), (math.inf, 1.0), (1.0, 1e-8)]:
        cases.append(call("hypot.py", "hypot", [scalar("float64", x), scalar("float64", y)],
                          scalar("float64", hypot_f64(x, y))))
    cases.append(call("hypot.py", "hypot", [scalar("int64", 3), scalar("int64", 4)],
                      scalar("float64", hypot_f64(3, 4))))
    # t / x with x == 0: float division by zero raises on the CPU, as in CPython.
    cases.append(call("hypot.py", "hypot", [scalar("float64", 0.0), scalar("float64", 0.0)],
                      error("ZeroDivisionError")))
    for x, y in [(3.0, 4.0), (1.0, 1e-3), (0.1, 0.2), (1e30, 3e30)]:
        x, y = f32(x), f32(y)
        cases.append(call("hypot.py", "hypot", [scalar("float32", x), scalar("float32", y)],
                          scalar("float32", hypot_f32(x, y)),
                          signature="float32(float32, float32)"))
    return cases


# ------------------------------------------------------------------ monte_carlo_pi

def monte_carlo_cases():
    # Random draws: only the statistics are fixed. With 10M samples the standard deviation
    # of the estimate is 4*sqrt(p(1-p)/n) ~ 5.2e-4, so 0.01 is a ~19 sigma bound.
    return [dict(call("monte_carlo_pi.py", "monte_carlo_pi", [scalar("int64", 10_000_000)],
                      scalar("float64", math.pi)),
                 tolerance={"rtol": 0.0, "atol": 0.01},
                 note="random: |estimate - pi| < 0.01 for 10M samples")]


# ------------------------------------------------------------------ gaussian_pdf

SQRT_2PI = f32((2 * math.pi) ** 0.5)


def gaussian_pdf(x, mean, sigma):
    # (x - mean) / sigma and ** 2 are float32; -0.5 is a float64 literal, so the product,
    # exp and the division by the float32 denominator are float64; stored as float32.
    q = f32(f32(x - mean) / sigma)
    sq = f32(q * q)
    den = f32(sigma * SQRT_2PI)
    return f32(math.exp(-0.5 * sq) / den)


def gaussian_cases():
    xs = [f32(-3.0 + 0.375 * k) for k in range(17)]
    cases = []
    for mean, sigma in [(0.0, 1.0), (1.5, 0.5), (-0.25, 2.0)]:
        expect = [gaussian_pdf(x, f32(mean), f32(sigma)) for x in xs]
        cases.append(dict(vec("gaussian_pdf.py", "gaussian_pdf",
                              [array("float32", [len(xs)], xs), scalar("float32", f32(mean)),
                               scalar("float32", f32(sigma))],
                              array("float32", [len(xs)], expect)),
                          tolerance={"max_ulp": 1},
                          note="exp() of the platform's libm may differ by an ulp"))
    return cases


# ------------------------------------------------------------------ polar_distance

def polar_to_cartesian(rho, theta):
    # float32 math.cos/sin (cosf/sinf); the product stays float32.
    return f32(rho * f32(math.cos(theta))), f32(rho * f32(math.sin(theta)))


def polar_distance(rho1, theta1, rho2, theta2):
    x1, y1 = polar_to_cartesian(rho1, theta1)
    x2, y2 = polar_to_cartesian(rho2, theta2)
    s = f32(f32(f32(x1 - x2) ** 2) + f32(f32(y1 - y2) ** 2))
    return f32(s ** 0.5)  # float32 ** float64 literal → float64 pow


def polar_cases():
    pts = [(1.0, 0.0, 1.0, math.pi / 2), (2.0, 0.5, 3.0, 2.5), (0.5, -1.0, 4.0, 1.0),
           (10.0, 3.0, 1.0, -3.0), (1.0, 0.25, 0.0, 0.0), (7.5, 1.2, 2.25, -0.4),
           (3.0, 0.0, 3.0, math.pi), (1.0, 1.0, 1.0, 1.0)]
    cols = [[f32(p[i]) for p in pts] for i in range(4)]
    expect = [polar_distance(*[c[k] for c in cols]) for k in range(len(pts))]
    n = [len(pts)]
    args = [array("float32", n, c) for c in cols]
    tol = {"rtol": 1e-5, "atol": 1e-6}
    note = "cosf/sinf are not correctly rounded (libm, libdevice: 1-2 ulp)"
    return [dict(vec("polar_distance.py", "polar_distance", args, array("float32", n, expect)),
                 tolerance=tol, note=note),
            dict(vec("polar_distance_cuda.py", "polar_distance", args,
                     array("float32", n, expect), target="cuda"), tolerance=tol, note=note)]


# ------------------------------------------------------------------ zero_suppress

def zero_suppress_cases():
    values = [-32768, -300, -5, 0, 3, 7, 8, 9, 15, 300, 32767]
    cases = []
    for threshold in [8, 0, -10]:
        expect = [0 if v < threshold else v for v in values]
        cases.append(vec("zero_suppress.py", "zero_suppress",
                         [array("int16", [len(values)], values), scalar("int16", threshold)],
                         array("int16", [len(values)], expect)))
    # A scalar pair is a 0-d application of the ufunc: the result is a scalar int16.
    cases.append(vec("zero_suppress.py", "zero_suppress",
                     [scalar("int16", 5), scalar("int16", 8)], scalar("int16", 0)))
    return cases


# ------------------------------------------------------------------ CUDA ufuncs

def make_pulses(i, period, amplitude):
    # sin of a float32 is float32; `- 0.3` widens to float64, and so do max and `*`.
    s = f32(math.sin(f32(i / period)))
    return f32(max(s - 0.3, 0.0) * amplitude)


def cuda_ufunc_cases():
    n = 16
    xs = [float(k) for k in range(n)]
    ys = [2.0 * x for x in xs]
    cases = [vec("add_ufunc.py", "add_ufunc",
                  [array("float32", [n], xs), array("float32", [n], ys)],
                  array("float32", [n], [f32(x + y) for x, y in zip(xs, ys)]), target="cuda")]
    ts = [float(k * 37) for k in range(n)]
    period, amplitude = f32(1000 / 23), f32(300.0)
    cases.append(dict(vec("make_pulses.py", "make_pulses",
                          [array("float32", [n], ts), scalar("float32", period),
                           scalar("float32", amplitude)],
                          array("float32", [n], [make_pulses(t, period, amplitude) for t in ts]),
                          target="cuda"),
                      tolerance={"rtol": 1e-5, "atol": 1e-4},
                      note="sinf is not correctly rounded (libdevice: 2 ulp), times 300"))
    return cases


# ------------------------------------------------------------------ kernels

def add_kernel_cases():
    n = 1000  # more than the 4 x 128 threads launched: exercises the grid-stride loop
    xs = [float(k) for k in range(n)]
    ys = [2.0 * x for x in xs]
    return [kernel("add_kernel.py", "add_kernel", {"grid": [4], "block": [128]},
                   [array("float32", [n], xs), array("float32", [n], ys),
                    array("float32", [n], [0.0] * n)],
                   {2: array("float32", [n], [f32(x + y) for x, y in zip(xs, ys)])})]


def thread_counter_cases():
    launch = {"grid": [64], "block": [64]}
    counter = array("int32", [1], [0])
    return [kernel("thread_counter.py", "thread_counter_safe", launch, [counter],
                   {0: array("int32", [1], [64 * 64])}),
            dict(kernel("thread_counter.py", "thread_counter_race_condition", launch, [counter],
                        {0: array("int32", [1], [64 * 64])}),
                 tolerance={"bounds": [1, 64 * 64]},
                 note="racy on purpose: any count from 1 to 4096")]


def histogram(xs, xmin, xmax, nbins):
    # xmax - xmin is float32; dividing by nbins (int64, shape[0]) gives float64; so does
    # (x - xmin) / bin_width; np.int32() truncates toward zero (values just below xmin
    # land in bin 0, as in the course).
    bin_width = f32(xmax - xmin) / nbins
    counts = [0] * nbins
    for x in xs:
        b = int(f32(x - xmin) / bin_width)
        if 0 <= b < nbins:
            counts[b] += 1
    return counts


def histogram_cases():
    xs = [f32(-4.5 + 0.0173 * k) for k in range(600)]
    xmin, xmax, nbins = f32(-4.0), f32(4.0), 10
    return [kernel("histogram.py", "cuda_histogram", {"grid": [2], "block": [64]},
                   [array("float32", [len(xs)], xs), scalar("float32", xmin),
                    scalar("float32", xmax), array("int32", [nbins], [0] * nbins)],
                   {3: array("int32", [nbins], histogram(xs, xmin, xmax, nbins))})]


def transpose_cases():
    tile, rows, cols = 32, 64, 32  # not square, so swapped indices show
    a = [float(k) for k in range(rows * cols)]
    at = [a[r * cols + c] for c in range(cols) for r in range(rows)]
    launch = {"grid": [cols // tile, rows // tile], "block": [tile, tile]}
    args = [array("float32", [rows, cols], a), array("float32", [cols, rows], [0.0] * len(a))]
    out = {1: array("float32", [cols, rows], at)}
    return [kernel("tile_transpose.py", "tile_transpose", launch, args, out),
            kernel("tile_transpose_padded.py", "tile_transpose_padded", launch, args, out)]


# ------------------------------------------------------------------ case records

def call(file, function, args, result, signature=None, target="cpu"):
    case = {"file": EX + file, "function": function, "kind": "call", "target": target,
            "args": args, "result": result}
    if signature:
        case["signature"] = signature
    return case


def vec(file, function, args, result, target="cpu"):
    return {"file": EX + file, "function": function, "kind": "vectorize", "target": target,
            "args": args, "result": result}


def kernel(file, function, launch, args, outputs):
    return {"file": EX + file, "function": function, "kind": "kernel", "target": "cuda",
            "launch": launch, "args": args,
            "outputs": [{"arg": i, "expected": e} for i, e in sorted(outputs.items())]}


def all_cases():
    return (hypot_cases() + monte_carlo_cases() + gaussian_cases() + polar_cases()
            + zero_suppress_cases() + cuda_ufunc_cases() + add_kernel_cases()
            + thread_counter_cases() + histogram_cases() + transpose_cases())


def dumps(doc):
    """One case per line: diffable, and small enough to commit."""
    lines = [json.dumps(case, separators=(",", ":")) for case in doc["cases"]]
    return ('{"generator": "%s",\n "cases": [\n%s\n]}\n'
            % (doc["generator"], ",\n".join(lines)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the committed file differs from a fresh computation")
    ap.add_argument("-o", "--output", default=OUTPUT)
    opts = ap.parse_args()
    doc = {"generator": "tools/scripts/example_oracle.py", "cases": all_cases()}
    for case in doc["cases"]:
        if not os.path.exists(os.path.join(ROOT, case["file"])):
            sys.exit(f"example_oracle: {case['file']} does not exist")
    text = dumps(doc)
    if opts.check:
        with open(opts.output) as f:
            same = f.read() == text
        print(f"{opts.output}: {'up to date' if same else 'STALE'}")
        return 0 if same else 1
    os.makedirs(os.path.dirname(opts.output), exist_ok=True)
    with open(opts.output, "w") as f:
        f.write(text)
    print(f"wrote {len(doc['cases'])} cases to {os.path.relpath(opts.output, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
