"""Programs an adversarial but realistic user writes: each must compile and run as in Numba
(CPython and NumPy as the oracle) or fail with Numba's exception class and a precise
message, never an internal Python error (IndexError, KeyError, RecursionError from ujit's
own code) or a crash. Sections by issue; add the next cases found to the section they
belong to, or a new one."""
import importlib.util
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import ujit
from ujit import cuda, guvectorize, njit, vectorize


# --------------------------------------------------------------------------------------
# Issue 24 item 12: misleading errors from the Python layer (_types.py, _source.py,
# _dispatcher.py, _ufunc.py). Numba compiles the first ones; so does ujit now.

class TestIssue24PythonLayer:
    def test_star_args_are_a_tuple(self):
        @njit
        def add_all(*args):
            return args[0] + args[1]

        assert add_all(1, 2) == 3
        assert add_all(1.5, 2) == 3.5
        assert add_all(np.int32(7), 1) == 8

    def test_star_args_count_and_none_result(self):
        @njit
        def count(*args):
            return len(args)

        @njit
        def nothing(*args):
            x = args[0]

        assert count(1, 2.0, 3) == 3
        assert nothing(1, 2) is None
        assert count() == 0  # an empty tuple, as in Numba

    def test_star_args_after_named_parameters(self):
        @njit
        def scaled(k, *xs):
            return k * (xs[0] - xs[1])

        assert scaled(2.0, 5, 3) == 4.0

    def test_keyword_only_parameters_stay_a_located_error(self):
        @njit
        def f(a, *, b=2):
            return a + b

        with pytest.raises(ujit.CompileError, match=r"keyword-only parameters \('\*'\) are not supported"):
            f(1, b=3)

    def test_seventeen_parameters(self):
        @njit
        def many(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16):
            return a0 + a16 * 2 + a8 * a9 - a15

        args = list(range(17))
        assert many(*args) == many.py_func(*args)
        floats = [x * 0.5 for x in args]
        assert many(*floats) == many.py_func(*floats)

    def test_more_parameters_than_ujit_calls_is_a_typing_error(self, tmp_path):
        import importlib.util

        path = tmp_path / "wide.py"
        path.write_text("def wide(%s):\n    return a0\n" % ", ".join("a%d" % i for i in range(70)))
        spec = importlib.util.spec_from_file_location("wide", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        with pytest.raises(ujit.TypingError, match="takes 70 arguments; ujit calls compiled functions with at most 64"):
            njit(module.wide)(*range(70))

    def test_lambda(self):
        inc = njit(lambda x: x + 1)
        assert inc(2) == 3
        assert inc(2.5) == 3.5
        two = njit(lambda x, y: (x * y,
                                 x - y))
        assert two(3, 4) == (12, -1)

    def test_vectorized_lambdas(self):
        double = vectorize(["float64(float64)"])(lambda x: x * 2)
        assert double(np.arange(3.0)).tolist() == [0.0, 2.0, 4.0]
        inc = vectorize(lambda x: x + 1)
        assert inc(np.arange(3)).tolist() == [1, 2, 3]

    def test_a_lambda_called_by_another_function(self):
        square = njit(lambda v: v * v)

        @njit
        def sum_of_squares(t):
            return square(t[0]) + square(t[1])

        assert sum_of_squares((3, 1.5)) == 11.25

    def test_an_error_in_a_lambda_points_into_it(self):
        bad = njit(lambda x: x + (1, 2))
        with pytest.raises(ujit.TypingError) as info:
            bad(1.0)
        e = info.value
        assert (e.file, e.line) == (__file__, bad.py_func.__code__.co_firstlineno)
        assert open(__file__).read().splitlines()[e.line - 1][e.col - 1:].startswith("x + (1, 2)")

    def test_a_lambda_made_by_eval_compiles(self):
        # Its text is the one eval was given (ujit/_dynamic_source.py; issue 19 item 8).
        made = eval("lambda x: x + 1")
        assert njit(made)(1) == 2

    def test_tuple_arguments(self):
        @njit
        def first_plus_second(t):
            return t[0] + t[1]

        assert first_plus_second((1, 2.5)) == 3.5
        assert first_plus_second((1, 2)) == 3
        assert first_plus_second((True, np.float32(0.5))) == 1.5

    def test_nested_heterogeneous_tuple_arguments(self):
        @njit
        def mix(x, t):
            return x + t[0] * t[1][0] - t[1][1]

        assert mix(1, (2, (3.5, 4))) == mix.py_func(1, (2, (3.5, 4)))

        @njit
        def identity(t):
            return t

        assert identity((1, (2.0, True))) == (1, (2.0, True))
        assert identity((1j, 2)) == (1j, 2)

    def test_declared_tuple_signatures_convert_the_elements(self):
        @njit("float64(UniTuple(float64, 2))")
        def total(t):
            return t[0] + t[1]

        assert total((1, 2)) == 3.0 and isinstance(total((1, 2)), float)

        @njit(["float64(Tuple(int64, float64), float64)"])
        def affine(t, k):
            return t[0] * t[1] + k

        assert affine((2, 1.5), 1) == 4.0
        with pytest.raises(TypeError, match="No matching definition for argument type"):
            affine(1.0, 2.0)
        with pytest.raises(TypeError, match="No matching definition"):
            affine((1, 2, 3), 2.0)

    def test_a_tuple_with_an_untypable_element_names_it(self):
        @njit
        def first(t):
            return t[0]

        with pytest.raises(ujit.TypingError, match=r"argument 0 \('t'\): element \[1\]\[0\]: cannot determine "
                                                   r"Numba type of <class 'bytes'>"):
            first((1, (b"a", 2)))

    def test_zero_d_arrays(self):
        # Numba types np.array(3.5) as array(float64, 0d, C); a[()] is its element.
        @njit
        def get(a):
            return a[()]

        @njit
        def put(a, v):
            a[()] = v

        @njit
        def info(a):
            return a.ndim, a.size

        assert get(np.array(3.5)) == 3.5
        assert get(np.array(7, dtype=np.int16)) == 7
        x = np.array(1.0)
        put(x, 2.5)
        assert x[()] == 2.5
        assert info(np.array(1.0)) == (0, 1)

        @njit
        def second_of_view(a):  # of a 1-D array, a[()] is the array itself (NumPy)
            return a[()][1]

        assert second_of_view(np.arange(3.0)) == 1.0

    def test_dufunc_on_str_is_a_type_error_naming_the_dtype(self):
        @vectorize
        def inc(x):
            return x + 1

        # float16 is a number type (cuda3): float16 + int64 is float64, as Numba promotes it
        r = inc(np.ones(3, np.float16))
        assert r.dtype == np.float64 and r.tolist() == [2.0, 2.0, 2.0]
        with pytest.raises(TypeError, match="dtype <U3"):
            inc("abc")
        assert inc(np.arange(3)).tolist() == [1, 2, 3]  # still usable


# --------------------------------------------------------------------------------------
# Issue 24 items 8 and 13: the disk cache (src/cache) under a hostile directory. Compiled
# code comes from it, so a directory others may write is never used, and a FIFO where an
# entry should be is a miss, not a hang.

_PROGRAM = textwrap.dedent("""
    from ujit import njit

    @njit
    def hyp(x, y):
        return (x * x + y * y) ** 0.5

    print(hyp(3.0, 4.0))
""")


def _run_program(tmp_path, cache_dir):
    script = tmp_path / "prog.py"
    script.write_text(_PROGRAM)
    env = dict(os.environ, UJIT_CACHE_DIR=str(cache_dir), UJIT_CACHE="1")
    return subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120)


