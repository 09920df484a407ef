// Statements, blocks and the module; the token helpers shared with parse_expr.cpp.
#include "syntax/parser_impl.hpp"

#include "syntax/constant_captures.hpp"
#include "syntax/split_variables.hpp"
#include "syntax/stack_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace ujit::syntax {

DepthGuard::DepthGuard(Parser& p, SourceLoc loc, Of of) : counter(of == Block ? p.block_depth_ : p.depth_) {
    if (++counter > kMaxNesting)
        fail(loc, fmt::format("{} nested too deeply (limit {})", of == Block ? "blocks" : "expression", kMaxNesting));
    check_stack(loc, of == Block ? "blocks" : "expressions");  // a thread with a small stack
}

Parser::Parser(SourceFilePtr file) : module_(std::make_unique<Module>(file)), lexer_(*file) {}

const Token& Parser::peek(size_t ahead) {
    while (ahead_.size() <= ahead) ahead_.push_back(lexer_.next());
    return ahead_[ahead];
}

Token Parser::take() {
    peek();
    Token t = std::move(ahead_.front());
    ahead_.pop_front();
    if (t.kind == Tok::Indent) ++indent_;
    if (t.kind == Tok::Dedent) --indent_;
    return t;
}

bool Parser::accept_op(std::string_view op) {
    if (!peek().is_op(op)) return false;
    take();
    return true;
}

bool Parser::accept_keyword(std::string_view kw) {
    if (!peek().is_keyword(kw)) return false;
    take();
    return true;
}

void Parser::expect_op(std::string_view op) {
    if (accept_op(op)) return;
    fail(peek().loc, fmt::format("expected '{}', found {}", op, describe(peek())));
}

void Parser::unexpected(const Token& t) {
    if (t.kind == Tok::Indent) fail(t.loc, "unexpected indent");
    fail(t.loc, fmt::format("invalid syntax: unexpected {}", describe(t)));
}

void Parser::unsupported(SourceLoc loc, std::string_view what) {
    throw UnsupportedConstruct(Diagnostic{Severity::Error, loc, fmt::format("{} not supported by ujit", what), {}});
}

std::unique_ptr<Module> Parser::parse() {
    Block& body = module_->body();
    while (peek().kind != Tok::End) parse_top_level_statement(body);
    if (!decorated_ && !undecorated_errors_.empty()) throw UnsupportedConstruct(undecorated_errors_.front());
    // A module docstring is allowed and means nothing.
    if (!body.empty())
        if (auto* s = dyn_cast<ExprStmt>(body.front()); s && isa<StrLit>(s->value)) body.erase(body.begin());
    return std::move(module_);
}

// ---------------------------------------------------------------- host code

// A user's Numba file is a Python script: besides the functions ujit compiles it holds host
// code (classes, `with`, comprehensions, f-strings in prints, `if __name__ == ...`). Numba
// compiles the decorated functions and leaves the rest to Python, and so does ujit: a
// top-level statement outside the language is recorded as skipped, with the reason, and
// parsing goes on at the next top-level statement. A decorated function is never skipped:
// an error in one is the user's to see. In a file with Numba's decorators an undecorated
// def is Python's unless ujit can compile it (Numba never compiles it): one using what ujit
// lacks (`try`, a comprehension) is host code, binding its name. A module without
// decorators (the C and C++ API's) compiles every def, so there it stays an error. Nor is
// a syntax error skipped (the file is not Python: Python would refuse it too), nor anything
// after a lexical error, whose position in the text is lost.
void Parser::parse_top_level_statement(Block& out) {
    const Token& first = peek();
    if (first.is_op("@")) {
        decorated_ = true;
        return parse_statement(out);
    }
    SourceLoc loc = first.loc;
    const bool first_is_def = first.is_keyword("def");
    std::string binds =
        (first.is_keyword("class") || first_is_def) && peek(1).kind == Tok::Name ? peek(1).text : std::string();
    std::vector<std::string> bases = first.is_keyword("class") ? class_bases() : std::vector<std::string>{};
    size_t kept = out.size();
    try {
        if (first.is_keyword("class") && parse_enum_class()) return;
        parse_statement(out);
    } catch (const UnsupportedConstruct& e) {
        out.resize(kept);  // the nodes stay owned by the module, unused
        loop_depth_ = function_depth_ = depth_ = block_depth_ = 0;
        in_decorator_ = false;
        skip_rest_of_statement();
        if (first_is_def) undecorated_errors_.push_back(e.diagnostic());
        module_->add_skipped({loc, e.diagnostic().message, std::move(binds), e.diagnostic().loc, std::move(bases)});
    }
}

