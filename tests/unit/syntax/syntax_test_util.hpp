// Helpers shared by the [syntax] tests.
#pragma once

#include <catch2/catch.hpp>

#include "syntax/ast_dump.hpp"
#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"

#include <memory>
#include <string>

namespace ujit::syntax::test {

inline SourceFilePtr source(const std::string& text) { return std::make_shared<SourceFile>("t.py", text); }

inline std::unique_ptr<Module> parse(const std::string& text) { return parse_module(source(text)); }

// The module's statements as S-expressions, one per line (without the last newline).
inline std::string dump(const std::string& text) {
    std::string out = dump_ast(*parse(text));
    if (!out.empty()) out.pop_back();
    return out;
}

// The S-expression of one expression statement.
inline std::string expr(const std::string& text) {
    auto m = parse(text + "\n");
    REQUIRE(m->body().size() == 1);
    auto* s = dyn_cast<ExprStmt>(m->body()[0]);
    REQUIRE(s != nullptr);
    return dump_expr(s->value);
}

// The statements of `def f(params):` + `body`, dumped (the def's "(body ...)" contents).
inline std::string def_body(const std::string& params, const std::string& body) {
    std::string d = dump("def f(" + params + "):\n" + body);
    const std::string open = "(body ";
    const size_t at = d.find(open);
    REQUIRE(at != std::string::npos);
    return d.substr(at + open.size(), d.size() - at - open.size() - 2);
}

struct Error {
    uint32_t line = 0, col = 0;
    std::string message;
};

// The error that parsing `text` must produce.
inline Error error_of(const std::string& text) {
    try {
        parse(text);
    } catch (const CompileError& e) {
        return {e.diagnostic().loc.line, e.diagnostic().loc.col, e.diagnostic().message};
    }
    FAIL("expected a CompileError for: " << text);
    return {};
}

}  // namespace ujit::syntax::test
