"""numba.cuda.cudaimpl: the CUDA target's lowering registry. ujit lowers in C++
(src/codegen), so `lower` and `lower_attr` register implementations it never calls, as
numba.extending's lower_builtin does (see that module's text)."""
from ..extending import lower_builtin as lower  # noqa: F401


def lower_attr(typ, attr):
    """Numba's @lower_getattr for the CUDA target: registered, never called by ujit."""
    return lambda impl: impl
