// Expressions: Python's precedence and associativity, level by level, as S-expressions
// (an operator leads its operands, so the grouping is explicit). Expected trees are what
// CPython's ast module gives for the same text.
#include "syntax_test_util.hpp"

using namespace ujit::syntax;
using namespace ujit::syntax::test;

namespace {
// The value of `x = TEXT`: for strings, which alone on the first line are a docstring.
std::string rhs(const std::string& text) {
    auto m = parse("x = " + text + "\n");
    REQUIRE(m->body().size() == 1);
    auto* s = dyn_cast<Assign>(m->body()[0]);
    REQUIRE(s != nullptr);
    return dump_expr(s->value);
}
}  // namespace

TEST_CASE("parser: arithmetic precedence, * / // % over + -", "[syntax][parser]") {
    CHECK(expr("a + b * c") == "(+ a (* b c))");
    CHECK(expr("a * b + c") == "(+ (* a b) c)");
    CHECK(expr("a - b / c") == "(- a (/ b c))");
    CHECK(expr("a // b - c % d") == "(- (// a b) (% c d))");
    CHECK(expr("(a + b) * c") == "(* (+ a b) c)");
    CHECK(expr("a * (b + c)") == "(* a (+ b c))");
}

TEST_CASE("parser: binary operators of one level associate to the left", "[syntax][parser]") {
    CHECK(expr("a - b - c") == "(- (- a b) c)");
    CHECK(expr("a - b + c") == "(+ (- a b) c)");
    CHECK(expr("a / b / c") == "(/ (/ a b) c)");
    CHECK(expr("a // b % c * d") == "(* (% (// a b) c) d)");
    CHECK(expr("a << b >> c") == "(>> (<< a b) c)");
    CHECK(expr("a | b | c") == "(| (| a b) c)");
    CHECK(expr("a ^ b ^ c") == "(^ (^ a b) c)");
    CHECK(expr("a & b & c") == "(& (& a b) c)");
}

TEST_CASE("parser: ** is right-associative and binds tighter than a unary operator on its left", "[syntax][parser]") {
    CHECK(expr("a ** b ** c") == "(** a (** b c))");
    CHECK(expr("2 ** 3 ** 2") == "(** 2 (** 3 2))");
    // -x ** y is -(x ** y) ...
    CHECK(expr("-2 ** 2") == "(- (** 2 2))");
    CHECK(expr("-a ** b") == "(- (** a b))");
    CHECK(expr("~a ** b") == "(~ (** a b))");
    CHECK(expr("+a ** b") == "(+ (** a b))");
    CHECK(expr("not a ** b") == "(not (** a b))");
    // ... but a unary operator on the right of ** is its operand: x ** -y is x ** (-y).
    CHECK(expr("a ** -b") == "(** a (- b))");
    // Literal ** negative literal is CPython's compile-time constant, a float (Numba sees 0.5),
    // where a run-time int ** int would be an int; 0 ** -1 raises in CPython and stays.
    CHECK(expr("2 ** -1") == "0.5");
    CHECK(expr("-2 ** -2") == "(- 0.25)");
    CHECK(expr("0 ** -1") == "(** 0 (- 1))");
    CHECK(expr("2 ** 1") == "(** 2 1)");
    CHECK(expr("-a ** -b") == "(- (** a (- b)))");
    CHECK(expr("a ** -b ** c") == "(** a (- (** b c)))");
    CHECK(expr("a ** ~b") == "(** a (~ b))");
    // Parentheses and primaries: the base of ** is a primary (call, attribute, subscript).
    CHECK(expr("(-a) ** b") == "(** (- a) b)");
    CHECK(expr("-f(x) ** 2") == "(- (** (call f x) 2))");
    CHECK(expr("a.b ** c[0]") == "(** (. a b) ([] c 0))");
    // ** binds tighter than * and unary minus binds tighter than *.
    CHECK(expr("a * b ** c") == "(* a (** b c))");
    CHECK(expr("a ** b * c") == "(* (** a b) c)");
    CHECK(expr("-a * b") == "(* (- a) b)");
    CHECK(expr("a * -b") == "(* a (- b))");
}

TEST_CASE("parser: unary operators nest", "[syntax][parser]") {
    CHECK(expr("- - a") == "(- (- a))");
    CHECK(expr("-+a") == "(- (+ a))");
    CHECK(expr("~-a") == "(~ (- a))");
    CHECK(expr("not not a") == "(not (not a))");
    CHECK(expr("-a.b") == "(- (. a b))");
    CHECK(expr("-a[0]") == "(- ([] a 0))");
    CHECK(expr("a - -b") == "(- a (- b))");
}

