"""Kernel launch configurations (issue 25, item 2) on whatever device there is: ints and
tuples, a stream, dynamic shared memory, the configured launcher kept per configuration,
and invalid configurations refused with Numba's exception classes and messages."""
import warnings

import numpy as np
import pytest

from ujit import cuda


@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v + i


@cuda.jit
def fill_2d(out):
    x, y = cuda.grid(2)
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = x * 10 + y


@cuda.jit
def with_dynamic_shared(out):
    buf = cuda.shared.array(0, dtype=np.float64)
    i = cuda.threadIdx.x
    buf[i] = i * 2.0
    cuda.syncthreads()
    out[i] = buf[out.size - 1 - i]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # low-occupancy warnings: small grids on purpose
        yield


@pytest.mark.parametrize("grid, block", [(4, 8), ((4,), (8,)), ((2, 1), 16), (np.int64(1), (32, 1, 1))])
def test_int_and_tuple_configs(grid, block):
    out = cuda.device_array(32)
    fill[grid, block](out, 1.0)
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(32) + 1.0)


def test_two_dimensional_config():
    out = cuda.device_array((5, 7))
    fill_2d[(2, 2), (4, 4)](out)
    x, y = np.mgrid[0:5, 0:7]
    np.testing.assert_array_equal(out.copy_to_host(), x * 10 + y)


def test_stream_and_shared_memory_configs():
    s = cuda.stream()
    out = cuda.device_array(16)
    fill[1, 16, s](out, 2.0)
    s.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(16) + 2.0)
    out = cuda.device_array(8)
    with_dynamic_shared[1, 8, s, 8 * 8](out)
    s.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(8)[::-1] * 2.0)
    with_dynamic_shared[1, 8, 0, 64](out)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(8)[::-1] * 2.0)


def test_a_configuration_is_parsed_once():
    a = fill[4, 8]
    assert fill[4, 8] is a
    assert (a.griddim, a.blockdim) == ((4, 1, 1), (8, 1, 1))
    assert fill[(4,), 8] is not a  # another key, the same launch
    assert fill[(4,), 8].griddim == a.griddim


def test_invalid_configs_raise_numbas_errors():
    with pytest.raises(ValueError, match="must specify at least the griddim and blockdim"):
        fill[1, 2, 0, 0, 5]
    with pytest.raises(ValueError, match="must specify at least the griddim and blockdim"):
        fill[(1,)]
    with pytest.raises(TypeError):
        fill[1]
    with pytest.raises(TypeError, match="griddim must be a sequence of integers"):
        fill[1.5, 32]
    with pytest.raises(ValueError, match="blockdim must be a sequence of 1, 2 or 3 integers"):
        fill[1, (1, 1, 1, 1)]
    fill[4, 32]  # cached as ints: an equal float key still is Numba's TypeError
    with pytest.raises(TypeError, match="griddim must be a sequence of integers"):
        fill[4.0, 32]
    with pytest.raises(ValueError):
        fill[0, 32]


def test_launch_without_config():
    with pytest.raises(ValueError, match="launch configuration was not specified"):
        fill(cuda.device_array(4), 1.0)


def test_low_occupancy_warning_on_every_configuration():
    """Numba warns each time a small grid is configured: a kept launcher warns again."""
    from ujit.core import config
    from ujit.core.errors import NumbaPerformanceWarning

    if not config.CUDA_LOW_OCCUPANCY_WARNINGS:
        pytest.skip("low-occupancy warnings are off here")
    out = cuda.device_array(1)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        fill[1, 1](out, 0.0)
        fill[1, 1](out, 0.0)
    low = [w for w in seen if issubclass(w.category, NumbaPerformanceWarning) and "occupancy" in str(w.message)]
    assert len(low) == 2
    assert all(w.filename == __file__ for w in low)  # at the user's line


def test_repeated_launches_from_c_follow_values_types_and_layouts():
    """After the first launch through Python the configured launcher launches from C: new
    scalar values, new device arrays, another dtype and another layout must each still get
    their own specialization and the right result."""

    @cuda.jit
    def scale(a, k, out):
        i, j = cuda.grid(2)
        if i < out.shape[0] and j < out.shape[1]:
            out[i, j] = a[i, j] * k

    launch = scale[(2, 2), (4, 4)]
    host = np.arange(30.0).reshape(5, 6)
    for k in (2.0, 3.0, 4, True):
        for src in (host, np.asfortranarray(host), host[:, ::-1].copy(order="F"), host.astype(np.float32)):
            d = cuda.to_device(src)
            out = cuda.device_array(src.shape, dtype=src.dtype)
            launch(d, k, out)
            launch(d, k, out)  # the second from C where the types were seen
            cuda.synchronize()
            np.testing.assert_array_equal(out.copy_to_host(), src * k)
    strided = cuda.to_device(np.arange(60.0).reshape(5, 12))[:, ::2]
    out = cuda.device_array((5, 6))
    launch(strided, 1.0, out)
    launch(strided, 1.0, out)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(60.0).reshape(5, 12)[:, ::2])


