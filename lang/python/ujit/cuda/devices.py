"""numba.cuda.devices: get_context() is the current device's context (ujit keeps one per
device), as numba-cuda's tests and plugins reach it."""
from ._api import current_context as get_context, get_current_device  # noqa: F401
from ._gpus import gpus  # noqa: F401
