"""pytest set-up for the ujit package's tests.

The package is imported from this source tree (lang/python) unless PYTHONPATH already
gives one (ctest sets it and UJIT_PYTHON_EXT_DIR). Compiled code goes to a private cache
directory unless UJIT_CACHE_DIR is set. Tests marked `gpu` skip, with the reason, where no
CUDA device is usable.
"""
import os
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
if not any(os.path.isfile(os.path.join(p, "ujit", "__init__.py")) for p in sys.path if p):
    sys.path.insert(0, os.path.join(REPO, "lang", "python"))
if HERE not in sys.path:
    sys.path.insert(0, HERE)  # the helper modules (course.py) for worker processes too
os.environ.setdefault("UJIT_CACHE_DIR", tempfile.mkdtemp(prefix="ujit-pytest-cache-"))


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs a usable CUDA device (skipped otherwise)")


def pytest_collection_modifyitems(config, items):
    from ujit import cuda

    if cuda.is_available():
        return
    skip = pytest.mark.skip(reason="no usable CUDA device: %s" % cuda.unavailable_reason())
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