def test_declared_kernel_converts_scalars_on_every_launch():
    @cuda.jit("void(float32[::1], float32)")
    def put(out, v):
        out[cuda.threadIdx.x] = v

    out = cuda.device_array(4, dtype=np.float32)
    for v in (1, 2.5, 3):
        put[1, 4](out, v)
        cuda.synchronize()
        np.testing.assert_array_equal(out.copy_to_host(), np.full(4, v, np.float32))


def test_launch_errors_after_fast_launches():
    out = cuda.device_array(8)
    launch = fill[1, 8]
    launch(out, 1.0)
    launch(out, 1.0)
    with pytest.raises(TypeError):
        launch(out)  # missing argument: Python's launch reports it as before
    with pytest.raises(TypeError):
        launch(out, v=1.0)
    with pytest.raises(TypeError):
        launch(out, "x")
    launch(out, 5.0)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(8) + 5.0)


class _DLPackOnly:
    """An exporter with __dlpack__ alone (as JAX's arrays are): no __cuda_array_interface__."""

    def __init__(self, d):
        self._d = d

    def __dlpack__(self, stream=None):
        return self._d.__dlpack__()

    def __dlpack_device__(self):
        return self._d.__dlpack_device__()


def test_dlpack_only_arrays_are_kernel_and_ufunc_arguments():
    from ujit import vectorize

    src = cuda.to_device(np.arange(8.0))
    out = cuda.device_array(8)
    dl_src, dl_out = _DLPackOnly(src), _DLPackOnly(out)
    assert not hasattr(dl_src, "__cuda_array_interface__")
    if dl_src.__dlpack_device__()[0] == 1 and cuda.is_available():
        pytest.skip("host-memory DLPack arrays are not device memory on a GPU")

    @cuda.jit
    def double(a, b):
        i = cuda.grid(1)
        if i < a.size:
            b[i] = 2 * a[i]

    double[1, 8](dl_src, dl_out)
    double[1, 8](dl_src, dl_out)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(8.0) * 2)

    @vectorize(["float64(float64)"], target="cuda")
    def inc(x):
        return x + 1

    r = inc(dl_src)
    np.testing.assert_array_equal(r.copy_to_host(), np.arange(8.0) + 1)


def test_dlpack_only_arrays_launch_from_c(monkeypatch):
    """A DLPack exporter is imported in C: after the first launch through Python, launches of
    the same types no longer enter Python (note_launch is not called again)."""
    src = cuda.to_device(np.arange(8.0))
    if src.__dlpack_device__()[0] == 1 and cuda.is_available():
        pytest.skip("host-memory DLPack arrays are not device memory on a GPU")

    @cuda.jit
    def triple(a, b):
        i = cuda.grid(1)
        if i < a.size:
            b[i] = 3 * a[i]

    out = cuda.device_array(8)
    launch = triple[1, 8]
    launch(_DLPackOnly(src), _DLPackOnly(out))
    python_launches = []
    monkeypatch.setattr(triple._owner, "note_launch", lambda codes: python_launches.append(codes))
    for _ in range(3):
        launch(_DLPackOnly(src), _DLPackOnly(out))
    cuda.synchronize()
    assert python_launches == []
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(8.0) * 3)
    fresh = cuda.device_array(8, np.float32)  # another dtype: through Python, then typed right
    launch(_DLPackOnly(src), _DLPackOnly(fresh))
    assert len(python_launches) == 1


def test_new_device_arrays_are_typed_in_c_as_in_python():
    """A device array the C launcher has not seen is typed there (dtype, ndim, layout by
    NumPy's flags); the code must be the one Python's launch gives, or kernel.signatures
    and the launcher's memory of seen types would go wrong."""
    from ujit.cuda._kernels import _device_array_code

    @cuda.jit
    def touch(a):
        pass

    launch = touch[1, 1]
    launch(cuda.device_array(3))  # through Python: the launcher now launches from C
    base = cuda.to_device(np.arange(120.0).reshape(4, 5, 6))
    views = [base, base[:, ::2], base[::-1], base.T, base[:, 1:2, :], base[1:3, :, ::3], base[:, :, 0], base[0],
             cuda.to_device(np.zeros((3, 4), order="F"))[1:, :], cuda.to_device(np.zeros((0, 3))),
             cuda.to_device(np.zeros((3, 1))), cuda.to_device(np.array(2.0)), cuda.device_array(4, np.int8),
             cuda.device_array((2, 2), np.complex64, order="F"), cuda.device_array(3, np.bool_)]
    for v in views:
        expect = _device_array_code(type(v)(v._h))
        fresh = type(v)(v._h)
        launch(fresh)
        launch(fresh)
        assert fresh._ujit_code == expect, (v.shape, v.strides, v.dtype)


