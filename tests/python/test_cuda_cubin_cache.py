"""The cubin the driver's JIT makes of a kernel's PTX is kept in the disk cache
(cudadrv/module_loader.cpp, key: the PTX's hash, the device's arch and the driver), so a later
process loads machine code instead of JIT-compiling again (issue 22 item 3: the cold
compile's largest part). Checked across processes on a GPU: the cubin is stored once,
reused unchanged, a damaged one is dropped and rebuilt, and other PTX gets its own entry."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

PROGRAM = textwrap.dedent("""
    import json, os, sys
    sys.path[:0] = sys.argv[1].split(os.pathsep)
    import numpy as np
    from ujit import cuda, vectorize
    from ujit import _native

    @vectorize(["float32(float32, float32)"], target="cuda")
    def vadd(x, y):
        return x + OFFSET

    x = np.arange(1031, dtype=np.float32)
    got = vadd(cuda.to_device(x), cuda.to_device(x)).copy_to_host()
    print(json.dumps({"ok": bool((got == x + OFFSET).all()), "stats": _native.ext.cache_stats()}))
""")


def run(cache_dir, offset="1"):
    env = dict(os.environ, UJIT_CACHE_DIR=str(cache_dir), UJIT_CACHE="1", CUDA_CACHE_DISABLE="1")
    path = os.pathsep.join(p for p in sys.path if p)
    program = PROGRAM.replace("OFFSET", offset)
    out = subprocess.run([sys.executable, "-c", program, path], env=env, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def cubins(d):
    found = {}
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            data = open(p, "rb").read()
            if b"kind=cubin\n" in data:
                found[p] = data
    return found


@pytest.mark.gpu
def test_the_cubin_is_stored_reused_and_rebuilt_when_damaged(tmp_path):
    first = run(tmp_path)
    assert first["ok"]
    stored = cubins(tmp_path)
    assert len(stored) == 1, "the first process stored no cubin (or more than one)"
    (path, data), = stored.items()
    assert b"arch=sm_" in data and b"driver=" in data

    second = run(tmp_path)
    assert second["ok"] and second["stats"]["stores"] == 0, "the second process compiled again"
    assert cubins(tmp_path) == stored

    with open(path, "r+b") as f:  # damaged: the payload cut short
        f.truncate(len(data) - 100)
    third = run(tmp_path)
    assert third["ok"]
    rebuilt = cubins(tmp_path)
    assert list(rebuilt) == [path] and len(rebuilt[path]) == len(data), "the damaged cubin was not rebuilt"

    other = run(tmp_path, offset="2")  # other source, other PTX: its own cubin
    assert other["ok"] and len(cubins(tmp_path)) == 2