// The plain names in `class Name(A, B):` (a dotted or called base ends the list): a
// compiled function may raise a class derived from an exception class.
std::vector<std::string> Parser::class_bases() {
    std::vector<std::string> bases;
    if (!peek(2).is_op("(")) return bases;
    for (size_t i = 3; peek(i).kind == Tok::Name; i += 2) {
        bases.push_back(peek(i).text);
        if (!peek(i + 1).is_op(",")) break;
    }
    return bases;
}

// Takes tokens up to the end of the statement that failed: the newline that brings the
// indentation back to the top level, unless the statement goes on there (`else:`,
// `except:`, `finally:`, `elif`).
void Parser::skip_rest_of_statement() {
    for (;;) {
        if (peek().kind == Tok::End) return;
        Token t = take();
        if (indent_ != 0 || (t.kind != Tok::Newline && t.kind != Tok::Dedent)) continue;
        const Token& next = peek();
        if (next.kind == Tok::Indent || next.kind == Tok::Dedent) continue;
        if (next.is_keyword("else") || next.is_keyword("elif") || next.is_keyword("except") ||
            next.is_keyword("finally"))
            continue;
        return;
    }
}

// ---------------------------------------------------------------- statements

void Parser::parse_statement(Block& out) {
    const Token& t = peek();
    SourceLoc loc = t.loc;
    if (t.kind == Tok::Indent || t.kind == Tok::Dedent) unexpected(t);
    if (t.is_op("@")) {
        out.push_back(parse_decorated());
        return;
    }
    if (t.kind == Tok::Name && t.text == "match") {
        // Soft keyword: `match x:` starts a match statement, `match(x)` or `match = 1` does not.
        const Token& next = peek(1);
        if (next.kind == Tok::Name || next.kind == Tok::Int || next.kind == Tok::String || next.kind == Tok::Float ||
            next.is_op("{") || next.is_keyword("None") || next.is_keyword("True") || next.is_keyword("False"))
            unsupported(loc, "'match' statements are");
    }
    if (t.kind == Tok::Keyword) {
        const std::string& kw = t.text;
        if (kw == "if") return out.push_back(parse_if());
        if (kw == "while") return out.push_back(parse_while());
        if (kw == "for") return out.push_back(parse_for());
        if (kw == "def") return out.push_back(parse_def({}));
        if (kw == "class") unsupported(loc, "class definitions are");
        if (kw == "try") {
            if (function_depth_ == 0) unsupported(loc, "'try' statements are");  // host code
            return out.push_back(parse_try());
        }
        if (kw == "with") unsupported(loc, "'with' statements are");
        if (kw == "async") unsupported(loc, "'async' functions and statements are");
        if (kw == "elif" || kw == "else" || kw == "except" || kw == "finally") unexpected(t);
    }
    parse_simple_statements(out);
}

void Parser::parse_simple_statements(Block& out) {
    for (;;) {
        out.push_back(parse_simple_statement());
        if (!accept_op(";") || peek().kind == Tok::Newline) break;
    }
    if (peek().kind != Tok::Newline) unexpected(peek());
    take();
}

Stmt* Parser::parse_simple_statement() {
    const Token& t = peek();
    SourceLoc loc = t.loc;
    if (t.kind != Tok::Keyword) return parse_expr_or_assign();
    const std::string kw = t.text;
    if (kw == "pass") {
        take();
        return make<Pass>(loc);
    }
    if (kw == "break" || kw == "continue") {
        take();
        if (loop_depth_ == 0) fail(loc, kw == "break" ? "'break' outside loop" : "'continue' not properly in loop");
        if (kw == "break") return make<Break>(loc);
        return make<Continue>(loc);
    }
    if (kw == "return") {
        take();
        if (function_depth_ == 0) fail(loc, "'return' outside function");
        auto* s = make<Return>(loc);
        if (starts_expr(peek())) s->value = parse_expr_list();
        return s;
    }
    if (kw == "yield") {  // gen: `yield value` as a statement makes the def a generator
        take();
        if (defs_.empty()) fail(loc, "'yield' outside function");
        if (peek().is_keyword("from")) unsupported(peek().loc, "'yield from' is");
        if (!starts_expr(peek())) unsupported(loc, "a bare 'yield' (a generator yielding None) is");
        auto* s = make<Return>(loc);
        s->yields = true;
        s->value = parse_expr_list();
        defs_.back()->is_generator = true;
        return s;
    }
    if (kw == "import") return parse_import();
    if (kw == "from") return parse_from_import();
    if (kw == "raise") return parse_raise();
    if (kw == "assert") return parse_assert();
    if (kw == "del") return parse_del();
    for (const char* name : {"global", "nonlocal"})
        if (kw == name) unsupported(loc, fmt::format("'{}' statements are", kw));
    if (kw == "if" || kw == "while" || kw == "for" || kw == "def" || kw == "class" || kw == "try" || kw == "with")
        unexpected(t);  // a compound statement after ';' or on a decorator line
    return parse_expr_or_assign();
}

