// Device functions for cuda.declare_device tests (tests/python/test_cuda_declare_device.py),
// with numba-cuda's ABI: the result through the first pointer, a status int returned.
extern "C" __device__ int times2(int* out, int a) {
    *out = 2 * a;
    return 0;
}

extern "C" __device__ int times3(int* out, int a) {
    *out = 3 * a;
    return 0;
}

// Every conversion a call makes: a double, a signed byte, a bool in; a float out.
extern "C" __device__ int mix(float* out, double x, signed char k, bool neg) {
    *out = (float)(neg ? -x * k : x * k);
    return 0;
}

// A bool result and an unsigned 16-bit argument.
extern "C" __device__ int is_even(bool* out, unsigned short v) {
    *out = v % 2 == 0;
    return 0;
}
