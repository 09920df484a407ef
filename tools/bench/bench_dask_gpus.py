#!/usr/bin/env python3
"""A ujit CUDA ufunc over a Dask array on one GPU and on every GPU (ujit.dask's cluster, one
worker per GPU): the throughput of each and the ratio, in one run.

    python3 tools/bench/bench_dask_gpus.py [--gb 2] [--chunk-mb 256] [--runs 3]

The job: a float32 array of --gb gigabytes, made block by block on the workers (no transfer
from here), `y = scale_add(x, x)` on the GPU of each block's worker, then `y.sum()`: each
block is copied to its GPU and back, as a Dask job over host memory does. The ufunc is
compiled once, into the shared disk cache, and loaded by the other workers."""
import argparse
import os
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dask  # noqa: E402
import dask.array as da  # noqa: E402
from distributed import Client  # noqa: E402

from ujit import cuda  # noqa: E402
from ujit.dask import local_cuda_cluster, worker_device  # noqa: E402

import dask_gpu_job  # noqa: E402  (the ufunc, in a module the workers import)


def run(devices, n, chunk, runs):
    with local_cuda_cluster(devices=devices) as cluster, Client(cluster) as client:
        client.wait_for_workers(len(devices))
        where = sorted(client.run(worker_device).values())
        x = da.ones(n, chunks=chunk, dtype=np.float32)
        job = x.map_blocks(dask_gpu_job.scale_add, x, dtype=np.float32).sum(dtype=np.float64)
        assert float(job.compute()) == 3.0 * n  # warm: workers compile or load from the cache
        best = float("inf")
        for _ in range(runs):
            t0 = time.perf_counter()
            job.compute()
            best = min(best, time.perf_counter() - t0)
        return best, where


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gb", type=float, default=2.0)
    ap.add_argument("--chunk-mb", type=int, default=256)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--smoke", action="store_true", help="without GPUs: 2 workers on host devices, to check the script")
    args = ap.parse_args()
    count = 2 if args.smoke else len(cuda.gpus)
    if count < 2:
        print("bench_dask_gpus: %d CUDA device(s) here; needs 2 or more" % count)
        return 0
    os.environ.setdefault("UJIT_CACHE_DIR", tempfile.mkdtemp(prefix="ujit-dask-bench-"))
    dask.config.set({"distributed.worker.daemon": False})
    n = int(args.gb * 2**30) // 4
    chunk = args.chunk_mb * 2**20 // 4
    print("ujit CUDA ufunc over a %.1f GB float32 Dask array, %d MB blocks, best of %d" % (args.gb, args.chunk_mb, args.runs))
    one, where1 = run([0], n, chunk, args.runs)
    print("  1 GPU : %.3f s  %.2f GB/s   %s" % (one, args.gb / one, where1))
    many, where = run(list(range(count)), n, chunk, args.runs)
    print("  %d GPUs: %.3f s  %.2f GB/s   %s" % (count, many, args.gb / many, where))
    print("  speed-up %.2fx on %d GPUs (target >= 1.8x on 2)" % (one / many, count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
