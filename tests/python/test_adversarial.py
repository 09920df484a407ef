"""What an adversarial but realistic user tried (issue 24 and later ones), one section per
area: each case is a minimal program that once crashed, hung, leaked or gave a wrong result.
The same cases through the command line are tests/lit/cli/adversarial_*.py, through the C API
tests/unit/capi/capi_hostile_test.cpp."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import ujit
from ujit import cuda


# ---------------------------------------------------------------- the host device (issue 24)

host_device = pytest.mark.skipif(cuda.is_available(), reason="CUDA is available: the host device is not used")


def _resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@host_device
class TestHostDeviceAdversarial:
    def test_local_array_larger_than_cuda_allows_is_a_compile_error(self):
        @cuda.jit
        def k(out):
            a = cuda.local.array(4 * 1024 * 1024, np.float32)
            a[0] = 1.0
            out[0] = a[0]

        out = np.zeros(4, np.float32)
        with pytest.raises(ujit.CompileError, match="16777216 bytes is too large"):
            k[1, 4](out)

    def test_store_out_of_range_is_an_error_and_the_process_lives(self):
        @cuda.jit
        def k(out):
            i = cuda.grid(1)
            out[i * 1000000] = 1.0

        @cuda.jit
        def fill(out):
            i = cuda.grid(1)
            if i < out.shape[0]:
                out[i] = i

        d = cuda.device_array(64, np.float32)
        with pytest.raises(RuntimeError, match=r"CUDA_ERROR_ILLEGAL_ADDRESS.*kernel 'k' faulted"):
            k[4, 16](d)
        out = np.zeros(100)
        fill[1, 128](out)
        assert (out == np.arange(100)).all()

    def test_grid_stride_loop_keeps_a_block_local_read_before_it(self):
        @cuda.jit
        def k(out):
            b = cuda.blockIdx.x
            for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
                out[i] = b

        out = np.full(64, -1, np.int64)
        k[2, 4](out)
        assert out.tolist() == [(i % 8) // 4 for i in range(64)]  # what CUDA gives

    def test_grid_stride_loop_with_a_block_dependent_bound(self):
        @cuda.jit
        def k(counts):
            for i in range(cuda.grid(1), counts.shape[0] - cuda.blockIdx.x * 8, cuda.gridsize(1)):
                cuda.atomic.add(counts, i, 1)

        counts = np.zeros(64, np.int64)
        k[2, 4](counts)
        expected = np.zeros(64, np.int64)
        for b in range(2):
            for t in range(4):
                for i in range(b * 4 + t, 64 - b * 8, 8):
                    expected[i] += 1
        assert counts.tolist() == expected.tolist()

    def test_freed_large_arrays_leave_the_process_and_the_pool_can_be_trimmed(self):
        cuda.current_context().deallocations.clear()
        before = _resident_bytes()
        for k in range(8):  # issue 24: 63-245 MB arrays one at a time left 1.3 GB resident
            a = cuda.to_device(np.ones((24 + 4 * k) * 2 ** 20 // 8))
            del a
        assert _resident_bytes() < before + 64 * 2 ** 20
        small = cuda.device_array(1000)
        del small
        cuda.current_context().deallocations.clear()  # Numba's spelling; returns the cached rest

    def test_ctrl_c_stops_a_long_kernel(self, tmp_path):
        script = tmp_path / "spin.py"
        script.write_text(textwrap.dedent("""
            import sys, time
            import numpy as np
            from ujit import cuda

            @cuda.jit
            def spin(out):
                i = cuda.grid(1)
                acc = 0.0
                for k in range(2000000):
                    acc += k * 0.5
                out[i] = acc

            out = cuda.device_array(1000 * 256)
            spin[1, 1](out)  # compiled before the clock starts
            print("ready", flush=True)
            try:
                spin[1000, 256](out)
            except KeyboardInterrupt:
                print("interrupted", flush=True)
                spin[1, 1](out)  # usable afterwards
                print("usable", flush=True)
                sys.exit(0)
            print("finished", flush=True)
            sys.exit(1)
        """))
        env = dict(os.environ, UJIT_DISABLE_CUDA="1")
        p = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = p.communicate(timeout=60)
        assert time.monotonic() - t0 < 30
        assert p.returncode == 0 and out.split() == ["interrupted", "usable"], out + err
