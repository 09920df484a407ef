"""Programs an adversarial but realistic user writes, each one a case that once crashed ujit,
corrupted memory or was silently wrong (issue 24 and later). Each section names its case;
the expected behaviour is Numba's (or NumPy's, CPython's) where they define it."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ujit
from ujit import cuda, guvectorize, njit, vectorize

# ---------------------------------------------------------------------------------------
# Read-only arrays (issue 24, item 1). Numba types an argument whose flags.writeable is
# false as `readonly array(...)`, a distinct type, and refuses any store into it when
# typing ("Cannot modify readonly array of type: ..."); NumPy refuses a read-only `out=`
# ("output array is read-only"); copy_to_host needs a writable destination.

READONLY_1D = "Cannot modify readonly array of type: readonly array(int64, 1d, C)"


@njit
def _store_first(a, v):
    a[0] = v


def test_store_into_a_read_only_frombuffer_array_is_a_typing_error_and_the_bytes_stay():
    data = b"\0" * 16
    a = np.frombuffer(data, np.int64)
    with pytest.raises(ujit.TypingError, match=READONLY_1D.replace("(", r"\(").replace(")", r"\)")) as info:
        _store_first(a, 7)
    assert info.value.file == __file__
    assert info.value.line == _store_first.py_func.__code__.co_firstlineno + 2
    assert data == b"\0" * 16  # the immutable bytes object was never written
    w = np.zeros(2, np.int64)
    _store_first(w, 7)  # a writable array of the same dtype is another specialization
    assert w[0] == 7


def test_store_into_a_read_only_mmap_does_not_kill_the_process(tmp_path):
    # It once did (SIGSEGV writing a PROT_READ page): run it in a child so that a regression
    # fails this test instead of ending the test run.
    path = tmp_path / "a.npy"
    np.save(path, np.arange(4, dtype=np.float64))
    program = textwrap.dedent("""
        import sys
        import numpy as np
        import ujit
        from ujit import njit

        @njit
        def scale(a):
            for i in range(a.shape[0]):
                a[i] *= 2.0

        @njit
        def total(a):
            s = 0.0
            for i in range(a.shape[0]):
                s += a[i]
            return s

        a = np.load(sys.argv[1], mmap_mode="r")
        try:
            scale(a)
        except ujit.TypingError as e:
            print("refused:", str(e).splitlines()[0].split("error: ")[1])
        print("total:", total(a))
    """)
    script = tmp_path / "prog.py"  # a file: ujit reads the functions' source
    script.write_text(program)
    r = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert r.stdout.splitlines() == [
        "refused: Cannot modify readonly array of type: readonly array(float64, 1d, C)",
        "total: 6.0",
    ]
    assert (np.load(path) == np.arange(4)).all()


def test_reading_a_read_only_array_compiles_its_own_specialization():
    @njit
    def first(a):
        return a[0] + a[1]

    ro = np.frombuffer(np.array([3, 4], np.int64).tobytes(), np.int64)
    assert str(ujit.typeof(ro)) == "readonly array(int64, 1d, C)"  # numba.typeof's spelling
    assert first(ro) == 7
    assert first(np.array([5, 6])) == 11
    assert sorted(first.signatures) == ["int64(array(int64, 1d, C))", "int64(readonly array(int64, 1d, C))"]


def test_augmented_store_into_a_read_only_2d_array_is_refused():
    @njit
    def bump(a):
        a[1, 1] += 1.0

    ro = np.zeros((2, 2))
    ro.flags.writeable = False
    with pytest.raises(ujit.TypingError, match=r"readonly array\(float64, 2d, C\)"):
        bump(ro)
    assert (ro == 0).all()


def test_a_declared_mutable_signature_does_not_match_a_read_only_array():
    @njit("void(int64[::1], int64)")
    def store(a, v):
        a[0] = v

    ro = np.frombuffer(b"\0" * 8, np.int64)
    with pytest.raises(TypeError, match="No matching definition"):
        store(ro, 1)


def test_ufunc_out_read_only_is_numpys_value_error():
    @vectorize(["float64(float64)"])
    def twice(x):
        return 2.0 * x

    ro = np.zeros(3)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="output array is read-only"):
        twice(np.ones(3), out=ro)
    assert (ro == 0).all()


def test_gufunc_out_read_only_is_numpys_value_error():
    @guvectorize(["void(float64[:], float64[:])"], "(n)->()")
    def total(x, out):
        s = 0.0
        for i in range(x.shape[0]):
            s += x[i]
        out[0] = s

    ro = np.zeros(2)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="output array is read-only"):
        total(np.ones((2, 3)), ro)
    assert (ro == 0).all()


def test_kernel_store_and_atomic_into_a_read_only_host_array_are_refused():
    @cuda.jit
    def store(a):
        a[cuda.grid(1)] = 1

    @cuda.jit
    def count(a):
        cuda.atomic.add(a, 0, 1)

    ro = np.frombuffer(b"\0" * 32, np.int64)
    with pytest.raises(ujit.TypingError, match=r"readonly array\(int64, 1d, C\)"):
        store[1, 4](ro)
    with pytest.raises(ujit.TypingError, match=r"readonly array\(int64, 1d, C\)"):
        count[1, 4](ro)


def test_a_kernel_reads_a_read_only_mmap_and_writes_another_array(tmp_path):
    path = tmp_path / "x.npy"
    np.save(path, np.arange(8, dtype=np.float32))
    x = np.load(path, mmap_mode="r")

    @cuda.jit
    def double(x, out):
        i = cuda.grid(1)
        if i < x.shape[0]:
            out[i] = 2 * x[i]

    out = np.zeros(8, np.float32)
    double[2, 4](x, out)
    assert (out == 2 * np.arange(8)).all()


def test_copy_to_host_into_a_read_only_array_is_refused():
    d = cuda.to_device(np.arange(4, dtype=np.float64))
    ro = np.zeros(4)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="copy_to_host destination is read-only"):
        d.copy_to_host(ro)
    assert (ro == 0).all()


def test_cuda_ufunc_out_read_only_is_refused():
    @vectorize(["float32(float32)"], target="cuda")
    def inc(x):
        return x + np.float32(1)

    ro = np.zeros(4, np.float32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="output array is read-only"):
        inc(np.ones(4, np.float32), out=ro)
    assert (ro == 0).all()
