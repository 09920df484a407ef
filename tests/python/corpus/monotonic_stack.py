"""Monotonic stacks as they are usually written: `while stack and stack[-1] ...` (a list's truth
inside `and`), and stacks that start as `[]` and are read before the first append in the
source (the append later in the loop decides their type, as in Numba)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def next_greater(a):
    out = np.full(a.shape[0], -1, dtype=np.int64)
    stack = []
    for i in range(a.shape[0]):
        while stack and a[stack[-1]] < a[i]:
            out[stack.pop()] = i
        stack.append(i)
    return out


@njit
def largest_rectangle(heights):
    best = 0
    stack = []
    for i in range(len(heights) + 1):
        h = heights[i] if i < len(heights) else 0
        while len(stack) > 0 and heights[stack[-1]] >= h:
            top = stack.pop()
            left = stack[-1] + 1 if stack else 0
            best = max(best, heights[top] * (i - left))
        stack.append(i)
    return best


@njit
def collapse_runs(xs):
    out = []
    for x in xs:
        if out and out[-1] == x:
            continue
        out.append(x)
    return out


@njit
def stock_span(prices):
    spans = []
    stack = []
    for i, p in enumerate(prices):
        while stack and prices[stack[-1]] <= p:
            stack.pop()
        spans.append(i + 1 if not stack else i - stack[-1])
        stack.append(i)
    return spans


def check():
    rng = np.random.default_rng(7)
    for n in (0, 1, 5, 40):
        a = rng.integers(0, 10, n)
        check_same(next_greater, a)
        check_same(largest_rectangle, [int(v) for v in a] or [0])
        check_same(collapse_runs, [int(v) for v in a] or [1])
        check_same(stock_span, [float(v) for v in a] or [1.0])
