// `ujit types`: the function's source, line by line, each followed by the types of the
// variables assigned on it (like Numba's inspect_types).
#include "types/infer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <map>
#include <set>

namespace ujit::types {

using namespace syntax;

namespace {

using LineVars = std::map<uint32_t, std::vector<std::string>>;

void add_target(const Expr* t, LineVars& out) {
    if (auto* n = dyn_cast<Name>(t)) {
        auto& names = out[n->loc.line];
        if (std::find(names.begin(), names.end(), n->id) == names.end()) names.push_back(n->id);
    }
    if (auto* tu = dyn_cast<Tuple>(t))
        for (auto* e : tu->elts) add_target(e, out);
}

void collect(const Block& b, const TypedFunction& fn, LineVars& out) {
    for (const Stmt* s : b) {
        switch (s->kind) {
        case StmtKind::Assign:
            for (auto* t : cast<Assign>(s)->targets) add_target(t, out);
            break;
        case StmtKind::AugAssign: add_target(cast<AugAssign>(s)->target, out); break;
        case StmtKind::For:
            // A literal_unroll loop's copies of its body: each copy's own variables, on the lines
            // of the original (types/literal_unroll.hpp).
            if (auto u = fn.unrolled_loops.find(s->id); u != fn.unrolled_loops.end()) {
                for (const Block& copy : u->second.copies) collect(copy, fn, out);
            } else {
                add_target(cast<For>(s)->target, out);
                collect(cast<For>(s)->body, fn, out);
            }
            collect(cast<For>(s)->orelse, fn, out);
            break;
        case StmtKind::If:
            collect(cast<If>(s)->body, fn, out);
            collect(cast<If>(s)->orelse, fn, out);
            break;
        case StmtKind::While:
            collect(cast<While>(s)->body, fn, out);
            collect(cast<While>(s)->orelse, fn, out);
            break;
        case StmtKind::Try:
            for (const Block* x :
                 {&cast<Try>(s)->body, &cast<Try>(s)->handler, &cast<Try>(s)->orelse, &cast<Try>(s)->finalbody})
                collect(*x, fn, out);
            break;
        default: break;
        }
    }
}

size_t indent_of(std::string_view line) {
    size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    return i;
}

bool blank_or_comment(std::string_view line) {
    size_t i = indent_of(line);
    return i == line.size() || line[i] == '#';
}

}  // namespace

std::string dump_types(const Module& module, const TypedFunction& fn) {
    const FunctionDef& def = *fn.def;
    const SourceFile& file = module.file();
    std::string out = fmt::format("# {} (", def.name);
    for (size_t i = 0; i < fn.arg_types.size(); ++i) out += (i ? ", " : "") + fn.arg_types[i]->str();
    out += fmt::format(") -> {}\n", fn.return_type ? fn.return_type->str() : "?");
    out += fmt::format("# target: {}, symbol: {}\n", fn.target == TargetKind::CUDA ? "cuda" : "cpu", fn.symbol);

    LineVars assigned;
    collect(def.body, fn, assigned);
    auto print_vars = [&](const std::vector<std::string>& names) {
        for (const auto& name : names)
            if (const Variable* v = fn.find_variable(name))
                out += fmt::format("#   {} = {}\n", name, v->type ? v->type->str() : "?");
    };

    uint32_t first = def.loc.line;
    for (auto* d : def.decorators) first = std::min(first, d->loc.line);
    size_t def_indent = indent_of(file.line_text(def.loc.line));
    // The function ends before the first non-blank line indented no deeper than `def`.
    uint32_t last = def.loc.line;
    for (uint32_t l = def.loc.line + 1; l <= file.line_count(); ++l) {
        std::string_view text = file.line_text(l);
        if (blank_or_comment(text)) continue;
        if (indent_of(text) <= def_indent) break;
        last = l;
    }
    for (uint32_t l = first; l <= last; ++l) {
        out += std::string(file.line_text(l)) + "\n";
        if (l == def.loc.line) {
            std::vector<std::string> params;
            for (auto& p : def.params) params.push_back(p.name);
            print_vars(params);
        }
        if (auto it = assigned.find(l); it != assigned.end()) print_vars(it->second);
    }
    return out;
}

}  // namespace ujit::types
