"""Driver calls per launch from Python (issue 25 item 2): a queued kernel[4, 256](dx, dx, dout)
on device arrays and a CUDA ufunc on device arrays (with out= and with a new output) each make
one driver call, cuLaunchKernel, as CuPy's RawKernel and cp.add do. Counted by the fake driver
of the build (tests/fixtures/fake_libcuda.cpp) in a child process that loads it through
LD_LIBRARY_PATH, with tools/bench/fake_launch_calls.py; skipped where the build has none."""
import os
import subprocess
import sys

import pytest

from ujit import _native

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXT_DIR = os.path.dirname(_native.ext.__file__)
FAKE_DIR = os.path.normpath(os.path.join(EXT_DIR, "..", "..", "tests", "fakecuda"))


@pytest.mark.skipif(not os.path.exists(os.path.join(FAKE_DIR, "libcuda.so.1")),
                    reason="no fake driver beside this extension's build (tests/fakecuda)")
def test_one_driver_call_per_launch_and_ufunc_call(tmp_path):
    env = dict(os.environ, LD_LIBRARY_PATH=FAKE_DIR, UJIT_PYTHON_EXT_DIR=EXT_DIR, UJIT_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.path.join(REPO, "lang", "python"))
    env.pop("UJIT_DISABLE_CUDA", None)
    out = subprocess.run([sys.executable, "-W", "ignore", os.path.join(REPO, "tools", "bench", "fake_launch_calls.py"),
                          "--calls", "200"], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    rows = {line.split("  ")[0].strip(): line for line in out.stdout.splitlines() if "driver calls" in line}
    assert set(rows) == {"launch queued", "cuda ufunc 1K", "cuda ufunc 1K out="}, out.stdout
    for row, line in rows.items():
        assert "1.00 driver calls per call" in line, line
