#include "cpu/helper_raise_format.hpp"

#include "cpu/helper_print.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

namespace {

// Plain data, as the guard's other per-thread buffers (cpu/helper_errors.cpp): the raise
// that carries it constructs and destroys no C++ object.
constinit thread_local char t_payload[4096];

// Appends `part` and its NUL at `at` of `out`, cut short to leave `reserve` bytes after it.
size_t put_part(std::span<char> out, size_t at, std::string_view part, size_t reserve) {
    size_t n = std::min(part.size(), out.size() - reserve - at - 1);
    std::memcpy(out.data() + at, part.data(), n);
    out[at + n] = 0;
    return at + n + 1;
}

}  // namespace

extern "C" const char* ujit_rt_format_raise(const char* class_name, const char* where, const char* format, ...) {
    std::string message;
    {
        std::va_list args;
        va_start(args, format);
        message = ujit::cpu::format_print(format, args);
        va_end(args);
    }
    // The class and the place are short constants of the program; the message gets the rest.
    std::span<char> out(t_payload);
    const std::string_view place(where, std::min<size_t>(std::strlen(where), 1024));
    const std::string_view cls(class_name, std::min<size_t>(std::strlen(class_name), 256));
    size_t at = put_part(out, 0, cls, place.size() + 2);
    at = put_part(out, at, message, place.size() + 1);
    put_part(out, at, place, 0);
    return t_payload;
}
