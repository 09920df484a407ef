#include "cpu/helper_print.hpp"

#include "runtime/array_format.hpp"
#include "runtime/pyrepr.hpp"
#include "strings/str_convert.hpp"

#include <cstring>
#include <mutex>

namespace ujit::cpu {

namespace {

std::mutex print_mutex;
std::FILE* print_stream = nullptr;  // null: stdout (not a constant initializer)

// "%A": an array as NumPy's str(), from (int kind, int bits, int ndim, data, shape, strides);
// kind is 0 bool, 1 signed int, 2 unsigned int, 3 float, 4 complex.
std::string array_item(int kind, int bits, int ndim, void* data, const int64_t* shape, const int64_t* strides) {
    ArrayRef a;
    a.data = data;
    switch (kind) {
    case 0: a.dtype = DType::Bool; break;
    case 1:
        a.dtype = bits == 8 ? DType::Int8 : bits == 16 ? DType::Int16 : bits == 32 ? DType::Int32 : DType::Int64;
        break;
    case 2:
        a.dtype = bits == 8 ? DType::UInt8 : bits == 16 ? DType::UInt16 : bits == 32 ? DType::UInt32 : DType::UInt64;
        break;
    case 3: a.dtype = bits == 16 ? DType::Float16 : bits == 32 ? DType::Float32 : DType::Float64; break;
    default: a.dtype = bits == 64 ? DType::Complex64 : DType::Complex128; break;
    }
    a.shape.assign(shape, shape + ndim);
    a.strides.assign(strides, strides + ndim);
    return runtime::array_str(a);
}

}  // namespace

std::string format_print(const char* format, std::va_list args) {
    std::string out;
    for (const char* p = format; *p; ++p) {
        if (*p != '%') {
            out += *p;
            continue;
        }
        if (std::strncmp(p, "%s", 2) == 0) {
            const char* s = va_arg(args, const char*);
            out += s ? s : "";
            p += 1;
        } else if (std::strncmp(p, "%lld", 4) == 0) {
            out += std::to_string(va_arg(args, long long));
            p += 3;
        } else if (std::strncmp(p, "%llu", 4) == 0) {
            out += std::to_string(va_arg(args, unsigned long long));
            p += 3;
        } else if (std::strncmp(p, "%.17g", 5) == 0 || std::strncmp(p, "%.9g", 4) == 0) {
            // float64, or float32 already widened to double: repr of the double (Numba).
            out += runtime::float_repr(va_arg(args, double));
            p += p[2] == '1' ? 4 : 3;
        } else if (p[1] == 'C') {  // a complex value's two parts (doubles): Python's str()
            double re = va_arg(args, double);
            double im = va_arg(args, double);
            out += runtime::complex_repr({re, im});
            p += 1;
        } else if (p[1] == 'A') {
            int kind = va_arg(args, int);
            int bits = va_arg(args, int);
            int ndim = va_arg(args, int);
            void* data = va_arg(args, void*);
            const int64_t* shape = va_arg(args, const int64_t*);
            const int64_t* strides = va_arg(args, const int64_t*);
            out += array_item(kind, bits, ndim, data, shape, strides);
            p += 1;
        } else if (p[1] == 'U') {  // a str value: its code points and length, as UTF-8
            const auto* data = va_arg(args, const uint32_t*);
            out += strings::to_utf8(data, va_arg(args, int64_t));
            p += 1;
        } else if (p[1] == 'R') {  // a str value's repr(), as in an exception's tuple of arguments
            const auto* data = va_arg(args, const uint32_t*);
            out += strings::python_repr(strings::to_utf8(data, va_arg(args, int64_t)));
            p += 1;
        } else if (p[1] == 'f') {
            // A CUDA kernel's float, run on the CPU: C's "%f", as the GPU's printf prints it.
            char buf[400];  // %f of the largest double: 309 digits, sign, point, 6 decimals
            std::snprintf(buf, sizeof buf, "%f", va_arg(args, double));
            out += buf;
            p += 1;
        } else if (p[1] == '%') {
            out += '%';
            p += 1;
        } else {
            out += *p;  // not a conversion codegen emits: copy it
        }
    }
    return out;
}

std::FILE* set_print_stream(std::FILE* stream) {
    std::lock_guard<std::mutex> lock(print_mutex);
    std::FILE* prev = print_stream ? print_stream : stdout;
    print_stream = stream;
    return prev;
}

}  // namespace ujit::cpu

extern "C" void ujit_rt_print(const char* format, ...) {
    std::va_list args;
    va_start(args, format);
    std::string line = ujit::cpu::format_print(format, args);
    va_end(args);
    std::lock_guard<std::mutex> lock(ujit::cpu::print_mutex);
    std::FILE* f = ujit::cpu::print_stream ? ujit::cpu::print_stream : stdout;
    std::fwrite(line.data(), 1, line.size(), f);
    std::fflush(f);
}
