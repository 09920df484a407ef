#include "cpu/helper_errors.hpp"

#include "codegen/abi.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ujit::cpu {

constinit thread_local ErrorGuardFrame* t_error_guard_top = nullptr;

std::string runtime_error_message(int code) {
    using codegen::RuntimeError;
    switch (static_cast<RuntimeError>(code)) {
    case RuntimeError::ZeroDivision: return "ZeroDivisionError: division by zero";
    case RuntimeError::NegativePower: return "ValueError: negative exponent in integer power";
    case RuntimeError::IndexOutOfBounds: return "IndexError: index out of bounds";
    case RuntimeError::ValueError: return "ValueError: math domain error";
    case RuntimeError::Raised: break;  // the message is the payload's: RuntimeErrorInfo::str
    }
    return "RuntimeError: unknown run-time error " + std::to_string(code);
}

// "ValueError: negative (raised in f at f.py:3:4)", or without ": MESSAGE" when it has none
// (Python prints a class alone so): the class and message of codegen::raised_payload.
static std::string raised_message(const char* payload) {
    const char* message = payload + std::strlen(payload) + 1;
    const char* where = message + std::strlen(message) + 1;
    std::string s = payload;
    if (*message) s.append(": ").append(message);
    return s.append(" (raised in ").append(where).append(")");
}

std::pair<std::string, std::string> RuntimeErrorInfo::exception() const {
    if (code == int(codegen::RuntimeError::Raised) && where) return {where, where + std::strlen(where) + 1};
    std::string s = runtime_error_message(code);
    size_t colon = s.find(": ");
    if (colon == std::string::npos) return {s, ""};
    return {s.substr(0, colon), s.substr(colon + 2)};
}

std::string RuntimeErrorInfo::str() const {
    if (code == int(codegen::RuntimeError::Raised) && where) return raised_message(where);
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
