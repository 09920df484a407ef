"""cuda.gpus (Numba's device list): `len(cuda.gpus)`, `cuda.gpus[i]`, iteration, and
`with cuda.gpus[i]:` running the block with device i current on this thread (the previous
device is current again afterwards). The current device is per thread, as in Numba.

Where CUDA is unavailable the list is empty (the host device is not a GPU), and indexing it
raises CudaSupportError with the reason."""
from .._native import ext
from . import _api


class _GPU:
    """One entry of cuda.gpus: the device's attributes, and a context manager selecting it."""

    def __init__(self, ordinal):
        self.id = ordinal
        self._previous = []

    def _device(self):
        return _api.Device(ext.cuda_device_info(self.id))

    def __getattr__(self, name):
        return getattr(self._device(), name)

    def __enter__(self):
        self._previous.append(ext.cuda_current_device())
        ext.cuda_select_device(self.id)
        return self

    def __exit__(self, *exc):
        ext.cuda_select_device(self._previous.pop())
        return False

    def __eq__(self, other):
        return isinstance(other, _GPU) and other.id == self.id

    def __hash__(self):
        return hash(("ujit-gpu", self.id))

    def __repr__(self):
        return "<Managed Device %d>" % self.id


class _GPUList:
    def __len__(self):
        return ext.cuda_device_count() if _api.is_available() else 0

    def __getitem__(self, ordinal):
        _api._require()
        n = len(self)
        ordinal = int(ordinal)
        if not -n <= ordinal < n:
            raise IndexError("cuda.gpus[%d]: this machine has %d CUDA device%s" % (ordinal, n, "" if n == 1 else "s"))
        return _GPU(ordinal % n)

    def __iter__(self):
        return iter([_GPU(i) for i in range(len(self))])

    @property
    def current(self):
        """The current device of this thread."""
        _api._require()
        return _GPU(ext.cuda_current_device())

    def __repr__(self):
        return "<ujit.cuda.gpus: %d CUDA device%s>" % (len(self), "" if len(self) == 1 else "s")


gpus = _GPUList()
