// The abstract syntax tree of a ujit module: the Python subset that Numba compiles.
//
// Nodes are small structs with a kind tag and a SourceLoc; casts go through isa<>/cast<>/
// dyn_cast<> on the kind (LLVM style, no RTTI needed). Every node has a module-unique `id`
// so that later stages (type inference, one result per specialization) can keep side
// tables indexed by id instead of mutating the shared tree.
//
// The Module owns every node; nodes refer to each other with plain pointers.
#pragma once

#include "syntax/source.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ujit::syntax {

// ---------------------------------------------------------------- operators

enum class BinOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, LShift, RShift, BitAnd, BitOr, BitXor, MatMul };
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CmpOp { Lt, Le, Gt, Ge, Eq, Ne, Is, IsNot, In, NotIn };
enum class BoolOpKind { And, Or };

const char* spelling(BinOp op);    // "+", "//", ...
const char* spelling(UnaryOp op);  // "-", "~", "not"
const char* spelling(CmpOp op);    // "<", "is not", ...

// ---------------------------------------------------------------- base

struct Node {
    SourceLoc loc;
    uint32_t id = 0;  // unique within the owning Module, dense from 0
    virtual ~Node() = default;
};

enum class ExprKind {
    IntLit,
    FloatLit,
    ImagLit,
    BoolLit,
    NoneLit,
    StrLit,
    Name,
    Attribute,
    Subscript,
    Slice,
    Call,
    Unary,
    Binary,
    Compare,
    BoolOp,
    IfExp,
    Tuple,
    ListComp,
    Lambda,
    Starred,
    StarItem,
};

struct Expr : Node {
    const ExprKind kind;
    explicit Expr(ExprKind k) : kind(k) {}
};

// ---------------------------------------------------------------- expressions

