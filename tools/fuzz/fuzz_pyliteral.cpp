// libFuzzer target: Python-literal command-line arguments (`ujit run f.py fn 3 (1, 2.0)`).
// Any text must give a Value or a ujit::Error, and a Value's repr must parse back to the
// same repr.
#include "runtime/pyliteral.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)ujit::runtime::is_npy_path(text);
    try {
        ujit::Value v = ujit::runtime::parse_literal(text);
        std::string repr = v.repr();
        if (ujit::runtime::parse_literal(repr).repr() != repr) std::abort();
    } catch (const ujit::Error&) {}
    return 0;
}
