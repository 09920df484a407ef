# make_pulses(i, period, amplitude): a train of positive sine-shaped pulses sampled at i,
# as a float32 CUDA ufunc. With add_ufunc it builds the course's noisy waveform on the GPU.
# From the Numba course ("Memory Management").
import math
from numba import vectorize


@vectorize(['float32(float32, float32, float32)'], target='cuda')
def make_pulses(i, period, amplitude):
    return max(math.sin(i / period) - 0.3, 0.0) * amplitude
