"""Compiled code is reused across processes through the disk cache (UJIT_CACHE_DIR)."""
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))

PROGRAM = textwrap.dedent("""
    import json, os, sys
    sys.path[:0] = sys.argv[1].split(os.pathsep)
    import numpy as np
    import course
    from ujit import _native
    r = course.hypot(3.0, 4.0) + float(course.gaussian_pdf(np.float32([0.5]), 0.0, 1.0)[0])
    stats = _native.ext.cache_stats() if hasattr(_native.ext, "cache_stats") else {}
    print(json.dumps({"result": r, "stats": stats}))
""")


def entries(d):
    return sorted(os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs)


def run(cache_dir):
    env = dict(os.environ, UJIT_CACHE_DIR=str(cache_dir), UJIT_CACHE="1")
    path = os.pathsep.join(p for p in sys.path if p)
    out = subprocess.run([sys.executable, "-c", PROGRAM, path], env=env, check=True, capture_output=True,
                         text=True, cwd=HERE).stdout
    import json

    return json.loads(out.strip().splitlines()[-1])


def test_second_process_compiles_from_the_disk_cache(tmp_path):
    first = run(tmp_path)
    stored = entries(tmp_path)
    assert stored, "the first process stored nothing in the cache"
    second = run(tmp_path)
    assert second["result"] == first["result"]
    assert entries(tmp_path) == stored, "the second process compiled again instead of loading"
    if second["stats"]:
        assert second["stats"]["hits"] > 0 and second["stats"]["stores"] == 0


def test_a_scalar_program_never_imports_numpy(tmp_path):
    # The start-up target: `import ujit` and a first scalar call stay NumPy-free.
    (tmp_path / "scalar_prog.py").write_text(textwrap.dedent("""
        import math, sys
        from ujit import njit

        @njit
        def hyp(x, y):
            return math.sqrt(x * x + y * y)

        assert hyp(3.0, 4.0) == 5.0
        print("numpy" in sys.modules)
    """))
    env = dict(os.environ, UJIT_CACHE_DIR=str(tmp_path / "cache"))
    path = os.pathsep.join(p for p in sys.path if p)
    out = subprocess.run([sys.executable, "-c", "import sys; sys.path[:0] = sys.argv[1].split(':'); "
                          "import runpy; runpy.run_path(sys.argv[2], run_name='__main__')", path,
                          str(tmp_path / "scalar_prog.py")], env=env, check=True, capture_output=True,
                         text=True).stdout
    assert out.strip() == "False"
