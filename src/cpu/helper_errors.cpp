#include "cpu/helper_errors.hpp"

#include "codegen/abi.hpp"

#include <cstdio>
#include <cstdlib>

namespace ujit::cpu {

constinit thread_local ErrorGuardFrame* t_error_guard_top = nullptr;

namespace {

// The message of the last ujit_rt_raise_values on this thread, read (once) by
// RuntimeErrorInfo::str() for the same code; a plain ujit_rt_raise clears it.
struct ErrorDetail {
    int code = 0;
    std::string text;
};
thread_local ErrorDetail t_detail;

std::string shape_text(const int64_t* dims, int64_t n) {
    std::string s = "(";
    for (int64_t k = 0; k < n; ++k) s += std::to_string(dims[k]) + (n == 1 || k + 1 < n ? "," : "");
    return s + ")";
}

// NumPy's wording, from the values codegen passes (codegen/abi.hpp says which for each code).
std::string detail_text(int code, int64_t n, const int64_t* v) {
    using codegen::RuntimeError;
    auto shapes = [&](const char* between, const char* after) {
        int64_t n1 = v[0];
        const int64_t* s1 = v + 1;
        int64_t n2 = v[1 + n1];
        const int64_t* s2 = v + 2 + n1;
        return shape_text(s1, n1) + between + shape_text(s2, n2) + after;
    };
    switch (static_cast<RuntimeError>(code)) {
    case RuntimeError::IndexOutOfBounds:
        if (n == 3)
            return "IndexError: index " + std::to_string(v[0]) + " is out of bounds for axis " + std::to_string(v[1]) +
                   " with size " + std::to_string(v[2]);
        break;
    case RuntimeError::BroadcastInto:
        return "ValueError: could not broadcast input array from shape " + shapes(" into shape ", "");
    case RuntimeError::BroadcastShapes:
        return "ValueError: operands could not be broadcast together with shapes " + shapes(" ", "");
    default: break;
    }
    return runtime_error_message(code);
}

}  // namespace

std::string runtime_error_message(int code) {
    using codegen::RuntimeError;
    switch (static_cast<RuntimeError>(code)) {
    case RuntimeError::ZeroDivision: return "ZeroDivisionError: division by zero";
    case RuntimeError::NegativePower: return "ValueError: negative exponent in integer power";
    case RuntimeError::IndexOutOfBounds: return "IndexError: index out of bounds";
    case RuntimeError::ValueError: return "ValueError: math domain error";
    case RuntimeError::SliceStepZero: return "ValueError: slice step cannot be zero";
    case RuntimeError::ReshapeSize: return "ValueError: total size of new array must be unchanged";
    case RuntimeError::ReshapeNegatives: return "ValueError: multiple negative shape values";
    case RuntimeError::BroadcastShapes: return "ValueError: operands could not be broadcast together";
    case RuntimeError::BroadcastInto: return "ValueError: could not broadcast input array into the destination";
    case RuntimeError::EmptyMinimum:
        return "ValueError: zero-size array to reduction operation minimum which has no identity";
    case RuntimeError::EmptyMaximum:
        return "ValueError: zero-size array to reduction operation maximum which has no identity";
    case RuntimeError::EmptyArgmin: return "ValueError: attempt to get argmin of an empty sequence";
    case RuntimeError::EmptyArgmax: return "ValueError: attempt to get argmax of an empty sequence";
    }
    return "RuntimeError: unknown run-time error " + std::to_string(code);
}

std::string RuntimeErrorInfo::str() const {
    std::string s = runtime_error_message(code);
    if (t_detail.code == code && !t_detail.text.empty()) s = std::move(t_detail.text);
    t_detail = {};
    if (where && *where) s += std::string(" (in ") + where + ")";
    return s;
}

}  // namespace ujit::cpu

namespace {
[[noreturn]] void raise_to_guard(int code, const char* where) {
    ujit::cpu::ErrorGuardFrame* guard = ujit::cpu::current_error_guard();
    if (!guard) {
        // Generated code called outside guarded_call: nothing to return to.
        ujit::cpu::RuntimeErrorInfo info{code, where ? where : ""};
        std::fprintf(stderr, "ujit: unguarded run-time error: %s\n", info.str().c_str());
        std::abort();
    }
    guard->code = code;
    guard->where = where;
    UJIT_GUARD_LONGJMP(guard->env);
}
}  // namespace

extern "C" [[noreturn]] void ujit_rt_raise(int code, const char* where) {
    ujit::cpu::t_detail = {};
    raise_to_guard(code, where);
}

extern "C" [[noreturn]] void ujit_rt_raise_values(int code, const char* where, int64_t n, const int64_t* values) {
    ujit::cpu::t_detail = {code, ujit::cpu::detail_text(code, n, values)};  // complete before the longjmp
    raise_to_guard(code, where);
}