// `del d[k]` is Numba's delitem, which for a dict (and a list) is d.pop(k) with the value
// dropped: the statement is built as that call. `del l[a:b]` is an Assign flagged `deletes`.
// Other targets are outside the subset.
Stmt* Parser::parse_del() {
    SourceLoc loc = take().loc;
    Expr* target = parse_expr();
    auto* sub = dyn_cast<Subscript>(target);
    if (!sub || peek().is_op(","))
        unsupported(loc, "'del' statements (other than `del d[key]`, `del l[i]` and `del l[a:b]`) are");
    if (isa<Slice>(sub->index)) {
        auto* s = make<Assign>(loc);
        s->targets.push_back(sub);
        auto* empty = make<Tuple>(loc);
        empty->display = Tuple::Display::List;
        s->value = empty;
        s->deletes = true;
        return s;
    }
    auto* pop = make<Attribute>(sub->loc);
    pop->value = sub->value;
    pop->attr = "pop";
    pop->attr_loc = sub->loc;
    auto* call = make<Call>(sub->loc);
    call->callee = pop;
    call->args.push_back(sub->index);
    auto* s = make<ExprStmt>(loc);
    s->value = call;
    return s;
}

Stmt* Parser::parse_raise() {
    SourceLoc loc = take().loc;
    if (function_depth_ == 0) unsupported(loc, "module-level 'raise' statements are");
    if (!starts_expr(peek())) unsupported(loc, "a bare 'raise' (re-raise) is");
    auto* r = make<Raise>(loc);
    r->exc = parse_expr();
    if (peek().is_keyword("from")) unsupported(peek().loc, "'raise ... from' is");
    return r;
}

// `assert test, msg` is `if not test: raise AssertionError(msg)`, as Python defines it.
Stmt* Parser::parse_assert() {
    SourceLoc loc = take().loc;
    if (function_depth_ == 0) unsupported(loc, "module-level 'assert' statements are");
    auto* test = parse_expr();
    auto* r = make<Raise>(loc);
    r->assertion = true;
    if (accept_op(",")) r->exc = parse_expr();
    auto* negated = make<Unary>(test->loc);
    negated->op = UnaryOp::Not;
    negated->operand = test;
    auto* s = make<If>(loc);
    s->test = negated;
    s->body.push_back(r);
    return s;
}

Stmt* Parser::parse_expr_or_assign() {
    SourceLoc loc = peek().loc;
    const bool starts_with_match = peek().kind == Tok::Name && peek().text == "match";
    Expr* first = parse_expr_list();
    const Token& t = peek();
    if (t.is_op("=")) {
        auto* s = make<Assign>(loc);
        std::vector<Expr*> parts{first};
        while (accept_op("=")) {
            if (peek().is_keyword("yield")) unsupported(peek().loc, "'yield' expressions are");
            parts.push_back(parse_expr_list());
        }
        s->value = parts.back();
        parts.pop_back();
        for (Expr* target : parts) check_target(target, false);
        s->targets = std::move(parts);
        return s;
    }
    static const struct {
        std::string_view text;
        BinOp op;
    } kAugmented[] = {
        {"+=", BinOp::Add},       {"-=", BinOp::Sub},    {"*=", BinOp::Mul},   {"/=", BinOp::Div},
        {"//=", BinOp::FloorDiv}, {"%=", BinOp::Mod},    {"**=", BinOp::Pow},  {"<<=", BinOp::LShift},
        {">>=", BinOp::RShift},   {"&=", BinOp::BitAnd}, {"|=", BinOp::BitOr}, {"^=", BinOp::BitXor},
        {"@=", BinOp::MatMul},
    };
    for (const auto& aug : kAugmented) {
        if (!t.is_op(aug.text)) continue;
        check_target(first, true);
        const SourceLoc op_loc = t.loc;  // `t` is the token take() pops: read it first
        take();
        if (aug.op == BinOp::MatMul) return matmul_assign(first, loc, op_loc);
        auto* s = make<AugAssign>(loc);
        s->target = first;
        s->op = aug.op;
        s->value = parse_expr_list();
        return s;
    }
    if (t.is_op(":")) {
        if (starts_with_match) unsupported(loc, "'match' statements are");
        unsupported(t.loc, "variable annotations are");
    }
    // A bare `...` statement (a placeholder body, as `pass`).
    if (auto* n = dyn_cast<Name>(first); n && n->id == "...") return make<Pass>(loc);
    auto* s = make<ExprStmt>(loc);
    s->value = first;
    return s;
}