struct IntLit : Expr {
    static constexpr ExprKind Kind = ExprKind::IntLit;
    IntLit() : Expr(Kind) {}
    uint64_t value = 0;  // literals > UINT64_MAX are rejected by the lexer
};
struct FloatLit : Expr {
    static constexpr ExprKind Kind = ExprKind::FloatLit;
    FloatLit() : Expr(Kind) {}
    double value = 0;
};
struct ImagLit : Expr {  // `2j`: complex(0, value)
    static constexpr ExprKind Kind = ExprKind::ImagLit;
    ImagLit() : Expr(Kind) {}
    double value = 0;
};
struct BoolLit : Expr {
    static constexpr ExprKind Kind = ExprKind::BoolLit;
    BoolLit() : Expr(Kind) {}
    bool value = false;
};
struct NoneLit : Expr {
    static constexpr ExprKind Kind = ExprKind::NoneLit;
    NoneLit() : Expr(Kind) {}
};
struct StrLit : Expr {  // only legal inside print(), decorators and docstrings
    static constexpr ExprKind Kind = ExprKind::StrLit;
    StrLit() : Expr(Kind) {}
    std::string value;  // escapes already decoded; adjacent literals concatenated
};
struct Name : Expr {
    static constexpr ExprKind Kind = ExprKind::Name;
    Name() : Expr(Kind) {}
    std::string id;
};
struct Attribute : Expr {  // value.attr
    static constexpr ExprKind Kind = ExprKind::Attribute;
    Attribute() : Expr(Kind) {}
    Expr* value = nullptr;
    std::string attr;
    SourceLoc attr_loc;
};
struct Slice : Expr {  // lower:upper:step inside a subscript; any part may be null
    static constexpr ExprKind Kind = ExprKind::Slice;
    Slice() : Expr(Kind) {}
    Expr* lower = nullptr;
    Expr* upper = nullptr;
    Expr* step = nullptr;
};
struct Tuple : Expr {  // (a, b) or a bare a, b
    static constexpr ExprKind Kind = ExprKind::Tuple;
    Tuple() : Expr(Kind) {}
    std::vector<Expr*> elts;
    // How it was written. Lists, sets and dicts are only allowed inside decorators: a list
    // of signatures (`@vectorize(['f4(f4)'])`) means the same as a tuple; a set of names
    // or a dict of name: value (its elts alternate key, value) spells fastmath's flags.
    enum class Display { Tuple, List, Set, Dict };
    Display display = Display::Tuple;
    bool from_list() const { return display == Display::List; }
};
// [elt for target in iter if cond ...]: a new list (types/infer_lists.cpp). The parser
// renames the targets (and their uses inside) to names of their own, `x$c<id>`, since a
// comprehension's variables are its own in Python 3.
struct ListComp : Expr {
    static constexpr ExprKind Kind = ExprKind::ListComp;
    ListComp() : Expr(Kind) {}
    struct Generator {
        Expr* target = nullptr;
        Expr* iter = nullptr;
        std::vector<Expr*> ifs;
    };
    Expr* elt = nullptr;
    std::vector<Generator> generators;
};
struct FunctionDef;
// lambda params: body, parsed as an inner function `def <lambda>(params): return body` that
// is typed and called like an inner def (types/infer_closures.cpp); the value is that function.
struct Lambda : Expr {
    static constexpr ExprKind Kind = ExprKind::Lambda;
    Lambda() : Expr(Kind) {}
    FunctionDef* def = nullptr;
};
struct Subscript : Expr {  // value[index]; a[i, j] has a Tuple index
    static constexpr ExprKind Kind = ExprKind::Subscript;
    Subscript() : Expr(Kind) {}
    Expr* value = nullptr;
    Expr* index = nullptr;
};
struct Keyword {
    std::string name;
    SourceLoc loc;
    Expr* value = nullptr;
};
struct Call : Expr {
    static constexpr ExprKind Kind = ExprKind::Call;
    Call() : Expr(Kind) {}
    Expr* callee = nullptr;
    std::vector<Expr*> args;
    std::vector<Keyword> keywords;
};
// `*value` among a call's arguments, `f(a, *t)`: the items of the tuple t are passed as
// arguments (Numba's vararg call). How many there are is known only when t is typed, and node
// ids are fixed by the parser, so the parser makes the call once for each length up front:
// spread[n] is the call with this argument replaced by items[0..n) (each a StarItem). Typing
// and lowering use the spread call of t's length, t evaluated once before it; walkers of the
// tree see `value` alone. One starred argument per call.
struct StarItem;
struct Starred : Expr {
    static constexpr ExprKind Kind = ExprKind::Starred;
    Starred() : Expr(Kind) {}
    Expr* value = nullptr;
    std::vector<StarItem*> items;
    std::vector<Call*> spread;
};
// The longest tuple a call spreads (the number of spread calls the parser makes, less one).
inline constexpr size_t kMaxSpread = 32;
// Item `index` of a Starred argument's tuple, in one of its spread calls.
struct StarItem : Expr {
    static constexpr ExprKind Kind = ExprKind::StarItem;
    StarItem() : Expr(Kind) {}
    const Starred* from = nullptr;
    uint32_t index = 0;
};
struct Unary : Expr {
    static constexpr ExprKind Kind = ExprKind::Unary;
    Unary() : Expr(Kind) {}
    UnaryOp op = UnaryOp::Neg;
    Expr* operand = nullptr;
};
struct Binary : Expr {
    static constexpr ExprKind Kind = ExprKind::Binary;
    Binary() : Expr(Kind) {}
    BinOp op = BinOp::Add;
    Expr* lhs = nullptr;
    Expr* rhs = nullptr;
};
// a < b <= c: operands = {a, b, c}, ops = {Lt, Le}; each middle operand is evaluated once.
struct Compare : Expr {
    static constexpr ExprKind Kind = ExprKind::Compare;
    Compare() : Expr(Kind) {}
    std::vector<Expr*> operands;
    std::vector<CmpOp> ops;
    std::vector<SourceLoc> op_locs;
};
// a and b and c: values = {a, b, c}; short-circuit.
struct BoolOp : Expr {
    static constexpr ExprKind Kind = ExprKind::BoolOp;
    BoolOp() : Expr(Kind) {}
    BoolOpKind op = BoolOpKind::And;
    std::vector<Expr*> values;
};
struct IfExp : Expr {  // body if test else orelse
    static constexpr ExprKind Kind = ExprKind::IfExp;
    IfExp() : Expr(Kind) {}
    Expr* test = nullptr;
    Expr* body = nullptr;
    Expr* orelse = nullptr;
};

// ---------------------------------------------------------------- statements

enum class StmtKind {
    ExprStmt,
    Assign,
    AugAssign,
    If,
    While,
    For,
    Break,
    Continue,
    Return,
    Pass,
    FunctionDef,
    Import,
    ImportFrom,
    Raise,
    Try,
};

struct Stmt : Node {
    const StmtKind kind;
    explicit Stmt(StmtKind k) : kind(k) {}
};

using Block = std::vector<Stmt*>;