class TestIssue24CacheTrust:
    def test_a_world_writable_cache_directory_is_not_used(self, tmp_path):
        shared = tmp_path / "shared"
        shared.mkdir()
        shared.chmod(0o777)
        r = _run_program(tmp_path, shared)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == "5.0"
        assert "compilation cache directory '%s' not used: writable by group and others (mode 0777)" % shared \
            in r.stderr
        assert os.listdir(shared) == []

    def test_a_new_cache_directory_is_private(self, tmp_path):
        own = tmp_path / "a" / "own"
        r = _run_program(tmp_path, own)
        assert r.returncode == 0, r.stderr
        assert stat.S_IMODE(own.stat().st_mode) == 0o700
        entries = [p for p in own.iterdir() if p.suffix == ".ujc"]
        assert entries and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in entries)

    def test_a_fifo_in_place_of_an_entry_is_a_miss(self, tmp_path):
        own = tmp_path / "c"
        assert _run_program(tmp_path, own).returncode == 0
        for p in own.glob("*.ujc"):
            p.unlink()
            os.mkfifo(p)
        r = _run_program(tmp_path, own)  # the timeout fails the test if it waits for a writer
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == "5.0"
        assert "not used: not a regular file" in r.stderr
        assert all(p.is_file() for p in own.glob("*.ujc"))

    @pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give an entry to another user")
    def test_an_entry_owned_by_another_user_is_not_loaded(self, tmp_path):
        own = tmp_path / "c"
        assert _run_program(tmp_path, own).returncode == 0
        entries = list(own.glob("*.ujc"))
        for p in entries:
            os.chown(p, 65534, 65534)
        r = _run_program(tmp_path, own)
        assert r.returncode == 0, r.stderr
        assert "not used: owned by uid 65534, not by this user (uid 0)" in r.stderr
        assert all(p.stat().st_uid == 0 for p in own.glob("*.ujc"))



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




