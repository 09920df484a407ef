extern "C" __device__ int bar(int* out, int a) {
    // placed to make an error
    *out = a * undefined_name;
    return 0;
}
