// `raise` and `assert` in @cuda.jit kernels and device functions (codegen/kernel_raise.hpp):
// the raising thread ends, the others finish; with debug=True the launch throws the first
// raise as numba-cuda's exception ("In function 'k', file F, line L, tid=[z, y, x]
// ctaid=[z, y, x]: message"), on the CPU ([kernel-cpu]) and on a GPU ([gpu]).
#include "gpu_check.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

const char* kRaiseSource = R"PY(from numba import cuda


class Negative(ValueError):
    pass


@cuda.jit
def halve(a):
    i = cuda.grid(1)
    if a[i] < 0:
        raise Negative("negative")
    a[i] = a[i] / 2


@cuda.jit(debug=True, opt=False)
def halve_debug(a):
    i = cuda.grid(1)
    if a[i] < 0:
        raise Negative("negative")
    a[i] = a[i] / 2


@cuda.jit(device=True)
def positive(x):
    assert x > 0
    return x


@cuda.jit(debug=True, opt=False)
def ratio(a, b, out):
    i = cuda.grid(1)
    out[i] = positive(a[i]) // b[i]
)PY";

Module& raise_module() {
    static Module m = Module::from_string(kRaiseSource, "raises.py");
    return m;
}

// launch_cpu, or on a GPU the device launch (host arrays copied in, and back unless it raised).
void run(bool gpu, const char* name, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args) {
    if (gpu)
        launch(raise_module().function(name), grid, block, args);
    else
        launch_cpu(raise_module().function(name), grid, block, args);
}

void check_raises(bool gpu) {
    // Without debug: the negative elements' threads end, the others halve theirs.
    Array a = host_array<double>({64}, [](int64_t i) { return i % 5 == 3 ? -double(i) : double(i); });
    run(gpu, "halve", Dim3(2), Dim3(32), {a});
    for (int64_t i = 0; i < 64; ++i) CHECK(a.data<double>()[i] == (i % 5 == 3 ? -double(i) : double(i) / 2));

    // debug=True: the module's class, numba-cuda's message; element 37 is thread 5 of block 1.
    Array b = host_array<double>({64}, [](int64_t i) { return i == 37 ? -1.0 : double(i); });
    try {
        run(gpu, "halve_debug", Dim3(2), Dim3(32), {b});
        FAIL("no Negative raised");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Runtime);
        CHECK(e.exception_class() == "Negative");
        CHECK_THAT(e.exception_message(), StartsWith("In function 'halve_debug', file ") &&
                                              Contains("raises.py, line 20, ") &&
                                              EndsWith("tid=[0, 0, 5] ctaid=[0, 0, 1]: negative"));
        CHECK_THAT(e.what(), StartsWith("error: Negative: In function 'halve_debug'"));
    }
    if (!gpu)  // on the CPU the kernel worked on `b` itself: every other thread halved its element
        for (int64_t i = 0; i < 64; ++i) CHECK(b.data<double>()[i] == (i == 37 ? -1.0 : double(i) / 2));

    // An assert in a device function (no message), and integer division by zero (Python's
    // error model under debug=True): the first recorded is one of them.
    Array x = host_array<int64_t>({4}, [](int64_t i) { return i == 1 ? 0 : 10; });
    Array y = host_array<int64_t>({4}, [](int64_t i) { return i == 2 ? 0 : 3; });
    Array out = host_array<int64_t>({4}, [](int64_t) { return -1; });
    try {
        run(gpu, "ratio", Dim3(1), Dim3(4), {x, y, out});
        FAIL("nothing raised");
    } catch (const Error& e) {
        bool assertion = e.exception_class() == "AssertionError", zero = e.exception_class() == "ZeroDivisionError";
        CHECK((assertion || zero));
        if (assertion)
            CHECK_THAT(e.exception_message(),
                       StartsWith("In function 'positive', file ") && EndsWith("tid=[0, 0, 1] ctaid=[0, 0, 0]"));
        if (zero) CHECK_THAT(e.exception_message(), EndsWith("tid=[0, 0, 2] ctaid=[0, 0, 0]: division by zero"));
    }
    if (!gpu) CHECK(to_vector<int64_t>(out) == std::vector<int64_t>{3, -1, -1, 3});
}

}  // namespace

TEST_CASE("cpu kernels: a raise ends its thread, with debug=True the launch throws numba-cuda's exception",
          "[kernel-cpu]") {
    check_raises(false);
}

TEST_CASE("gpu: a raise ends its thread, with debug=True the launch throws numba-cuda's exception", "[gpu]") {
    UJIT_REQUIRE_GPU();
    check_raises(true);
}