TEST_CASE("parser: bitwise and shift levels: | < ^ < & < << >> < + -", "[syntax][parser]") {
    CHECK(expr("a | b ^ c & d") == "(| a (^ b (& c d)))");
    CHECK(expr("a & b ^ c | d") == "(| (^ (& a b) c) d)");
    CHECK(expr("a & b << c") == "(& a (<< b c))");
    CHECK(expr("a << b + c") == "(<< a (+ b c))");
    CHECK(expr("a + b >> c") == "(>> (+ a b) c)");
    CHECK(expr("a | b << c ^ d") == "(| a (^ (<< b c) d))");
    CHECK(expr("~a & b") == "(& (~ a) b)");
}

TEST_CASE("parser: comparisons sit below | and chain", "[syntax][parser]") {
    CHECK(expr("a < b | c") == "(cmp a < (| b c))");
    CHECK(expr("a + 1 == b * 2") == "(cmp (+ a 1) == (* b 2))");
    // A chain is one Compare with every operator, not nested comparisons.
    CHECK(expr("a < b < c") == "(cmp a < b < c)");
    CHECK(expr("a <= b < c == d != e > f >= g") == "(cmp a <= b < c == d != e > f >= g)");
    CHECK(expr("a is b") == "(cmp a is b)");
    CHECK(expr("a is not b") == "(cmp a is not b)");
    CHECK(expr("a in b") == "(cmp a in b)");
    CHECK(expr("a not in b") == "(cmp a not in b)");
    CHECK(expr("a is not None is b") == "(cmp a is not None is b)");
    CHECK(expr("a < b not in c") == "(cmp a < b not in c)");
    // Parentheses end a chain.
    CHECK(expr("(a < b) < c") == "(cmp (cmp a < b) < c)");
    CHECK(expr("a == (b == c)") == "(cmp a == (cmp b == c))");
}

TEST_CASE("parser: not < comparisons, and < not, or < and", "[syntax][parser]") {
    CHECK(expr("not a < b") == "(not (cmp a < b))");
    CHECK(expr("not a == b") == "(not (cmp a == b))");
    CHECK(expr("not a and b") == "(and (not a) b)");
    CHECK(expr("a and not b") == "(and a (not b))");
    CHECK(expr("a and b or c and d") == "(or (and a b) (and c d))");
    CHECK(expr("a or b and c") == "(or a (and b c))");
    // and / or chains are one n-ary BoolOp (as in CPython's ast).
    CHECK(expr("a or b or c") == "(or a b c)");
    CHECK(expr("a and b and c") == "(and a b c)");
    CHECK(expr("(a or b) or c") == "(or (or a b) c)");
    CHECK(expr("a < b and b < c") == "(and (cmp a < b) (cmp b < c))");
}

TEST_CASE("parser: conditional expressions are lowest and nest to the right", "[syntax][parser]") {
    CHECK(expr("a if b else c") == "(ifexp b a c)");
    CHECK(expr("a if b else c if d else e") == "(ifexp b a (ifexp d c e))");
    CHECK(expr("(a if b else c) if d else e") == "(ifexp d (ifexp b a c) e)");
    CHECK(expr("a or b if c and d else e") == "(ifexp (and c d) (or a b) e)");
    CHECK(expr("a + 1 if not b else -a") == "(ifexp (not b) (+ a 1) (- a))");
    CHECK(expr("f(a if b else c)") == "(call f (ifexp b a c))");
}

TEST_CASE("parser: primaries: attributes, calls and subscripts chain left to right", "[syntax][parser]") {
    CHECK(expr("a.b.c") == "(. (. a b) c)");
    CHECK(expr("a.b(c)[d]") == "([] (call (. a b) c) d)");
    CHECK(expr("f(x)(y)") == "(call (call f x) y)");
    CHECK(expr("a[0][1]") == "([] ([] a 0) 1)");
    CHECK(expr("f()") == "(call f)");
    CHECK(expr("f(a, b,)") == "(call f a b)");
    CHECK(expr("f(a, k=1, j=b + 1)") == "(call f a (= k 1) (= j (+ b 1)))");
    CHECK(expr("f(k=(1, 2))") == "(call f (= k (tuple 1 2)))");
    CHECK(expr("np.zeros((2, 3), dtype=np.float32)") == "(call (. np zeros) (tuple 2 3) (= dtype (. np float32)))");
}