// `a @= b` is `a = a @ b`: NumPy's product makes a new array (Numba has no in-place
// operator.imatmul and falls back to matmul, rebinding the name).
Stmt* Parser::matmul_assign(Expr* target, SourceLoc loc, SourceLoc op_loc) {
    auto* name = dyn_cast<Name>(target);
    if (!name) unsupported(op_loc, "'@=' on an element or attribute is");
    auto* read = make<Name>(target->loc);
    read->id = name->id;
    auto* product = make<Binary>(target->loc);
    product->op = BinOp::MatMul;
    product->lhs = read;
    product->rhs = parse_expr_list();
    auto* s = make<Assign>(loc);
    s->targets = {target};
    s->value = nested(product, op_loc);
    return s;
}

void Parser::check_target(const Expr* e, bool augmented) {
    switch (e->kind) {
    case ExprKind::Name:
    case ExprKind::Attribute:
    case ExprKind::Subscript: return;
    case ExprKind::Tuple:
        if (augmented) fail(e->loc, "'tuple' is an illegal expression for augmented assignment");
        for (const Expr* elt : cast<Tuple>(e)->elts) check_target(elt, false);
        return;
    case ExprKind::Call: fail(e->loc, "cannot assign to function call");
    case ExprKind::BoolLit: fail(e->loc, cast<BoolLit>(e)->value ? "cannot assign to True" : "cannot assign to False");
    case ExprKind::NoneLit: fail(e->loc, "cannot assign to None");
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::ImagLit:
    case ExprKind::StrLit: fail(e->loc, "cannot assign to literal");
    default: fail(e->loc, "cannot assign to expression");
    }
}

// After a compound statement's header: ':' then an indented block or simple statements.
Block Parser::parse_suite(const char* what, SourceLoc header) {
    if (!peek().is_op(":")) fail(peek().loc, fmt::format("expected ':', found {}", describe(peek())));
    take();
    Block body;
    if (peek().kind != Tok::Newline) {
        parse_simple_statements(body);
        return body;
    }
    take();
    if (peek().kind != Tok::Indent)
        fail(peek().loc, fmt::format("expected an indented block after {} on line {}", what, header.line));
    DepthGuard guard(*this, peek().loc, DepthGuard::Block);
    take();
    while (peek().kind != Tok::Dedent && peek().kind != Tok::End) parse_statement(body);
    if (peek().kind == Tok::Dedent) take();
    return body;
}

Stmt* Parser::parse_if() {
    Token kw = take();
    auto* top = make<If>(kw.loc);
    top->test = parse_expr();
    top->body = parse_suite("'if' statement", kw.loc);
    If* last = top;
    while (peek().is_keyword("elif")) {  // iterative: a long elif chain is not deep nesting
        Token elif = take();
        auto* s = make<If>(elif.loc);
        s->test = parse_expr();
        s->body = parse_suite("'elif' statement", elif.loc);
        last->orelse.push_back(s);
        last = s;
    }
    if (peek().is_keyword("else")) {
        Token e = take();
        last->orelse = parse_suite("'else' statement", e.loc);
    }
    return top;
}

