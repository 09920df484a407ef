# datetime64 / timedelta64 units that may not meet are typing errors where the operation
# stands, as in Numba (numba/np/types/datetime.py): months and days, a date plus a date; int()
# of a datetime takes nanoseconds only; a unit must be one of NumPy's.
# RUN: %ujit check --verify %s
# verify-sig: months_plus_days timedelta64[D](timedelta64[M], timedelta64[D])
# verify-sig: date_plus_date datetime64[D](datetime64[D], datetime64[D])
# verify-sig: int_of_days int64(datetime64[D])
# verify-sig: made_with_a_bad_unit timedelta64[D](int64)
import numpy as np
from numba import njit


@njit
def months_plus_days(a, b):
    # expected-error@+1:12 {{unsupported operand types for +: timedelta64[M] and timedelta64[D]}}
    return a + b


@njit
def date_plus_date(a, b):
    # expected-error@+1:12 {{unsupported operand types for +: datetime64[D] and datetime64[D]}}
    return a + b


@njit
def int_of_days(a):
    # expected-error@+1:16 {{Only datetime64[ns] can be converted, but got datetime64[D]}}
    return int(a)


@njit
def made_with_a_bad_unit(n):
    # expected-error@+1:30 {{np.timedelta64()'s unit must be a constant string such as 'ns' or 'D'}}
    return np.timedelta64(n, "Q")
