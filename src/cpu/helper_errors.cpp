#include "cpu/helper_errors.hpp"
#include "cpu/raise_carry.hpp"

#include "codegen/abi.hpp"
#include "codegen/runtime_error_text.hpp"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/asan_interface.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ujit::cpu {

constinit thread_local ErrorGuardFrame* t_error_guard_top = nullptr;

namespace {

// The message of the last ujit_rt_raise_values on this thread, read (once) by
// RuntimeErrorInfo::str() for the same code; a plain ujit_rt_raise clears it. Plain data
// written with snprintf: the raise path between generated code and the guard's longjmp
// constructs and destroys no C++ object (a thread_local std::string there broke the
// one-frame guard of Function::call_scalars).
struct ErrorDetail {
    int code = 0;
    char text[512];
};
constinit thread_local ErrorDetail t_detail{};

// "(3,)" / "(2,4)": NumPy's spelling of a shape in these messages, appended at `at`.
int append_shape(char* out, size_t cap, const int64_t* dims, int64_t n) {
    int len = std::snprintf(out, cap, "(");
    for (int64_t k = 0; k < n && len >= 0 && static_cast<size_t>(len) < cap; ++k)
        len += std::snprintf(out + len, cap - static_cast<size_t>(len), "%lld%s", static_cast<long long>(dims[k]),
                             n == 1 || k + 1 < n ? "," : "");
    if (len >= 0 && static_cast<size_t>(len) < cap)
        len += std::snprintf(out + len, cap - static_cast<size_t>(len), ")");
    return len;
}

// NumPy's wording, from the values codegen passes (codegen/abi.hpp says which for each code).
void write_detail(int code, int64_t n, const int64_t* v) {
    using codegen::RuntimeError;
    char* out = t_detail.text;
    const size_t cap = sizeof t_detail.text;
    out[0] = 0;
    auto two_shapes = [&](const char* first, const char* between) {
        int len = std::snprintf(out, cap, "%s", first);
        len += append_shape(out + len, cap - static_cast<size_t>(len), v + 1, v[0]);
        len += std::snprintf(out + len, cap - static_cast<size_t>(len), "%s", between);
        append_shape(out + len, cap - static_cast<size_t>(len), v + 2 + v[0], v[1 + v[0]]);
    };
    switch (static_cast<RuntimeError>(code)) {
    case RuntimeError::IndexOutOfBounds:
        if (n == 3)
            std::snprintf(out, cap, "IndexError: index %lld is out of bounds for axis %lld with size %lld",
                          static_cast<long long>(v[0]), static_cast<long long>(v[1]), static_cast<long long>(v[2]));
        break;
    case RuntimeError::AxisOutOfBounds:
        if (n == 3)
            std::snprintf(out, cap, "%s: axis %lld is out of bounds for array of dimension %lld",
                          v[2] ? "AxisError" : "ValueError", static_cast<long long>(v[0]),
                          static_cast<long long>(v[1]));
        break;
    case RuntimeError::BroadcastInto:
        two_shapes("ValueError: could not broadcast input array from shape ", " into shape ");
        break;
    case RuntimeError::BroadcastShapes:
        two_shapes("ValueError: operands could not be broadcast together with shapes ", " ");
        break;
    default: break;
    }
    t_detail.code = out[0] ? code : 0;
}

}  // namespace

std::string runtime_error_message(int code) { return codegen::runtime_error_text(code); }

// "ValueError: negative (raised in f at f.py:3:4)", or without ": MESSAGE" when it has none
// (Python prints a class alone so): the class and message of codegen::raised_payload.
static std::string raised_message(const char* payload) {
    const char* message = payload + std::strlen(payload) + 1;
    const char* where = message + std::strlen(message) + 1;
    std::string s = payload;
    if (*message) s.append(": ").append(message);
    return s.append(" (raised in ").append(where).append(")");
}

// "Class: message" of a builtin run-time error: NumPy's wording with values when the last
// ujit_rt_raise_values on this thread was for `code`, else the code's fixed one.
static std::string builtin_message(int code) {
    return t_detail.code == code ? std::string(t_detail.text) : runtime_error_message(code);
}

std::pair<std::string, std::string> RuntimeErrorInfo::exception() const {
    if (code == int(codegen::RuntimeError::Raised) && where) return {where, where + std::strlen(where) + 1};
    std::string s = builtin_message(code);
    size_t colon = s.find(": ");
    if (colon == std::string::npos) return {s, ""};
    return {s.substr(0, colon), s.substr(colon + 2)};
}

std::string RuntimeErrorInfo::str() const {
    if (code == int(codegen::RuntimeError::Raised) && where) return raised_message(where);
    std::string s = builtin_message(code);
    t_detail.code = 0;
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
    const bool compiled_try = guard->code == ujit::cpu::kCompiledTryFrame;
    guard->code = code;
    guard->where = where;
    if (compiled_try) {
#ifdef __SANITIZE_ADDRESS__
        __asan_handle_no_return();  // the frames jumped over leave no poisoned stack behind
#endif
        __builtin_longjmp(reinterpret_cast<void**>(&guard->env), 1);
    }
    UJIT_GUARD_LONGJMP(guard->env);
}
}  // namespace

const char* ujit::cpu::raise_detail(int code) { return t_detail.code == code && code ? t_detail.text : nullptr; }

void ujit::cpu::raise_with_detail(int code, const char* where, const char* detail) {
    t_detail.code = 0;
    if (detail) {
        std::snprintf(t_detail.text, sizeof t_detail.text, "%s", detail);
        t_detail.code = code;
    }
    raise_to_guard(code, where);
}

extern "C" [[noreturn]] void ujit_rt_raise(int code, const char* where) {
    ujit::cpu::t_detail.code = 0;
    raise_to_guard(code, where);
}

extern "C" [[noreturn]] void ujit_rt_raise_values(int code, const char* where, int64_t n, const int64_t* values) {
    ujit::cpu::write_detail(code, n, values);
    raise_to_guard(code, where);
}

extern "C" void ujit_rt_try_enter(void* frame) {
    auto* f = static_cast<ujit::cpu::ErrorGuardFrame*>(frame);
    f->code = ujit::cpu::kCompiledTryFrame;
    f->where = nullptr;
    ujit::cpu::push_guard(*f);
    ++ujit::nrt::t_unwind_refs.try_depth;  // records of held references are kept (nrt/alloc_log.hpp)
}

extern "C" void ujit_rt_try_leave(void* frame) {
    --ujit::nrt::t_unwind_refs.try_depth;
    ujit::cpu::pop_guard(*static_cast<ujit::cpu::ErrorGuardFrame*>(frame));
}

extern "C" void ujit_rt_try_caught(void* frame) {
    --ujit::nrt::t_unwind_refs.try_depth;
    ujit::cpu::pop_guard_after_raise(*static_cast<ujit::cpu::ErrorGuardFrame*>(frame));
}

extern "C" [[noreturn]] void ujit_rt_try_reraise(void* frame) {
    auto* f = static_cast<ujit::cpu::ErrorGuardFrame*>(frame);
    raise_to_guard(f->code, f->where);
}
