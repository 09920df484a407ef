"""Numba's External Memory Management plugins (cuda.set_memory_manager, ctx.memory_manager):
every device allocation ujit makes goes through the plugin's memalloc and comes back through
its finalizer when the last array viewing it dies. The test plugin hands out device memory
from libcuda's cuMemAlloc on a GPU and NumPy buffers on the host device, so each assertion
holds on both."""

import numpy as np
import pytest

from emm_plugins import TrackingPlugin, WrongVersionPlugin, installed
from ujit import cuda, vectorize


@pytest.fixture
def plugin():
    with installed(TrackingPlugin) as p:
        yield p


@vectorize(["float64(float64, float64)"], target="cuda")
def add(x, y):
    return x + y


def test_device_arrays_and_ufunc_outputs_come_from_the_plugin(plugin):
    a = np.arange(10.0)
    d = cuda.to_device(a)
    assert plugin.count == 1 and list(plugin.live.values()) == [80]
    np.testing.assert_array_equal(d.copy_to_host(), a)
    out = add(d, d)  # the ufunc's output on the device: allocated in C, through the plugin
    assert plugin.count == 2
    np.testing.assert_array_equal(out.copy_to_host(), 2 * a)
    assert out.gpu_data.device_pointer_value in plugin.live
    del d, out
    assert plugin.live == {}  # the finalizers ran when the arrays died


def test_a_view_keeps_the_plugins_memory(plugin):
    d = cuda.to_device(np.arange(8, dtype=np.int32))
    tail = d[4:]
    del d
    assert len(plugin.live) == 1
    np.testing.assert_array_equal(tail.copy_to_host(), [4, 5, 6, 7])
    del tail
    assert plugin.live == {}


def test_the_plugins_exception_reaches_the_caller(plugin):
    plugin.fail = True
    with pytest.raises(MemoryError, match="the plugin's pool is empty"):
        cuda.device_array(16)
    plugin.fail = False
    assert cuda.device_array(16).shape == (16,)  # usable again


def test_context_calls_reach_the_plugin(plugin):
    ctx = cuda.current_context()
    assert ctx.memory_manager is plugin and plugin.initialized
    assert ctx.get_memory_info() == (32, 64) and ctx.get_memory_info().total == 64
    d = cuda.device_array_like(np.arange(2))
    handle = d.get_ipc_handle()
    assert handle._ipc_handle == "plugin handle for %d" % d.gpu_data.device_pointer_value
    ctx.reset()
    assert plugin.reset_called


def test_the_pool_serves_again_once_the_initial_manager_is_back():
    ctx = cuda.current_context()
    initial = ctx.memory_manager
    tracking = ctx.memory_manager = TrackingPlugin(context=ctx)
    kept = cuda.device_array(4)
    ctx.memory_manager = initial
    fresh = cuda.device_array(4)
    assert tracking.count == 1
    del kept  # memory the plugin gave still goes back to it
    assert tracking.live == {}
    assert fresh.copy_to_host().shape == (4,)


def test_set_memory_manager_checks_the_version_and_applies_to_new_allocations():
    with pytest.raises(RuntimeError, match="version 1 required"):
        cuda.set_memory_manager(WrongVersionPlugin)
    ctx = cuda.current_context()
    initial = ctx.memory_manager
    try:
        cuda.set_memory_manager(TrackingPlugin)
        mgr = cuda.current_context().memory_manager
        assert isinstance(mgr, TrackingPlugin)
        d = cuda.to_device(np.ones(3))
        assert mgr.count == 1
        del d
        assert mgr.live == {}
    finally:
        import ujit.cuda._emm as emm
        emm._plugin_class = None
        ctx.memory_manager = initial


def test_a_plugin_needs_a_context_keyword():
    with pytest.raises(RuntimeError, match="requires a context"):
        TrackingPlugin()


def _run(code, env_value, tmp_path):
    import os
    import subprocess
    import sys
    env = dict(os.environ, NUMBA_CUDA_MEMORY_MANAGER=env_value,
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.path.dirname(__file__)] + sys.path))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)


def test_the_environment_names_a_plugin_module(tmp_path):
    (tmp_path / "my_emm.py").write_text(
        "from emm_plugins import TrackingPlugin\n"
        "INSTANCES = []\n"
        "class Plugin(TrackingPlugin):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        "        INSTANCES.append(self)\n"
        "_numba_memory_manager = Plugin\n")
    code = ("import numpy as np\nfrom ujit import cuda\nd = cuda.to_device(np.ones(3))\nimport my_emm\n"
            "print(sum(p.count for p in my_emm.INSTANCES), d.copy_to_host().sum())")
    r = _run(code, "my_emm", tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["1", "3.0"]
    r = _run("from ujit import cuda", "no_such_emm_module", tmp_path)
    assert r.returncode != 0 and "Failed to use memory manager from no_such_emm_module" in r.stderr


def test_plugins_find_numbas_names_where_numba_has_them():
    from ujit.cuda.cudadrv import driver
    assert driver.AutoFreePointer is cuda.AutoFreePointer and driver.MemoryPointer is cuda.MemoryPointer
    assert cuda.driver is driver and cuda.devices.get_context() is cuda.current_context()
    d = cuda.to_device(np.arange(6, dtype=np.int64))
    out = np.zeros(4, np.int64)
    driver.device_to_host(out, d, size=3 * 8)  # the first 3 elements' bytes
    np.testing.assert_array_equal(out, [0, 1, 2, 0])
