"""The random module inside compiled code: a random walk (checked by its statistics, since
Numba's random.seed stream is its own)."""
import random

from numba import njit



@njit
def walk(seed, steps):
    random.seed(seed)
    pos = 0
    far = 0
    for _ in range(steps):
        pos += 1 if random.random() < 0.5 else -1
        far = max(far, abs(pos))
    g = random.gauss(0.0, 1.0)
    u = random.uniform(2.0, 3.0)
    r = random.randint(1, 6)
    return pos, far, g, u, r


def check():
    pos, far, g, u, r = walk(123, 10000)
    assert abs(pos) <= far <= 10000
    assert 2.0 <= u <= 3.0 and 1 <= r <= 6
    assert walk(123, 10000) == (pos, far, g, u, r)  # the same seed, the same walk
    means = [walk(s, 1)[0] for s in range(200)]
    assert 40 < means.count(1) < 160