struct ExprStmt : Stmt {
    static constexpr StmtKind Kind = StmtKind::ExprStmt;
    ExprStmt() : Stmt(Kind) {}
    Expr* value = nullptr;
};
// a = b = value: targets = {a, b}. A target is a Name, Subscript, Attribute or Tuple of those.
struct Assign : Stmt {
    static constexpr StmtKind Kind = StmtKind::Assign;
    Assign() : Stmt(Kind) {}
    std::vector<Expr*> targets;
    Expr* value = nullptr;
    // `del l[a:b]`: the parser's spelling of a slice deletion (one Subscript target, value an
    // empty list display that is never evaluated; types/infer_list_slices.cpp).
    bool deletes = false;
};
struct AugAssign : Stmt {  // target op= value
    static constexpr StmtKind Kind = StmtKind::AugAssign;
    AugAssign() : Stmt(Kind) {}
    Expr* target = nullptr;
    BinOp op = BinOp::Add;
    Expr* value = nullptr;
};
struct If : Stmt {  // elif chains are nested Ifs in orelse
    static constexpr StmtKind Kind = StmtKind::If;
    If() : Stmt(Kind) {}
    Expr* test = nullptr;
    Block body;
    Block orelse;
};
struct While : Stmt {
    static constexpr StmtKind Kind = StmtKind::While;
    While() : Stmt(Kind) {}
    Expr* test = nullptr;
    Block body;
    Block orelse;  // while ... else: runs when the loop ends without break
};
struct For : Stmt {  // for target in iter: body [else: orelse]
    static constexpr StmtKind Kind = StmtKind::For;
    For() : Stmt(Kind) {}
    Expr* target = nullptr;
    Expr* iter = nullptr;
    Block body;
    Block orelse;
};
struct Break : Stmt {
    static constexpr StmtKind Kind = StmtKind::Break;
    Break() : Stmt(Kind) {}
};
struct Continue : Stmt {
    static constexpr StmtKind Kind = StmtKind::Continue;
    Continue() : Stmt(Kind) {}
};
struct Return : Stmt {
    static constexpr StmtKind Kind = StmtKind::Return;
    Return() : Stmt(Kind) {}
    Expr* value = nullptr;  // null for a bare return
    // gen: `yield value` (a statement), which makes the def a generator: it hands `value` to
    // whoever resumes the generator and suspends (codegen/lower_generators.cpp).
    bool yields = false;
};
struct Pass : Stmt {
    static constexpr StmtKind Kind = StmtKind::Pass;
    Pass() : Stmt(Kind) {}
};
// raise EXC, and `assert test, msg` as `if not test: raise AssertionError(msg)` (the parser
// builds that If, with `assertion` set and `exc` the message or null).
struct Raise : Stmt {
    static constexpr StmtKind Kind = StmtKind::Raise;
    Raise() : Stmt(Kind) {}
    Expr* exc = nullptr;  // a class, or a call of one with constant arguments
    bool assertion = false;
};
// try: body / except [Exception]: handler / else: orelse / finally: finalbody, the forms
// Numba compiles: one handler that catches every exception (the parser refuses other
// classes and `as NAME` with Numba's messages; later handlers never run). has_handler is
// false for try/finally.
struct Try : Stmt {
    static constexpr StmtKind Kind = StmtKind::Try;
    Try() : Stmt(Kind) {}
    Block body;
    bool has_handler = false;
    Block handler;
    Block orelse;
    Block finalbody;
};
struct Param {
    std::string name;
    SourceLoc loc;
    bool star = false;  // `*args`, the last parameter: the extra arguments as one tuple
    Expr* default_value = nullptr;  // `x=1.0`: a compile-time constant a call may omit (Numba's Omitted)
};
struct FunctionDef : Stmt {
    static constexpr StmtKind Kind = StmtKind::FunctionDef;
    FunctionDef() : Stmt(Kind) {}
    std::string name;
    SourceLoc name_loc;
    std::vector<Param> params;
    std::vector<Expr*> decorators;  // in source order (outermost first)
    std::string docstring;
    Block body;  // docstring statement removed
    // One past the last node id inside the def: its nodes are ids [id, end_id) (0: unknown).
    uint32_t end_id = 0;
    bool is_generator = false;  // gen: its body yields (a Return with `yields`)
};
// ---- jitclass: `@jitclass(spec)` / `@jitclass` on a module-level class (numba.experimental.jitclass,
// syntax/parse_jitclass.cpp); types/jitclass_types.cpp makes its type.
struct JitClassMember {  // `name: type` in the class body
    std::string name;
    SourceLoc loc;
    Expr* type = nullptr;
};
struct JitClassDef {
    SourceLoc loc;  // `class`
    std::string name;
    Expr* decorator = nullptr;  // `jitclass` or `jitclass(spec)`, as written
    Expr* spec = nullptr;       // the spec argument (a list of (name, type) pairs or a dict), or null
    std::vector<JitClassMember> annotations;
    std::vector<FunctionDef*> methods;  // named "Class.method"; decorators kept (property, staticmethod, x.setter)
    // The method named `name` in the class body (null: none); a property's setter when `setter`.
    const FunctionDef* method(const std::string& name, bool setter = false) const;
};
// ---- end jitclass
struct ImportAlias {
    std::string name;   // dotted: "numpy", "numba.cuda"
    std::string asname; // empty if none
    SourceLoc loc;
};
struct Import : Stmt {  // import a.b as c, d
    static constexpr StmtKind Kind = StmtKind::Import;
    Import() : Stmt(Kind) {}
    std::vector<ImportAlias> names;
};
struct ImportFrom : Stmt {  // from module import a as b, c
    static constexpr StmtKind Kind = StmtKind::ImportFrom;
    ImportFrom() : Stmt(Kind) {}
    std::string module;
    std::vector<ImportAlias> names;
};

