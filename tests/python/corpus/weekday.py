"""Calendar arithmetic: leap years, day of the week by Zeller's congruence, day of the year
from a tuple of month lengths, and days between two dates."""
from numba import njit
from _same import check_same

MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


@njit
def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


@njit
def weekday(y, m, d):
    """0 = Monday, as datetime.date.weekday()."""
    if m < 3:
        m += 12
        y -= 1
    k = y % 100
    j = y // 100
    h = (d + 13 * (m + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7
    return (h + 5) % 7


@njit
def day_of_year(y, m, d):
    n = d
    for i in range(m - 1):
        n += MONTH_DAYS[i]
    if m > 2 and is_leap(y):
        n += 1
    return n


@njit
def days_from_epoch(y, m, d):
    n = 0
    for yy in range(1970, y):
        n += 366 if is_leap(yy) else 365
    return n + day_of_year(y, m, d) - 1


def check():
    import datetime
    for y, m, d in ((2024, 2, 29), (2000, 1, 1), (1999, 12, 31), (2026, 11, 27)):
        assert weekday(y, m, d) == datetime.date(y, m, d).weekday()
        check_same(day_of_year, y, m, d)
        assert days_from_epoch(y, m, d) == (datetime.date(y, m, d) - datetime.date(1970, 1, 1)).days
    check_same(is_leap, 1900)
