#include "syntax/ast_dump.hpp"

#include <fmt/format.h>

namespace ujit::syntax {

namespace {

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        auto b = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (b < 0x20 || b == 0x7f)
            out += fmt::format("\\x{:02x}", b);
        else
            out += c;
    }
    return out + "\"";
}

std::string number(double v) {
    std::string s = fmt::format("{}", v);
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
}

std::string opt(const Expr* e) { return e ? dump_expr(e) : "_"; }

std::string list(const std::vector<Expr*>& exprs) {
    std::string out;
    for (const Expr* e : exprs) out.append(" ").append(dump_expr(e));
    return out;
}

// `col` < 0: everything on one line. Otherwise the statement starts at column `col` (the
// caller has written that much): each of its parts that holds statements goes on its own
// line two columns further in, and each statement of such a part two more.
std::string stmt(const Stmt* s, int col);

int deeper(int col) { return col < 0 ? col : col + 2; }

// What goes before a part at column `col`: a space, or a new line and the indentation.
std::string sep(int col) {
    if (col < 0) return " ";
    std::string s(size_t(col) + 1, ' ');
    s[0] = '\n';
    return s;
}

std::string block(const char* head, const Block& b, int col) {
    std::string out = std::string("(") + head;
    for (const Stmt* s : b) out.append(sep(deeper(col))).append(stmt(s, deeper(col)));
    return out + ")";
}

// The body of a statement at column `col`, and its else part when it has one.
std::string body(const Block& b, int col) { return sep(deeper(col)) + block("body", b, deeper(col)); }
std::string orelse(const Block& b, int col) {
    return b.empty() ? "" : sep(deeper(col)) + block("else", b, deeper(col));
}

std::string alias(const ImportAlias& a) {
    return a.asname.empty() ? a.name : fmt::format("(as {} {})", a.name, a.asname);
}

std::string stmt(const Stmt* s, int col) {
    switch (s->kind) {
    case StmtKind::ExprStmt: return "(expr " + dump_expr(cast<ExprStmt>(s)->value) + ")";
    case StmtKind::Assign: {
        auto* a = cast<Assign>(s);
        return "(=" + list(a->targets) + " " + dump_expr(a->value) + ")";
    }
    case StmtKind::AugAssign: {
        auto* a = cast<AugAssign>(s);
        return fmt::format("({}= {} {})", spelling(a->op), dump_expr(a->target), dump_expr(a->value));
    }
    case StmtKind::If: {
        auto* i = cast<If>(s);
        return "(if " + dump_expr(i->test) + body(i->body, col) + orelse(i->orelse, col) + ")";
    }
    case StmtKind::While: {
        auto* w = cast<While>(s);
        return "(while " + dump_expr(w->test) + body(w->body, col) + orelse(w->orelse, col) + ")";
    }
    case StmtKind::For: {
        auto* f = cast<For>(s);
        return fmt::format("(for {} {}", dump_expr(f->target), dump_expr(f->iter)) + body(f->body, col) +
               orelse(f->orelse, col) + ")";
    }
    case StmtKind::Try: {
        auto* t = cast<Try>(s);
        std::string out = "(try" + body(t->body, col);
        if (t->has_handler) out += " (except" + body(t->handler, col) + ")";
        if (!t->orelse.empty()) out += orelse(t->orelse, col);
        if (!t->finalbody.empty()) out += " (finally" + body(t->finalbody, col) + ")";
        return out + ")";
    }
    case StmtKind::Break: return "(break)";
    case StmtKind::Continue: return "(continue)";
    case StmtKind::Return: {
        auto* r = cast<Return>(s);
        if (r->yields) return "(yield " + dump_expr(r->value) + ")";
        return r->value ? "(return " + dump_expr(r->value) + ")" : "(return)";
    }
    case StmtKind::Pass: return "(pass)";
    case StmtKind::FunctionDef: {
        auto* f = cast<FunctionDef>(s);
        std::string out = "(def " + f->name + " (params";
        for (const Param& p : f->params) {
            out.append(" ").append(p.name);
            if (p.default_value) out.append("=").append(dump_expr(p.default_value));
        }
        out += ")";
        if (!f->decorators.empty()) out.append(" (decorators").append(list(f->decorators)).append(")");
        if (!f->docstring.empty()) out.append(" (doc ").append(quote(f->docstring)).append(")");
        return out + body(f->body, col) + ")";
    }
    case StmtKind::Import: {
        std::string out = "(import";
        for (const ImportAlias& a : cast<Import>(s)->names) out.append(" ").append(alias(a));
        return out + ")";
    }
    case StmtKind::Raise: {
        auto* r = cast<Raise>(s);
        std::string head = r->assertion ? "(assert-raise" : "(raise";
        return r->exc ? head + " " + dump_expr(r->exc) + ")" : head + ")";
    }
    case StmtKind::ImportFrom: {
        auto* f = cast<ImportFrom>(s);
        std::string out = "(from " + f->module;
        for (const ImportAlias& a : f->names) out.append(" ").append(alias(a));
        return out + ")";
    }
    }
    return "?";
}

}  // namespace

