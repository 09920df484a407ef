// Typing of strings (Numba's unicode_type, numba/cpython/unicode.py): str's methods (the
// StrMethod rows of builtins.def), s[i] and s[a:b:c], and the builtins that take or make
// strings: len(s), str(x), ord(c), chr(i), hash(s). Operators are rules.hpp's (str_rules.cpp).
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/optional_rules.hpp"
#include "types/str_args.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

namespace {

bool integral(const Type* t) { return t && (t->is_int() || t->is_bool()); }

}  // namespace

const Type* Inferrer::str_attribute(const Attribute* a) {
    const std::string spelling = "str." + a->attr;
    for (int i = 0; i < static_cast<int>(BuiltinId::Count_); ++i)
        if (auto id = static_cast<BuiltinId>(i); is_str_method(id) && spelling == builtin_name(id))
            return builtin_func(id);
    error(a->attr_loc, fmt::format("Unknown attribute '{}' of type unicode_type", a->attr));
}

// s[i] is a str of one character; s[a:b:c] a new str. Indices are integers (None in slices).
const Type* Inferrer::str_subscript(const Subscript* s) {
    if (auto* sl = dyn_cast<Slice>(s->index)) {
        for (const Expr* part : {sl->lower, sl->upper, sl->step}) {
            if (!part) continue;
            const Type* t = expr(part);
            if (t && !integral(t) && !t->is_none())
                error(part->loc, fmt::format("slice indices must be integers or None, not {}", t->str()));
        }
        set(sl, none());  // no value of its own: codegen reads its parts
        return unicode();
    }
    const Type* t = expr(s->index);
    if (!t) return nullptr;
    if (!integral(t)) error(s->index->loc, fmt::format("string indices must be integers, not {}", t->str()));
    return unicode();
}

const Type* Inferrer::str_method(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    const BuiltinInfo& info = builtin_info(id);
    const std::string name = std::string(info.spelling).substr(4);  // "str.find" -> "find"
    if (cuda()) error(c->loc, fmt::format("str.{}() is not available in CUDA code", name));
    if (str_method_takes_keywords(id)) return str_split_method(c, id, name, args);
    if (args.size() < info.min_args || args.size() > info.max_args) {
        std::string n = info.min_args == info.max_args ? std::to_string(info.min_args)
                                                       : fmt::format("{} to {}", info.min_args, info.max_args);
        error(c->loc, fmt::format("str.{}() takes {} argument{} ({} given)", name, n, info.max_args == 1 ? "" : "s",
                                  args.size()));
    }
    auto want = [&](size_t i, bool ok, const char* what) {
        if (!ok)
            error(c->args[i]->loc,
                  fmt::format("str.{}() argument {} must be {}, not {}", name, i + 1, what, args[i]->str()));
    };
    auto str_arg = [&](size_t i) { want(i, args[i]->is_str(), "str"); };
    auto int_arg = [&](size_t i) { want(i, integral(args[i]), "int"); };
    auto int_or_none = [&](size_t i) { want(i, integral(args[i]) || args[i]->is_none(), "int or None"); };
    auto str_or_none = [&](size_t i) { want(i, args[i]->is_str() || args[i]->is_none(), "str or None"); };
    switch (id) {
    case BuiltinId::StrUpper:
    case BuiltinId::StrLower:
    case BuiltinId::StrSwapcase:
    case BuiltinId::StrCapitalize:
    case BuiltinId::StrTitle:
    case BuiltinId::StrCasefold: return unicode();
    case BuiltinId::StrStartswith:
    case BuiltinId::StrEndswith: {  // a str, or a tuple of them (any matches)
        const auto& items = args[0]->is_tuple() ? args[0]->elements() : std::vector<const Type*>{};
        const bool strs =
            args[0]->is_tuple() && std::all_of(items.begin(), items.end(), [](const Type* t) { return t->is_str(); });
        want(0, args[0]->is_str() || strs, "str or a tuple of str");
        for (size_t i = 1; i < args.size(); ++i) int_or_none(i);
        return boolean();
    }
    case BuiltinId::StrFind:
    case BuiltinId::StrRfind:
    case BuiltinId::StrIndex:
    case BuiltinId::StrRindex:
    case BuiltinId::StrCount:
        str_arg(0);
        for (size_t i = 1; i < args.size(); ++i) int_or_none(i);
        return int64();
    case BuiltinId::StrReplace:
        str_arg(0);
        str_arg(1);
        if (args.size() == 3) int_arg(2);
        return unicode();
    case BuiltinId::StrStrip:
    case BuiltinId::StrLstrip:
    case BuiltinId::StrRstrip:
        if (!args.empty()) str_or_none(0);
        return unicode();
    case BuiltinId::StrZfill:
    case BuiltinId::StrCenter:
    case BuiltinId::StrLjust:
    case BuiltinId::StrRjust:
        int_arg(0);
        if (args.size() == 2) str_arg(1);
        return unicode();
    case BuiltinId::StrPartition:
    case BuiltinId::StrRpartition: str_arg(0); return tuple({unicode(), unicode(), unicode()});
    case BuiltinId::StrJoin: {  // Numba's: a list or tuple of str, or a str (its characters)
        const Type* t = args[0];
        bool strs = t->is_tuple() &&
                    std::all_of(t->elements().begin(), t->elements().end(), [](const Type* e) { return e->is_str(); });
        want(0, strs || t->is_str() || (t->is_list() && t->item() && t->item()->is_str()),
             "a list or tuple of str, or a str");
        return unicode();
    }
    default: return boolean();  // isdigit, isalpha, ...
    }
}

