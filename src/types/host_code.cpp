// Host code: what a user's Numba file holds besides the functions ujit compiles (prints,
// loops, `if __name__ == "__main__":`, arrays made with np.arange, imports of matplotlib).
// Numba compiles the decorated functions and leaves the rest to Python; so does ujit. The
// names such code binds are remembered, so that a compiled function using one is told
// where it is bound and why it is not a compile-time constant, instead of "not defined".
#include "types/module_impl.hpp"

#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

const char* statement_name(const Stmt& s) {
    switch (s.kind) {
    case StmtKind::ExprStmt: return "expression statements";
    case StmtKind::Assign: return "assignments";
    case StmtKind::AugAssign: return "augmented assignments";
    case StmtKind::If: return "'if' statements";
    case StmtKind::While: return "'while' loops";
    case StmtKind::For: return "'for' loops";
    case StmtKind::Break: return "'break' statements";
    case StmtKind::Continue: return "'continue' statements";
    case StmtKind::Return: return "'return' statements";
    case StmtKind::Pass: return "'pass' statements";
    case StmtKind::Raise: return "'raise' statements";
    case StmtKind::Try: return "'try' statements";
    default: return "statements";
    }
}

void target_names(const Expr* e, std::vector<const Name*>& out) {
    if (auto* n = dyn_cast<Name>(e)) out.push_back(n);
    if (auto* t = dyn_cast<Tuple>(e))
        for (const Expr* x : t->elts) target_names(x, out);
}

// The names a statement binds, its nested blocks included (Python has no block scope).
void bound_names(const Stmt& s, std::vector<const Name*>& names,
                 std::vector<std::pair<std::string, SourceLoc>>& other) {
    auto block = [&](const Block& b) {
        for (const Stmt* x : b) bound_names(*x, names, other);
    };
    switch (s.kind) {
    case StmtKind::Assign:
        for (const Expr* t : cast<Assign>(&s)->targets) target_names(t, names);
        break;
    case StmtKind::AugAssign: target_names(cast<AugAssign>(&s)->target, names); break;
    case StmtKind::For: {
        auto* f = cast<For>(&s);
        target_names(f->target, names);
        block(f->body);
        block(f->orelse);
        break;
    }
    case StmtKind::If:
        block(cast<If>(&s)->body);
        block(cast<If>(&s)->orelse);
        break;
    case StmtKind::While:
        block(cast<While>(&s)->body);
        block(cast<While>(&s)->orelse);
        break;
    case StmtKind::Try:
        block(cast<Try>(&s)->body);
        block(cast<Try>(&s)->handler);
        block(cast<Try>(&s)->orelse);
        block(cast<Try>(&s)->finalbody);
        break;
    case StmtKind::FunctionDef: other.emplace_back(cast<FunctionDef>(&s)->name, cast<FunctionDef>(&s)->name_loc); break;
    case StmtKind::Import:
        for (const ImportAlias& a : cast<Import>(&s)->names)
            other.emplace_back(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname, a.loc);
        break;
    case StmtKind::ImportFrom:
        for (const ImportAlias& a : cast<ImportFrom>(&s)->names)
            if (a.name != "*") other.emplace_back(a.asname.empty() ? a.name : a.asname, a.loc);
        break;
    default: break;
    }
}

}  // namespace

void ModuleScope::bind(const std::string& name, Global g) {
    host_only.erase(name);
    globals[name] = std::move(g);
}

void ModuleScope::bind_host_only(const std::string& name, SourceLoc loc, std::string why) {
    globals.erase(name);
    host_only[name] = HostOnlyName{loc, std::move(why)};
}

void ModuleScope::skip_host_statement(const Stmt& s, std::string reason) {
    if (reason.empty()) reason = fmt::format("module-level {} are left to Python", statement_name(s));
    skipped.push_back({s.loc, reason});
    std::vector<const Name*> names;
    std::vector<std::pair<std::string, SourceLoc>> other;
    bound_names(s, names, other);
    const std::string why = fmt::format("it is bound by host code ujit does not compile ({})", reason);
    for (const Name* n : names) bind_host_only(n->id, n->loc, why);
    for (auto& [name, loc] : other) bind_host_only(name, loc, why);
}

NameLookup ModuleScope::constant_lookup() const {
    return [this](const Name& n) -> std::optional<Member> {
        if (!find_global(n.id) && host_only.count(n.id)) fail_undefined(n.loc, n.id);
        return lookup(n.id);
    };
}

void ModuleScope::fail_undefined(SourceLoc use, const std::string& name) const {
    auto it = host_only.find(name);
    if (it == host_only.end()) fail(use, fmt::format("name '{}' is not defined", name));
    const HostOnlyName& h = it->second;
    Diagnostic note{Severity::Note, h.loc, fmt::format("'{}' is bound here", name), {}};
    fail(use, fmt::format("global '{}' (bound at line {}) is not a compile-time constant: {}", name, h.loc.line, h.why),
         {note});
}

}  // namespace ujit::types
