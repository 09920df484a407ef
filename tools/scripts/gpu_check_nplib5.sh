#!/usr/bin/env bash
# nplib5's check on the GPU machine, whose Python has the real Numba 0.68: runs the corpus
# programs nplib5 added or flipped with `numba` being Numba itself (no ujit), so each
# program's check() compares Numba with CPython/NumPy, and prints Numba's answers to the
# semantic questions nplib5 decided (see its report). Needs nothing from gpu_pack.sh.
# Output to stdout; exit status 1 if a program fails under Numba.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
python3 - <<'PY'
import math, random, sys
import numpy as np
import numba
from numba import njit, vectorize
sys.path.insert(0, "tools/scripts")
from numba_corpus_check import ask, run_programs
print("numba", numba.__version__, "numpy", np.__version__)
programs = ["array_of_bools", "linalg", "np_math_ufuncs", "np_random_forms", "np_random_ints",
            "random_module_walk", "sum_any_all", "vectorize_ufunc", "least_squares", "bootstrap_mean",
            "train_test_split", "poisson_arrivals", "clamp_ufuncs", "mask_logic", "logsumexp", "dice_rolls",
            "matrix_inverse", "markov_stationary", "range_lengths"]
failed = run_programs(programs)

ask("maximum(-0.0, 0.0) scalar", lambda: math.copysign(1, njit(lambda x, y: np.maximum(x, y))(-0.0, 0.0)))
ask("maximum(-0.0, 0.0) arrays", lambda: np.signbit(njit(lambda x, y: np.maximum(x, y))(np.full(3, -0.0), np.zeros(3))))
@vectorize(["float64(float64, float64)", "float32(float32, float32)"])
def vadd(x, y):
    return x + y
a32 = np.ones(3, np.float32)
ask("vectorize from Python, float32 in", lambda: vadd(a32, a32).dtype)
ask("vectorize in njit, float32 in", lambda: njit(lambda a: vadd(a, a))(a32).dtype)
def seeded_choice(s):
    np.random.seed(s)
    return np.random.choice(np.arange(20), 6, replace=False)
ask("choice(replace=False) numba", lambda: njit(seeded_choice)(3).tolist())
ask("choice(replace=False) numpy", lambda: seeded_choice(3).tolist())
def dice(s):
    random.seed(s)
    return random.randint(1, 6), random.randrange(3, 1000, 7), random.getrandbits(40)
ask("randint/randrange/getrandbits numba", lambda: njit(dice)(5))
ask("randint/randrange/getrandbits cpython", lambda: dice(5))
ask("getrandbits(0) numba", lambda: njit(lambda k: random.getrandbits(k))(0))
ask("np.round(float32 2.675, 2)", lambda: njit(lambda a: np.round(a, 2))(np.array([2.675, 1.005], np.float32)))
ask("inv layout", lambda: njit(lambda a: np.linalg.inv(a))(np.eye(3)).flags.f_contiguous)
ask("det singular", lambda: njit(lambda a: np.linalg.det(a))(np.ones((2, 2))))
ask("inv singular", lambda: njit(lambda a: np.linalg.inv(a))(np.ones((2, 2))))
ask("item() of size 3", lambda: njit(lambda a: a.item())(np.arange(3.0)))
sys.exit(1 if failed else 0)
PY
