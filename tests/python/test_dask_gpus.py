"""ujit.dask.local_cuda_cluster: one Dask worker per GPU, each pinned with
CUDA_VISIBLE_DEVICES (its GPU first), running a ujit CUDA ufunc over a Dask array. Here
without a GPU the two "GPUs" are ordinals the workers are pinned to, and the ufunc runs on
each worker's host device; on the lent 2-GPU machine tools/bench/bench_dask_gpus.py runs the
same recipe on real devices."""
import os

import numpy as np
import pytest

import course_cuda

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

from ujit.dask import _device_order, local_cuda_cluster, worker_device  # noqa: E402


def test_device_order_puts_the_workers_gpu_first():
    assert _device_order(0, 2) == "0,1"
    assert _device_order(1, 2) == "1,0"
    assert _device_order(2, 4) == "2,3,0,1"


@pytest.fixture(scope="module")
def client():
    with local_cuda_cluster(devices=[0, 1]) as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(2)
        yield c


def test_one_worker_per_device_each_pinned(client):
    seen = client.run(worker_device)
    assert sorted(v[0] for v in seen.values()) == ["0,1", "1,0"]
    assert sorted(client.scheduler_info()["workers"][w]["name"] for w in seen) == ["gpu-0", "gpu-1"]


def test_cuda_ufunc_over_a_dask_array_on_every_worker(client):
    x = np.arange(400_000, dtype=np.float32)
    dx = da.from_array(x, chunks=50_000)
    lazy = dx.map_blocks(course_cuda.add_ufunc, dx, dtype=np.float32)
    np.testing.assert_array_equal(lazy.compute(), x + x)
    # the blocks were spread over both workers
    placed = client.persist(lazy)
    distributed.wait(placed)
    holders = {w for ws in client.who_has(placed).values() for w in ws}
    assert len(holders) == 2


def test_no_gpu_and_no_devices_gives_plain_workers():
    with local_cuda_cluster(devices=[], n_workers=1) as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(1)
        # not pinned: the workers see what this process sees
        assert [v[0] for v in c.run(worker_device).values()] == [os.environ.get("CUDA_VISIBLE_DEVICES")]


def test_cuda_ufuncs_pickle_by_reference_and_by_value():
    import pickle

    assert pickle.loads(pickle.dumps(course_cuda.add_ufunc)) is course_cuda.add_ufunc
    assert pickle.loads(pickle.dumps(course_cuda.batch_matrix_mult)) is course_cuda.batch_matrix_mult
    # not reachable by its name: rebuilt from the Python function (cloudpickle ships it)
    local = course_cuda.vectorize(['float32(float32, float32)'], target='cuda')(course_cuda.add_ufunc.__wrapped__)
    cloudpickle = pytest.importorskip("cloudpickle")
    copy = pickle.loads(cloudpickle.dumps(local))
    assert copy is not local
    x = np.arange(5, dtype=np.float32)
    np.testing.assert_array_equal(copy(x, x), x + x)
