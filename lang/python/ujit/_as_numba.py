"""Numba programs unchanged: `import numba` (and every `numba.X.Y`) resolves to ujit.

    import ujit
    ujit.install_as_numba()     # then: import numba; from numba import cuda, njit

An import finder placed first on sys.meta_path maps `numba` to `ujit` and `numba.X.Y` to
`ujit.X.Y`, so both names denote the same module object. `import ujit` puts the finder there
inactive: it also maps `numba.X.Y` while `sys.modules['numba']` is ujit itself (a program that
aliases by hand, `sys.modules['numba'] = ujit`), so that `from numba.typed import Dict` is
ujit's own Dict rather than a second copy of ujit's module loaded under the name `numba.typed`. A module ujit lacks is an
ImportError naming ujit, never a silent fallback to an installed Numba: once installed,
a real Numba cannot be imported in this process. Installing after a real Numba was
imported is an error (the program would mix both).
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys

_ALIAS = "numba"
_TARGET = "ujit"


def _target_name(fullname):
    return _TARGET + fullname[len(_ALIAS):]


class _NumbaAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    installed = False  # by install_as_numba: `import numba` itself resolves here

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _ALIAS and not fullname.startswith(_ALIAS + "."):
            return None
        if not self.installed and not _aliased_by_hand():
            return None
        name = _target_name(fullname)
        try:
            found = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            found = None
        if found is None:
            raise ModuleNotFoundError(
                "No module named '%s': ujit stands in for Numba here (ujit.install_as_numba), and ujit "
                "has no module '%s'" % (fullname, name), name=fullname)
        return importlib.machinery.ModuleSpec(fullname, self, origin=found.origin)

    def create_module(self, spec):
        # The ujit module itself: `numba.cuda is ujit.cuda`, so state is never duplicated.
        return importlib.import_module(_target_name(spec.name))

    def exec_module(self, module):
        pass  # already executed under its ujit name


_FINDER = _NumbaAlias()


def _aliased_by_hand():
    mod = sys.modules.get(_ALIAS)
    return mod is not None and mod is sys.modules.get(_TARGET)


def watch_for_alias():
    """Puts the finder on sys.meta_path, inactive until ujit is `numba` (import ujit does this)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def _real_numba_loaded():
    mod = sys.modules.get(_ALIAS)
    return mod is not None and getattr(mod, "__name__", None) != _TARGET


def install_as_numba():
    """Makes `import numba` and `numba.X.Y` resolve to ujit in this process (idempotent)."""
    if _real_numba_loaded():
        raise ImportError("ujit.install_as_numba(): a real Numba (%s) is already imported in this process; "
                          "install ujit as numba before anything imports numba"
                          % getattr(sys.modules[_ALIAS], "__file__", "numba"))
    _FINDER.installed = True
    if _FINDER in sys.meta_path:  # first, ahead of finders added since ujit was imported
        sys.meta_path.remove(_FINDER)
    sys.meta_path.insert(0, _FINDER)
    # Names imported under `numba` before the finder existed cannot be real Numba (checked
    # above); drop stale entries of ours so the next import goes through the finder.
    for name in [n for n in sys.modules if n == _ALIAS or n.startswith(_ALIAS + ".")]:
        if getattr(sys.modules[name], "__name__", "").split(".")[0] == _TARGET:
            continue
        del sys.modules[name]
    return importlib.import_module(_ALIAS)
