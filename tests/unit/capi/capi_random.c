/* numba.cuda.random through the C API: ujit_xoroshiro128p_init_states against the
 * independent oracle (tests/support/xoroshiro128p_expected.h), its argument errors, and a
 * kernel drawing from the states it made (on the GPU, or compiled for the CPU without one). */
#include <stdlib.h>

#include "capi_test.h"
#include "support/xoroshiro128p_expected.h"

static const char* kRandom = "from numba import cuda\n"
                             "from numba.cuda.random import xoroshiro128p_uniform_float32\n"
                             "@cuda.jit\n"
                             "def draw(states, out):\n"
                             "    i = cuda.grid(1)\n"
                             "    if i < out.shape[0]:\n"
                             "        for k in range(out.shape[1]):\n"
                             "            out[i, k] = xoroshiro128p_uniform_float32(states, i)\n";

static void test_states(void) {
    for (size_t c = 0; c < sizeof kXoroStatesCases / sizeof kXoroStatesCases[0]; ++c) {
        const XoroStatesCase* e = &kXoroStatesCases[c];
        uint64_t rows[4][2];
        memset(rows, 0, sizeof rows);
        int64_t shape[2] = {e->n, 2};
        DLTensor t = tensor(rows, 2, shape, NULL, kDLUInt, 64);
        CHECK(ujit_xoroshiro128p_init_states(&t, e->seed, e->subsequence_start) == UJIT_OK);
        for (int64_t i = 0; i < e->n; ++i) CHECK(rows[i][0] == e->states[i][0] && rows[i][1] == e->states[i][1]);
    }
    /* Strided: column 0 and 2 of every other row of a (6, 3) array. */
    const XoroStatesCase* e = &kXoroStatesCases[1];
    uint64_t big[6][3];
    memset(big, 0, sizeof big);
    int64_t shape[2] = {3, 2}, strides[2] = {6, 2}; /* elements, as DLPack counts */
    DLTensor t = tensor(big, 2, shape, strides, kDLUInt, 64);
    CHECK(ujit_xoroshiro128p_init_states(&t, e->seed, e->subsequence_start) == UJIT_OK);
    for (int i = 0; i < 3; ++i)
        CHECK(big[2 * i][0] == e->states[i][0] && big[2 * i][1] == 0 && big[2 * i][2] == e->states[i][1]);
}

static void test_state_errors(void) {
    CHECK(ujit_xoroshiro128p_init_states(NULL, 1, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("null host tensor");
    uint64_t rows[4][3];
    int64_t shape[2] = {4, 3};
    DLTensor t = tensor(rows, 2, shape, NULL, kDLUInt, 64);
    CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("xoroshiro128p states must be a uint64 array of shape (n, 2), not uint64 of shape (4, 3)");
    shape[1] = 2;
    t = tensor(rows, 2, shape, NULL, kDLFloat, 64);
    CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("not float64 of shape (4, 2)");
    t = tensor(rows, 2, shape, NULL, kDLUInt, 64);
    t.device.device_type = kDLCUDA;
    CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("expected a host (kDLCPU) tensor");
}

static void test_kernel_draws(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kRandom, "random.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* draw = get(m, "draw");
    uint64_t states[kXoroDrawStates][2];
    float out[kXoroDrawStates][kXoroDraws];
    int64_t sshape[2] = {kXoroDrawStates, 2}, oshape[2] = {kXoroDrawStates, kXoroDraws};
    DLTensor st = tensor(states, 2, sshape, NULL, kDLUInt, 64);
    DLTensor ot = tensor(out, 2, oshape, NULL, kDLFloat, 32);
    CHECK(ujit_xoroshiro128p_init_states(&st, kXoroDrawSeed, 0) == UJIT_OK);
    ujit_value args[2] = {array_value(&st), array_value(&ot)};
    ujit_dim3 grid = {1, 1, 1}, block = {32, 1, 1};
    CHECK(ujit_function_launch(draw, grid, block, args, 2, NULL, 0) == UJIT_OK);
    for (int i = 0; i < kXoroDrawStates; ++i)
        for (int k = 0; k < kXoroDraws; ++k) CHECK(out[i][k] == kXoroUniformFloat32[i][k]);
    ujit_function_release(draw);
    ujit_module_release(m);
}

void test_xoroshiro(void) {
    test_states();
    test_state_errors();
    test_kernel_draws();
}