// ---------------------------------------------------------------- casts

template <class T, class B> bool isa(const B* n) { return n && n->kind == T::Kind; }
template <class T, class B> T* dyn_cast(B* n) { return isa<T>(n) ? static_cast<T*>(n) : nullptr; }
template <class T, class B> const T* dyn_cast(const B* n) { return isa<T>(n) ? static_cast<const T*>(n) : nullptr; }
template <class T, class B> T* cast(B* n) { return static_cast<T*>(n); }
template <class T, class B> const T* cast(const B* n) { return static_cast<const T*>(n); }

// The starred argument of a call (f(a, *t)), or null.
inline const Starred* starred_arg(const Call* c) {
    for (const Expr* a : c->args)
        if (auto* s = dyn_cast<Starred>(a)) return s;
    return nullptr;
}

// ---------------------------------------------------------------- module

class Module {
public:
    explicit Module(SourceFilePtr file) : file_(std::move(file)) {}

    const SourceFile& file() const { return *file_; }
    const SourceFilePtr& file_ptr() const { return file_; }
    const Block& body() const { return body_; }
    Block& body() { return body_; }
    uint32_t node_count() const { return static_cast<uint32_t>(nodes_.size()); }

    // Allocates a node owned by this module and gives it the next id.
    template <class T> T* make(SourceLoc loc) {
        auto node = std::make_unique<T>();
        node->loc = loc;
        // Through Node: Name has its own `id` (the identifier) that hides Node::id.
        static_cast<Node&>(*node).id = static_cast<uint32_t>(nodes_.size());
        T* raw = node.get();
        nodes_.push_back(std::move(node));
        return raw;
    }

    const FunctionDef* find_function(const std::string& name) const;

    // A top-level statement outside ujit's language (host code: a class, `with`, a list
    // comprehension...), left to Python as Numba leaves it. `binds` is the name it defines
    // when that is plain to see (`class Foo` binds Foo), so that a compiled function using
    // the name can be told why it is unusable.
    struct SkippedStatement {
        SourceLoc loc;  // the statement
        std::string reason;
        std::string binds;
        SourceLoc at;  // the construct outside the language
        // `class binds(base, ...)`: the names of its bases (a user exception derives from one)
        std::vector<std::string> bases;
    };
    const std::vector<SkippedStatement>& skipped() const { return skipped_; }
    void add_skipped(SkippedStatement s) { skipped_.push_back(std::move(s)); }

    // ---- enums (lang4): `class Color(Enum):` / `(IntEnum)` whose body only names members,
    // `red = 1`; Numba types their members as EnumMember / IntEnumMember constants.
    struct EnumClassDef {
        SourceLoc loc;
        std::string name;
        bool is_int = false;                // derives from IntEnum
        std::vector<const Assign*> members;  // `NAME = expr`, in order
    };
    const std::vector<EnumClassDef>& enum_classes() const { return enum_classes_; }
    void add_enum_class(EnumClassDef c) { enum_classes_.push_back(std::move(c)); }
    // ---- end enums
    const std::vector<std::unique_ptr<JitClassDef>>& jitclasses() const { return jitclasses_; }
    void add_jitclass(std::unique_ptr<JitClassDef> c) { jitclasses_.push_back(std::move(c)); }

private:
    SourceFilePtr file_;
    Block body_;
    std::vector<std::unique_ptr<Node>> nodes_;
    std::vector<SkippedStatement> skipped_;
    std::vector<EnumClassDef> enum_classes_;
    std::vector<std::unique_ptr<JitClassDef>> jitclasses_;
};

}  // namespace ujit::syntax
