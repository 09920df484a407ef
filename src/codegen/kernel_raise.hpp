// A `raise` (or a failed `assert`) in a CUDA kernel or device function, as numba-cuda runs it.
// The raising thread returns from the kernel there (PTX `exit`; on the CPU its work-item
// ends) and the others go on. Without debug=True that is all: the raise is silent. With
// @cuda.jit(debug=True) the kernel records the first raise of the launch, with the thread
// and block that raised it, and the host raises it after the launch (numba-cuda's
// dispatcher: "In function 'f', file F, line L, tid=[z, y, x] ctaid=[z, y, x]: message");
// then the division checks of Python's error model are on too (x / 0 is ZeroDivisionError
// instead of inf).
//
// On a GPU the record is the module's global kRaisedSymbol, 7 x int32: the raise site
// (1-based; 0 while nothing was raised), then threadIdx x, y, z and blockIdx x, y, z. The
// host zeroes the site before a launch and reads the record after it. The sites are the
// module's constant kRaiseSitesSymbol: for each site in order its raised_payload
// (codegen/abi.hpp: "CLASS\0MESSAGE\0WHERE") and a '\0', three strings a site.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ujit::codegen {

inline constexpr const char* kRaisedSymbol = "__ujit_raised__";
inline constexpr const char* kRaiseSitesSymbol = "__ujit_raise_sites__";

struct RaisedRecord {
    int32_t site = 0;
    int32_t tid[3] = {0, 0, 0};    // x, y, z
    int32_t ctaid[3] = {0, 0, 0};  // x, y, z
};
static_assert(sizeof(RaisedRecord) == 7 * sizeof(int32_t));

// What a raise site raises: the payload's three parts.
struct RaiseSite {
    std::string class_name, message, where;
};

// The `site`-th (1-based) entry of a kRaiseSitesSymbol blob; empty class_name when there is none.
inline RaiseSite raise_site(std::string_view blob, int32_t site) {
    auto next = [&](size_t& at) {
        size_t end = blob.find('\0', at);
        if (end == std::string_view::npos) end = blob.size();
        std::string s(blob.substr(at, end - at));
        at = end + 1;
        return s;
    };
    size_t at = 0;
    for (int32_t k = 1; k <= site && at < blob.size(); ++k) {
        RaiseSite r;
        r.class_name = next(at);
        r.message = next(at);
        r.where = next(at);
        if (k == site) return r;
    }
    return {};
}

}  // namespace ujit::codegen
