// Placing a str method's keyword arguments (str_args.hpp).
#include "types/str_args.hpp"

#include "types/type.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

namespace {

std::vector<const char*> parameters(BuiltinId id) {
    switch (id) {
    case BuiltinId::StrSplit:
    case BuiltinId::StrRsplit: return {"sep", "maxsplit"};
    case BuiltinId::StrSplitlines: return {"keepends"};
    default: return {};
    }
}

}  // namespace

bool str_method_takes_keywords(BuiltinId id) { return !parameters(id).empty(); }

std::vector<const syntax::Expr*> str_method_args(const syntax::Call* c, BuiltinId id, std::string* error,
                                                 syntax::SourceLoc* at) {
    std::vector<const char*> names = parameters(id);
    std::vector<const syntax::Expr*> placed(std::max(names.size(), c->args.size()), nullptr);
    for (size_t i = 0; i < c->args.size(); ++i) placed[i] = c->args[i];
    for (const syntax::Keyword& k : c->keywords) {
        size_t i = 0;
        while (i < names.size() && k.name != names[i]) ++i;
        std::string problem;
        if (i == names.size())
            problem = fmt::format("{}() got an unexpected keyword argument '{}'", builtin_name(id), k.name);
        else if (placed[i])
            problem = fmt::format("{}() got multiple values for argument '{}'", builtin_name(id), k.name);
        if (!problem.empty()) {
            if (error) *error = problem;
            if (at) *at = k.loc;
            return {};
        }
        placed[i] = k.value;
    }
    return placed;
}

}  // namespace ujit::types
