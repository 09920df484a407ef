"""Dask over several GPUs: one worker process per GPU, each pinned to its device.

    from ujit.dask import local_cuda_cluster
    from distributed import Client

    with local_cuda_cluster() as cluster, Client(cluster) as client:
        x = dask.array.random.random(n, chunks=chunk).astype(np.float32)
        y = x.map_blocks(my_cuda_ufunc, ...)        # each block runs on its worker's GPU

As dask-cuda's LocalCUDACluster does, each worker starts with `CUDA_VISIBLE_DEVICES` naming
its GPU first, so `cuda.gpus[0]` in that worker is its own device and nothing there can touch
another worker's. The workers import a ufunc by reference and compile it once: the first one
stores the PTX and the cubin in the shared disk cache (`UJIT_CACHE_DIR`), the others load them.
Without a GPU the workers use ujit's host device (kernels compiled for the CPU), one worker
unless `n_workers` says otherwise.
"""


def _device_order(first, count):
    """CUDA_VISIBLE_DEVICES for the worker of GPU `first`: it first, then the others (dask-cuda's
    order, so a worker can still reach its neighbours for peer copies)."""
    return ",".join(str((first + k) % count) for k in range(count))


def local_cuda_cluster(n_workers=None, devices=None, threads_per_worker=1, memory_limit="auto", **scheduler_options):
    """A `distributed.SpecCluster` on this machine with one worker process per GPU.

    devices: the GPU ordinals to use (default: every one of `cuda.gpus`); n_workers: how many
    workers when there is no GPU (default 1), or a cap on the GPUs used. Extra keywords go
    to the scheduler (`dashboard_address=None`, ...)."""
    from distributed import Nanny, Scheduler, SpecCluster

    from . import cuda

    if devices is None:
        count = len(cuda.gpus)
        devices = list(range(count))
        if n_workers is not None:
            devices = devices[:n_workers]
    else:
        devices = list(devices)
        count = max(devices) + 1 if devices else 0
    if not devices:  # the host device: plain workers, no pinning
        workers = {i: {"cls": Nanny, "options": {"nthreads": threads_per_worker, "memory_limit": memory_limit}}
                   for i in range(n_workers or 1)}
    else:
        workers = {
            "gpu-%d" % dev: {
                "cls": Nanny,
                "options": {
                    "nthreads": threads_per_worker,
                    "memory_limit": memory_limit,
                    "env": {"CUDA_VISIBLE_DEVICES": _device_order(dev, count)},
                },
            }
            for dev in devices
        }
    scheduler_options.setdefault("dashboard_address", None)
    scheduler = {"cls": Scheduler, "options": scheduler_options}
    return SpecCluster(workers=workers, scheduler=scheduler, silence_logs=50)


def worker_device():
    """In a worker: (CUDA_VISIBLE_DEVICES, the name of device 0 or the host device's reason)."""
    import os

    from . import cuda

    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if cuda.is_available():
        return visible, cuda.gpus[0].name
    return visible, "host device"
