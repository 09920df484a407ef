"""The runner's own `numba.cuda.testing` and `numba.cuda.tests.support`.

numba-cuda's test files import their helpers from these two modules, which stand on
numba-cuda's internals (cudadrv, the dispatcher, pytest fixtures). These are written for
this runner with the same names and documented behaviour. Skips follow what this machine
and ujit have: no simulator (skip_on_cudasim runs the test, skip_unless_cudasim skips
it), the device's compute capability (on the host device, as on Numba's simulator, every
capability), nvdisasm as installed; tests needing `lto=True` or `inspect_lto_ptx`, which
ujit does not offer (it links with LTO by itself where a link file allows), skip as
numba-cuda's do without nvJitLink.
"""
import contextlib
import io
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import types
import unittest
import warnings
from pathlib import Path

import precise_equal


def _config():
    try:
        from numba.cuda.core import config
    except ImportError:
        return None
    return config


@contextlib.contextmanager
def override_config(name, value):
    config = _config()
    if config is None or not hasattr(config, name):
        raise AttributeError("numba.cuda.core.config has no setting %s" % name)
    old = getattr(config, name)
    setattr(config, name, value)
    try:
        yield
    finally:
        setattr(config, name, old)


class TestCase(unittest.TestCase):
    longMessage = True

    def assertPreciseEqual(self, first, second, prec="exact", ulps=1, msg=None, ignore_sign_on_zero=False,
                           abs_tol=None):
        try:
            precise_equal.check(first, second, prec, ulps, ignore_sign_on_zero, abs_tol)
        except AssertionError as e:
            self.fail("when comparing %s and %s: %s%s" % (first, second, e, ": " + msg if msg else ""))

    @contextlib.contextmanager
    def assertTypingError(self):
        from numba.cuda.core.errors import TypingError

        with self.assertRaises(TypingError) as cm:
            yield cm

    def reset_module_warnings(self, module):
        """Forgets the warnings `module` (a module or its name) has shown, so they show again."""
        if isinstance(module, str):
            module = sys.modules[module]
        getattr(module, "__warningregistry__", {}).clear()

    def assertStridesEqual(self, first, second):
        self.assertEqual(first.strides, second.strides)


class CUDATestCase(TestCase):
    """Turns off the warnings Numba's suite turns off (low occupancy, implicit copies)."""

    FLOAT16_RTOL = 0.0009765625  # np.finfo(np.float16).eps
    _SWITCHES = ("CUDA_LOW_OCCUPANCY_WARNINGS", "CUDA_WARN_ON_IMPLICIT_COPY")

    def setUp(self):
        config = _config()
        # CUDATestCase's own names: numba-cuda's caching tests call CUDATestCase.setUp(self)
        # on objects of other classes.
        self._saved = {n: getattr(config, n) for n in CUDATestCase._SWITCHES if hasattr(config, n)}
        for n in self._saved:
            setattr(config, n, 0)

    def tearDown(self):
        for n, v in self._saved.items():
            setattr(_config(), n, v)

    def assertFileCheckMatches(self, ir_content, check_patterns, check_prefixes=("CHECK",), **options):
        filecheck = shutil.which("FileCheck-19") or shutil.which("FileCheck")
        if filecheck is None:
            self.skipTest("FileCheck is not installed")
        with tempfile.NamedTemporaryFile("w", suffix=".checks", delete=False) as f:
            f.write(check_patterns)
        try:
            run = subprocess.run([filecheck, f.name, "--check-prefixes=" + ",".join(check_prefixes)],
                                 input=ir_content, capture_output=True, text=True)
        finally:
            os.unlink(f.name)
        if run.returncode != 0:
            self.fail("FileCheck failed:\n" + run.stderr)

    def _check_doc(self, dumps, producer, signature, prefixes):
        texts = [dumps] if isinstance(dumps, str) else list(dumps.values()) if signature is None \
            else [dumps[signature]]
        self.assertTrue(texts, "no output for the given signature")
        for text in texts:
            self.assertFileCheckMatches(text, producer.__doc__, prefixes)

    def assertFileCheckAsm(self, producer, signature=None, check_prefixes=("ASM",)):
        self._check_doc(producer.inspect_asm(), producer, signature, check_prefixes)

    def assertFileCheckLLVM(self, producer, signature=None, check_prefixes=("LLVM",)):
        self._check_doc(producer.inspect_llvm(), producer, signature, check_prefixes)


