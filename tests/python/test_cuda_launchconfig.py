"""numba.cuda.launchconfig: the launch a kernel is compiled for is visible while it
compiles (the kernel's _compile_for_args), per thread, and None outside (numba-cuda's
test_dispatcher.TestDispatcher.test_launch_config_*)."""
import threading

import numpy as np
import pytest

from ujit import cuda
from ujit.cuda import launchconfig

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


def make():
    @cuda.jit
    def f(x):
        x[0] = 1

    return f


def test_the_config_is_current_during_the_compile_only():
    f = make()
    seen = []
    orig = f._compile_for_args

    def wrapped(*args):
        seen.append(launchconfig.current_launch_config())
        return orig(*args)

    f._compile_for_args = wrapped
    assert launchconfig.current_launch_config() is None
    arr = np.zeros(1, dtype=np.int32)
    f[(2, 1), 3, 0, 16](arr)
    assert arr[0] == 1
    (cfg,) = seen
    assert cfg.dispatcher is f and cfg.griddim == (2, 1, 1) and cfg.blockdim == (3, 1, 1)
    assert cfg.sharedmem == 16 and cfg.args[0] is arr
    assert launchconfig.current_launch_config() is None
    with pytest.raises(RuntimeError, match="no launch configuration is active"):
        launchconfig.ensure_current_launch_config()


def test_capture_compile_config_restores_the_method():
    f = make()
    original = f._compile_for_args
    with launchconfig.capture_compile_config(f) as capture:
        f[1, 4](np.zeros(1, dtype=np.int32))
    assert capture["config"].blockdim == (4, 1, 1)
    assert "_compile_for_args" not in f.__dict__
    assert f._compile_for_args.__func__ is original.__func__


def test_marking_the_compile_sensitive_marks_its_kernel():
    f = make()
    orig = f._compile_for_args

    def wrapped(*args):
        launchconfig.ensure_current_launch_config().dispatcher.mark_launch_config_sensitive()
        return orig(*args)

    f._compile_for_args = wrapped
    f[1, 1](np.zeros(1, dtype=np.int32))
    (kernel,) = f.overloads.values()
    assert kernel.launch_config_sensitive


def test_each_thread_sees_its_own_launch():
    f = make()
    barrier = threading.Barrier(2)
    seen, errors = [], []
    orig = f._compile_for_args

    def wrapped(*args):
        cfg = launchconfig.ensure_current_launch_config()
        barrier.wait(timeout=5)
        seen.append(id(cfg.args[0]))
        return orig(*args)

    f._compile_for_args = wrapped
    configured = f[1, 1]
    arrays = [np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int32)]

    def launch(a):
        try:
            configured(a)
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=launch, args=(a,)) for a in arrays]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert errors == [] and set(seen) == {id(a) for a in arrays}
