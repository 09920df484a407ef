// Uses the installed libujit through its C++ API: compiles the course's hypot, calls it
// lazily (float64) and through a float32 specialization's native pointer, and checks that
// a compile error arrives as a ujit::Error with its location; and the GPU API links.
#include <ujit/cuda.hpp>
#include <ujit/ujit.hpp>

#include <cmath>
#include <cstdio>

static const char* kHypot = R"(import math
from numba import jit


@jit
def hypot(x, y):
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)
)";

int main() {
    int failures = 0;
    auto check = [&](bool ok, const char* what) {
        std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
        failures += !ok;
    };
    std::printf("ujit %s\n", ujit::version().c_str());
    try {
        auto mod = ujit::Module::from_string(kHypot, "hypot.py");
        ujit::Function hypot = mod.function("hypot");
        ujit::Value r = hypot(3.0, 4.0);
        check(r.dtype() == ujit::DType::Float64 && r.as<double>() == 5.0, "hypot(3.0, 4.0) == 5.0");
        auto spec = hypot.compile("float32(float32, float32)");
        float f = spec.pointer<float(float, float)>()(5.0f, 12.0f);
        check(f == 13.0f, "float32 hypot(5, 12) == 13 through the native pointer");
    } catch (const std::exception& e) {
        std::printf("FAILED: unexpected exception: %s\n", e.what());
        return 1;
    }
    try {
        ujit::Module::from_string("def f(x):\n    return x +\n", "bad.py").function("f")(1);
        check(false, "a syntax error throws ujit::Error");
    } catch (const ujit::Error& e) {
        check(e.kind() == ujit::Error::Kind::Compile && e.line() == 2, "a syntax error throws ujit::Error at bad.py:2");
    }
    // The GPU API links too (include/ujit/cuda.hpp is exported); without a device it says why
    // and runs on the host device.
    bool gpu = ujit::cuda::is_available();
    check(gpu ? ujit::cuda::unavailable_reason().empty() : !ujit::cuda::unavailable_reason().empty(),
          "ujit::cuda::is_available() and unavailable_reason() agree");
    {  // on the GPU, or on the host device where none is usable
        ujit::Array h(ujit::DType::Float32, {4});
        for (int i = 0; i < 4; ++i) h.data<float>()[i] = float(i);
        ujit::cuda::DeviceArray d = ujit::cuda::to_device(h.ref());
        check(d.on_host() == !gpu, "a device array is the host device's exactly where CUDA is unavailable");
        check(d.copy_to_host().data<float>()[3] == 3.0f, "a host array round-trips through the device");
    }
    return failures ? 1 : 0;
}
