"""`sys.modules['numba'] = ujit`, the hand-made alias (issue 19, item 4): `from numba.typed
import Dict`, `from numba.core import types`, `numba.core.errors` are ujit's own modules (one
module object per name), so compiled code sees ujit's Dict rather than a second copy of it.
Each case runs in a fresh interpreter; the oracle for the computed values is CPython's dict."""
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def _run(program):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(REPO, "lang", "python"), env.get("PYTHONPATH", "")])
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(program)], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_hand_made_alias_maps_submodules_to_ujits_own():
    out = _run("""
        import sys
        import ujit
        sys.modules['numba'] = ujit
        import numba
        from numba.typed import Dict, List
        from numba.core import types
        import numba.core.types
        import numba.core.errors
        from numba.core.errors import NumbaTypeSafetyWarning
        import ujit.typed
        import ujit.core.errors
        print(Dict is ujit.typed.Dict, List is ujit.typed.List, types is ujit.types,
              numba.core.types is ujit.types, sys.modules['numba.typed'] is ujit.typed,
              NumbaTypeSafetyWarning is ujit.core.errors.NumbaTypeSafetyWarning)

        @numba.njit
        def counts(n):
            d = Dict.empty(types.int64, types.float64)
            for i in range(n):
                d[i % 3] = d.get(i % 3, 0.0) + 1.0
            return d

        @numba.njit
        def total(d):
            return sum([k * d[k] for k in d])

        d = counts(7)
        print(dict(d) == {0: 3.0, 1: 2.0, 2: 2.0}, total(d) == 0 * 3.0 + 1 * 2.0 + 2 * 2.0)
    """)
    assert out == ["True"] * 8


def test_alias_stays_out_of_a_real_numbas_way():
    # Without the alias, `numba.X` imports are not ujit's business.
    out = _run("""
        import sys
        import ujit
        try:
            import numba.typed
            print(getattr(sys.modules['numba'], '__name__', ''))
        except ImportError:
            print('none')
    """)
    assert out in (["numba"], ["none"])


def test_numba_typed_is_an_attribute_after_import_numba():
    # Numba's `import numba` makes numba.typed available (numba/__init__.py imports it).
    out = _run("""
        import sys
        import ujit
        sys.modules['numba'] = ujit
        import numba
        print(numba.typed.Dict is ujit.typed.Dict, numba.typed.List.__name__)
    """)
    assert out == ["True", "List"]
