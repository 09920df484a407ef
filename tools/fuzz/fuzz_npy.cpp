// libFuzzer target: the .npy reader. Any bytes must give an array or a ujit::Error; an
// array read back must encode and re-read to the same bytes.
#include "runtime/npy.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        ujit::Array a = ujit::runtime::parse_npy(bytes);
        std::string again = ujit::runtime::encode_npy(a.ref());
        ujit::Array b = ujit::runtime::parse_npy(again);
        if (ujit::runtime::encode_npy(b.ref()) != again) std::abort();  // not a fixed point
    } catch (const ujit::Error&) {}
    return 0;
}
