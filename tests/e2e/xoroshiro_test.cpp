// numba.cuda.random (xoroshiro128+) against the independent oracle
// (tools/scripts/xoroshiro_oracle.py → tests/support/xoroshiro128p_expected.h): the host
// state initializer, kernels drawing every kind on the CPU kernel path and on the GPU, the
// same functions in @njit code, the PTX through ptxas, and the errors.
//
// A knowing difference from Numba: Numba's states are a 1-D array of {s0, s1: uint64}
// records; ujit has no record dtypes and uses the same memory as a uint64 array of shape
// (n, 2). Compiled code takes any 2-D uint64 array; anything else is a compile error.
#include <bit>
#include <cmath>
#include <cstring>

#include "gpu_check.hpp"
#include "support/ptxas.hpp"
#include "support/xoroshiro128p_expected.h"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::gputest;
using Catch::Matchers::Contains;

namespace {

const char* kSource = R"PY(
import numba
import numba.cuda.random
from numba import cuda
from numba.cuda.random import (init_xoroshiro128p_state, xoroshiro128p_jump, xoroshiro128p_next,
                               xoroshiro128p_normal_float32, xoroshiro128p_uniform_float32,
                               xoroshiro128p_uniform_float64)


@cuda.jit
def draw_next(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_next(states, i)


@cuda.jit
def draw_uniform32(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)


@cuda.jit(device=True)
def uniform64(states, i):
    return xoroshiro128p_uniform_float64(states, i)


@cuda.jit
def draw_uniform64(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = uniform64(states, i)


@cuda.jit
def draw_normal32(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_normal_float32(states, i)


@cuda.jit
def draw_normal64(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = numba.cuda.random.xoroshiro128p_normal_float64(states, i)


# Each thread seeds its own row and jumps it: row i becomes state i + 1 of a
# create_xoroshiro128p_states(n + 1, seed) array.
@cuda.jit
def seed_and_jump(states, seed, jumps):
    i = cuda.grid(1)
    if i < states.shape[0]:
        init_xoroshiro128p_state(states, i, seed)
        for _ in range(jumps[i]):
            xoroshiro128p_jump(states, i)


# Numba indexes the states like any array: a negative index counts from the end.
@cuda.jit
def draw_last(states, out):
    out[0] = cuda.random.xoroshiro128p_next(states, -1)


@cuda.jit
def draw_at(states, i, out):
    out[0] = xoroshiro128p_next(states, i)


@numba.njit
def cpu_uniform32(states, out):
    for i in range(out.shape[0]):
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)
)PY";

const Module& random_module() {
    static const Module m = Module::from_string(kSource, "xoroshiro_kernels.py");
    return m;
}

Array fresh_states() { return cuda::create_xoroshiro128p_states(kXoroDrawStates, kXoroDrawSeed); }

// A kernel launcher: the CPU kernel path or the GPU (host arrays copied in and back).
using Launcher = void (*)(const Function&, cuda::Dim3, cuda::Dim3, const std::vector<cuda::KernelArg>&,
                          const cuda::LaunchOptions&, const Options&);

template <class T> Array draw(Launcher launch, const char* kernel) {
    Array states = fresh_states();
    Array out(dtype_of<T>(), {kXoroDrawStates, kXoroDraws});
    launch(random_module().function(kernel), {1}, {32}, {states, out}, {}, {});
    return out;
}

// |a - b| in units in the last place of b (0 when equal, NaNs never).
template <class T> double ulps(T a, T b) {
    return std::fabs(double(a) - double(b)) / double(std::nextafter(b, T(INFINITY)) - b);
}

void check_draws(Launcher launch) {
    Array next = draw<uint64_t>(launch, "draw_next");
    Array u32 = draw<float>(launch, "draw_uniform32");
    Array u64 = draw<double>(launch, "draw_uniform64");
    Array n32 = draw<float>(launch, "draw_normal32");
    Array n64 = draw<double>(launch, "draw_normal64");
    for (int i = 0; i < kXoroDrawStates; ++i)
        for (int k = 0; k < kXoroDraws; ++k) {
            INFO("state " << i << ", draw " << k);
            const int64_t at = i * kXoroDraws + k;
            CHECK(next.data<uint64_t>()[at] == kXoroNext[i][k]);
            CHECK(u32.data<float>()[at] == kXoroUniformFloat32[i][k]);
            CHECK(u64.data<double>()[at] == kXoroUniformFloat64[i][k]);
            // Box-Muller through the target's log/sqrt/cos: within a few ulp of the oracle.
            // normal_float64 takes the log of a float32 in float32 (as Numba does), so a
            // float32 log that is off by an ulp (libdevice's may be) moves it at float32's
            // precision: compared in float32 ulps.
            CHECK(ulps(n32.data<float>()[at], kXoroNormalFloat32[i][k]) <= 4);
            CHECK(ulps(float(n64.data<double>()[at]), float(kXoroNormalFloat64[i][k])) <= 4);
        }
}

void check_seed_and_jump(Launcher launch) {
    // Rows seeded with kXoroStatesCases[0]'s seed and jumped 0..2 times are its states 0..2.
    const XoroStatesCase& c = kXoroStatesCases[0];
    Array states(DType::UInt64, {3, 2});
    Array jumps = host_array<int64_t>({3}, [](int64_t i) { return i; });
    launch(random_module().function("seed_and_jump"), {1}, {32}, {states, scalar<uint64_t>(c.seed), jumps}, {}, {});
    for (int i = 0; i < 3; ++i) {
        INFO("row " << i);
        CHECK(states.data<uint64_t>()[2 * i] == c.states[i][0]);
        CHECK(states.data<uint64_t>()[2 * i + 1] == c.states[i][1]);
    }
    Array last = fresh_states();
    Array out(DType::UInt64, {1});
    launch(random_module().function("draw_last"), {1}, {1}, {last, out}, {}, {});
    CHECK(out.data<uint64_t>()[0] == kXoroNext[kXoroDrawStates - 1][0]);
}

void launch_gpu(const Function& k, cuda::Dim3 grid, cuda::Dim3 block, const std::vector<cuda::KernelArg>& args,
                const cuda::LaunchOptions& options, const Options& compile) {
    cuda::launch(k, grid, block, args, options, compile);
}

}  // namespace

TEST_CASE("xoroshiro: host states equal the oracle's", "[xoroshiro][runtime]") {
    for (const XoroStatesCase& c : kXoroStatesCases) {
        INFO("n " << c.n << ", seed " << c.seed << ", subsequence_start " << c.subsequence_start);
        Array s = cuda::create_xoroshiro128p_states(c.n, c.seed, c.subsequence_start);
        REQUIRE(s.shape() == std::vector<int64_t>{c.n, 2});
        REQUIRE(s.dtype() == DType::UInt64);
        for (int64_t i = 0; i < c.n; ++i) {
            CHECK(s.data<uint64_t>()[2 * i] == c.states[i][0]);
            CHECK(s.data<uint64_t>()[2 * i + 1] == c.states[i][1]);
        }
    }
    // Into the caller's strided array: every other row of a (2n, 3) array, columns 0 and 2.
    const XoroStatesCase& c = kXoroStatesCases[1];
    Array big(DType::UInt64, {2 * c.n, 3});
    std::memset(big.data<char>(), 0, size_t(big.size()) * 8);
    ArrayRef view{big.data<char>(), DType::UInt64, {c.n, 2}, {2 * 3 * 8, 2 * 8}};
    cuda::init_xoroshiro128p_states(view, c.seed, c.subsequence_start);
    for (int64_t i = 0; i < c.n; ++i) {
        CHECK(big.data<uint64_t>()[6 * i] == c.states[i][0]);
        CHECK(big.data<uint64_t>()[6 * i + 1] == 0);
        CHECK(big.data<uint64_t>()[6 * i + 2] == c.states[i][1]);
    }
    CHECK(cuda::create_xoroshiro128p_states(0, 1).shape() == std::vector<int64_t>{0, 2});
}

TEST_CASE("xoroshiro: host states refuse other arrays", "[xoroshiro][runtime]") {
    Array f(DType::Float64, {4, 2});
    CHECK_THROWS_WITH(cuda::init_xoroshiro128p_states(f.ref(), 1),
                      "error: xoroshiro128p states must be a uint64 array of shape (n, 2), not float64 of shape (4, "
                      "2)");
    Array flat(DType::UInt64, {8});
    CHECK_THROWS_WITH(cuda::init_xoroshiro128p_states(flat.ref(), 1), Contains("not uint64 of shape (8)"));
    Array three(DType::UInt64, {4, 3});
    CHECK_THROWS_WITH(cuda::init_xoroshiro128p_states(three.ref(), 1), Contains("not uint64 of shape (4, 3)"));
    CHECK_THROWS_WITH(cuda::create_xoroshiro128p_states(-1, 1), "error: negative number of states: -1");
}

TEST_CASE("xoroshiro: kernels on the CPU draw Numba's sequences", "[xoroshiro][kernel-cpu]") {
    check_draws(&cuda::launch_cpu);
    check_seed_and_jump(&cuda::launch_cpu);
}

TEST_CASE("xoroshiro: kernels on the GPU draw Numba's sequences", "[xoroshiro][gpu]") {
    UJIT_REQUIRE_GPU();
    check_draws(&launch_gpu);
    check_seed_and_jump(&launch_gpu);
    // The states stay usable on the device: drawn in two launches, the sequence goes on.
    Array host = fresh_states();
    cuda::DeviceArray states = cuda::to_device(host.ref());
    Array first(DType::UInt64, {kXoroDrawStates, 2}), second(DType::UInt64, {kXoroDrawStates, 2});
    Function k = random_module().function("draw_next");
    cuda::launch(k, {1}, {32}, {states, first});
    cuda::launch(k, {1}, {32}, {states, second});
    for (int i = 0; i < kXoroDrawStates; ++i) CHECK(second.data<uint64_t>()[2 * i + 1] == kXoroNext[i][3]);
    cuda::DeviceArray fresh = cuda::device_array({3, 2}, DType::UInt64);
    cuda::init_xoroshiro128p_states(fresh, kXoroStatesCases[1].seed, kXoroStatesCases[1].subsequence_start);
    Array back = fresh.copy_to_host();
    for (int i = 0; i < 3; ++i) CHECK(back.data<uint64_t>()[2 * i + 1] == kXoroStatesCases[1].states[i][1]);
}

TEST_CASE("xoroshiro: with boundscheck a state index out of range is an IndexError", "[xoroshiro][kernel-cpu]") {
    cuda::LaunchOptions checked;
    checked.boundscheck = true;
    Function k = random_module().function("draw_at");
    Array out(DType::UInt64, {1});
    Array states = fresh_states();
    cuda::launch_cpu(k, {1}, {1}, {states, -kXoroDrawStates, out}, checked);  // wraps to row 0
    CHECK(out.data<uint64_t>()[0] == kXoroNext[0][0]);
    CHECK_THROWS_WITH(cuda::launch_cpu(k, {1}, {1}, {states, kXoroDrawStates, out}, checked),
                      Contains("IndexError: index out of bounds") && Contains("draw_at at xoroshiro_kernels.py:"));
    Array one_column(DType::UInt64, {4, 1});
    CHECK_THROWS_WITH(cuda::launch_cpu(k, {1}, {1}, {one_column, 0, out}, checked), Contains("IndexError"));
}

TEST_CASE("xoroshiro: the generators run in @njit code", "[xoroshiro][cpu]") {
    Array states = fresh_states();
    Array out(DType::Float32, {kXoroDrawStates, kXoroDraws});
    random_module().function("cpu_uniform32")(states, out);
    for (int i = 0; i < kXoroDrawStates; ++i)
        for (int k = 0; k < kXoroDraws; ++k) CHECK(out.data<float>()[i * kXoroDraws + k] == kXoroUniformFloat32[i][k]);
}

TEST_CASE("xoroshiro: the kernels' PTX assembles", "[xoroshiro][ptx]") {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_90";
    for (const char* name : {"draw_next", "draw_uniform32", "draw_uniform64", "draw_normal32", "draw_normal64"}) {
        INFO(name);
        const std::string_view n = name;
        const char* out = n.ends_with("32") ? "float32" : n.ends_with("64") ? "float64" : "uint64";
        std::string sig = std::string("void(uint64[:, ::1], ") + out + "[:, ::1])";
        std::string ptx = random_module().function(name).compile(sig, o).ptx();
        CHECK(ptx.find(".entry") != std::string::npos);
        CHECK(test::ptxas_check(ptx, "sm_90") == "");
    }
    std::string ptx =
        random_module().function("seed_and_jump").compile("void(uint64[:, :], uint64, int64[:])", o).ptx();
    CHECK(test::ptxas_check(ptx, "sm_90") == "");
}

TEST_CASE("xoroshiro: other state arrays are compile errors at the argument", "[xoroshiro][types]") {
    const char* src = "from numba import cuda\n"
                      "from numba.cuda.random import xoroshiro128p_uniform_float32\n"
                      "@cuda.jit\n"
                      "def k(states, out):\n"
                      "    out[0] = xoroshiro128p_uniform_float32(states, 0)\n";
    Module m = Module::from_string(src, "bad_states.py");
    Options o;
    o.target = Target::CUDA;
    for (const char* sig : {"void(float32[:], float32[:])", "void(uint64[:], float32[:])",
                            "void(int64[:, :], float32[:])", "void(uint64[:, :, :], float32[:])"}) {
        INFO(sig);
        CHECK_THROWS_WITH(m.function("k").compile(sig, o),
                          Contains("bad_states.py:5:44: error: xoroshiro128p_uniform_float32() needs the RNG states "
                                   "as a 2-D uint64 array of shape (n, 2)"));
    }
    CHECK_NOTHROW(m.function("k").compile("void(uint64[:, ::1], float32[:])", o));
    CHECK_NOTHROW(m.function("k").compile("void(uint64[:, :], float32[:])", o));
}
