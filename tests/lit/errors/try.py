# Numba catches only `except:` and `except Exception:` (numba/core/unsafe/eh.py), with this message.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    try:
        return x // 0
    # expected-error@+1:12 {{Exception matching is limited to <class 'Exception'>}}
    except ZeroDivisionError:
        return 0
