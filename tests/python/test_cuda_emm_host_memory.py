"""Pinned and mapped host memory through the memory manager, as Numba does it:
cuda.pinned_array and mapped_array call the context's memory manager's memhostalloc,
cuda.pinned and cuda.mapped its mempin, and the arrays live over the memory the manager
returned (its finalizer runs when the last array over it dies). HostOnlyCUDAMemoryManager
implements both with ujit's page-locked memory. The plugin (emm_plugins.HostAllocPlugin)
hands out cuMemHostAlloc memory on a GPU and NumPy buffers on the host device, so each
assertion holds on both; kernels use the mapped arrays in place."""
import gc

import numpy as np
import pytest

from emm_plugins import HostAllocPlugin, installed
from ujit import cuda


@pytest.fixture
def plugin():
    with installed(HostAllocPlugin) as p:
        yield p


@cuda.jit
def twice(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 2 * a[i] + 1


def _address(a):
    return a.__array_interface__["data"][0]


def test_pinned_array_is_the_plugins_memory(plugin):
    a = cuda.pinned_array((3, 4), np.float32)
    assert plugin.host_calls == [(48, False, False, False)]
    assert _address(a) in plugin.host_live and plugin.host_live[_address(a)] == 48
    a[:] = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = cuda.to_device(a)
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(12).reshape(3, 4))
    view = a[1:]
    del a
    gc.collect()
    assert len(plugin.host_live) == 1  # the view keeps the memory
    del view
    gc.collect()
    assert plugin.host_live == {}  # the plugin's finalizer ran


def test_mapped_array_is_the_plugins_mapped_memory_and_kernels_use_it_in_place(plugin):
    m = cuda.mapped_array(8, np.float64, portable=True)
    assert isinstance(m, cuda.MappedNDArray)
    assert plugin.host_calls == [(64, True, True, False)]
    assert _address(m) in plugin.host_live
    m[:] = np.arange(8.0)
    twice[1, 8](m)
    cuda.synchronize()
    np.testing.assert_array_equal(m, 2 * np.arange(8.0) + 1)
    assert m.device_ctypes_pointer == _address(m)  # unified addressing: the host address
    del m
    gc.collect()
    assert plugin.host_live == {}


def test_pinned_and_mapped_context_managers_pin_through_mempin(plugin):
    a = np.arange(6.0)
    b = np.zeros(4, np.int32)
    with cuda.pinned(a, b):
        assert [(p[0], p[1], p[2], p[3]) for p in plugin.pins] == [
            (a, _address(a), 48, False), (b, _address(b), 16, False)]
    plugin.pins.clear()
    with cuda.mapped(a) as m:
        assert len(plugin.pins) == 1 and plugin.pins[0][0] is a and plugin.pins[0][3] is True
        twice[1, 8](m)
        cuda.synchronize()
    np.testing.assert_array_equal(a, 2 * np.arange(6.0) + 1)
    assert plugin.host_calls == []  # pinning allocates nothing


def test_host_only_manager_allocates_and_pins_with_ujits_memory():
    mgr = cuda.current_context().memory_manager
    assert isinstance(mgr, cuda.HostOnlyCUDAMemoryManager)
    pinned = mgr.memhostalloc(32)
    assert isinstance(pinned, cuda.cudadrv.driver.PinnedMemory) and pinned.size == 32 and pinned.host_pointer
    mapped = mgr.memhostalloc(16, mapped=True)
    assert isinstance(mapped, cuda.cudadrv.driver.MappedMemory) and mapped.device_pointer_value
    a = np.ones(5)
    pin = mgr.mempin(a, _address(a), a.nbytes, mapped=True)
    assert pin.owned is a and pin.host_pointer == _address(a) and pin.size == 40
    # arrays made by the default manager: plain ndarrays over page-locked memory, as in Numba
    p = cuda.pinned_array(4, np.int16)
    assert type(p) is np.ndarray and p.shape == (4,) and p.dtype == np.int16
    p[:] = [1, 2, 3, 4]
    np.testing.assert_array_equal(cuda.to_device(p).copy_to_host(), [1, 2, 3, 4])


def test_a_plugin_memhostalloc_error_reaches_the_caller(plugin):
    def fail(*args, **kwargs):
        raise MemoryError("no pinned memory left in the plugin")

    plugin.memhostalloc = fail
    with pytest.raises(MemoryError, match="no pinned memory left"):
        cuda.pinned_array(10)


def test_numbas_driver_functions_on_mapped_memory():
    """numba-cuda's test_host_alloc: device_memset and device_to_host on memory memhostalloc
    gave and on mapped and device arrays."""
    from ujit.cuda.cudadrv import driver
    mem = cuda.current_context().memhostalloc(32, mapped=True)
    ary = np.ndarray(32, np.uint8, buffer=cuda._host_pointers.host_buffer(mem))
    driver.device_memset(mem, 0xAB, 32)
    assert (ary == 0xAB).all()
    ary.fill(32)
    recv = np.empty_like(ary)
    driver.device_to_host(recv, mem, ary.size)
    assert (recv == 32).all()
    m = cuda.mapped_array(10, dtype=np.uint32)
    m.fill(123)
    driver.device_memset(m, 0, driver.device_memory_size(m))
    assert (m == 0).all()
    d = cuda.to_device(np.full(10, 123, np.uint32))
    driver.device_memset(d, 0, driver.device_memory_size(d))
    assert (d.copy_to_host() == 0).all()
