"""numba.cuda.launchconfig: the launch a kernel is being compiled for.

While a launch compiles its kernel (the kernel's `_compile_for_args`, called the first time
a launch meets new argument types), `current_launch_config()` is that launch's
configuration: the kernel, griddim, blockdim, stream, sharedmem and arguments. Outside a
compile it is None. Per thread, as launches from two threads compile at once.
"""
import contextlib
import threading

_state = threading.local()


class LaunchConfig:
    """One launch: `dispatcher` (the kernel launched), `griddim` and `blockdim` (3-tuples),
    `stream`, `sharedmem` (bytes of dynamic shared memory) and `args` (as passed)."""

    __slots__ = ("dispatcher", "griddim", "blockdim", "stream", "sharedmem", "args")

    def __init__(self, dispatcher, griddim, blockdim, stream, sharedmem, args):
        self.dispatcher, self.griddim, self.blockdim = dispatcher, tuple(griddim), tuple(blockdim)
        self.stream, self.sharedmem, self.args = stream, sharedmem, tuple(args)

    def __repr__(self):
        return "LaunchConfig(dispatcher=%r, griddim=%s, blockdim=%s, stream=%r, sharedmem=%d)" % (
            self.dispatcher, self.griddim, self.blockdim, self.stream, self.sharedmem)


def current_launch_config():
    """The launch whose kernel this thread is compiling, or None."""
    return getattr(_state, "config", None)


def ensure_current_launch_config():
    """current_launch_config(), or RuntimeError where no launch is compiling."""
    config = current_launch_config()
    if config is None:
        raise RuntimeError("no launch configuration is active: this is available only while a kernel "
                           "is being compiled for a launch")
    return config


@contextlib.contextmanager
def launch_config(config):
    """Makes `config` the current launch configuration for the block (nests)."""
    previous = current_launch_config()
    _state.config = config
    try:
        yield config
    finally:
        _state.config = previous


@contextlib.contextmanager
def capture_compile_config(dispatcher):
    """Records in the dict it yields, under "config", the launch configuration of the
    compile that happens inside the block (the last one, if several)."""
    captured = {"config": None}
    original = dispatcher._compile_for_args

    def capture(*args, **kws):
        captured["config"] = current_launch_config()
        return original(*args, **kws)

    dispatcher._compile_for_args = capture
    try:
        yield captured
    finally:
        del dispatcher._compile_for_args  # the class's method again
