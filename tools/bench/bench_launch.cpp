// The C++ API's side of tools/bench/bench_calls.py (issue 25 item 2, issue 22 item 2): the
// same kernel and ufunc calls the Python rows make, through ujit::cuda's public API, so that
// the Python launcher's overhead is a ratio against them in one run.
//
//   bench_launch [calls [row]]   prints "ROW us" lines (only the row named `row` if given):
//     launch queued        axpy[4, 256](dx, dx, dout) on 1024 float64 device elements
//     launch + sync        the same and a synchronize
//     cuda ufunc 1K        add_ufunc on 1000 float32 device elements, a new output per call
//     cuda ufunc 1K out=   the same into a given output
//     empty N params       an empty kernel of N u64 parameters (N = 3, 9, 27), queued: what
//                          the driver charges per kernel parameter (ujit passes an array as
//                          2*ndim+1 words, CuPy's RawKernel a pointer); GPU only
// Best of 5 runs of `calls` calls (a synchronize closing each run). Without a GPU the
// kernels run on the host device and the rows are the host device's.
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace uc = ujit::cuda;

namespace {

const char* kSource = R"(
from numba import cuda, vectorize


@cuda.jit
def axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 2.0 * x[i] + y[i]


@vectorize(['float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y
)";

double best_us(int calls, const std::function<void()>& f) {
    f();
    uc::synchronize();
    double best = 1e30;
    for (int run = 0; run < 5; ++run) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < calls; ++i) f();
        uc::synchronize();
        std::chrono::duration<double, std::micro> d = std::chrono::steady_clock::now() - t0;
        best = std::min(best, d.count() / calls);
    }
    return best;
}

// PTX of an empty kernel `empty<n>` taking n u64 parameters.
std::string empty_kernel_ptx(int n) {
    std::string ptx = ".version 7.0\n.target sm_50\n.address_size 64\n.visible .entry empty" + std::to_string(n) + "(";
    for (int i = 0; i < n; ++i) ptx += (i ? ", .param .u64 p" : ".param .u64 p") + std::to_string(i);
    return ptx + ")\n{\n\tret;\n}\n";
}

}  // namespace

int main(int argc, char** argv) {
    try {
        int calls = argc > 1 ? std::atoi(argv[1]) : 2000;
        std::string only = argc > 2 ? argv[2] : "";
        auto row = [&](const char* name, const std::function<void()>& f) {
            if (only.empty() || only == name) std::printf("%s %.3f us\n", name, best_us(calls, f));
        };
        ujit::Module m = ujit::Module::from_string(kSource, "bench_launch.py");
        ujit::Function axpy = m.function("axpy"), add = m.function("add_ufunc");
        uc::DeviceArray dx = uc::device_array({1024}, ujit::DType::Float64);
        uc::DeviceArray dout = uc::device_array({1024}, ujit::DType::Float64);
        uc::DeviceArray ux = uc::device_array({1000}, ujit::DType::Float32);
        uc::DeviceArray uo = uc::device_array({1000}, ujit::DType::Float32);
        auto launch = [&] { uc::launch(axpy, uc::Dim3(4), uc::Dim3(256), {dx, dx, dout}); };
        row("launch queued", launch);
        row("launch + sync", [&] {
            launch();
            uc::synchronize();
        });
        row("cuda ufunc 1K", [&] { uc::vectorize_device(add, {ux, ux}); });
        row("cuda ufunc 1K out=", [&] { uc::vectorize_into(add, {ux, ux}, uo); });
        if (uc::is_available()) {
            for (int n : {3, 9, 27}) {
                std::vector<uc::KernelParam> params(size_t(n), uc::KernelParam::scalar(ujit::DType::UInt64));
                uc::LoadedKernel k =
                    uc::LoadedModule::from_ptx(empty_kernel_ptx(n)).kernel("empty" + std::to_string(n), params);
                std::vector<uc::KernelArg> args(size_t(n),
                                                ujit::Value::of_int(ujit::DType::UInt64, int64_t(dx.device_pointer())));
                std::string name = "empty " + std::to_string(n) + " params";
                row(name.c_str(), [&] { uc::launch(k, uc::Dim3(4), uc::Dim3(256), args); });
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_launch: %s\n", e.what());
        return 1;
    }
    return 0;
}
