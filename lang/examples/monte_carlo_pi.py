# monte_carlo_pi(nsamples): estimates pi by drawing nsamples points uniformly in the unit
# square and counting those inside the quarter circle (area pi/4).
# From the Numba course: an @njit loop over Python's random module.
import random
from numba import njit


@njit
def monte_carlo_pi(nsamples):
    acc = 0
    for i in range(nsamples):
        x = random.random()
        y = random.random()
        if (x ** 2 + y ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / nsamples
