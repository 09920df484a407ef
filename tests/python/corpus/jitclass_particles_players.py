"""jitclass objects: particles with array members bouncing off a wall (methods, a property,
stepped from @njit code and from Python), and players with a str member kept in a list and
a dict inside compiled code, scored and sorted by a key on their attribute."""
import numpy as np
from numba import njit, int64, float64, types
from numba.experimental import jitclass
from _same import check_same


@jitclass([("pos", float64[:]), ("vel", float64[:]), ("steps", int64)])
class Particles:
    def __init__(self, n):
        self.pos = np.zeros(n)
        self.vel = np.arange(n).astype(np.float64)
        self.steps = 0

    def step(self, dt):
        for i in range(self.pos.shape[0]):
            self.pos[i] += self.vel[i] * dt
            if self.pos[i] > 1.0:
                self.pos[i] = 2.0 - self.pos[i]
                self.vel[i] = -self.vel[i]
        self.steps += 1

    @property
    def energy(self):
        return 0.5 * (self.vel ** 2).sum()


@njit
def advance(p, n, dt):
    for _ in range(n):
        p.step(dt)
    return p.steps


@jitclass([("name", types.unicode_type), ("score", int64)])
class Player:
    def __init__(self, name, score):
        self.name = name
        self.score = score


@njit
def tournament(names, rounds):
    ps = [Player(n, 0) for n in names]
    by = {}
    for i in range(len(ps)):
        by[ps[i].name] = ps[i]
    for a, b in rounds:
        if len(a) >= len(b):
            by[a].score += 3
        else:
            by[b].score += 3
    # The scores below end up distinct, so the unstable sort has one answer.
    ps.sort(key=lambda p: -p.score)
    return [(p.name, p.score) for p in ps]


@njit
def mk_player(s):
    return Player(s + "!", 7)


def check():
    pp = Particles(4)
    assert advance(pp, 10, 0.05) == 10
    p2 = Particles(4)
    for _ in range(10):
        p2.step(0.05)
    assert pp.steps == 10
    assert np.allclose(pp.pos, p2.pos)
    assert abs(pp.energy - p2.energy) < 1e-12

    check_same(tournament, ["ann", "bo", "carl"], [("ann", "bo"), ("bo", "carl"), ("carl", "ann"), ("ann", "carl")])

    q = mk_player("zed")
    assert q.name == "zed!" and q.score == 7
