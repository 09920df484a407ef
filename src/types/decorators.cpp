// Decorators → Decorator: @jit, @njit, @jit(nopython=True), @vectorize([sigs], target=...),
// @guvectorize([sigs], 'layout'), @cuda.jit, @cuda.jit(device=True), @cuda.jit('sig').
#include "types/module_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/const_eval.hpp"
#include "types/kernel_launch_options.hpp"

#include <fmt/format.h>

#include <set>
#include <string>

namespace ujit::types {

using namespace syntax;

namespace {

// Which decorator an expression names ("jit", "cuda.jit", ...), following the imports.
std::string decorator_name(const Expr* e, const ModuleScope& m) {
    if (auto* n = dyn_cast<Name>(e); n && !m.find_global(n->id))
        fail(e->loc, fmt::format("decorator '{}' is not defined (import it from numba)", n->id));
    std::optional<Member> member = module_member(e, m);
    if (!member || member->what != Member::What::Decorator || member->decorator == "cuda.declare_device" ||
        member->decorator == "cuda.CUSource")
        fail(e->loc, "decorators must be numba's jit, njit, vectorize, guvectorize or cuda.jit");
    return member->decorator;
}

bool is_error_model(const Expr* e) {
    auto* s = dyn_cast<StrLit>(e);
    return s && (s->value == "python" || s->value == "numpy");
}

bool const_bool(const Keyword& k) {
    if (auto* b = dyn_cast<BoolLit>(k.value)) return b->value;
    fail(k.value->loc, fmt::format("'{}=' expects True or False", k.name));
}

// Numba's fastmath=: True/False, a set of LLVM flag names, or a dict of name: bool. ujit
// has one fast mode (every flag): any flag asked for turns it on.
bool fastmath_flags(const Keyword& k) {
    static const std::set<std::string> known = {"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"};
    if (auto* b = dyn_cast<BoolLit>(k.value)) return b->value;
    auto* t = dyn_cast<Tuple>(k.value);
    bool set = t && t->display == Tuple::Display::Set, dict = t && t->display == Tuple::Display::Dict;
    if (!set && !dict)
        fail(k.value->loc, "'fastmath=' expects True, False, or a set of flag names such as {'nnan', 'ninf'}");
    bool on = false;
    for (size_t i = 0; i < t->elts.size(); i += dict ? 2 : 1) {
        auto* name = dyn_cast<StrLit>(t->elts[i]);
        if (!name || !known.count(name->value))
            fail(t->elts[i]->loc, "unknown fastmath flag: expected one of 'fast', 'nnan', 'ninf', 'nsz', 'arcp', "
                                  "'contract', 'afn', 'reassoc'");
        if (!dict) {
            on = true;
            continue;
        }
        auto* enable = dyn_cast<BoolLit>(t->elts[i + 1]);
        if (!enable) fail(t->elts[i + 1]->loc, "a fastmath flag's value must be True or False");
        on = on || enable->value;
    }
    return on;
}

const StrLit& string_arg(const Expr* e, const char* what) {
    if (auto* s = dyn_cast<StrLit>(e)) return *s;
    fail(e->loc, fmt::format("{} must be a string literal", what));
}

// Signature text inside a string literal starts one column after the opening quote.
SourceLoc text_loc(const StrLit& s) {
    SourceLoc l = s.loc;
    l.col += 1;
    return l;
}

}  // namespace

const Type* type_object(const Expr* e, const ModuleScope& m) {
    std::optional<Member> member;
    if (auto* n = dyn_cast<Name>(e)) {
        if (n->id == "void") return none();
        member = m.lookup(n->id);
    } else if (auto* a = dyn_cast<Attribute>(e)) {
        if (auto* base = dyn_cast<Name>(a->value))
            if (auto bm = m.lookup(base->id); bm && bm->what == Member::What::Namespace)
                member = resolve_member(bm->type->path(), a->attr);
    } else if (auto* s = dyn_cast<Subscript>(e)) {
        // float32[:] written as an object: rebuild the spelling and parse it.
        const Type* t = type_object(s->value, m);
        std::string spelled = t->str() + "[";
        std::vector<const Expr*> dims;
        if (auto* tu = dyn_cast<Tuple>(s->index))
            dims.assign(tu->elts.begin(), tu->elts.end());
        else
            dims.push_back(s->index);
        for (size_t i = 0; i < dims.size(); ++i) {
            auto* sl = dyn_cast<Slice>(dims[i]);
            if (!sl || sl->lower || sl->upper) fail(dims[i]->loc, "array types are written with ':' or '::1'");
            spelled += i ? ", " : "";
            spelled += sl->step ? "::1" : ":";
        }
        return parse_type(spelled + "]", e->loc);
    }
    if (member && member->what == Member::What::DType) return member->type->scalar();
    fail(e->loc, "expected a type such as float32 or float32[:]");
}

namespace {

// A signature written as a type object call: float32(float32, float32).
Signature signature_object(const Call& c, const ModuleScope& m);

Signature signature_object(const Call& c, const ModuleScope& m) {
    Signature sig;
    sig.ret = type_object(c.callee, m);
    for (auto* a : c.args) sig.args.push_back(type_object(a, m));
    return sig;
}

// A signature: a string, or a call of type objects.
Signature one_signature(const Expr* e, const ModuleScope& m) {
    if (auto* s = dyn_cast<StrLit>(e)) return parse_signature(s->value, text_loc(*s));
    if (auto* c = dyn_cast<Call>(e)) return signature_object(*c, m);
    if (auto* t = dyn_cast<Tuple>(e)) {  // (float64[:], float64[:]): argument types, no return type
        Signature sig;
        for (auto* a : t->elts) sig.args.push_back(type_object(a, m));
        return sig;
    }
    fail(e->loc, fmt::format("expected a signature string such as 'float32(float32)', found {}", describe_expr(e)));
}

// A signature or a list/tuple of them.
std::vector<Signature> signatures(const Expr* e, const ModuleScope& m) {
    std::vector<Signature> out;
    if (auto* t = dyn_cast<Tuple>(e)) {
        if (t->display == Tuple::Display::Set || t->display == Tuple::Display::Dict)
            fail(e->loc, "signatures are given as a list or a tuple");
        for (auto* el : t->elts) out.push_back(one_signature(el, m));
        if (out.empty()) fail(e->loc, "the list of signatures is empty");
    } else {
        out.push_back(one_signature(e, m));
    }
    return out;
}

void check_no_positional(const Call& c, size_t allowed, const std::string& name) {
    if (c.args.size() > allowed)
        fail(c.args[allowed]->loc,
             fmt::format("@{} takes at most {} positional argument{}", name, allowed, allowed == 1 ? "" : "s"));
}

TargetKind parse_target(const Keyword& k, Decorator& d) {
    const StrLit& s = string_arg(k.value, "target=");
    if (s.value == "cpu") return TargetKind::CPU;
    if (s.value == "parallel") {
        d.parallel_target = true;
        return TargetKind::CPU;
    }
    if (s.value == "cuda") return TargetKind::CUDA;
    fail(k.value->loc, fmt::format("unknown target '{}' (expected 'cpu', 'parallel' or 'cuda')", s.value));
}

// "(n)" for messages.
std::string core_text(const GufuncLayout& l, const std::vector<int>& dims) {
    std::string s = "(";
    for (size_t j = 0; j < dims.size(); ++j) s += (j ? "," : "") + l.dims[size_t(dims[j])];
    return s + ")";
}

// Numba's rules for a guvectorize signature against its layout: one argument per operand
// (outputs last, written not returned); a core of k > 0 dimensions is an array of ndim k;
// a core '()' a scalar (inputs only) or a 1-d array of one item: the body writes out[0], and
// reads k[0] of an input so declared (Numba's own move_mean example, 'intp[:]' for '()').
void check_gufunc_signature(const Signature& sig, const std::string& s, const GufuncLayout& l, SourceLoc loc) {
    if (sig.ret && !sig.ret->is_none())
        fail(loc, fmt::format("a guvectorize signature returns nothing (outputs are its last arguments): '{}'", s));
    size_t nops = l.nin() + l.nout();
    if (sig.args.size() != nops)
        fail(loc, fmt::format("signature '{}' has {} argument{} but the layout '{}' has {} operands ({} input{}, {} "
                              "output{})",
                              s, sig.args.size(), sig.args.size() == 1 ? "" : "s", l.str(), nops, l.nin(),
                              l.nin() == 1 ? "" : "s", l.nout(), l.nout() == 1 ? "" : "s"));
    for (size_t k = 0; k < nops; ++k) {
        const Type* t = sig.args[k];
        const auto& core = l.operand(k);
        bool output = k >= l.nin();
        std::string what =
            fmt::format("{} {} '{}'", output ? "output" : "input", output ? k - l.nin() : k, core_text(l, core));
        if (t->is_array()) {
            if (t->layout() == Layout::F && t->ndim() > 1)
                fail(loc, fmt::format("{} is declared Fortran-ordered ({}) in '{}'; gufunc arrays are ':' or '::1'",
                                      what, t->str(), s));
            int want = core.empty() ? 1 : int(core.size());
            if (t->ndim() != want)
                fail(loc, fmt::format("{} has {} core dimension{} but '{}' declares a {}-d array", what, core.size(),
                                      core.size() == 1 ? "" : "s", s, t->ndim()));
        } else if (!t->is_number() && !t->is_datetime_like()) {
            fail(loc, fmt::format("{} must be an array or a number, not {} in '{}'", what, t->str(), s));
        } else if (output) {
            fail(loc, fmt::format("{} is written by the function: declare it as the array {}[:] in '{}'", what,
                                  t->str(), s));
        } else if (!core.empty()) {
            fail(loc, fmt::format("{} has {} core dimension{} but '{}' declares it as the scalar {}", what, core.size(),
                                  core.size() == 1 ? "" : "s", s, t->str()));
        }
    }
}

GufuncLayout gufunc_layout(const StrLit& text) {
    auto parsed = parse_gufunc_layout(text.value);
    if (auto* e = std::get_if<GufuncLayoutError>(&parsed)) {
        SourceLoc l = text_loc(text);
        l.col += static_cast<uint32_t>(e->offset);
        fail(l, fmt::format("invalid gufunc layout '{}': {}", text.value, e->message));
    }
    return std::get<GufuncLayout>(parsed);
}

}  // namespace

Signature signature_of(const Expr* e, const ModuleScope& m) { return one_signature(e, m); }

std::optional<Member> module_member(const Expr* e, const ModuleScope& m) {
    std::vector<const Attribute*> chain;  // numba.cuda.jit, cuda.jit, numba.njit
    const Expr* base = e;
    while (auto* at = dyn_cast<Attribute>(base)) {
        chain.push_back(at);
        base = at->value;
    }
    auto* root = dyn_cast<Name>(base);
    const Global* g = root ? m.find_global(root->id) : nullptr;
    if (!g) return std::nullopt;
    std::optional<Member> member = g->member;
    for (auto it = chain.rbegin(); it != chain.rend() && member; ++it)
        member =
            member->what == Member::What::Namespace ? resolve_member(member->type->path(), (*it)->attr) : std::nullopt;
    return member;
}

Decorator parse_decorators(const FunctionDef& fn, const ModuleScope& m) {
    Decorator d;
    if (fn.decorators.empty()) return d;
    if (fn.decorators.size() > 1)
        fail(fn.decorators[1]->loc, fmt::format("'{}' has more than one decorator; ujit supports one", fn.name));
    const Expr* e = fn.decorators[0];
    const Call* call = dyn_cast<Call>(e);
    std::string name = decorator_name(call ? call->callee : e, m);

    if (name == "jit" || name == "njit")
        d.kind = Decorator::Kind::Jit;
    else if (name == "vectorize")
        d.kind = Decorator::Kind::Vectorize;
    else if (name == "guvectorize")
        d.kind = Decorator::Kind::GuVectorize;
    else if (name == "cuda.jit")
        d.kind = Decorator::Kind::CudaJit, d.target = TargetKind::CUDA;

    if (!call) {
        if (d.kind == Decorator::Kind::GuVectorize)
            fail(e->loc, "@guvectorize needs signatures and a layout: @guvectorize([sigs], '(n)->(n)')");
        return d;
    }

    // Positional arguments.
    if (d.kind == Decorator::Kind::GuVectorize) {
        check_no_positional(*call, 2, name);
        if (call->args.size() < 2)
            fail(call->loc, "@guvectorize needs signatures and a layout: @guvectorize([sigs], '(n)->(n)')");
        d.signatures = signatures(call->args[0], m);
        const StrLit& layout = string_arg(call->args[1], "the guvectorize layout");
        d.gufunc_layout = layout.value;
        d.gufunc = gufunc_layout(layout);
        for (size_t i = 0; i < d.signatures.size(); ++i) {
            auto* list = dyn_cast<Tuple>(call->args[0]);
            const Expr* where = list ? list->elts[i] : call->args[0];
            // Messages quote a string signature as written.
            auto* text = dyn_cast<StrLit>(where);
            check_gufunc_signature(d.signatures[i], text ? text->value : d.signatures[i].str(), d.gufunc, where->loc);
        }
    } else {
        check_no_positional(*call, 1, name);
        if (!call->args.empty()) d.signatures = signatures(call->args[0], m);
    }

    // Keywords.
    for (const Keyword& k : call->keywords) {
        if (k.name == "fastmath")
            d.fastmath = fastmath_flags(k);
        else if (k.name == "debug" && d.kind == Decorator::Kind::CudaJit)
            d.debug = const_bool(k);
        else if (k.name == "boundscheck" && d.kind == Decorator::Kind::Jit)
            d.boundscheck = const_bool(k);
        else if (k.name == "error_model" && !is_error_model(k.value))  // read by codegen/decorator_keywords.hpp
            fail(k.value->loc, "'error_model=' expects 'python' or 'numpy'");
        else if ((k.name == "lineinfo" || k.name == "opt") && d.kind == Decorator::Kind::CudaJit)
            const_bool(k);  // a literal: codegen reads it from the decorator (codegen/debug_info.hpp)
        else if (k.name == "nopython" || k.name == "cache" || k.name == "nogil" || k.name == "boundscheck" ||
                 k.name == "debug" || k.name == "lineinfo" || k.name == "inline" || k.name == "opt" ||
                 k.name == "error_model" || k.name == "forceobj" || k.name == "looplift" || k.name == "identity" ||
                 k.name == "writable_args")
            continue;  // accepted; no effect on ujit's code
        else if (k.name == "locals" && d.kind == Decorator::Kind::Jit)
            continue;  // types/declared_locals.hpp reads it
        else if ((k.name == "_ujit_overload_of" || k.name == "_ujit_overload_types") &&
                 (d.kind == Decorator::Kind::Jit || d.kind == Decorator::Kind::CudaJit))
            continue;  // the Python package's, types/overload_routes.hpp reads them
        else if (k.name == "parallel" && d.kind == Decorator::Kind::Jit)
            continue;
        else if (k.name == "device" && d.kind == Decorator::Kind::CudaJit)
            d.device = const_bool(k);
        else if (k.name == "link" && d.kind == Decorator::Kind::CudaJit)
            d.link = parse_link_list(k.value, m);
        else if (d.kind == Decorator::Kind::CudaJit && check_launch_option(k))
            continue;  // launch_bounds=, shared_memory_carveout= (types/kernel_launch_options.hpp)
        else if (k.name == "target" && (d.kind == Decorator::Kind::Vectorize || d.kind == Decorator::Kind::GuVectorize))
            d.target = parse_target(k, d);
        else
            fail(k.loc, fmt::format("unknown keyword argument '{}' for @{}", k.name, name));
    }
    if (d.kind == Decorator::Kind::CudaJit && !d.device)
        for (const Signature& s : d.signatures)
            if (s.ret && !s.ret->is_none())
                fail(call->args[0]->loc, fmt::format("a CUDA kernel returns nothing; its signature must be "
                                                     "'void(...)', not '{}'",
                                                     s.str()));
    if ((d.kind == Decorator::Kind::Vectorize || d.kind == Decorator::Kind::GuVectorize) &&
        d.target == TargetKind::CUDA && d.signatures.empty())
        fail(call->loc, "ufuncs with target='cuda' need explicit signatures");
    return d;
}

}  // namespace ujit::types
