"""For the suite's child processes (multiprocessing's spawn, concurrent.futures' process
pools): `numba` resolves to ujit there as in the test's own process. run_file.py puts this
folder first on PYTHONPATH and names the suite in UJIT_CUDA_SUITE; a sitecustomize found
further along the path (the GPU machine's NumPy shim) still runs first."""
import importlib.util
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))


def _run_next_sitecustomize():
    for entry in sys.path:
        if os.path.abspath(entry or ".") == _here:
            continue
        path = os.path.join(entry or ".", "sitecustomize.py")
        if os.path.isfile(path):
            spec = importlib.util.spec_from_file_location("_next_sitecustomize", path)
            spec.loader.exec_module(importlib.util.module_from_spec(spec))
            return


_run_next_sitecustomize()
if os.environ.get("UJIT_CUDA_SUITE"):
    sys.path.insert(0, os.path.dirname(_here))
    import numba_alias

    numba_alias.install(os.environ["UJIT_CUDA_SUITE"])