// split/rsplit(sep=None, maxsplit=-1) and splitlines(keepends=False), keywords placed
// (str_args.hpp): a new list(unicode_type), as Numba's unicode_split returns.
const Type* Inferrer::str_split_method(const Call* c, BuiltinId id, const std::string& name,
                                       const std::vector<const Type*>& args) {
    std::string problem;
    SourceLoc at = c->loc;
    std::vector<const Expr*> placed = str_method_args(c, id, &problem, &at);
    if (!problem.empty()) error(at, problem);
    const BuiltinInfo& info = builtin_info(id);
    if (c->args.size() > info.max_args)
        error(c->args[info.max_args]->loc, fmt::format("str.{}() takes at most {} argument{} ({} given)", name,
                                                       info.max_args, info.max_args == 1 ? "" : "s", c->args.size()));
    std::vector<const Type*> types;
    for (size_t i = 0; i < placed.size(); ++i) {
        const Type* t = i < args.size() ? args[i] : placed[i] ? expr(placed[i]) : none();
        if (!t) return nullptr;
        types.push_back(t);
        if (!placed[i]) continue;
        bool ok = id == BuiltinId::StrSplitlines ? integral(t) : i == 0 ? t->is_str() || t->is_none() : integral(t);
        const char* what = id == BuiltinId::StrSplitlines ? "bool" : i == 0 ? "str or None" : "int";
        if (!ok)
            error(placed[i]->loc, fmt::format("str.{}() argument '{}' must be {}, not {}", name,
                                              id == BuiltinId::StrSplitlines ? "keepends"
                                              : i == 0                       ? "sep"
                                                                             : "maxsplit",
                                              what, t->str()));
    }
    return list_of(unicode());
}

namespace {

// What hash() takes, as Numba: numbers, strings and tuples (nested too) of them.
bool hashes(const Type* t) {
    if (t->is_str() || (t->is_number() && !t->is_datetime_like())) return true;
    if (!t->is_tuple() || is_vector(t)) return false;
    return std::all_of(t->elements().begin(), t->elements().end(), hashes);
}

}  // namespace

const Type* Inferrer::str_builtin(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    bool one = args.size() == 1;
    switch (id) {
    case BuiltinId::Len:  // (an Optional str too: Numba's optional_to_any, TypeError for None)
        if (!one || !strip_optional(args[0])->is_str()) return nullptr;
        operands(c, args);
        return int64();
    case BuiltinId::Str:
    case BuiltinId::Ord:
    case BuiltinId::Chr:
    case BuiltinId::Hash: break;
    default: return nullptr;
    }
    const char* name = builtin_info(id).spelling;
    if (!one) error(c->loc, fmt::format("{}() takes exactly one argument ({} given)", name, args.size()));
    if (cuda()) error(c->loc, fmt::format("{}() is not available in CUDA code", name));
    const Type* a = args[0];
    auto refuse = [&] { error(c->args[0]->loc, fmt::format("{}() of {} is not supported", name, a->str())); };
    operands(c, args);
    switch (id) {
    case BuiltinId::Str:
        if (!a->is_str() && !integral(a) && !a->is_float()) refuse();
        return unicode();
    case BuiltinId::Ord:
        if (!a->is_str()) refuse();
        return int64();
    case BuiltinId::Chr:
        if (!integral(a)) refuse();
        return unicode();
    default:  // hash: Python's, of a number, a str or a tuple of them (an IntEnum member's is its value's)
        if (!hashes(a)) refuse();
        return int64();
    }
}

}  // namespace ujit::types
