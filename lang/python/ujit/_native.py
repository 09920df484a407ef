"""Finds and loads the extension module ujit._ujit (lang/python/ujit/_native/*.c).

Looked for, first found wins:
  1. beside this package (the release bundle's lib/python/ujit, or an in-place build);
  2. $UJIT_PYTHON_EXT_DIR (ctest sets it to the build folder's lang/python);
  3. the source tree's build folders: build/python (lang/python/build_ext.sh), then
     build/release/lang/python, then any other build/*/lang/python, newest first.
The extension finds libujit.so through its RPATH: no LD_LIBRARY_PATH.
"""
import importlib.machinery
import importlib.util
import os
import sys

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.dirname(os.path.dirname(os.path.dirname(_PACKAGE_DIR)))


def _candidate_dirs():
    yield _PACKAGE_DIR
    env = os.environ.get("UJIT_PYTHON_EXT_DIR")
    if env:
        yield env
    build = os.path.join(_REPO, "build")
    yield os.path.join(build, "python")
    yield os.path.join(build, "release", "lang", "python")
    try:
        others = [os.path.join(build, d, "lang", "python") for d in os.listdir(build)]
    except OSError:
        return
    others = [d for d in others if os.path.isdir(d)]
    yield from sorted(others, key=os.path.getmtime, reverse=True)


def _find():
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    tried = []
    for d in _candidate_dirs():
        for suffix in suffixes:
            path = os.path.join(d, "_ujit" + suffix)
            if os.path.exists(path):
                return path
        tried.append(d)
    raise ImportError(
        "ujit: the extension module _ujit%s was not found (looked in %s). Build it with "
        "tools/scripts/build.sh build/release, or for another Python with "
        "lang/python/build_ext.sh, or set UJIT_PYTHON_EXT_DIR." % (suffixes[0], ", ".join(tried)))


def load():
    name = "ujit._ujit"
    if name in sys.modules:
        return sys.modules[name]
    path = _find()
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ext = load()
