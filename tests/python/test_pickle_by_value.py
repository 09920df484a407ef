"""Compiled functions and kernels made inside functions pickle by value (numba-cuda's
test_serialize.py; Numba's dispatcher pickling): they run after unpickling, in this process
and in another one, where the source file is absent or says something else; configured
launches keep their configuration, and their pre-launch callbacks run as numba-cuda's do."""
import os
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from ujit import cuda, njit, vectorize

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")


def _local_functions(scale):
    @cuda.jit(device=True)
    def inner(a):
        return a + 1

    @cuda.jit("void(intp[:])")
    def declared(arr):
        arr[0] = inner(arr[0])

    @cuda.jit
    def launched(arr):
        arr[0] = inner(arr[0]) * scale

    @njit
    def factorial(n):
        return 1 if n <= 1 else n * factorial(n - 1)

    @njit
    def uses_numpy(a):
        return np.sqrt(a).sum() * scale + factorial(3)

    @vectorize(["intp(intp)", "float64(float64)"], target="cuda")
    def doubled(x):
        return x * 2

    return declared, launched, factorial, uses_numpy, doubled


def _round_trip(obj, times=2):
    for _ in range(times):
        obj = pickle.loads(pickle.dumps(obj))
    return obj


@pytest.mark.parametrize("which, expected", [(0, 101), (1, 303)])
def test_kernels_made_in_a_function_run_after_a_round_trip(which, expected):
    kernel = _local_functions(3)[which]
    for times in (1, 2):
        arr = np.array([100])
        _round_trip(kernel, times)[1, 1](arr)
        assert arr[0] == expected


def test_recursive_and_calling_functions_pickle_by_value():
    _, _, factorial, uses_numpy, doubled = _round_trip(_local_functions(2))
    assert factorial(10) == 3628800
    a = np.arange(4.0)
    assert uses_numpy(a) == pytest.approx(np.sqrt(a).sum() * 2 + 6)
    np.testing.assert_equal(doubled(np.arange(5)), np.arange(5) * 2)


def test_a_configured_launch_keeps_its_configuration():
    kernel = _local_functions(1)[1]
    configured = _round_trip(kernel[5, 8])
    assert configured.griddim == (5, 1, 1) and configured.blockdim == (8, 1, 1)
    arr = np.array([1])
    configured.dispatcher[1, 1](arr)  # (5 x 8 threads would race on arr[0])
    assert arr[0] == 2


def test_pre_launch_callbacks_run_before_their_launch_only():
    kernel = _local_functions(1)[1]
    seen = []
    configured = kernel[1, 1]
    configured.pre_launch_callbacks.append(lambda k, config: seen.append((k.__name__, config.griddim)))
    arr = np.array([1])
    configured(arr)
    configured(arr)
    assert seen == [("launched", (1, 1, 1))] * 2 and arr[0] == 3
    kernel[1, 1](arr)  # a new configuration: no callbacks (as each numba-cuda subscription)
    assert len(seen) == 2 and arr[0] == 4
    with pytest.raises(pickle.PicklingError, match="Cannot pickle configured launches with pre-launch callbacks"):
        pickle.dumps(configured)


_MODULE = '''
import numpy as np
from ujit import cuda, njit

OFFSET = {offset}

def make():
    @cuda.jit
    def add_offset(arr):
        i = cuda.grid(1)
        if i < arr.size:
            arr[i] += OFFSET

    @njit
    def norm(a):
        return np.sqrt((a * a).sum()) + OFFSET

    return add_offset, norm
'''

_CHILD = '''
import pickle, sys, warnings
import numpy as np
warnings.simplefilter("ignore")
kernel, norm = pickle.loads(sys.stdin.buffer.read())
a = np.zeros(4)
kernel[1, 4](a)
print(a.tolist(), norm(np.array([3.0, 4.0])))
'''


@pytest.mark.parametrize("file_in_child", ["absent", "changed"])
def test_another_process_compiles_from_the_pickled_source(tmp_path, file_in_child):
    """The child has no file of that name, or one whose text changed since: it compiles the
    text that was pickled, as Numba's child runs the pickled bytecode."""
    module_dir = tmp_path / "src"
    module_dir.mkdir()
    path = module_dir / "made_here.py"
    path.write_text(_MODULE.format(offset=7))
    sys.path.insert(0, str(module_dir))
    try:
        import made_here

        data = pickle.dumps(made_here.make())
    finally:
        sys.path.remove(str(module_dir))
        sys.modules.pop("made_here", None)
    if file_in_child == "absent":
        path.unlink()
    else:
        path.write_text("# edited\n" * 3 + _MODULE.format(offset=1000).replace("+= OFFSET", "-= OFFSET"))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(_CHILD)], input=data, capture_output=True,
                         env=env, cwd=str(tmp_path), timeout=300)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.decode().split("\n")[0] == "[7.0, 7.0, 7.0, 7.0] 12.0"


@njit
def module_level_square(x):
    return x * x


def test_a_function_found_by_name_pickles_by_reference():
    from ujit import _pickle_function

    assert _pickle_function.by_value(textwrap.dedent) is textwrap.dedent
    data = pickle.dumps(module_level_square)
    assert b"_make_function" not in data
    assert pickle.loads(data) is module_level_square
    assert b"_make_function" in pickle.dumps(_local_functions(1)[2])
