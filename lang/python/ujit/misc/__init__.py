"""numba.misc: the part ujit provides (special.literal_unroll)."""
