"""try/except/else/finally in compiled code; catching a specific class (except ValueError:) is
refused by Numba 0.68 ("Exception matching is limited to <class 'Exception'>"), and must be
refused here, not compiled into something else."""
import pytest
from numba import njit
from _same import check_same


@njit
def checked_sqrt(x):
    if x < 0:
        raise ValueError("negative")
    return x ** 0.5


@njit
def safe_total(xs):
    total = 0.0
    bad = 0
    for x in xs:
        try:
            r = checked_sqrt(x)
        except Exception:
            bad += 1
        else:
            total += r
        finally:
            total += 0.0
    return total, bad


@njit
def only_value_error(x):
    try:
        return checked_sqrt(x)
    except ValueError:
        return -1.0


def check():
    check_same(safe_total, [4.0, -1.0, 9.0, -2.0, 16.0])
    with pytest.raises(Exception, match="Exception"):
        only_value_error(-4.0)
