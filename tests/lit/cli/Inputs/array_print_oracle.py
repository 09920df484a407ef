"""NumPy as the oracle for how `ujit run` prints array results and how print(a) prints
inside compiled code: for each array, `ujit run FILE same x.npy` must print str(x), `pair`
the tuple (x, n) as Python's print does (the array's repr), and `show` (print(a) inside
@njit) str(x) too. Usage: array_print_oracle.py UJIT FILE WORKDIR; prints each mismatch and
exits 1 if there is one."""
import subprocess
import sys

import numpy as np

ujit, source, work = sys.argv[1:4]
nan, inf = np.nan, np.inf
rng = np.random.default_rng(7)

CASES = [
    np.array([0.5, 1.0, 2.0]),
    np.arange(5.0),
    np.array([1e-5, 1.0]),
    np.array([1.5e-5, 1.0]),
    np.array([1e8, 1.0]),
    np.array([123456789.123, 2.5]),
    np.array([-1.5, 2.25, 0.0]),
    np.array([-0.0, 0.0]),
    np.array([nan, inf, -inf, 1.0]),
    np.array([nan]),
    np.array([inf, -inf]),
    np.array([0.1 + 0.2, 1 / 3]),
    np.arange(4) / 3,
    np.array([1e16, 1e-300, 5e-324]),
    np.array([1e300, -1e-7]),
    np.array([0.999999999, 9.9999999999]),
    np.array([1234.5, 0.001]),
    np.array([100.0, 0.1]),
    rng.normal(size=7),
    rng.normal(size=(3, 4)) * 1000,
    np.zeros(3),
    np.array([0.1, 0.2, 1 / 3], dtype=np.float32),
    np.arange(4, dtype=np.float32) / 3,
    np.array([1e-6, 3.0], dtype=np.float32),
    np.array([1, -2, 300], dtype=np.int16),
    np.array([-128, 127], dtype=np.int8),
    np.arange(6, dtype=np.int32).reshape(2, 3),
    np.array([-(2**63), 2**63 - 1]),
    np.array([0, 2**64 - 1], dtype=np.uint64),
    np.array([7, 255], dtype=np.uint8),
    np.array([True, False, True]),
    np.array([True, True]),
    np.array([[True], [False]]),
    np.array([1 + 2j, 3 - 4.5j]),
    np.array([1j, complex(nan, 1), complex(inf, -inf), -2.5 + 0j]),
    np.array([1e-5 + 1j, 2 + 3e6j]),
    np.array([0.1 + 0.2j], dtype=np.complex64),
    np.arange(4).reshape(2, 2),
    np.arange(24).reshape(2, 3, 4),
    np.arange(16.0).reshape(2, 2, 2, 2) / 7,
    np.arange(100.0),
    np.arange(30) * 1.123456789,
    np.arange(40).reshape(2, 20) * 12345,
    np.arange(2000),
    np.arange(2000.0).reshape(50, 40) / 3,
    np.arange(2000).reshape(20, 10, 10),
    np.arange(1001, dtype=np.int8),
    np.zeros(0),
    np.zeros((2, 0)),
    np.zeros((0, 3), dtype=np.int32),
    np.array(3.5),
    np.array(2, dtype=np.int32),
    np.array(True),
    np.array(1 + 2j),
    np.array(0.1, dtype=np.float32),
    np.array(1e-5),
    np.arange(10.0)[::-2],
    np.asfortranarray(np.arange(6.0).reshape(2, 3)),
    np.arange(12).reshape(3, 4)[:, 1:3],
    np.array([1e-10, nan, -inf]),
    np.array([1e10, 1.0], dtype=np.float32),
    np.array([-1e-5, 1e5]),
    np.array([[1.5, nan], [inf, 2.0]]),
    np.arange(1500) > 700,
    np.arange(20) + 1j * np.arange(20),
    np.arange(3000.0) * 1e-3,
    np.arange(5, dtype=np.complex64) * (1 - 0.5j),
]


def run(*args):
    r = subprocess.run([ujit, "run", source, *args], capture_output=True, text=True)
    if r.returncode != 0:
        return "<exit %d: %s>" % (r.returncode, r.stderr.strip())
    return r.stdout


failures = 0
for i, x in enumerate(CASES):
    path = "%s/x%d.npy" % (work, i)
    np.save(path, x)
    expected = {
        "same": str(x) + "\n",
        "pair": str((x, x.ndim)) + "\n",
        "show": str(x) + "\nNone\n",
    }
    for func, want in expected.items():
        got = run(func, path)
        if got != want:
            failures += 1
            print("case %d (%s, dtype %s, shape %s), %s:\n  NumPy: %r\n  ujit:  %r" % (i, func, x.dtype, x.shape, func, want, got))
print("%d cases, %d mismatches" % (len(CASES), failures))
sys.exit(1 if failures else 0)
