// libFuzzer target: the gufunc layout parser ("(m,n),(n,p)->(m,p)", "(3),(3)->(3)").
// Any text must give a layout or an error located inside the text; a layout's indices
// must name its dimensions, and its canonical spelling must parse back to the same layout.
#include "types/gufunc_layout.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

using ujit::types::GufuncLayout;

void check_indices(const GufuncLayout& l) {
    if (l.fixed.size() != l.dims.size()) std::abort();
    for (size_t k = 0; k < l.nin() + l.nout(); ++k)
        for (int d : l.operand(k))
            if (d < 0 || size_t(d) >= l.dims.size()) std::abort();
    for (int64_t size : l.fixed)
        if (size < -1 || size > ujit::types::kMaxFixedCoreSize) std::abort();
}

bool same(const GufuncLayout& a, const GufuncLayout& b) {
    return a.inputs == b.inputs && a.outputs == b.outputs && a.dims == b.dims && a.fixed == b.fixed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = ujit::types::parse_gufunc_layout(text);
    if (const auto* e = std::get_if<ujit::types::GufuncLayoutError>(&parsed)) {
        if (e->offset > size || e->message.empty()) std::abort();
        return 0;
    }
    const GufuncLayout& l = std::get<GufuncLayout>(parsed);
    check_indices(l);
    std::string canonical = l.str();
    auto again = ujit::types::parse_gufunc_layout(canonical);
    const auto* back = std::get_if<GufuncLayout>(&again);
    if (!back || !same(*back, l) || back->str() != canonical) std::abort();
    return 0;
}
