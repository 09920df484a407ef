"""One source, two modules: compiled by ujit and run by CPython, the oracle.

`twins(tmp_path, source)` writes `source` to a file (ujit reads functions' source from
their file) and imports it twice: once as written, where `from ujit import njit, cuda`
compiles, and once with ujit's decorators replaced by the identity, so the same functions
run as plain Python.
"""
import importlib.util
import itertools

_counter = itertools.count()

_PLAIN_PRELUDE = '''
def _identity(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f
njit = jit = _identity
'''


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def twins(tmp_path, source):
    """(compiled module, plain CPython module) of `source`."""
    n = next(_counter)
    compiled = tmp_path / ("twin_jit_%d.py" % n)
    compiled.write_text(source)
    plain_source = source.replace("from ujit import njit", _PLAIN_PRELUDE)
    plain = tmp_path / ("twin_py_%d.py" % n)
    plain.write_text(plain_source)
    return _load(compiled, "twin_jit_%d" % n), _load(plain, "twin_py_%d" % n)
