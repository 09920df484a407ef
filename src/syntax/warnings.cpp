#include "syntax/warnings.hpp"

#include <cstdio>
#include <mutex>
#include <string>

namespace ujit {

namespace {

// The handler and its user pointer change together: a mutex, taken only when a warning is
// given or the handler set (compiling, never a call's fast path).
std::mutex& handler_mutex() {
    static std::mutex m;
    return m;
}
WarningHandler g_handler = nullptr;
void* g_user = nullptr;

void write_to_stderr(const Warning& w) {
    std::string where = w.file.empty() ? std::string()
                        : w.line > 0   ? w.file + ":" + std::to_string(w.line) + ":" + std::to_string(w.column) + ": "
                                       : w.file + ": ";
    std::fprintf(stderr, "%swarning: %s [%s]\n", where.c_str(), w.message.c_str(), w.category.c_str());
}

}  // namespace

WarningHandler set_warning_handler(WarningHandler handler, void* user, void** previous_user) {
    std::lock_guard<std::mutex> lock(handler_mutex());
    WarningHandler previous = g_handler;
    if (previous_user) *previous_user = g_user;
    g_handler = handler;
    g_user = user;
    return previous;
}

void ignore_warnings(const Warning&, void*) {}

namespace syntax {

void emit_warning(const Warning& w) {
    WarningHandler handler;
    void* user;
    {
        std::lock_guard<std::mutex> lock(handler_mutex());
        handler = g_handler;
        user = g_user;
    }
    if (handler)
        handler(w, user);  // outside the lock: a handler may set another
    else
        write_to_stderr(w);
}

}  // namespace syntax
}  // namespace ujit
