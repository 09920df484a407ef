# f-strings compile as Numba compiles them: plain {expr} parts only. A format spec (as a
# conversion or the debugging '=', tests/python/test_strings.py) is refused where it stands;
# host code may still hold them.
# verify-sig: spec unicode_type(float64)
# RUN: %ujit check --verify %s
from numba import njit

print(f"host code may format {1.5:.3f} and {'x'!r}")


@njit
def spec(x):
    # expected-error@+1:12 {{f-strings with a format spec are not supported}}
    return f"{x:.3f}"