TEST_CASE("parser: subscripts, slices and tuple indices", "[syntax][parser]") {
    CHECK(expr("a[i]") == "([] a i)");
    CHECK(expr("a[i, j]") == "([] a (tuple i j))");
    CHECK(expr("a[i,]") == "([] a (tuple i))");
    CHECK(expr("a[(i, j)]") == "([] a (tuple i j))");
    CHECK(expr("a[:]") == "([] a (: _ _ _))");
    CHECK(expr("a[1:]") == "([] a (: 1 _ _))");
    CHECK(expr("a[:n]") == "([] a (: _ n _))");
    CHECK(expr("a[1:n]") == "([] a (: 1 n _))");
    CHECK(expr("a[::2]") == "([] a (: _ _ 2))");
    CHECK(expr("a[1:n:2]") == "([] a (: 1 n 2))");
    CHECK(expr("a[::-1]") == "([] a (: _ _ (- 1)))");
    CHECK(expr("a[1::]") == "([] a (: 1 _ _))");
    CHECK(expr("a[i + 1:2 * n]") == "([] a (: (+ i 1) (* 2 n) _))");
    CHECK(expr("a[:, 0]") == "([] a (tuple (: _ _ _) 0))");
    CHECK(expr("a[i, 1:, ::2]") == "([] a (tuple i (: 1 _ _) (: _ _ 2)))");
}

TEST_CASE("parser: tuples", "[syntax][parser]") {
    CHECK(expr("()") == "(tuple)");
    CHECK(expr("(a,)") == "(tuple a)");
    CHECK(expr("(a, b)") == "(tuple a b)");
    CHECK(expr("(a, b,)") == "(tuple a b)");
    CHECK(expr("a, b") == "(tuple a b)");
    CHECK(expr("a,") == "(tuple a)");
    CHECK(expr("(a)") == "a");
    CHECK(expr("((a, b), c)") == "(tuple (tuple a b) c)");
    // A tuple's items are whole expressions: the comma is the lowest "operator".
    CHECK(expr("a if b else c, d or e") == "(tuple (ifexp b a c) (or d e))");
}

TEST_CASE("parser: number, string and constant literals", "[syntax][parser]") {
    CHECK(expr("0") == "0");
    CHECK(expr("00") == "0");
    CHECK(expr("42") == "42");
    CHECK(expr("1_000_000") == "1000000");
    CHECK(expr("0x1F") == "31");
    CHECK(expr("0XfF") == "255");
    CHECK(expr("0x_ff") == "255");
    CHECK(expr("0o17") == "15");
    CHECK(expr("0b1010") == "10");
    CHECK(expr("0b_1_0") == "2");
    CHECK(expr("18446744073709551615") == "18446744073709551615");  // UINT64_MAX: typing decides
    CHECK(expr("1.5") == "1.5");
    CHECK(expr(".5") == "0.5");
    CHECK(expr("5.") == "5.0");
    CHECK(expr("1e3") == "1000.0");
    CHECK(expr("1.5e-3") == "0.0015");
    CHECK(expr("2E+2") == "200.0");
    CHECK(expr("1_0.2_5") == "10.25");
    CHECK(expr("1e400") == "inf");
    CHECK(expr("1j") == "1.0j");
    CHECK(expr("2.5J") == "2.5j");
    CHECK(expr("1e1j") == "10.0j");
    CHECK(expr("1 + 2j") == "(+ 1 2.0j)");
    CHECK(expr("-1j") == "(- 1.0j)");
    CHECK(expr("True") == "True");
    CHECK(expr("False") == "False");
    CHECK(expr("None") == "None");
    CHECK(rhs("'abc'") == "\"abc\"");
    CHECK(rhs("\"a\" 'b' \"\"\"c\"\"\"") == "\"abc\"");  // adjacent literals concatenate
    CHECK(rhs("'a\\tb\\n'") == "\"a\\tb\\n\"");
    CHECK(rhs("r'a\\n'") == "\"a\\\\n\"");
    CHECK(rhs("'\\x41\\101\\u00e9'") == "\"AA\xc3\xa9\"");
}

TEST_CASE("parser: an expression's location is its first token, a Binary's its left operand's", "[syntax][parser]") {
    auto m = parse("x = a + b * -c\n");
    auto* assign = dyn_cast<Assign>(m->body()[0]);
    REQUIRE(assign != nullptr);
    auto* add = dyn_cast<Binary>(assign->value);
    REQUIRE(add != nullptr);
    CHECK(add->loc.line == 1);
    CHECK(add->loc.col == 5);
    auto* mul = dyn_cast<Binary>(add->rhs);
    REQUIRE(mul != nullptr);
    CHECK(mul->loc.col == 9);
    auto* neg = dyn_cast<Unary>(mul->rhs);
    REQUIRE(neg != nullptr);
    CHECK(neg->loc.col == 13);
    CHECK(neg->operand->loc.col == 14);
    // A comparison records where each of its operators is, for errors about one link.
    auto chain = parse("a < b  is not c\n");
    auto* stmt = dyn_cast<ExprStmt>(chain->body()[0]);
    REQUIRE(stmt != nullptr);
    auto* cmp = dyn_cast<Compare>(stmt->value);
    REQUIRE(cmp != nullptr);
    REQUIRE(cmp->op_locs.size() == 2);
    CHECK(cmp->op_locs[0].col == 3);
    CHECK(cmp->op_locs[1].col == 8);
}