def test_a_kept_configuration_checks_the_types_inside_tuples():
    """An equal key of other types is Numba's TypeError also inside a grid or block tuple:
    (2.0, 1) equals (2, 1) as a dict key."""
    out = cuda.device_array(32)
    fill[(2, 1), (16,)](out, 0.0)
    with pytest.raises(TypeError, match="griddim must be a sequence of integers"):
        fill[(2.0, 1), (16,)]
    with pytest.raises(TypeError, match="blockdim must be a sequence of integers"):
        fill[(2, 1), (16.0,)]
    fill[(2, 1), (16,)](out, 1.0)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(32) + 1.0)


def test_unhashable_configurations_launch():
    out = cuda.device_array(16)
    fill[[2], [8]](out, 3.0)
    fill[[2], [8]](out, 3.0)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(16) + 3.0)


def test_a_configuration_changed_in_place_launches_its_new_shape():
    """kernel[...] finds the configuration it saw last by identity, but only a hashable one:
    a list changed between launches is read again."""
    out = cuda.to_device(np.full(32, -1.0))
    config = [1, 16]
    fill[config](out, 0.0)
    config[0] = 2
    fill[config](out, 1.0)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(32) + 1.0)
    grid = [1]
    fill[grid, 16](out, 2.0)
    grid[0] = 2  # inside a tuple (unhashable with it)
    fill[grid, 16](out, 3.0)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(32) + 3.0)


def test_occupancy_switches_are_read_at_each_configuration():
    """numba.core.config's switches change at run time: a kept launcher follows them."""
    from ujit.core import config
    from ujit.core.errors import NumbaPerformanceWarning

    def warned():
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            fill[1, 1]
        return [w for w in seen if issubclass(w.category, NumbaPerformanceWarning)]

    saved = config.CUDA_LOW_OCCUPANCY_WARNINGS, config.DISABLE_PERFORMANCE_WARNINGS
    try:
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.DISABLE_PERFORMANCE_WARNINGS = 1, 0
        assert len(warned()) == 1
        assert "Grid size 1 will likely result in GPU under-utilization" in str(warned()[0].message)
        config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        assert warned() == []
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.DISABLE_PERFORMANCE_WARNINGS = 1, 1
        assert warned() == []
        config.DISABLE_PERFORMANCE_WARNINGS = 0
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a warning turned error is raised from kernel[...]
            with pytest.raises(NumbaPerformanceWarning):
                fill[1, 1]
    finally:
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.DISABLE_PERFORMANCE_WARNINGS = saved


def test_launches_keep_no_references():
    """Launches from C and through Python: no reference to an argument, a launcher or a
    configuration is left behind."""
    import gc
    import sys

    out = cuda.device_array(8)
    launch = fill[1, 8]
    launch(out, 1.0)
    before = sys.getrefcount(out), sys.getrefcount(launch)
    for _ in range(200):
        fill[1, 8](out, 2.0)
        launch(out, 2.0)
    gc.collect()
    assert (sys.getrefcount(out), sys.getrefcount(launch)) == before


class _InterfaceOnly:
    """An exporter with __cuda_array_interface__ alone (as CuPy's and PyTorch's arrays are);
    `reads` counts how often a launch asked for it."""

    def __init__(self, d):
        self._d, self.reads = d, 0

    @property
    def __cuda_array_interface__(self):
        self.reads += 1
        return self._d.__cuda_array_interface__


def test_interface_arrays_launch_from_c(monkeypatch):
    """Arrays of other libraries are read in C: after the first launch through Python, a
    launch of the same types no longer enters Python (note_launch is not called again), and
    the signature is recorded as Numba's typeof gives it."""
    if not cuda.is_available():
        pytest.skip("__cuda_array_interface__ needs GPU memory")

    @cuda.jit
    def double(a, b):
        i = cuda.grid(1)
        if i < a.size:
            b[i] = 2 * a[i]

    src, out = cuda.to_device(np.arange(8.0)), cuda.device_array(8)
    a, b = _InterfaceOnly(src), _InterfaceOnly(out)
    launch = double[1, 8]
    launch(a, b)  # through Python, which may read the interface more than once (its stream too)
    first_reads = (a.reads, b.reads)
    python_launches = []
    owner = double._owner
    monkeypatch.setattr(owner, "note_launch", lambda codes: python_launches.append(codes))
    launch(a, b)
    launch(_InterfaceOnly(src), _InterfaceOnly(out))
    cuda.synchronize()
    assert python_launches == []
    assert (a.reads, b.reads) == (first_reads[0] + 1, first_reads[1] + 1)  # from C: read once a launch
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(8.0) * 2)
    assert any("float64" in str(s) for s in double.signatures)


