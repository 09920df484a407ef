"""A ujit ufunc past one process: Dask on a LocalCluster of 2 worker processes, each
importing the ufunc by reference and compiling it from the shared disk cache."""
import numpy as np
import pytest

import course

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=50)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_map_blocks_on_worker_processes(client):
    x = np.random.default_rng(0).uniform(-3, 3, 40_000).astype(np.float32)
    dx = da.from_array(x, chunks=10_000)
    got = dx.map_blocks(course.gaussian_pdf, np.float32(0.0), np.float32(1.0), dtype=np.float32).compute()
    np.testing.assert_allclose(got, course.gaussian_pdf(x, 0.0, 1.0))
    # the work ran in the two worker processes, not here
    pids = client.run(lambda: __import__("os").getpid())
    assert len(set(pids.values())) == 2


def test_ufunc_protocol_on_a_dask_array(client):
    x = np.arange(20_000, dtype=np.float32)
    dx = da.from_array(x, chunks=5_000)
    lazy = course.add_ufunc(dx, dx)  # NumPy hands the call to dask.array's __array_ufunc__
    assert isinstance(lazy, da.Array)
    np.testing.assert_array_equal(lazy.compute(), x + x)


def test_lazy_ufunc_on_a_dask_array(client):
    x = np.arange(10_000, dtype=np.float64)
    dx = da.from_array(x, chunks=2_500)
    np.testing.assert_array_equal(course.scaled_sum(dx, 1.0).compute(), 2 * x + 1)


def test_workers_import_the_compiled_function(client):
    def in_worker():
        import course as c

        return c.hypot(3.0, 4.0)

    assert set(client.run(in_worker).values()) == {5.0}
