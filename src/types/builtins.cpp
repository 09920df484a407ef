// builtins.def expanded once into the BuiltinInfo table and the spelling index.
#include "types/builtins.hpp"

#include <string>
#include <unordered_map>

namespace ujit::types {

namespace {

// `_` in a name column means "none".
constexpr const char* name_or_null(const char* s) { return s[0] == '_' && s[1] == '\0' ? nullptr : s; }

constexpr uint8_t N = BuiltinInfo::kAnyCount;

const BuiltinInfo kInfo[] = {
#define UJIT_BUILTIN(Id, Spelling, Kind, Group, Rule, MinArgs, MaxArgs, Where, CName, Intrinsic, Libdevice, Lowering,  \
                     Fold)                                                                                             \
    {BuiltinId::Id,                                                                                                    \
     Spelling,                                                                                                         \
     BuiltinKind::Kind,                                                                                                \
     BuiltinGroup::Group,                                                                                              \
     TypingRule::Rule,                                                                                                 \
     MinArgs,                                                                                                          \
     MaxArgs,                                                                                                          \
     Availability::Where,                                                                                              \
     name_or_null(#CName),                                                                                             \
     name_or_null(#Intrinsic),                                                                                         \
     name_or_null(#Libdevice),                                                                                         \
     MathLowering::Lowering,                                                                                           \
     ConstFold::Fold},
#include "types/builtins.def"
};
static_assert(sizeof(kInfo) / sizeof(kInfo[0]) == static_cast<size_t>(BuiltinId::Count_));

const BuiltinAlias kAliases[] = {
#define UJIT_BUILTIN(...)
#define UJIT_BUILTIN_ALIAS(Spelling, Id) {Spelling, BuiltinId::Id},
#include "types/builtins.def"
};

}  // namespace

// kInfo and BuiltinId are expanded from the same rows, so row i describes id i.
const BuiltinInfo& builtin_info(BuiltinId id) { return kInfo[static_cast<size_t>(id)]; }

const char* builtin_name(BuiltinId id) {
    auto i = static_cast<size_t>(id);
    return i < static_cast<size_t>(BuiltinId::Count_) ? kInfo[i].spelling : "<unknown builtin>";
}

std::optional<BuiltinId> builtin_by_spelling(std::string_view spelling) {
    static const std::unordered_map<std::string_view, BuiltinId> index = [] {
        std::unordered_map<std::string_view, BuiltinId> t;
        for (const BuiltinInfo& b : kInfo)
            if (b.kind != BuiltinKind::Attribute) t.emplace(b.spelling, b.id);
        for (const BuiltinAlias& a : kAliases) t.emplace(a.spelling, a.id);
        return t;
    }();
    auto it = index.find(spelling);
    if (it == index.end()) return std::nullopt;
    return it->second;
}

const BuiltinAlias* builtin_aliases(size_t& count) {
    count = sizeof(kAliases) / sizeof(kAliases[0]);
    return kAliases;
}

}  // namespace ujit::types