class ForeignArray:
    """A device array seen only through __cuda_array_interface__ (as CuPy's would be)."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def _compute_capability():
    """The device's, or None on ujit's host device, which (as Numba's simulator) is taken
    to have every capability: its kernels are compiled for the CPU."""
    from numba import cuda

    device = cuda.get_current_device()
    return None if getattr(device, "is_host_device", False) else tuple(device.compute_capability)


def cc_X_or_above(major, minor):
    cc = _compute_capability()
    return cc is None or cc >= (major, minor)


def _skip_unless_cc(major, minor):
    return unittest.skipUnless(cc_X_or_above(major, minor), "requires cc >= %d.%d" % (major, minor))


def _cuda_file(*parts):
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or "/usr/local/cuda"
    return Path(home, *parts).exists()


def _skip_if(condition, reason):
    return unittest.skipIf(condition, reason)


def testing_module(name):
    from numba import cuda

    m = types.ModuleType(name)
    has_numba = getattr(cuda, "HAS_NUMBA", True)
    suite = Path(sys.modules["numba.cuda.tests.cudapy"].__path__[0])
    m.unittest = unittest
    m.CUDATestCase, m.ForeignArray, m.cc_X_or_above = CUDATestCase, ForeignArray, cc_X_or_above
    m.test_data_dir = suite.parent / "data"
    m.skip_on_cudasim = lambda reason: (lambda fn: fn)
    m.skip_unless_cudasim = lambda reason: unittest.skip(reason)
    m.skip_on_standalone_numba_cuda = unittest.skipUnless(has_numba, "requires base numba install")
    m.skip_unless_conda_cudatoolkit = lambda reason: unittest.skip(reason)
    m.skip_if_external_memmgr = lambda reason: (lambda fn: fn)
    m.skip_under_cuda_memcheck = lambda reason: _skip_if("CUDA_MEMCHECK" in os.environ, reason)
    m.skip_without_nvdisasm = lambda reason: _skip_if(shutil.which("nvdisasm") is None, reason)
    m.skip_with_nvdisasm = lambda reason: _skip_if(shutil.which("nvdisasm") is not None, reason)
    m.skip_on_arm = lambda reason: _skip_if(platform.machine() in ("arm64", "aarch64"), reason)
    m.skip_on_wsl2 = lambda reason: _skip_if("microsoft" in platform.release().lower(), reason)
    m.skip_if_cuda_includes_missing = _skip_if(not _cuda_file("include", "cuda_device_runtime_api.h"),
                                               "CUDA includes not found")
    m.skip_if_curand_kernel_missing = _skip_if(not _cuda_file("include", "curand_kernel.h"),
                                               "curand_kernel.h not found")
    for major, minor in ((5, 0), (5, 3), (6, 0), (7, 5), (9, 0)):
        setattr(m, "skip_unless_cc_%d%d" % (major, minor), _skip_unless_cc(major, minor))
    m.xfail_unless_cudasim = unittest.expectedFailure
    m.cudadevrt_missing = lambda: not _cuda_file("lib64", "libcudadevrt.a")
    m.skip_if_cudadevrt_missing = _skip_if(m.cudadevrt_missing(), "cudadevrt missing")
    m.skip_if_nvjitlink_missing = lambda reason: unittest.skip(reason + " (ujit has no lto=True)")
    m.skip_on_nvjitlink_13_1_sm_120 = lambda reason: (lambda fn: fn)
    m.skip_on_cuda_version_issues = lambda reason: (lambda fn: fn)
    return m


def support_module(name):
    m = types.ModuleType(name)
    m.TestCase, m.override_config = TestCase, override_config
    m.captured_stdout = lambda: contextlib.redirect_stdout(io.StringIO())
    m.captured_stderr = lambda: contextlib.redirect_stderr(io.StringIO())
    m.linux_only = unittest.skipUnless(sys.platform.startswith("linux"), "Linux only")
    m.windows_only = unittest.skipUnless(sys.platform.startswith("win"), "Windows only")
    m.temp_directory = lambda prefix: tempfile.mkdtemp(prefix=prefix + "-")
    m.import_dynamic = __import__
    m.run_in_subprocess = _run_in_subprocess
    m.ignore_internal_warnings = lambda: warnings.filterwarnings("ignore", module="numba")
    m.CheckWarningsMixin = CheckWarningsMixin
    m.MemoryLeakMixin = type("MemoryLeakMixin", (), {})
    try:
        import cffi  # noqa: F401

        m.skip_unless_cffi = lambda fn: fn
    except ImportError:
        m.skip_unless_cffi = unittest.skip("cffi is not installed")
    return m


def _run_in_subprocess(code, flags=(), env=None, timeout=30):
    # The child resolves `numba` as this process does (numba_alias), before the test's code.
    suite = sys.modules["numba.cuda.tests.cudapy"].__path__[0]
    boot = "import sys; sys.path.insert(0, %r); import numba_alias; numba_alias.install(%r)\n" % (
        os.path.dirname(os.path.abspath(__file__)), suite)
    run = subprocess.run([sys.executable, *flags, "-c", boot + code], env=env, capture_output=True, text=True,
                         timeout=timeout)
    if run.returncode != 0:
        raise AssertionError("process failed with code %d: stderr:\n%s" % (run.returncode, run.stderr))
    return run.stdout, run.stderr


class CheckWarningsMixin:
    @contextlib.contextmanager
    def check_warnings(self, messages, category=RuntimeWarning):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
        found = [w for w in caught for m in messages if m in str(w.message)]
        for w in found:
            self.assertEqual(w.category, category)
        self.assertEqual(len(found), len(messages))
