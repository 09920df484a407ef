// `@jitclass(spec)` / `@jitclass` on a module-level class (numba.experimental.jitclass). The
// body holds methods (plain, `@property`, `@name.setter`, `@staticmethod`), member annotations
// (`x: float64`), a docstring and `pass`; Numba refuses other class members ("class members are
// not yet supported"), and so does ujit, located. Methods are parsed as functions named
// "Class.method" (Numba's qualified name), typed and lowered as functions whose first
// parameter is the instance (types/infer_jitclass.cpp).
#include "syntax/parser_impl.hpp"

#include <fmt/format.h>

namespace ujit::syntax {

namespace {

// `jitclass`, `jitclass(...)`, `experimental.jitclass(...)`, `numba.experimental.jitclass`.
bool names_jitclass(const Expr* d) {
    if (auto* c = dyn_cast<Call>(d)) d = c->callee;
    if (auto* n = dyn_cast<Name>(d)) return n->id == "jitclass";
    if (auto* a = dyn_cast<Attribute>(d)) return a->attr == "jitclass";
    return false;
}

}  // namespace

bool Parser::is_jitclass_decorator(const std::vector<Expr*>& decorators) {
    return decorators.size() == 1 && names_jitclass(decorators[0]);
}

Stmt* Parser::parse_jitclass(std::vector<Expr*> decorators) {
    if (function_depth_ > 0) unsupported(peek().loc, "jitclass definitions inside functions are");
    Token kw = take();
    auto def = std::make_unique<JitClassDef>();
    def->loc = kw.loc;
    def->decorator = decorators[0];
    if (auto* c = dyn_cast<Call>(decorators[0])) {
        if (c->args.size() > 1 || (c->args.empty() && c->keywords.size() > 1))
            fail(c->loc, "jitclass() takes one argument, the spec");
        if (!c->args.empty()) def->spec = c->args[0];
        for (const Keyword& k : c->keywords) {
            if (k.name != "spec")
                fail(k.loc, fmt::format("jitclass() got an unexpected keyword argument '{}'", k.name));
            def->spec = k.value;
        }
    }
    if (peek().kind != Tok::Name) fail(peek().loc, fmt::format("expected a class name, found {}", describe(peek())));
    def->name = take().text;
    if (accept_op("(")) {
        if (!peek().is_op(")")) unsupported(peek().loc, "base classes of a jitclass are");
        take();
    }
    expect_op(":");
    if (peek().kind != Tok::Newline) unsupported(peek().loc, "a jitclass body on the line of its 'class' is");
    take();
    if (peek().kind != Tok::Indent)
        fail(peek().loc, fmt::format("expected an indented block after class definition on line {}", kw.loc.line));
    take();
    bool first = true;
    while (peek().kind != Tok::Dedent && peek().kind != Tok::End) {
        const Token& t = peek();
        if (t.is_op("@") || t.is_keyword("def")) {
            const SourceLoc at = t.loc;  // `t` is gone once the statement's tokens are taken
            Block one;
            parse_statement(one);
            auto* fn = dyn_cast<FunctionDef>(one.at(0));
            if (!fn) fail(at, "expected a method definition");
            fn->name = def->name + "." + fn->name;
            def->methods.push_back(fn);
        } else if (t.kind == Tok::Name && peek(1).is_op(":")) {  // `x: float64`
            JitClassMember m{t.text, t.loc, nullptr};
            take();
            take();
            m.type = parse_expr();
            if (peek().is_op("=")) unsupported(peek().loc, "values of jitclass members in the class body are");
            def->annotations.push_back(m);
            if (peek().kind != Tok::Newline) unexpected(peek());
            take();
        } else if (t.is_keyword("pass") && peek(1).kind == Tok::Newline) {
            take();
            take();
        } else if (first && t.kind == Tok::String) {  // the docstring
            parse_expr();
            if (peek().kind != Tok::Newline) unexpected(peek());
            take();
        } else {
            // Numba's TypeError: "class members are not yet supported: NAME"
            unsupported(t.loc, "jitclass class members other than methods and annotations are");
        }
        first = false;
    }
    if (peek().kind == Tok::Dedent) take();
    auto* placeholder = make<Pass>(kw.loc);  // the class binds its name through Module::jitclasses
    module_->add_jitclass(std::move(def));
    return placeholder;
}

}  // namespace ujit::syntax