// Numba compiles `except:` and `except Exception:` (exception objects are never materialized),
// with else and finally; its messages for the rest.
Stmt* Parser::parse_try() {
    Token kw = take();
    auto* s = make<Try>(kw.loc);
    s->body = parse_suite("'try' statement", kw.loc);
    std::optional<SourceLoc> bare;  // CPython points at the bare except that is not last
    while (peek().is_keyword("except")) {
        Token e = take();
        if (bare) fail(*bare, "default 'except:' must be last");
        if (peek().is_op("*")) unsupported(peek().loc, "'except*' is");
        if (!peek().is_op(":")) {
            const Expr* cls = parse_expr();
            auto* name = dyn_cast<Name>(cls);
            if (!name || name->id != "Exception")
                throw UnsupportedConstruct(
                    Diagnostic{Severity::Error, cls->loc, "Exception matching is limited to <class 'Exception'>", {}});
            if (peek().is_keyword("as")) {
                take();
                Token var = take();
                throw UnsupportedConstruct(
                    Diagnostic{Severity::Error,
                               var.loc,
                               fmt::format("Exception object cannot be stored into variable ({}).", var.text),
                               {}});
            }
        } else {
            bare = e.loc;
        }
        Block handler = parse_suite("'except' statement", e.loc);
        if (!s->has_handler) s->handler = std::move(handler);  // the first handler catches everything
        s->has_handler = true;
    }
    if (s->has_handler && peek().is_keyword("else")) {
        Token e = take();
        s->orelse = parse_suite("'else' statement", e.loc);
    }
    if (peek().is_keyword("finally")) {
        Token f = take();
        s->finalbody = parse_suite("'finally' statement", f.loc);
    } else if (!s->has_handler) {
        fail(peek().loc, "expected 'except' or 'finally' block");
    }
    return s;
}

Stmt* Parser::parse_while() {
    Token kw = take();
    auto* s = make<While>(kw.loc);
    s->test = parse_expr();
    ++loop_depth_;
    s->body = parse_suite("'while' statement", kw.loc);
    --loop_depth_;
    if (peek().is_keyword("else")) {
        Token e = take();
        s->orelse = parse_suite("'else' statement", e.loc);
    }
    return s;
}

Stmt* Parser::parse_for() {
    Token kw = take();
    auto* s = make<For>(kw.loc);
    s->target = parse_target_list();
    if (!accept_keyword("in")) fail(peek().loc, fmt::format("expected 'in', found {}", describe(peek())));
    s->iter = parse_expr_list();
    ++loop_depth_;
    s->body = parse_suite("'for' statement", kw.loc);
    --loop_depth_;
    if (peek().is_keyword("else")) {
        Token e = take();
        s->orelse = parse_suite("'else' statement", e.loc);
    }
    return s;
}

// A for-loop target: or-expressions separated by commas (stops before 'in').
Expr* Parser::parse_target_list() {
    SourceLoc loc = peek().loc;
    Expr* first = parse_binary(1);
    Expr* result = first;
    if (peek().is_op(",")) {
        auto* tuple = make<Tuple>(loc);
        tuple->elts.push_back(first);
        while (accept_op(",") && !peek().is_keyword("in")) tuple->elts.push_back(parse_binary(1));
        result = nested(tuple, loc);
    }
    check_target(result, false);
    return result;
}

Stmt* Parser::parse_decorated() {
    std::vector<Expr*> decorators;
    while (accept_op("@")) {
        in_decorator_ = true;
        decorators.push_back(parse_expr());
        in_decorator_ = false;
        if (peek().kind != Tok::Newline)
            fail(peek().loc, fmt::format("expected end of line after decorator, found {}", describe(peek())));
        take();
    }
    const Token& t = peek();
    if (t.is_keyword("def")) return parse_def(std::move(decorators));
    if (t.is_keyword("class") && is_jitclass_decorator(decorators)) return parse_jitclass(std::move(decorators));
    if (t.is_keyword("class")) unsupported(t.loc, "class definitions are");
    if (t.is_keyword("async")) unsupported(t.loc, "'async' functions and statements are");
    fail(t.loc, "decorators are only supported on function definitions");
}