def test_numpy_scalars_launch_from_c(monkeypatch):
    """np.float32(2.5) and friends are numbers to the C launcher: typed as their dtype (as
    Numba's typeof), converted in C, no Python after the first launch of those types."""

    @cuda.jit
    def axpb(x, a, b, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = a * x[i] + b

    x = cuda.to_device(np.arange(8, dtype=np.float32))
    out = cuda.device_array(8, np.float32)
    launch = axpb[1, 8]
    launch(x, np.float32(2.0), np.int16(1), out)
    python_launches = []
    monkeypatch.setattr(axpb._owner, "note_launch", lambda codes: python_launches.append(codes))
    for a, b in ((np.float32(3.0), np.int16(-2)), (np.float32(0.5), np.int16(7))):
        launch(x, a, b, out)
        cuda.synchronize()
        np.testing.assert_array_equal(out.copy_to_host(), a * np.arange(8, dtype=np.float32) + b)
    assert python_launches == []
    launch(x, np.float64(2.0), np.int16(1), out)  # another dtype: through Python once
    launch(x, np.float64(2.0), np.int16(1), out)
    assert len(python_launches) == 1
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), 2.0 * np.arange(8) + 1)


def test_declared_kernels_launch_from_c_with_numpys_conversions(monkeypatch):
    """A kernel with declared signatures converts its scalars to the parameters of the
    signature it runs (as Numba does); after the first launch of some argument types that
    happens in C, with NumPy's conversion as the oracle, out-of-range ints included."""

    @cuda.jit("void(int32[::1], int32, float32)")
    def put(out, k, v):
        out[cuda.threadIdx.x] = k + v

    out = cuda.device_array(4, dtype=np.int32)
    launch = put[1, 4]
    launch(out, 1, 0.5)
    python_launches = []
    monkeypatch.setattr(put._owner, "note_launch", lambda codes: python_launches.append(codes))
    for k, v in ((2, 1.25), (-7, 3.5), (np.int64(9), 0.75)):
        launch(out, k, v)
        cuda.synchronize()
        np.testing.assert_array_equal(out.copy_to_host(), np.full(4, np.int32(np.int32(k) + np.float32(v))))
    assert python_launches == []  # np.int64 types as int does: from C too
    # An int out of the parameter's range wraps, as Numba's ctypes conversion does
    # (ctypes.c_int32(2**40 + 5) is 5), through Python.
    big = 2**40 + 5
    launch(out, big, 0.0)
    cuda.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), np.full(4, 5, np.int32))


def test_a_small_gufunc_loop_warns_of_low_occupancy_as_numba_does():
    """numba-cuda launches a CUDA gufunc as a kernel over its loop, so a loop of one iteration
    gets the launch's low-occupancy warning (its test_gufunc.test_inefficient_launch_configuration),
    a loop filling the GPU none, and config switches it off."""
    import warnings

    from ujit import guvectorize
    from ujit.core import config
    from ujit.core.errors import NumbaPerformanceWarning

    @guvectorize(["void(float32[:], float32[:], float32[:])"], "(n),(n)->(n)", target="cuda")
    def product(a, b, out):
        for i in range(a.shape[0]):
            out[i] = a[i] * b[i]

    a = np.arange(64, dtype=np.float32)
    with pytest.warns(NumbaPerformanceWarning, match="Grid size 1 will likely result in GPU under-utilization"):
        product(a, a, np.zeros_like(a))
    big = np.ones((128 * 256, 2), dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        np.testing.assert_array_equal(product(big, big), big)
        old = config.CUDA_LOW_OCCUPANCY_WARNINGS
        config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        try:
            np.testing.assert_array_equal(product(a, a), a * a)
        finally:
            config.CUDA_LOW_OCCUPANCY_WARNINGS = old


def test_forall_launches_a_thread_per_task_and_none_for_no_task():
    """numba-cuda's kernel.forall(n): enough blocks of tpb threads for n tasks; n = 0 launches
    nothing (its issue 5017), a negative n is its ValueError (test_forall.py)."""
    out = np.zeros(300)
    fill.forall(300)(out, 2.0)  # out[i] = v + i
    want = 2.0 + np.arange(300)
    np.testing.assert_array_equal(out, want)
    fill.forall(100, tpb=32)(out, 3.0)
    want[:128] += 1  # 4 blocks of 32: the kernel's own bound (out.size) stops the rest
    np.testing.assert_array_equal(out, want)
    fill.forall(0)(out, 9.0)
    np.testing.assert_array_equal(out, want)
    with pytest.raises(ValueError, match="Can't create ForAll with negative task count: -1"):
        fill.forall(-1)
