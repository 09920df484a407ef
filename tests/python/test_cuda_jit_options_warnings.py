"""@cuda.jit's debug=/opt=/lineinfo= defaults and warnings as numba-cuda gives them (its
decorators.py), the low-occupancy bound of kernel[...] (numba-cuda's fixed 128 blocks) and
which host arrays count as copied for CUDA_WARN_ON_IMPLICIT_COPY (mapped and managed memory
is addressed in place)."""
import warnings

import numpy as np
import pytest

from ujit import cuda
from ujit.core import config
from ujit.core.errors import NumbaInvalidConfigWarning, NumbaPerformanceWarning


def invalid_config_warnings(**options):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        cuda.jit(**options)
    return [str(w.message) for w in seen if issubclass(w.category, NumbaInvalidConfigWarning)]


def test_debug_with_opt_warns(monkeypatch):
    monkeypatch.setattr(config, "OPT", config._OptLevel(3))
    msg = "debug=True with opt=True is not supported by CUDA. This may result in a crash - set debug=False or opt=False."
    assert invalid_config_warnings(debug=True) == [msg]  # opt defaults to config.OPT != 0
    assert invalid_config_warnings(debug=True, opt=True) == [msg]
    assert invalid_config_warnings(debug=True, opt=False) == []
    assert invalid_config_warnings() == []


def test_debug_and_lineinfo_warns():
    [msg] = invalid_config_warnings(debug=True, lineinfo=True, opt=False)
    assert msg.startswith("debug and lineinfo are mutually exclusive.")


def test_config_defaults(monkeypatch):
    assert config.OPT == 3 and not config.OPT.is_opt_max  # NUMBA_OPT's default
    assert config._OptLevel("max") == 3 and config._OptLevel("max").is_opt_max
    monkeypatch.setattr(config, "CUDA_DEBUGINFO_DEFAULT", 1)
    assert len(invalid_config_warnings()) == 1  # debug from the config, opt from OPT
    monkeypatch.setattr(config, "OPT", config._OptLevel(0))
    assert invalid_config_warnings() == []
    assert invalid_config_warnings(opt=True) != []


@cuda.jit
def nothing():
    pass


@pytest.mark.parametrize("blocks, warns", [(1, True), (127, True), (128, False), (256, False)])
def test_low_occupancy_bound(monkeypatch, blocks, warns):
    monkeypatch.setattr(config, "CUDA_LOW_OCCUPANCY_WARNINGS", 1)
    monkeypatch.setattr(config, "DISABLE_PERFORMANCE_WARNINGS", 0)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        nothing[blocks, 1]
    low = [w for w in seen if issubclass(w.category, NumbaPerformanceWarning)]
    assert len(low) == (1 if warns else 0)
    if warns:
        assert str(low[0].message) == "Grid size %d will likely result in GPU under-utilization due to low occupancy." % blocks


def test_mapped_and_managed_arrays_are_not_copied():
    from ujit.cuda._kernels import _copied_host_array

    assert _copied_host_array(np.zeros(4))
    assert _copied_host_array(cuda.pinned_array(4))  # pinned memory is still copied
    assert not _copied_host_array(cuda.mapped_array(4))
    assert not _copied_host_array(cuda.managed_array(4))
    assert not _copied_host_array(cuda.device_array(4))


def test_forceinline_needs_ltoir():
    def set_zero(a):
        a[0] = 0

    from ujit import float32

    with pytest.raises(ValueError, match="Can only designate forced inlining in LTO-IR"):
        cuda.compile(set_zero, (float32[::1],), device=True, forceinline=True)
    with pytest.raises(ValueError, match="Can only designate forced inlining in LTO-IR"):
        cuda.compile_ptx(set_zero, (float32[::1],), device=True, forceinline=True)
    ptx, _ = cuda.compile(set_zero, (float32[::1],), device=True)  # without it, PTX as before
    assert ".visible .func" in ptx or ".func" in ptx
