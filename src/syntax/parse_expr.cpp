// Expressions, with Python's precedence from lowest to highest:
//   if-else < or < and < not < comparisons < | < ^ < & < << >> < + - < * / // % < unary < ** < primary
#include "syntax/parser_impl.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace ujit::syntax {

namespace {

struct BinInfo {
    int prec;
    BinOp op;
};

std::optional<BinInfo> binary_op(const Token& t) {
    if (t.kind != Tok::Op) return std::nullopt;
    static const struct {
        std::string_view text;
        BinInfo info;
    } kTable[] = {
        {"|", {1, BinOp::BitOr}},   {"^", {2, BinOp::BitXor}},    {"&", {3, BinOp::BitAnd}}, {"<<", {4, BinOp::LShift}},
        {">>", {4, BinOp::RShift}}, {"+", {5, BinOp::Add}},       {"-", {5, BinOp::Sub}},    {"*", {6, BinOp::Mul}},
        {"/", {6, BinOp::Div}},     {"//", {6, BinOp::FloorDiv}}, {"%", {6, BinOp::Mod}},    {"@", {6, BinOp::MatMul}},
    };
    for (const auto& e : kTable)
        if (t.text == e.text) return e.info;
    return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------- tree height

int Parser::height(const Expr* e) const {
    if (!e) return 0;
    return e->id < heights_.size() && heights_[e->id] ? heights_[e->id] : 1;
}

void Parser::record_height(const Expr* e, SourceLoc at) {
    int h = 0;
    auto child = [&](const Expr* c) { h = std::max(h, height(c)); };
    auto children = [&](const std::vector<Expr*>& cs) {
        for (const Expr* c : cs) child(c);
    };
    // Every kind is listed so that a new node kind with children cannot be forgotten here.
    switch (e->kind) {
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::ImagLit:
    case ExprKind::BoolLit:
    case ExprKind::NoneLit:
    case ExprKind::StrLit:
    case ExprKind::Lambda:  // its body is a function of its own
    case ExprKind::StarItem:  // its tuple is the Starred's value
    case ExprKind::Name: break;
    case ExprKind::Starred: child(cast<Starred>(e)->value); break;
    case ExprKind::Attribute: child(cast<Attribute>(e)->value); break;
    case ExprKind::Subscript:
        child(cast<Subscript>(e)->value);
        child(cast<Subscript>(e)->index);
        break;
    case ExprKind::Slice:
        child(cast<Slice>(e)->lower);
        child(cast<Slice>(e)->upper);
        child(cast<Slice>(e)->step);
        break;
    case ExprKind::Call:
        child(cast<Call>(e)->callee);
        children(cast<Call>(e)->args);
        for (const Keyword& k : cast<Call>(e)->keywords) child(k.value);
        break;
    case ExprKind::Unary: child(cast<Unary>(e)->operand); break;
    case ExprKind::Binary:
        child(cast<Binary>(e)->lhs);
        child(cast<Binary>(e)->rhs);
        break;
    case ExprKind::Compare: children(cast<Compare>(e)->operands); break;
    case ExprKind::BoolOp: children(cast<BoolOp>(e)->values); break;
    case ExprKind::IfExp:
        child(cast<IfExp>(e)->test);
        child(cast<IfExp>(e)->body);
        child(cast<IfExp>(e)->orelse);
        break;
    case ExprKind::Tuple: children(cast<Tuple>(e)->elts); break;
    case ExprKind::ListComp:
        child(cast<ListComp>(e)->elt);
        for (const ListComp::Generator& g : cast<ListComp>(e)->generators) {
            child(g.target);
            child(g.iter);
            children(g.ifs);
        }
        break;
    }
    if (++h > kMaxExprHeight) fail(at, fmt::format("expression nested too deeply (limit {})", kMaxExprHeight));
    if (heights_.size() <= e->id) heights_.resize(e->id + 1, 0);
    heights_[e->id] = static_cast<uint16_t>(h);
}

// ---------------------------------------------------------------- expressions

bool Parser::starts_expr(const Token& t) {
    switch (t.kind) {
    case Tok::Name:
    case Tok::Int:
    case Tok::Float:
    case Tok::Imag:
    case Tok::String: return true;
    case Tok::Keyword:
        return t.text == "True" || t.text == "False" || t.text == "None" || t.text == "not" || t.text == "lambda" ||
               t.text == "await" || t.text == "yield";
    case Tok::Op:
        return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" || t.text == "~" ||
               t.text == "*" || t.text == "..." || t.text == "**";
    default: return false;
    }
}

Expr* Parser::parse_expr_list() {
    SourceLoc loc = peek().loc;
    Expr* first = parse_expr();
    if (!peek().is_op(",")) return first;
    auto* tuple = make<Tuple>(loc);
    tuple->elts.push_back(first);
    while (accept_op(",") && starts_expr(peek())) tuple->elts.push_back(parse_expr());
    return nested(tuple, loc);
}

// lambda a, b: body -> an inner `def <lambda>(a, b): return body` (ast.hpp, Lambda).
Expr* Parser::parse_lambda() {
    SourceLoc loc = take().loc;
    auto* e = make<Lambda>(loc);
    auto* fn = make<FunctionDef>(loc);
    fn->name = "<lambda>";
    fn->name_loc = loc;
    while (!peek().is_op(":")) {
        const Token& t = peek();
        if (t.is_op("*") || t.is_op("**")) unsupported(t.loc, "'*' and '**' parameters of a lambda are");
        if (t.kind != Tok::Name) fail(t.loc, fmt::format("expected a parameter name, found {}", describe(t)));
        if (fn->params.size() >= static_cast<size_t>(kMaxParameters))
            fail(t.loc, fmt::format("too many parameters (limit {})", kMaxParameters));
        for (const Param& p : fn->params)
            if (p.name == t.text) fail(t.loc, fmt::format("duplicate argument '{}' in function definition", t.text));
        fn->params.push_back({t.text, t.loc, false});
        take();
        if (peek().is_op("=")) unsupported(peek().loc, "default parameter values are");
        if (!accept_op(",")) break;
    }
    expect_op(":");
    auto* r = make<Return>(peek().loc);
    ++function_depth_;
    r->value = parse_expr();
    --function_depth_;
    fn->body.push_back(r);
    fn->end_id = module_->node_count();
    e->def = fn;
    return e;
}

Expr* Parser::parse_expr() {
    const Token& t = peek();
    SourceLoc loc = t.loc;
    DepthGuard guard(*this, loc);
    if (t.is_keyword("lambda")) return parse_lambda();
    if (t.is_keyword("yield")) unsupported(loc, "'yield' expressions are");
    Expr* body = parse_or();
    if (peek().is_op(":=")) unsupported(peek().loc, "assignment expressions (':=') are");
    if (!accept_keyword("if")) return body;
    auto* e = make<IfExp>(loc);
    e->body = body;
    e->test = parse_or();
    if (!accept_keyword("else"))
        fail(peek().loc, fmt::format("expected 'else' after 'if' expression, found {}", describe(peek())));
    e->orelse = parse_expr();
    return nested(e, loc);
}

Expr* Parser::parse_or() {
    SourceLoc loc = peek().loc;
    Expr* first = parse_and();
    if (!peek().is_keyword("or")) return first;
    auto* e = make<BoolOp>(loc);
    e->op = BoolOpKind::Or;
    e->values.push_back(first);
    while (accept_keyword("or")) e->values.push_back(parse_and());
    return nested(e, loc);
}

Expr* Parser::parse_and() {
    SourceLoc loc = peek().loc;
    Expr* first = parse_not();
    if (!peek().is_keyword("and")) return first;
    auto* e = make<BoolOp>(loc);
    e->op = BoolOpKind::And;
    e->values.push_back(first);
    while (accept_keyword("and")) e->values.push_back(parse_not());
    return nested(e, loc);
}

Expr* Parser::parse_not() {
    if (!peek().is_keyword("not")) return parse_comparison();
    Token op = take();
    DepthGuard guard(*this, op.loc);
    auto* e = make<Unary>(op.loc);
    e->op = UnaryOp::Not;
    e->operand = parse_not();
    return nested(e, op.loc);
}

Expr* Parser::parse_comparison() {
    SourceLoc loc = peek().loc;
    Expr* first = parse_binary(1);
    Compare* cmp = nullptr;
    for (;;) {
        const Token& t = peek();
        SourceLoc op_loc = t.loc;
        std::optional<CmpOp> op;
        if (t.kind == Tok::Op) {
            if (t.text == "<")
                op = CmpOp::Lt;
            else if (t.text == "<=")
                op = CmpOp::Le;
            else if (t.text == ">")
                op = CmpOp::Gt;
            else if (t.text == ">=")
                op = CmpOp::Ge;
            else if (t.text == "==")
                op = CmpOp::Eq;
            else if (t.text == "!=")
                op = CmpOp::Ne;
        } else if (t.is_keyword("in")) {
            op = CmpOp::In;
        } else if (t.is_keyword("is")) {
            op = peek(1).is_keyword("not") ? CmpOp::IsNot : CmpOp::Is;
        } else if (t.is_keyword("not") && peek(1).is_keyword("in")) {
            op = CmpOp::NotIn;
        }
        if (!op) return cmp ? nested(cmp, loc) : first;
        take();
        if (*op == CmpOp::IsNot || *op == CmpOp::NotIn) take();
        if (!cmp) {
            cmp = make<Compare>(loc);
            cmp->operands.push_back(first);
        }
        cmp->ops.push_back(*op);
        cmp->op_locs.push_back(op_loc);
        cmp->operands.push_back(parse_binary(1));
    }
}

// Precedence climbing over the binary operators; a Binary's loc is its left operand's start.
Expr* Parser::parse_binary(int min_prec) {
    SourceLoc loc = peek().loc;
    Expr* lhs = parse_unary();
    for (;;) {
        auto info = binary_op(peek());
        if (!info || info->prec < min_prec) return lhs;
        Token op = take();
        auto* e = make<Binary>(loc);
        e->op = info->op;
        e->lhs = lhs;
        e->rhs = parse_binary(info->prec + 1);
        lhs = nested(e, op.loc);
    }
}

Expr* Parser::parse_unary() {
    const Token& t = peek();
    if (!(t.is_op("-") || t.is_op("+") || t.is_op("~"))) return parse_power();
    Token op = take();
    DepthGuard guard(*this, op.loc);
    auto* e = make<Unary>(op.loc);
    e->op = op.text == "-" ? UnaryOp::Neg : op.text == "+" ? UnaryOp::Pos : UnaryOp::Invert;
    e->operand = parse_unary();
    return nested(e, op.loc);
}

// ** is right-associative and binds tighter than a unary operator on its left, looser than
// one on its right: -2**2 == -(2**2), 2**-1 == 2**(-1).
Expr* Parser::parse_power() {
    SourceLoc loc = peek().loc;
    if (peek().is_keyword("await")) unsupported(loc, "'await' expressions are");
    Expr* base = parse_primary();
    if (!peek().is_op("**")) return base;
    Token op = take();
    DepthGuard guard(*this, op.loc);
    Expr* exponent = parse_unary();
    if (Expr* folded = fold_negative_int_power(base, exponent)) return folded;
    auto* e = make<Binary>(loc);
    e->op = BinOp::Pow;
    e->lhs = base;
    e->rhs = exponent;
    return nested(e, op.loc);
}

// CPython folds `2 ** -2` to the constant 0.25 when it compiles the function, so Numba, which
// reads bytecode, sees a float; at run time an int ** int is an int in Numba. Only this fold
// changes a type: every other fold of literals gives what the run-time operation gives.
// `0 ** -1` is not folded (CPython raises and leaves the expression).
Expr* Parser::fold_negative_int_power(Expr* base, Expr* exponent) {
    auto* b = dyn_cast<IntLit>(base);
    auto* neg = dyn_cast<Unary>(exponent);
    if (!b || !neg || neg->op != UnaryOp::Neg || b->value == 0) return nullptr;
    auto* n = dyn_cast<IntLit>(neg->operand);
    if (!n || n->value == 0) return nullptr;
    auto* f = make<FloatLit>(base->loc);
    f->value = std::pow(static_cast<double>(b->value), -static_cast<double>(n->value));
    return f;
}

Expr* Parser::parse_primary() {
    SourceLoc loc = peek().loc;
    Expr* e = parse_atom();
    for (;;) {
        const SourceLoc at = peek().loc;  // the '.', '(' or '['
        if (accept_op(".")) {
            const Token& name = peek();
            if (name.kind != Tok::Name)
                fail(name.loc, fmt::format("expected an attribute name after '.', found {}", describe(name)));
            auto* a = make<Attribute>(loc);
            a->value = e;
            a->attr = name.text;
            a->attr_loc = name.loc;
            take();
            e = nested(a, at);
        } else if (peek().is_op("(")) {
            auto* c = make<Call>(loc);
            c->callee = e;
            parse_call_args(c);
            e = nested(c, at);
        } else if (accept_op("[")) {
            auto* s = make<Subscript>(loc);
            s->value = e;
            s->index = parse_subscript_index();
            expect_op("]");
            e = nested(s, at);
        } else {
            return e;
        }
    }
}

void Parser::parse_call_args(Call* call) {
    Token open = take();  // (
    Starred* star = nullptr;
    while (!peek().is_op(")")) {
        const Token& t = peek();
        if (t.is_op("**")) unsupported(t.loc, "'**' arguments in calls are");
        if (t.is_op("*")) {
            if (star) unsupported(t.loc, "a second starred argument in one call is");
            if (!call->keywords.empty()) unsupported(t.loc, "a starred argument after keyword arguments is");
            SourceLoc star_loc = t.loc;  // t is the token take() drops
            take();
            star = make<Starred>(star_loc);
            star->value = parse_expr();
            call->args.push_back(nested(star, star_loc));
        } else if (t.kind == Tok::Name && peek(1).is_op("=")) {
            Keyword kw{t.text, t.loc, nullptr};
            for (const Keyword& k : call->keywords)
                if (k.name == kw.name) fail(t.loc, fmt::format("keyword argument repeated: {}", kw.name));
            take();
            take();
            kw.value = parse_expr();
            call->keywords.push_back(kw);
        } else {
            if (!call->keywords.empty()) fail(t.loc, "positional argument follows keyword argument");
            // np.array([1, 2, 3]): the one place a list display is read (as a tuple, by typing).
            auto* attr = dyn_cast<Attribute>(call->callee);
            bool saved = list_ok_;
            list_ok_ = call->args.empty() && attr && attr->attr == "array" && peek().is_op("[");
            call->args.push_back(parse_expr());
            list_ok_ = saved;
            if (peek().is_keyword("for")) unsupported(open.loc, "generator expressions are");
        }
        if (!accept_op(",")) break;
    }
    expect_op(")");
    if (star) spread_calls(call, star);
}

// The call of each length of the starred tuple (syntax::Starred): its items in its place.
void Parser::spread_calls(Call* call, Starred* star) {
    for (uint32_t i = 0; i < kMaxSpread; ++i) {
        auto* item = make<StarItem>(star->loc);
        item->from = star;
        item->index = i;
        star->items.push_back(item);
    }
    for (size_t n = 0; n <= kMaxSpread; ++n) {
        auto* spread = make<Call>(call->loc);
        spread->callee = call->callee;
        spread->keywords = call->keywords;
        for (Expr* a : call->args) {
            if (a != star)
                spread->args.push_back(a);
            else
                spread->args.insert(spread->args.end(), star->items.begin(), star->items.begin() + n);
        }
        star->spread.push_back(spread);
    }
}

// The inside of value[...]: one item, or a Tuple of items for a[i, j]; items may be slices.
Expr* Parser::parse_subscript_index() {
    SourceLoc loc = peek().loc;
    Expr* first = parse_slice_item();
    if (!peek().is_op(",")) return first;
    auto* tuple = make<Tuple>(loc);
    tuple->elts.push_back(first);
    while (accept_op(",") && !peek().is_op("]")) tuple->elts.push_back(parse_slice_item());
    return nested(tuple, loc);
}

Expr* Parser::parse_slice_item() {
    SourceLoc loc = peek().loc;
    Expr* lower = nullptr;
    if (!peek().is_op(":")) {
        lower = parse_expr();
        if (!peek().is_op(":")) return lower;
    }
    take();  // :
    auto* s = make<Slice>(loc);
    s->lower = lower;
    auto ends_part = [&] { return peek().is_op(":") || peek().is_op("]") || peek().is_op(","); };
    if (!ends_part()) s->upper = parse_expr();
    if (accept_op(":") && !ends_part()) s->step = parse_expr();
    return nested(s, loc);
}

Expr* Parser::parse_atom() {
    const Token& t = peek();
    SourceLoc loc = t.loc;
    switch (t.kind) {
    case Tok::Name: {
        auto* e = make<Name>(loc);
        e->id = take().text;
        return e;
    }
    case Tok::Int: {
        auto* e = make<IntLit>(loc);
        e->value = take().int_value;
        return e;
    }
    case Tok::Float: {
        auto* e = make<FloatLit>(loc);
        e->value = take().float_value;
        return e;
    }
    case Tok::Imag: {
        auto* e = make<ImagLit>(loc);
        e->value = take().float_value;
        return e;
    }
    case Tok::String: return parse_strings();
    case Tok::Keyword:
        if (t.text == "True" || t.text == "False") {
            auto* e = make<BoolLit>(loc);
            e->value = take().text == "True";
            return e;
        }
        if (t.text == "None") {
            take();
            return make<NoneLit>(loc);
        }
        if (t.text == "lambda") fail(loc, "invalid syntax: a lambda here must be in parentheses");
        if (t.text == "yield") unsupported(loc, "'yield' expressions are");
        if (t.text == "await") unsupported(loc, "'await' expressions are");
        break;
    case Tok::Op:
        if (t.text == "(") return parse_paren();
        if (t.text == "[" || t.text == "{") return parse_display();
        if (t.text == "...") {  // Ellipsis: a name no program can bind, read only as an array index
            auto* e = make<Name>(loc);
            take();
            e->id = "...";
            return e;
        }
        if (t.text == "*" || t.text == "**") unsupported(loc, "starred expressions are");
        break;
    default: break;
    }
    fail(loc, fmt::format("expected an expression, found {}", describe(t)));
}

// Adjacent literals concatenate; an f-string (lex_fstring.cpp) is its parenthesized
// concatenation, joined to its neighbours by +.
Expr* Parser::parse_strings() {
    SourceLoc loc = peek().loc;
    auto* e = make<StrLit>(loc);
    Expr* joined = nullptr;
    auto join = [&](Expr* part) {
        if (!joined) {
            joined = part;
            return;
        }
        auto* add = make<Binary>(part->loc);
        add->op = BinOp::Add;
        add->lhs = joined;
        add->rhs = part;
        joined = add;
    };
    while (peek().kind == Tok::String) {
        if (peek().unsupported) unsupported(peek().loc, peek().unsupported);
        Token t = take();
        if (!t.fstring) {
            e->value += t.text;
            continue;
        }
        if (!e->value.empty()) join(e);
        join(parse_paren());
        e = make<StrLit>(peek().loc);
    }
    if (!joined) return e;
    if (!e->value.empty()) join(e);
    return joined;
}

// ( ) is the empty tuple, (x) is x, (x,) and (x, y) are tuples.
Expr* Parser::parse_paren() {
    Token open = take();
    if (accept_op(")")) return make<Tuple>(open.loc);
    Expr* first = parse_expr();
    if (peek().is_keyword("for")) unsupported(open.loc, "generator expressions are");
    if (accept_op(")")) return first;
    if (!peek().is_op(",")) expect_op(")");
    auto* tuple = make<Tuple>(open.loc);
    tuple->elts.push_back(first);
    while (accept_op(",") && !peek().is_op(")")) tuple->elts.push_back(parse_expr());
    expect_op(")");
    return nested(tuple, open.loc);
}

// A list display is a Tuple marked as a list: a list value in compiled code (types/
// infer_lists.cpp), a signature list inside a decorator, and a tuple where it is the (nested)
// first argument of `*.array(...)` (np.array([[1, 2], [3, 4]])). Dicts and sets are displays
// too (types/infer_dicts.cpp), and so are their comprehensions (syntax/comprehension.hpp).
Expr* Parser::parse_display() {
    Token open = take();
    if (open.text == "[") {
        if (!in_decorator_ && !list_ok_ && !peek().is_op("]")) {
            Expr* first = parse_expr();
            if (peek().is_keyword("for")) return parse_list_comp(open, first);
            auto* list = make<Tuple>(open.loc);
            list->display = Tuple::Display::List;
            list->elts.push_back(first);
            while (accept_op(",") && !peek().is_op("]")) list->elts.push_back(parse_expr());
            expect_op("]");
            return nested(list, open.loc);
        }
        bool rows = list_ok_;
        auto* list = make<Tuple>(open.loc);
        list->display = Tuple::Display::List;
        while (!peek().is_op("]")) {
            list_ok_ = rows && peek().is_op("[");  // a row of np.array's nested list
            list->elts.push_back(parse_expr());
            list_ok_ = rows;
            if (peek().is_keyword("for")) {  // np.array([f(i) for i in ...]): a list value
                if (in_decorator_) unsupported(open.loc, "list comprehensions are");
                if (list->elts.size() != 1) fail(peek().loc, "invalid syntax: a comprehension has one element");
                list_ok_ = false;
                Expr* comp = parse_list_comp(open, list->elts[0]);
                list_ok_ = rows;
                return comp;
            }
            if (!accept_op(",")) break;
        }
        expect_op("]");
        return nested(list, open.loc);
    }
    // {k: v, ...}, {a, b} and {} (a dict): a Tuple that says which display it was.
    if (peek().is_op("**")) unsupported(open.loc, "dict unpacking ('**') is");
    return parse_decorator_braces(open);
}

namespace {

// Renames the Name nodes spelled as a key of `names` inside `e` (a comprehension's own
// variables; a nested comprehension's were renamed already, to names of their own).
void rename(Expr* e, const std::map<std::string, std::string>& names) {
    if (!e) return;
    auto all = [&](const std::vector<Expr*>& es) {
        for (Expr* x : es) rename(x, names);
    };
    switch (e->kind) {
    case ExprKind::Name: {
        auto it = names.find(cast<Name>(e)->id);
        if (it != names.end()) cast<Name>(e)->id = it->second;
        return;
    }
    case ExprKind::Attribute: return rename(cast<Attribute>(e)->value, names);
    case ExprKind::Subscript: rename(cast<Subscript>(e)->value, names); return rename(cast<Subscript>(e)->index, names);
    case ExprKind::Slice:
        rename(cast<Slice>(e)->lower, names);
        rename(cast<Slice>(e)->upper, names);
        return rename(cast<Slice>(e)->step, names);
    case ExprKind::Call:
        rename(cast<Call>(e)->callee, names);
        all(cast<Call>(e)->args);
        for (Keyword& k : cast<Call>(e)->keywords) rename(k.value, names);
        return;
    case ExprKind::Unary: return rename(cast<Unary>(e)->operand, names);
    case ExprKind::Binary: rename(cast<Binary>(e)->lhs, names); return rename(cast<Binary>(e)->rhs, names);
    case ExprKind::Compare: return all(cast<Compare>(e)->operands);
    case ExprKind::BoolOp: return all(cast<BoolOp>(e)->values);
    case ExprKind::IfExp:
        rename(cast<IfExp>(e)->test, names);
        rename(cast<IfExp>(e)->body, names);
        return rename(cast<IfExp>(e)->orelse, names);
    case ExprKind::Tuple: return all(cast<Tuple>(e)->elts);
    case ExprKind::ListComp:
        rename(cast<ListComp>(e)->elt, names);
        for (ListComp::Generator& g : cast<ListComp>(e)->generators) {
            rename(g.iter, names);
            all(g.ifs);
        }
        return;
    case ExprKind::Lambda: {  // its parameters hide the comprehension's variables of their names
        FunctionDef* def = cast<Lambda>(e)->def;
        std::map<std::string, std::string> inner = names;
        for (const Param& p : def->params) inner.erase(p.name);
        return rename(cast<Return>(def->body[0])->value, inner);
    }
    case ExprKind::Starred: return rename(cast<Starred>(e)->value, names);  // its spread calls share the nodes
    default: return;  // literals
    }
}

void target_names(const Expr* t, std::vector<const Name*>& out) {
    if (auto* n = dyn_cast<Name>(t)) out.push_back(n);
    if (auto* tu = dyn_cast<Tuple>(t))
        for (const Expr* e : tu->elts) target_names(e, out);
}

}  // namespace

// [elt for target in iter if cond ... for ...], after `[elt` (or `{elt`: braces_comp).
Expr* Parser::parse_list_comp(const Token& open, Expr* elt) {
    auto* comp = make<ListComp>(open.loc);
    comp->elt = elt;
    while (accept_keyword("for")) {
        ListComp::Generator g;
        g.target = parse_target_list();
        if (!accept_keyword("in")) fail(peek().loc, fmt::format("expected 'in', found {}", describe(peek())));
        g.iter = parse_or();
        while (accept_keyword("if")) g.ifs.push_back(parse_or());
        comp->generators.push_back(std::move(g));
    }
    expect_op(open.text == "{" ? "}" : "]");
    // The targets' names are the comprehension's own: everything after the first iterable
    // (evaluated outside) sees them under their new names.
    std::map<std::string, std::string> names;
    for (ListComp::Generator& g : comp->generators) {
        std::vector<const Name*> targets;
        target_names(g.target, targets);
        for (const Name* n : targets) names.emplace(n->id, fmt::format("{}$c{}", n->id, comp->id));
    }
    rename(comp->elt, names);
    for (size_t k = 0; k < comp->generators.size(); ++k) {
        ListComp::Generator& g = comp->generators[k];
        std::vector<const Name*> targets;
        target_names(g.target, targets);
        for (const Name* n : targets) const_cast<Name*>(n)->id = names.at(n->id);
        if (k) rename(g.iter, names);
        for (Expr* c : g.ifs) rename(c, names);
    }
    return nested(comp, open.loc);
}

// {a, b} and {k: v, ...} become a Tuple that says which it was; a dict's elts alternate key
// and value. Inside a decorator they spell fastmath's flags (the decorator checks their use);
// in a function they are Numba's set and typed dict displays (types/infer_dicts.cpp).
Expr* Parser::parse_decorator_braces(const Token& open) {
    auto* braces = make<Tuple>(open.loc);
    braces->display = Tuple::Display::Set;
    for (bool first = true; !peek().is_op("}"); first = false) {
        braces->elts.push_back(parse_expr());
        if (first && peek().is_op(":")) braces->display = Tuple::Display::Dict;
        if (braces->display == Tuple::Display::Dict) {
            expect_op(":");
            braces->elts.push_back(parse_expr());
        }
        if (peek().is_keyword("for")) return parse_braces_comp(open, braces);
        if (!accept_op(",")) break;
    }
    if (braces->elts.empty()) braces->display = Tuple::Display::Dict;  // {} is a dict
    if (braces->display == Tuple::Display::Set && braces->elts.size() == 1 && isa<ListComp>(braces->elts[0]))
        fail(braces->elts[0]->loc, "unhashable type: 'list'");  // (and the shape of a set comprehension)
    expect_op("}");
    return nested(braces, open.loc);
}

// {k: v for ...} or {x for ...}, after its element: a display holding the comprehension
// (syntax/comprehension.hpp).
Expr* Parser::parse_braces_comp(const Token& open, Tuple* braces) {
    bool dict = braces->display == Tuple::Display::Dict;
    if (in_decorator_) unsupported(open.loc, dict ? "dict comprehensions are" : "set comprehensions are");
    if (braces->elts.size() != (dict ? 2u : 1u)) fail(peek().loc, "invalid syntax: a comprehension has one element");
    Expr* elt = braces->elts[0];
    if (dict) {
        auto* pair = make<Tuple>(braces->elts[0]->loc);
        pair->elts = braces->elts;
        elt = pair;
    }
    braces->elts = {parse_list_comp(open, elt)};
    return nested(braces, open.loc);
}

}  // namespace ujit::syntax
