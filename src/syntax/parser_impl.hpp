// The recursive-descent parser behind parse_module (internal to src/syntax).
// Expressions follow CPython's grammar level by level (parse_expr.cpp); statements and
// blocks are in parse_stmt.cpp. Every recursion passes through a DepthGuard, and every
// expression node with children through nested(), so that deep input ends in "nested too
// deeply", never in a stack overflow here or in a later stage (parser.hpp).
#pragma once

#include "syntax/ast.hpp"
#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ujit::syntax {

// Valid Python outside ujit's language ("class definitions are not supported by ujit"), as
// opposed to a syntax error: at the top level, such a statement is host code, skipped.
class UnsupportedConstruct : public CompileError {
public:
    using CompileError::CompileError;
};

class Parser {
public:
    explicit Parser(SourceFilePtr file);
    std::unique_ptr<Module> parse();

private:
    friend struct DepthGuard;

    // ---- tokens
    const Token& peek(size_t ahead = 0);
    Token take();
    // Top-level host code: parses one statement, or skips it when it is outside ujit's
    // language (parse_stmt.cpp explains what is skipped and what stays an error).
    void parse_top_level_statement(Block& out);
    void skip_rest_of_statement();
    bool accept_op(std::string_view op);
    bool accept_keyword(std::string_view kw);
    void expect_op(std::string_view op);
    [[noreturn]] void unexpected(const Token& t);
    // "<what> not supported by ujit", e.g. unsupported(loc, "'try' statements are").
    [[noreturn]] void unsupported(SourceLoc loc, std::string_view what);
    template <class T> T* make(SourceLoc loc) { return module_->make<T>(loc); }

    // ---- tree height (parse_expr.cpp)
    // Records e's height, one more than its tallest child's (children must be set); fails
    // at `at` (the operator or bracket that made it taller) past kMaxExprHeight.
    template <class T> T* nested(T* e, SourceLoc at) {
        record_height(e, at);
        return e;
    }
    void record_height(const Expr* e, SourceLoc at);
    int height(const Expr* e) const;  // 0 for null, 1 for a leaf

    // ---- expressions (parse_expr.cpp)
    static bool starts_expr(const Token& t);
    Expr* parse_expr_list();  // a, b → Tuple
    Stmt* parse_raise();
    Stmt* parse_del();
    Stmt* parse_assert();
    std::vector<std::string> class_bases();
    // parse_enum.cpp: `class Name(Enum):` with member assignments only; false (nothing
    // taken) when the class is no enum.
    bool parse_enum_class();
    // parse_jitclass.cpp: `@jitclass(spec)` before `class Name:` (numba.experimental.jitclass)
    static bool is_jitclass_decorator(const std::vector<Expr*>& decorators);
    Stmt* parse_jitclass(std::vector<Expr*> decorators);
    Expr* parse_expr();
    Expr* parse_lambda();       // conditional expression level
    Expr* parse_or();
    Expr* parse_and();
    Expr* parse_not();
    Expr* parse_comparison();
    Expr* parse_binary(int min_prec);  // | ^ & << >> + - * / // %
    Expr* parse_unary();
    Expr* parse_power();
    Expr* fold_negative_int_power(Expr* base, Expr* exponent);
    Expr* parse_primary();
    Expr* parse_atom();
    Expr* parse_paren();
    Expr* parse_display();
    Expr* parse_list_comp(const Token& open,
                          Expr* elt);  // [ and { displays: only lists, sets and dicts inside decorators are allowed
    Expr* parse_decorator_braces(const Token& open);
    Expr* parse_braces_comp(const Token& open, Tuple* braces);
    Expr* parse_strings();
    Expr* parse_subscript_index();
    Expr* parse_slice_item();
    void parse_call_args(Call* call);
    void spread_calls(Call* call, Starred* star);

    // ---- statements (parse_stmt.cpp)
    void parse_statement(Block& out);
    void parse_simple_statements(Block& out);
    Stmt* parse_simple_statement();
    Stmt* parse_expr_or_assign();
    Block parse_suite(const char* what, SourceLoc header);
    Stmt* parse_if();
    Stmt* parse_while();
    Stmt* parse_try();
    Stmt* parse_for();
    Stmt* parse_decorated();
    Stmt* parse_def(std::vector<Expr*> decorators);
    Stmt* parse_import();
    Stmt* parse_from_import();
    std::string parse_dotted_name();
    Expr* parse_target_list();
    void check_target(const Expr* e, bool augmented);
    Stmt* matmul_assign(Expr* target, SourceLoc loc, SourceLoc op_loc);

    std::unique_ptr<Module> module_;
    Lexer lexer_;
    std::deque<Token> ahead_;
    std::vector<uint16_t> heights_;  // by node id; 0 (unset) for leaves and statements
    int depth_ = 0;                  // expression recursion, within the current statement
    int block_depth_ = 0;            // indented blocks around it
    int indent_ = 0;                 // Indent tokens taken minus Dedent tokens taken
    int loop_depth_ = 0;
    int function_depth_ = 0;
    std::vector<FunctionDef*> defs_;  // gen: the defs being parsed, innermost last (a yield marks it)
    bool in_decorator_ = false;
    bool list_ok_ = false;  // a list display may start here (np.array's first argument)
    // Numba's decorators seen at the top level; without any (a module for the C and C++ API)
    // every def is ujit's, and the first undecorated def skipped as host code is an error.
    bool decorated_ = false;
    std::vector<Diagnostic> undecorated_errors_;
};

// Counts one level of recursion, of expressions or of blocks (each up to kMaxNesting, so
// the parser's stack holds at most twice that); fails past it with "... nested too deeply".
struct DepthGuard {
    enum Of { Expression, Block };
    DepthGuard(Parser& p, SourceLoc loc, Of of = Expression);
    ~DepthGuard() { --counter; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
    int& counter;
};

}  // namespace ujit::syntax
