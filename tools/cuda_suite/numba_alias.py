"""`import numba...` resolving to ujit, for running numba-cuda's test suite unmodified.

Every `numba.X.Y` is the module object `ujit.X.Y` (one object under both names, so that
ujit's freezing of globals, which goes by the module's own name, sees ujit's modules).
numba-cuda vendors Numba's core as `numba.cuda.core`, `numba.cuda.types`, ...; those
spell ujit's `ujit.core`, `ujit.types`, ... (RENAMES). The suite's test-support modules
(`numba.cuda.testing`, `numba.cuda.tests.support`) are the runner's own (testing_shim.py),
and `numba.cuda.tests.cudapy` is the suite's folder, so that its files import each other.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types

# numba-cuda's module name -> the ujit module that provides it.
RENAMES = {
    "numba.cuda.types": "ujit.types",
    "numba.cuda.core": "ujit.core",
    "numba.cuda.core.errors": "ujit.core.errors",
    "numba.cuda.core.config": "ujit.core.config",
    "numba.cuda.np": "ujit.np",
    "numba.cuda.np.numpy_support": "ujit.np.numpy_support",
    "numba.cuda.typing": "ujit.typing",
    "numba.cuda.typing.typeof": "ujit.typing.typeof",
    "numba.cuda.extending": "ujit.extending",
    "numba.cuda.misc": "ujit.misc",
    "numba.cuda.misc.special": "ujit.misc.special",
}


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target):
        self.target = target

    def create_module(self, spec):
        return importlib.import_module(self.target)

    def exec_module(self, module):
        pass  # already executed under its ujit name


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds `numba[.X]` as the ujit module of the same (or RENAMES') name."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "numba" and not fullname.startswith("numba."):
            return None
        if fullname in sys.modules:
            return None
        name = RENAMES.get(fullname, "ujit" + fullname[len("numba"):])
        try:
            found = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(name), is_package=True)


def _package(name, path):
    module = types.ModuleType(name)
    module.__path__ = path
    sys.modules[name] = module
    return module


def install(suite_dir):
    """Makes `numba` ujit, and `numba.cuda.tests.cudapy` the suite at `suite_dir` (once a process)."""
    if any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        return
    import testing_shim

    sys.meta_path.insert(0, _AliasFinder())
    import numba.cuda  # noqa: F401  (through the finder: ujit.cuda)
    # `import ujit` put ujit's own numba finder (ujit/_as_numba.py) in front, active now that
    # numba is ujit: it would refuse numba.cuda.tests.cudapy.test_X (no such ujit module)
    # before the suite's package could find it in its folder. This finder aliases instead.
    from ujit import _as_numba

    if _as_numba._FINDER in sys.meta_path:
        sys.meta_path.remove(_as_numba._FINDER)

    tests = _package("numba.cuda.tests", [])
    support = testing_shim.support_module("numba.cuda.tests.support")
    sys.modules[support.__name__] = tests.support = support
    tests.cudapy = _package("numba.cuda.tests.cudapy", [suite_dir])
    testing = testing_shim.testing_module("numba.cuda.testing")
    sys.modules[testing.__name__] = testing
