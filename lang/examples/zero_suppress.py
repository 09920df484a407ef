# zero_suppress(waveform_value, threshold): keeps a waveform sample at or above the
# threshold and replaces the others with 0, as an int16 ufunc.
# From the Numba course ("CUDA Basics" exercise).
from numba import vectorize


@vectorize(['int16(int16, int16)'])
def zero_suppress(waveform_value, threshold):
    if waveform_value < threshold:
        result = 0
    else:
        result = waveform_value
    return result
