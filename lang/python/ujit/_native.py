"""Finds and loads the extension module ujit._ujit (lang/python/ujit/_native/*.c).

Looked for, first found wins:
  1. beside this package (the release bundle's lib/python/ujit);
  2. $UJIT_PYTHON_EXT_DIR (ctest sets it to the build folder's lang/python);
  3. the source tree's build folders, build/python (lang/python/build_ext.sh) and
     build/*/lang/python (CMake): the newest file for this Python.
The extension finds libujit.so through its RPATH: no LD_LIBRARY_PATH.
"""
import importlib.machinery
import importlib.util
import os
import sys

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.dirname(os.path.dirname(os.path.dirname(_PACKAGE_DIR)))


def _find():
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    names = ["_ujit" + s for s in suffixes]

    def in_dir(d):
        for n in names:
            path = os.path.join(d, n)
            if os.path.exists(path):
                return path
        return None

    for d in (_PACKAGE_DIR, os.environ.get("UJIT_PYTHON_EXT_DIR")):
        if d and in_dir(d):
            return in_dir(d)
    # The source tree's builds: the newest extension for this Python wins (a stale one
    # from another build folder must not shadow the one just rebuilt).
    build = os.path.join(_REPO, "build")
    dirs = [os.path.join(build, "python")]
    try:
        dirs += [os.path.join(build, d, "lang", "python") for d in sorted(os.listdir(build))]
    except OSError:
        pass
    found = [p for p in (in_dir(d) for d in dirs) if p]
    if found:
        return max(found, key=os.path.getmtime)
    raise ImportError(
        "ujit: the extension module %s was not found (looked beside the package, in "
        "$UJIT_PYTHON_EXT_DIR and in %s/*/lang/python). Build it with tools/scripts/build.sh "
        "build/release, or for another Python with lang/python/build_ext.sh, or set "
        "UJIT_PYTHON_EXT_DIR." % (names[0], build))


def _load_bundled_libraries(ext_dir):
    """A wheel (tools/scripts/wheel.sh) carries libfmt beside libujit: libujit's RUNPATH
    does not name its own folder, so load it first, globally, for the loader to reuse."""
    import ctypes
    import glob

    for lib in sorted(glob.glob(os.path.join(ext_dir, "libfmt.so.*"))):
        ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)


def _point_blas_at_numpy():
    """np.dot in compiled code uses the OpenBLAS NumPy's wheel bundles
    (numpy.libs/libscipy_openblas64_*.so) before any system OpenBLAS, so that it computes
    with NumPy's own library (one thread pool, NumPy's speed): tell the BLAS loader
    (src/cpu/blas_loader.cpp) that folder, found without importing NumPy."""
    try:
        spec = importlib.util.find_spec("numpy")
    except (ImportError, ValueError):
        return
    if not spec or not spec.submodule_search_locations:
        return
    for package in spec.submodule_search_locations:
        libs = os.path.join(os.path.dirname(package), "numpy.libs")
        if os.path.isdir(libs):
            old = os.environ.get("UJIT_BLAS_SEARCH_PATH")
            os.environ["UJIT_BLAS_SEARCH_PATH"] = libs + (":" + old if old else "")
            return


def load():
    name = "ujit._ujit"
    if name in sys.modules:
        return sys.modules[name]
    path = _find()
    _load_bundled_libraries(os.path.dirname(path))
    _point_blas_at_numpy()
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    from . import _types

    module.set_record_namer(_types.record_spelling)  # names the record dtypes arguments have
    module.set_warning_handler(_warn)  # compile-time warnings as Numba's warning classes
    return module


def _warn(category, message, filename, lineno, column):
    """A compile-time warning of libujit (NumbaTypeSafetyWarning), warned as Numba warns it:
    Numba's class from numba.core.errors, located at the line of the user's source."""
    import warnings

    from .core import errors

    cls = getattr(errors, category, errors.NumbaWarning)
    warnings.warn_explicit(message, cls, filename or "<ujit>", lineno or 1)


ext = load()
