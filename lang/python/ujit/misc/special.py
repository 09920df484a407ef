"""numba.misc.special (numba-cuda's numba.cuda.misc.special): literal_unroll."""


def literal_unroll(container):
    """Numba's loop over a tuple, `for a in literal_unroll(t)`; compiled code loops over the
    tuple itself (types/literal_unroll.hpp), and Python returns it unchanged, as Numba does."""
    return container