std::string dump_expr(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLit: return std::to_string(cast<IntLit>(e)->value);
    case ExprKind::FloatLit: return number(cast<FloatLit>(e)->value);
    case ExprKind::ImagLit: return number(cast<ImagLit>(e)->value) + "j";
    case ExprKind::BoolLit: return cast<BoolLit>(e)->value ? "True" : "False";
    case ExprKind::NoneLit: return "None";
    case ExprKind::StrLit: return quote(cast<StrLit>(e)->value);
    case ExprKind::Name: return cast<Name>(e)->id;
    case ExprKind::Attribute: {
        auto* a = cast<Attribute>(e);
        return fmt::format("(. {} {})", dump_expr(a->value), a->attr);
    }
    case ExprKind::Subscript: {
        auto* s = cast<Subscript>(e);
        return fmt::format("([] {} {})", dump_expr(s->value), dump_expr(s->index));
    }
    case ExprKind::Slice: {
        auto* s = cast<Slice>(e);
        return fmt::format("(: {} {} {})", opt(s->lower), opt(s->upper), opt(s->step));
    }
    case ExprKind::Call: {
        auto* c = cast<Call>(e);
        std::string out = "(call " + dump_expr(c->callee) + list(c->args);
        for (const Keyword& k : c->keywords) out += fmt::format(" (= {} {})", k.name, dump_expr(k.value));
        return out + ")";
    }
    case ExprKind::Unary: {
        auto* u = cast<Unary>(e);
        return fmt::format("({} {})", spelling(u->op), dump_expr(u->operand));
    }
    case ExprKind::Binary: {
        auto* b = cast<Binary>(e);
        return fmt::format("({} {} {})", spelling(b->op), dump_expr(b->lhs), dump_expr(b->rhs));
    }
    case ExprKind::Compare: {
        auto* c = cast<Compare>(e);
        std::string out = "(cmp " + dump_expr(c->operands[0]);
        for (size_t i = 0; i < c->ops.size(); ++i)
            out += fmt::format(" {} {}", spelling(c->ops[i]), dump_expr(c->operands[i + 1]));
        return out + ")";
    }
    case ExprKind::BoolOp: {
        auto* b = cast<BoolOp>(e);
        return std::string(b->op == BoolOpKind::And ? "(and" : "(or") + list(b->values) + ")";
    }
    case ExprKind::IfExp: {
        auto* i = cast<IfExp>(e);
        return fmt::format("(ifexp {} {} {})", dump_expr(i->test), dump_expr(i->body), dump_expr(i->orelse));
    }
    case ExprKind::Lambda: {
        std::string out = "(lambda (";
        for (const Param& p : cast<Lambda>(e)->def->params) out += (out.back() == '(' ? "" : " ") + p.name;
        return out + ") " + dump_expr(cast<Return>(cast<Lambda>(e)->def->body[0])->value) + ")";
    }
    case ExprKind::ListComp: {
        auto* c = cast<ListComp>(e);
        std::string out = "(listcomp " + dump_expr(c->elt);
        for (const ListComp::Generator& g : c->generators) {
            out += " (for " + dump_expr(g.target) + " " + dump_expr(g.iter);
            for (const Expr* x : g.ifs) out += " (if " + dump_expr(x) + ")";
            out += ")";
        }
        return out + ")";
    }
    case ExprKind::Starred: return "(* " + dump_expr(cast<Starred>(e)->value) + ")";
    case ExprKind::StarItem:
        return fmt::format("(item {} {})", dump_expr(cast<StarItem>(e)->from->value), cast<StarItem>(e)->index);
    case ExprKind::Tuple: {
        auto* t = cast<Tuple>(e);
        static constexpr const char* heads[] = {"(tuple", "(list", "(set", "(dict"};
        return heads[static_cast<int>(t->display)] + list(t->elts) + ")";
    }
    }
    return "?";
}

std::string dump_stmt(const Stmt* s) { return stmt(s, -1); }

std::string dump_ast(const Module& m) {
    std::string out;
    for (const Stmt* s : m.body()) out += dump_stmt(s) + "\n";
    return out;
}

std::string dump_ast_tree(const Module& m) {
    std::string out;
    for (const Stmt* s : m.body()) out += stmt(s, 0) + "\n";
    return out;
}

}  // namespace ujit::syntax