# ---------------------------------------------------------------- the host device (issue 24)

host_device = pytest.mark.skipif(cuda.is_available(), reason="CUDA is available: the host device is not used")


def _resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@host_device
class TestHostDeviceAdversarial:
    def test_local_array_larger_than_cuda_allows_is_a_compile_error(self):
        @cuda.jit
        def k(out):
            a = cuda.local.array(4 * 1024 * 1024, np.float32)
            a[0] = 1.0
            out[0] = a[0]

        out = np.zeros(4, np.float32)
        with pytest.raises(ujit.CompileError, match="16777216 bytes is too large"):
            k[1, 4](out)

    def test_store_out_of_range_is_an_error_and_the_process_lives(self):
        @cuda.jit
        def k(out):
            i = cuda.grid(1)
            out[i * 1000000] = 1.0

        @cuda.jit
        def fill(out):
            i = cuda.grid(1)
            if i < out.shape[0]:
                out[i] = i

        d = cuda.device_array(64, np.float32)
        with pytest.raises(RuntimeError, match=r"CUDA_ERROR_ILLEGAL_ADDRESS.*kernel 'k' faulted"):
            k[4, 16](d)
        out = np.zeros(100)
        fill[1, 128](out)
        assert (out == np.arange(100)).all()

    def test_grid_stride_loop_keeps_a_block_local_read_before_it(self):
        @cuda.jit
        def k(out):
            b = cuda.blockIdx.x
            for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
                out[i] = b

        out = np.full(64, -1, np.int64)
        k[2, 4](out)
        assert out.tolist() == [(i % 8) // 4 for i in range(64)]  # what CUDA gives

    def test_grid_stride_loop_with_a_block_dependent_bound(self):
        @cuda.jit
        def k(counts):
            for i in range(cuda.grid(1), counts.shape[0] - cuda.blockIdx.x * 8, cuda.gridsize(1)):
                cuda.atomic.add(counts, i, 1)

        counts = np.zeros(64, np.int64)
        k[2, 4](counts)
        expected = np.zeros(64, np.int64)
        for b in range(2):
            for t in range(4):
                for i in range(b * 4 + t, 64 - b * 8, 8):
                    expected[i] += 1
        assert counts.tolist() == expected.tolist()

    def test_freed_large_arrays_leave_the_process_and_the_pool_can_be_trimmed(self):
        cuda.current_context().deallocations.clear()
        before = _resident_bytes()
        for k in range(8):  # issue 24: 63-245 MB arrays one at a time left 1.3 GB resident
            a = cuda.to_device(np.ones((24 + 4 * k) * 2 ** 20 // 8))
            del a
        assert _resident_bytes() < before + 64 * 2 ** 20
        small = cuda.device_array(1000)
        del small
        cuda.current_context().deallocations.clear()  # Numba's spelling; returns the cached rest

    def test_ctrl_c_stops_a_long_kernel(self, tmp_path):
        script = tmp_path / "spin.py"
        script.write_text(textwrap.dedent("""
            import sys, time
            import numpy as np
            from ujit import cuda

            @cuda.jit
            def spin(out):
                i = cuda.grid(1)
                acc = 0.0
                for k in range(2000000):
                    acc += k * 0.5
                out[i] = acc

            out = cuda.device_array(1000 * 256)
            spin[1, 1](out)  # compiled before the clock starts
            print("ready", flush=True)
            try:
                spin[1000, 256](out)
            except KeyboardInterrupt:
                print("interrupted", flush=True)
                spin[1, 1](out)  # usable afterwards
                print("usable", flush=True)
                sys.exit(0)
            print("finished", flush=True)
            sys.exit(1)
        """))
        env = dict(os.environ, UJIT_DISABLE_CUDA="1")
        p = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = p.communicate(timeout=60)
        assert time.monotonic() - t0 < 30
        assert p.returncode == 0 and out.split() == ["interrupted", "usable"], out + err



class TestRecurrencesAndRaces:
    """Issue 24, items 4, 4b, 6 and 11: loops whose elements depend on each other, first
    calls racing from many threads, and programs that are deep or long."""

    @staticmethod
    def _parallel_add():
        @vectorize(["float64(float64, float64)", "int64(int64, int64)"], target="parallel")
        def add(a, b):
            return a + b

        return add

    def test_parallel_accumulate_is_a_recurrence(self):
        # NumPy passes out[i-1] as the first input of out[i]: splitting the loop over threads
        # read elements not yet written (numba#1721 has the same bug).
        add = self._parallel_add()
        x = np.random.default_rng(0).random(10**6)
        for _ in range(5):  # the wrong answer differed from run to run
            np.testing.assert_array_equal(add.accumulate(np.ones(10**6)), np.add.accumulate(np.ones(10**6)))
            np.testing.assert_array_equal(add.accumulate(x), np.add.accumulate(x))
        np.testing.assert_array_equal(add.accumulate(x[::-1]), np.add.accumulate(x[::-1]))
        m = np.arange(600 * 500, dtype=np.int64).reshape(600, 500)
        for axis in (0, 1):
            np.testing.assert_array_equal(add.accumulate(m, axis=axis), np.add.accumulate(m, axis=axis))

    def test_parallel_reduceat_reduce_and_outer(self):
        add = self._parallel_add()
        # Integers: NumPy sums floats pairwise, the order of a user loop is sequential.
        x = np.random.default_rng(1).integers(-1000, 1000, 10**6)
        idx = np.array([0, 400000, 400001, 999999])
        for _ in range(5):
            np.testing.assert_array_equal(add.reduceat(x, idx), np.add.reduceat(x, idx))
        m = np.arange(1000 * 700, dtype=np.int64).reshape(1000, 700)
        for axis in (0, 1):
            assert np.array_equal(add.reduce(m, axis=axis), np.add.reduce(m, axis=axis))
        a, b = np.arange(700.0), np.arange(600.0)
        np.testing.assert_array_equal(add.outer(a, b), np.add.outer(a, b))

    def test_dufunc_first_calls_from_eight_threads(self):
        # Each thread's first call adds a loop and rebuilds the ufunc; a thread that rebuilt
        # it from a stale list of loops lost the others' ("No loop matching the specified
        # signature") or sorted a list another thread was appending to.
        dtypes = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.float32, np.float64]
        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)  # switch threads as often as possible: the race shows every time
        try:
            for _ in range(20):

                @vectorize
                def f(a, b):
                    return a + b

                errors = []
                barrier = threading.Barrier(len(dtypes))

                def call(dt):
                    x = np.arange(10, dtype=dt)
                    barrier.wait()
                    try:
                        np.testing.assert_array_equal(f(x, x), np.add(x, x))
                    except Exception as e:  # noqa: BLE001 - reported below
                        errors.append("%s: %r" % (np.dtype(dt), e))

                threads = [threading.Thread(target=call, args=(dt,)) for dt in dtypes]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                assert not errors
                assert len(f.types) == len(dtypes)
        finally:
            sys.setswitchinterval(interval)

    def test_tuple_display_of_8000_elements(self, tmp_path):
        # Quadratic in LLVM's SCCP when a tuple was an LLVM struct: 2,000 elements took 9 s
        # and 1.4 GB, 8,000 ran out of memory. Now one second (cold) or far less.
        path = tmp_path / "long_tuple.py"
        path.write_text("from ujit import njit\n\n@njit\ndef f(x):\n    t = (%s,)\n    return t[0] + t[4000] + t[-1]\n"
                        % ", ".join("x + %d" % i for i in range(8000)))
        spec = importlib.util.spec_from_file_location("long_tuple", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.f(1) == 1 + 4001 + 8000
        assert module.f(1.5) == 1.5 + 4001.5 + 8000.5

    @staticmethod
    def _import_chain(tmp_path, n):
        """A module of n @njit functions, f{i} calling f{i-1}: f{n-1}(x) == x + n - 1."""
        path = tmp_path / ("chain%d.py" % n)
        lines = ["from ujit import njit", "", "@njit", "def f0(x):", "    return x", ""]
        for i in range(1, n):
            lines += ["@njit", "def f%d(x):" % i, "    return f%d(x) + 1" % (i - 1), ""]
        path.write_text("\n".join(lines))
        spec = importlib.util.spec_from_file_location("chain%d" % n, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    def test_chain_of_5000_functions(self, tmp_path):
        # The compiler recursed through the chain on the caller's stack (SIGSEGV); the Python
        # layer gathered the callees recursively (RecursionError).
        assert self._import_chain(tmp_path, 5000).f4999(1) == 5000

    def test_chain_of_300_functions_on_a_256_kib_thread(self, tmp_path):
        module = self._import_chain(tmp_path, 300)
        result = []
        old = threading.stack_size(256 << 10)
        try:
            t = threading.Thread(target=lambda: result.append(module.f299(1)))
            t.start()
            t.join()
        finally:
            threading.stack_size(old)
        assert result == [300]
