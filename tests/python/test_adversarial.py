"""Adversarial cases of the Python way in (issue 24 and later finds): what a hostile but
realistic user does, each a program that once crashed ujit or gave a wrong answer. NumPy
(or CPython) is the oracle. Each finder keeps their cases in one class."""
import importlib.util
import sys
import threading

import numpy as np

from ujit import njit, vectorize


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
