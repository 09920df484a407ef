"""cuda.gpus and the current device (issue 21, item 4). The GPU tests run where a device is
usable (two of them on a 2-GPU machine); without one, the list is empty and says why."""
import threading

import numpy as np
import pytest

from ujit import cuda


def test_gpus_without_cuda_is_empty_and_says_why():
    if cuda.is_available():
        pytest.skip("a CUDA device is usable here")
    assert len(cuda.gpus) == 0 and list(cuda.gpus) == []
    with pytest.raises(cuda.CudaSupportError, match="CUDA is unavailable"):
        cuda.gpus[0]
    with pytest.raises(cuda.CudaSupportError):
        cuda.gpus.current


@pytest.mark.gpu
def test_gpus_list_and_context_manager():
    n = len(cuda.gpus)
    assert n >= 1 and [g.id for g in cuda.gpus] == list(range(n))
    assert cuda.gpus[0].name == cuda.list_devices()[0].name
    with pytest.raises(IndexError, match="CUDA device"):
        cuda.gpus[n]
    before = cuda.get_current_device().id
    with cuda.gpus[n - 1] as gpu:
        assert gpu.id == n - 1 and cuda.get_current_device().id == n - 1 and cuda.gpus.current.id == n - 1
        d = cuda.to_device(np.arange(5.0))
        np.testing.assert_array_equal(d.copy_to_host(), np.arange(5.0))
    assert cuda.get_current_device().id == before


@pytest.mark.gpu
def test_current_device_is_per_thread():
    if len(cuda.gpus) < 2:
        pytest.skip("needs two CUDA devices (nvidia-h100-x2)")
    seen = {}

    def worker():
        cuda.select_device(1)
        d = cuda.to_device(np.arange(3.0))
        seen["worker"] = (cuda.get_current_device().id, d.copy_to_host().tolist())

    cuda.select_device(0)
    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen["worker"] == (1, [0.0, 1.0, 2.0])
    assert cuda.get_current_device().id == 0
    with cuda.gpus[1]:
        with cuda.gpus[0]:
            assert cuda.get_current_device().id == 0
        assert cuda.get_current_device().id == 1
    assert cuda.get_current_device().id == 0


@pytest.mark.gpu
def test_arrays_copy_between_gpus():
    if len(cuda.gpus) < 2:
        pytest.skip("needs two CUDA devices (nvidia-h100-x2)")
    a = np.arange(1000, dtype=np.float32)
    with cuda.gpus[0]:
        d0 = cuda.to_device(a)
    with cuda.gpus[1]:
        d1 = cuda.device_array_like(a)
        d1.copy_to_device(d0)  # device 0 -> device 1, peer to peer where the devices allow
        np.testing.assert_array_equal(d1.copy_to_host(), a)
        d1[10:20] = d0[0:10]  # views of arrays on two devices
        expect = a.copy()
        expect[10:20] = a[0:10]
        np.testing.assert_array_equal(d1.copy_to_host(), expect)
    with cuda.gpus[0]:
        d0.copy_to_device(d1)  # and back
        np.testing.assert_array_equal(d0.copy_to_host(), expect)
