"""`pip install ./lang/python` (issue 23, item 1): offline, into a fresh virtual environment,
and the installed package then works with no environment variables, from outside the tree.
libujit comes from this build (UJIT_LIBDIR), so the test does not build the library again."""
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def _libdir():
    ext_dir = os.environ.get("UJIT_PYTHON_EXT_DIR")  # ctest: <build>/lang/python
    candidates = [os.path.join(ext_dir, "..", "..", "src")] if ext_dir else []
    candidates.append(os.path.join(REPO, "build", "release", "src"))
    for d in candidates:
        if os.path.exists(os.path.join(d, "libujit.so")):
            return os.path.abspath(d)
    pytest.skip("no built libujit.so to install")


def _clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UJIT_PYTHON", "PYTHON"))}
    env.update(extra)
    return env


def test_pip_install_into_a_venv(tmp_path):
    for module in ("venv", "pip", "setuptools"):
        if subprocess.run([sys.executable, "-c", "import " + module], capture_output=True).returncode:
            pytest.skip("%s is not installed for %s (tools/scripts/setup.sh installs it)" % (module, sys.executable))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    build = subprocess.run(
        [py, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-deps", "-q",
         os.path.join(REPO, "lang", "python")],
        env=_clean_env(UJIT_LIBDIR=_libdir(), PIP_NO_CACHE_DIR="1"), capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stdout + build.stderr
    program = tmp_path / "program.py"
    program.write_text(textwrap.dedent('''
        import numpy as np
        import ujit

        @ujit.njit
        def dot(a, b):
            s = 0.0
            for i in range(a.shape[0]):
                s += a[i] * b[i]
            return s

        a = np.arange(10.0)
        print(ujit.__file__)
        print(dot(a, a) == float(np.dot(a, a)))
    '''))
    # From outside the tree, with none of the variables the source tree's tests use: the
    # .pth of tools/scripts/setup.sh is a site-packages entry too, so look at the path.
    run = subprocess.run([py, "-I", str(program)], cwd=str(tmp_path), env=_clean_env(), capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    where, ok = run.stdout.split()
    assert where.startswith(str(venv)), where
    assert ok == "True"