Stmt* Parser::parse_def(std::vector<Expr*> decorators) {
    Token kw = take();
    auto* fn = make<FunctionDef>(kw.loc);
    fn->decorators = std::move(decorators);
    const Token& name = peek();
    if (name.kind != Tok::Name) fail(name.loc, fmt::format("expected a function name, found {}", describe(name)));
    fn->name = name.text;
    fn->name_loc = name.loc;
    take();
    expect_op("(");
    while (!peek().is_op(")")) {
        const bool star = peek().is_op("*") && peek(1).kind == Tok::Name;
        if (star) take();
        const Token& t = peek();
        if (t.is_op("*")) unsupported(t.loc, "keyword-only parameters ('*') are");
        if (t.is_op("**")) unsupported(t.loc, "'**kwargs' parameters are");
        if (t.is_op("/")) unsupported(t.loc, "positional-only parameters ('/') are");
        if (t.kind != Tok::Name) fail(t.loc, fmt::format("expected a parameter name, found {}", describe(t)));
        if (fn->params.size() >= static_cast<size_t>(kMaxParameters))
            fail(t.loc, fmt::format("too many parameters (limit {})", kMaxParameters));
        for (const Param& p : fn->params)
            if (p.name == t.text) fail(t.loc, fmt::format("duplicate argument '{}' in function definition", t.text));
        fn->params.push_back({t.text, t.loc, star});
        take();
        if (peek().is_op(":")) unsupported(peek().loc, "parameter annotations are");
        if (accept_op("=")) {
            if (star) fail(peek().loc, "a '*args' parameter has no default value");
            fn->params.back().default_value = parse_expr();
        } else if (!star && fn->params.size() > 1 && fn->params[fn->params.size() - 2].default_value) {
            // The parameter's own copy of its place: `t` went with take() (the deque may free it).
            fail(fn->params.back().loc, "non-default argument follows default argument");
        }
        if (!accept_op(",")) break;
        if (star && !peek().is_op(")")) unsupported(peek().loc, "parameters after '*args' are");
    }
    expect_op(")");
    if (peek().is_op("->")) unsupported(peek().loc, "return annotations are");

    const int saved_loops = loop_depth_;
    loop_depth_ = 0;
    ++function_depth_;
    defs_.push_back(fn);
    fn->body = parse_suite("function definition", kw.loc);
    defs_.pop_back();
    --function_depth_;
    loop_depth_ = saved_loops;

    if (!fn->body.empty())
        if (auto* s = dyn_cast<ExprStmt>(fn->body.front()); s && isa<StrLit>(s->value)) {
            fn->docstring = cast<StrLit>(s->value)->value;
            fn->body.erase(fn->body.begin());
        }
    freeze_constant_captures(*fn, *module_);  // its closures' constants (makes nodes: before end_id)
    fn->end_id = module_->node_count();
    split_variables(*fn);  // Numba's variable versions, before anything reads the names
    return fn;
}

std::string Parser::parse_dotted_name() {
    std::string name;
    for (;;) {
        const Token& t = peek();
        if (t.kind != Tok::Name) fail(t.loc, fmt::format("expected a module name, found {}", describe(t)));
        name += take().text;
        if (!accept_op(".")) return name;
        name += '.';
    }
}

Stmt* Parser::parse_import() {
    Token kw = take();
    auto* s = make<Import>(kw.loc);
    do {
        ImportAlias alias;
        alias.loc = peek().loc;
        alias.name = parse_dotted_name();
        if (accept_keyword("as")) {
            if (peek().kind != Tok::Name)
                fail(peek().loc, fmt::format("expected a name after 'as', found {}", describe(peek())));
            alias.asname = take().text;
        }
        s->names.push_back(std::move(alias));
    } while (accept_op(","));
    return s;
}

Stmt* Parser::parse_from_import() {
    Token kw = take();
    auto* s = make<ImportFrom>(kw.loc);
    if (peek().is_op(".") || peek().is_op("...")) unsupported(peek().loc, "relative imports are");
    s->module = parse_dotted_name();
    if (!accept_keyword("import")) fail(peek().loc, fmt::format("expected 'import', found {}", describe(peek())));
    if (peek().is_op("*")) unsupported(peek().loc, "'import *' is");
    const bool parens = accept_op("(");
    do {
        if (parens && peek().is_op(")")) break;
        const Token& t = peek();
        if (t.kind != Tok::Name) fail(t.loc, fmt::format("expected a name to import, found {}", describe(t)));
        ImportAlias alias{t.text, {}, t.loc};
        take();
        if (accept_keyword("as")) {
            if (peek().kind != Tok::Name)
                fail(peek().loc, fmt::format("expected a name after 'as', found {}", describe(peek())));
            alias.asname = take().text;
        }
        s->names.push_back(std::move(alias));
    } while (accept_op(","));
    if (parens) expect_op(")");
    return s;
}

std::unique_ptr<Module> parse_module(SourceFilePtr file) { return Parser(std::move(file)).parse(); }

}  // namespace ujit::syntax
