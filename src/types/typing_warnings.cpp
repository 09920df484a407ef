#include "types/typing_warnings.hpp"

#include "types/overload_rating.hpp"
#include "types/typed_containers.hpp"

#include <fmt/format.h>

#include <map>
#include <mutex>

namespace ujit::types {

namespace {

std::mutex g_mutex;
std::map<const syntax::Module*, std::vector<TypingWarning>>& pending() {
    static std::map<const syntax::Module*, std::vector<TypingWarning>> m;
    return m;
}

}  // namespace

void add_typing_warning(const syntax::Module& module, TypingWarning w) {
    std::lock_guard<std::mutex> lock(g_mutex);
    std::vector<TypingWarning>& list = pending()[&module];
    for (const TypingWarning& x : list)
        if (x.loc.line == w.loc.line && x.loc.col == w.loc.col && x.message == w.message) return;
    list.push_back(std::move(w));
}

std::vector<TypingWarning> take_typing_warnings(const syntax::Module& module) {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = pending().find(&module);
    if (it == pending().end()) return {};
    std::vector<TypingWarning> out = std::move(it->second);
    pending().erase(it);
    return out;
}

std::string container_cast(const syntax::Module& module, const Type* from, const Type* to, syntax::SourceLoc at,
                           bool record) {
    if (!from || !to || from == to || !from->is_number() || !to->is_number()) return "";
    if (std::string why = unsafe_cast_error(from, to); !why.empty()) return why;
    Conversion c = conversion(from, to);
    if (record && (c == Conversion::Unsafe || c == Conversion::None))
        add_typing_warning(module,
                           {at, "NumbaTypeSafetyWarning",
                            fmt::format("unsafe cast from {} to {}. Precision may be lost.", from->str(), to->str())});
    return "";
}

}  // namespace ujit::types
