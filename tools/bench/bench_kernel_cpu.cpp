// @cuda.jit kernels compiled for the CPU (ujit::cuda::launch_cpu) against their CPU peers,
// ratios from one run (issue 9):
//   - the course's grid-stride add_kernel on 10M float32 vs the CPU add_ufunc (one thread,
//     and target='parallel'), with a course-sized grid and one thread per element;
//   - tile_transpose 4096x4096 (32x32 tiles, a barrier: fibers) vs a plain C++ loop.
// tools/bench/kernel_cpu_sim.py times Numba's CUDA simulator on the same kernels.
#include "bench_util.hpp"
#include "ujit/cuda.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace ujit;

namespace {

std::string example(const char* name) { return std::string(UJIT_SOURCE_DIR) + "/lang/examples/" + name; }

// The peer: the transpose a C++ programmer writes first (row by row, -O3).
__attribute__((noinline)) void cpp_transpose(const float* in, float* out, int64_t n) {
    for (int64_t r = 0; r < n; ++r)
        for (int64_t c = 0; c < n; ++c) out[c * n + r] = in[r * n + c];
}

}  // namespace

int main(int argc, char** argv) {
    int reps = argc > 1 ? std::atoi(argv[1]) : 5;
    const int64_t n = 10'000'000;
    Array x(DType::Float32, {n}), y(DType::Float32, {n}), out(DType::Float32, {n});
    for (int64_t i = 0; i < n; ++i) {
        x.data<float>()[i] = float(i % 1000);
        y.data<float>()[i] = 0.5f;
    }
    Module km = Module::from_file(example("add_kernel.py"));
    Module um = Module::from_file(example("add_ufunc.py"));
    Function add_kernel = km.function("add_kernel"), add_ufunc = um.function("add_ufunc");
    Options cpu, par;
    cpu.target = Target::CPU;
    par.target = Target::Parallel;
    // Compile outside the timings.
    cuda::launch_cpu(add_kernel, cuda::Dim3(32), cuda::Dim3(128), {x, y, out});
    add_ufunc.vectorize_call({x, y}, out.ref(), cpu);
    add_ufunc.vectorize_call({x, y}, out.ref(), par);
    double t_course =
        bench::median_ms(reps, [&] { cuda::launch_cpu(add_kernel, cuda::Dim3(32), cuda::Dim3(128), {x, y, out}); });
    uint32_t blocks = uint32_t((n + 255) / 256);
    double t_each =
        bench::median_ms(reps, [&] { cuda::launch_cpu(add_kernel, cuda::Dim3(blocks), cuda::Dim3(256), {x, y, out}); });
    double t_ufunc = bench::median_ms(reps, [&] { add_ufunc.vectorize_call({x, y}, out.ref(), cpu); });
    double t_upar = bench::median_ms(reps, [&] { add_ufunc.vectorize_call({x, y}, out.ref(), par); });
    std::printf("add 10M float32: add_kernel on the CPU, grid 32x128: %.2f ms; grid %ux256: %.2f ms\n", t_course,
                blocks, t_each);
    std::printf("                 add_ufunc cpu: %.2f ms; parallel: %.2f ms\n", t_ufunc, t_upar);
    std::printf("                 ratio kernel(32x128)/ufunc cpu: %.2fx (target <= 1.5x)\n", t_course / t_ufunc);

    const int64_t m = 4096;
    Array a(DType::Float32, {m, m}), b(DType::Float32, {m, m});
    for (int64_t i = 0; i < m * m; ++i) a.data<float>()[i] = float(i);
    Function tr = Module::from_file(example("tile_transpose.py")).function("tile_transpose");
    cuda::Dim3 grid(uint32_t(m / 32), uint32_t(m / 32)), block(32, 32);
    cuda::launch_cpu(tr, grid, block, {a, b});
    for (int64_t i = 0; i < m; i += 97)
        if (b.data<float>()[i * m + 5] != a.data<float>()[5 * m + i]) {
            std::printf("tile_transpose: wrong result\n");
            return 1;
        }
    double t_tr = bench::median_ms(reps, [&] { cuda::launch_cpu(tr, grid, block, {a, b}); });
    double t_cpp = bench::median_ms(reps, [&] { cpp_transpose(a.data<float>(), b.data<float>(), m); });
    std::printf("transpose 4096^2 float32: tile_transpose on the CPU %.2f ms; C++ loop %.2f ms; ratio %.2fx "
                "(target <= 2x)\n",
                t_tr, t_cpp, t_tr / t_cpp);
    return 0;
}
