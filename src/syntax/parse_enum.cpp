// Enum classes at module level (Numba's EnumClass / IntEnumClass): `class Color(Enum):` or
// `(enum.IntEnum)` whose body names members, `red = 1`, `green = enum.auto()`. Compiled code
// uses their members as constants (types/enum_classes.cpp). Anything else in the body (a
// method, a decorator) makes the class host code, as any other class is.
#include "syntax/parser_impl.hpp"

#include <fmt/format.h>

namespace ujit::syntax {

namespace {

// 0: no enum base; 1: Enum; 2: IntEnum. Bases are spelled Enum, IntEnum, enum.Enum or
// enum.IntEnum (ujit does not follow other aliases of the enum module).
int enum_base_kind(const std::string& spelled) {
    if (spelled == "Enum" || spelled == "enum.Enum") return 1;
    if (spelled == "IntEnum" || spelled == "enum.IntEnum") return 2;
    return 0;
}

}  // namespace

bool Parser::parse_enum_class() {
    // class NAME ( BASE ) :   with BASE a name or `enum.NAME`
    if (peek(1).kind != Tok::Name || !peek(2).is_op("(") || peek(3).kind != Tok::Name) return false;
    std::string base = peek(3).text;
    size_t close = 4;
    if (peek(4).is_op(".") && peek(5).kind == Tok::Name) {
        base += "." + peek(5).text;
        close = 6;
    }
    int kind = enum_base_kind(base);
    if (kind == 0 || !peek(close).is_op(")")) return false;
    Token kw = take();
    Module::EnumClassDef def;
    def.loc = kw.loc;
    def.name = take().text;
    def.is_int = kind == 2;
    while (!peek().is_op(")")) take();
    take();
    Block body = parse_suite("class definition", kw.loc);
    for (const Stmt* s : body) {
        if (isa<Pass>(s)) continue;
        if (auto* e = dyn_cast<ExprStmt>(s); e && isa<StrLit>(e->value)) continue;  // a docstring
        auto* a = dyn_cast<Assign>(s);
        if (!a || a->targets.size() != 1 || !isa<Name>(a->targets[0]))
            unsupported(s->loc, fmt::format("enum class '{}': bodies with more than member assignments (`NAME = "
                                            "value`) are",
                                            def.name));
        def.members.push_back(a);
    }
    module_->add_enum_class(std::move(def));
    return true;
}

}  // namespace ujit::syntax
