"""CUDA IPC as Numba has it: a device array's IpcArrayHandle pickles into another process,
which maps the same device memory (`with handle as darr`), whole arrays and slices alike;
raw handles through Context.get_ipc_handle and cuda.open_ipc_array. On the host device the
memory belongs to the process, and asking for a handle says so."""
import multiprocessing as mp
import os
import pickle

import numpy as np
import pytest

from ujit import cuda


def _open_array_handle(handle, parent):
    assert os.getpid() != parent
    with handle as darr:
        got = darr.copy_to_host()
        with pytest.raises(ValueError, match="IpcHandle is already opened"):
            with handle:
                pass
    return got


def _open_raw_handle(handle_bytes, size):
    with cuda.open_ipc_array(handle_bytes, shape=size // 8, dtype=np.int64) as darr:
        return darr.copy_to_host()


def _open_pickled(ipch):
    darr = ipch.open_array(cuda.current_context(), shape=ipch.size // 8, dtype=np.int64)
    got = darr.copy_to_host()
    ipch.close()
    return got


@pytest.fixture(scope="module")
def pool():
    with mp.get_context("spawn").Pool(1) as p:
        yield p


@pytest.mark.gpu
@pytest.mark.parametrize("index", [None, slice(3, None), slice(3, 8), slice(None, 8)])
def test_an_array_handle_opens_in_another_process(pool, index):
    d = cuda.to_device(np.arange(10, dtype=np.int64))
    if index is not None:
        d = d[index]
    expect = d.copy_to_host()
    got = pool.apply(_open_array_handle, (d.get_ipc_handle(), os.getpid()))
    np.testing.assert_array_equal(got, expect)


@pytest.mark.gpu
def test_raw_handles_pickle_and_open(pool):
    d = cuda.to_device(np.arange(10, dtype=np.int64))[2:7]
    ipch = cuda.current_context().get_ipc_handle(d.gpu_data)
    again = pickle.loads(pickle.dumps(ipch))
    assert again.base is None and again.size == ipch.size == 40
    assert again.handle.reserved == ipch.handle.reserved and len(ipch.handle.reserved) == 64
    np.testing.assert_array_equal(pool.apply(_open_pickled, (ipch,)), [2, 3, 4, 5, 6])
    whole = cuda.to_device(np.arange(6, dtype=np.int64))
    raw = cuda.current_context().get_ipc_handle(whole.gpu_data)
    np.testing.assert_array_equal(pool.apply(_open_raw_handle, (raw.handle.reserved, raw.size)), np.arange(6))


@pytest.mark.gpu
def test_a_handle_does_not_open_in_its_own_process():
    d = cuda.to_device(np.arange(4, dtype=np.int64))
    ipch = cuda.current_context().get_ipc_handle(d.gpu_data)
    with pytest.raises(ValueError, match="from original process"):
        ipch.open_array(cuda.current_context(), shape=4, dtype=np.int64)


def test_the_host_device_has_no_ipc():
    if cuda.is_available():
        pytest.skip("a GPU is present: the host device's refusal is checked without one")
    d = cuda.to_device(np.arange(4.0))
    with pytest.raises(RuntimeError, match="an IPC handle needs a CUDA device"):
        d.get_ipc_handle()
