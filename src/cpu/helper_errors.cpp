#include "cpu/helper_errors.hpp"

#include "codegen/abi.hpp"

#include <cstdio>
#include <cstdlib>

namespace ujit::cpu {

constinit thread_local ErrorGuardFrame* t_error_guard_top = nullptr;

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
    }
    return "RuntimeError: unknown run-time error " + std::to_string(code);
}

std::string RuntimeErrorInfo::str() const {
    std::string s = runtime_error_message(code);
    if (where && *where) s += std::string(" (in ") + where + ")";
    return s;
}

}  // namespace ujit::cpu

extern "C" [[noreturn]] void ujit_rt_raise(int code, const char* where) {
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
