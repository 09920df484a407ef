// cuda.declare_device at module level (types/declared_device.hpp) and the link= lists of it
// and of @cuda.jit.
#include "types/declared_device.hpp"

#include "cudalink/device_link.hpp"
#include "syntax/diagnostics.hpp"
#include "types/module_impl.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>

namespace ujit::types {

using namespace syntax;

namespace {

// The docstring of a declaration's def: no Python def has this one with an empty body.
constexpr const char* kNumbaAbiMark = "<ujit cuda.declare_device abi=numba>";
constexpr const char* kCAbiMark = "<ujit cuda.declare_device abi=c>";

const std::string& string_literal(const Expr* e, const char* what) {
    if (auto* s = dyn_cast<StrLit>(e)) return s->value;
    fail(e->loc, fmt::format("{} must be a string literal, not {}", what, describe_expr(e)));
}

LinkFile link_item(const Expr* e, const ModuleScope& m) {
    if (auto* s = dyn_cast<StrLit>(e)) {
        if (s->value.empty()) fail(e->loc, "a link file's path is empty");
        try {
            cudalink::link_kind_of(s->value);
        } catch (const ujit::Error& bad) {
            fail(e->loc, std::string(bad.what()).substr(std::string("error: ").size()));
        }
        if (!std::ifstream(s->value, std::ios::binary))
            fail(e->loc, fmt::format("cannot read link file '{}'", s->value));
        return LinkFile{s->value, {}};
    }
    if (auto* c = dyn_cast<Call>(e)) {
        std::optional<Member> callee = module_member(c->callee, m);
        if (callee && callee->what == Member::What::Decorator && callee->decorator == "cuda.CUSource") {
            if (c->args.size() != 1 || !c->keywords.empty())
                fail(c->loc, "cuda.CUSource takes one argument, the CUDA C++ source text");
            return LinkFile{{}, string_literal(c->args[0], "cuda.CUSource's source")};
        }
    }
    fail(e->loc, fmt::format("a link= item must be a path string or cuda.CUSource(\"...\"), not {}", describe_expr(e)));
}

}  // namespace

bool is_declared_device(const FunctionDef& def) {
    return def.body.empty() && (def.docstring == kNumbaAbiMark || def.docstring == kCAbiMark);
}

bool declared_device_c_abi(const FunctionDef& def) { return def.docstring == kCAbiMark; }

std::vector<LinkFile> parse_link_list(const Expr* e, const ModuleScope& m) {
    std::vector<LinkFile> out;
    auto add = [&](const Expr* item) {
        LinkFile f = link_item(item, m);
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(std::move(f));
    };
    if (auto* t = dyn_cast<Tuple>(e)) {
        if (t->display == Tuple::Display::Dict) fail(e->loc, "link= takes a path, a list, a tuple or a set of paths");
        for (const Expr* item : t->elts) add(item);
    } else if (!isa<NoneLit>(e)) {
        add(e);
    }
    return out;
}

std::optional<DeclaredDevice> parse_declare_device(const Call& call, const ModuleScope& m) {
    std::optional<Member> callee = module_member(call.callee, m);
    if (!callee || callee->what != Member::What::Decorator || callee->decorator != "cuda.declare_device")
        return std::nullopt;
    DeclaredDevice d;
    d.loc = call.loc;
    const Expr* name = call.args.size() > 0 ? call.args[0] : nullptr;
    const Expr* sig = call.args.size() > 1 ? call.args[1] : nullptr;
    if (call.args.size() > 2)
        fail(call.args[2]->loc, "cuda.declare_device takes two positional arguments, name and sig");
    for (const Keyword& k : call.keywords) {
        if (k.name == "name" && !name)
            name = k.value;
        else if (k.name == "sig" && !sig)
            sig = k.value;
        else if (k.name == "link")
            d.link = parse_link_list(k.value, m);
        else if (k.name == "abi") {
            const std::string& abi = string_literal(k.value, "abi=");
            if (abi != "numba" && abi != "c") fail(k.value->loc, fmt::format("Unsupported ABI: {}", abi));
            d.c_abi = abi == "c";
        } else if (k.name == "use_cooperative") {
            if (!isa<BoolLit>(k.value)) fail(k.value->loc, "use_cooperative= expects True or False");
            d.cooperative = cast<BoolLit>(k.value)->value;
        } else {
            fail(k.loc, fmt::format("cuda.declare_device() got an unexpected keyword argument '{}'", k.name));
        }
    }
    if (!name || !sig)
        fail(call.loc, "cuda.declare_device needs a name and a signature: "
                       "cuda.declare_device(\"times2\", \"int32(int32)\", link=[...])");
    d.symbol = string_literal(name, "cuda.declare_device's name");
    d.sig = signature_of(sig, m);
    if (!d.sig.ret) fail(sig->loc, "Return type must be provided for device declarations");
    return d;
}

bool ModuleScope::add_declared_device(const Assign& s) {
    auto* call = dyn_cast<Call>(s.value);
    std::optional<DeclaredDevice> parsed = call ? parse_declare_device(*call, *this) : std::nullopt;
    if (!parsed) return false;
    const auto* target = cast<Name>(s.targets[0]);
    DeclaredDevice& d = declared_devices.emplace_back(std::move(*parsed));
    d.def = std::make_unique<FunctionDef>();
    d.def->name = d.symbol;
    d.def->loc = d.def->name_loc = target->loc;
    d.def->docstring = d.c_abi ? kCAbiMark : kNumbaAbiMark;
    d.typed.def = d.def.get();
    d.typed.target = TargetKind::CUDA;
    d.typed.role = FunctionRole::Device;
    d.typed.symbol = d.symbol;
    d.typed.arg_types = d.sig.args;
    d.typed.return_type = d.sig.ret;
    bind(target->id, Global{make_member(Member::What::Function, user_func(d.def.get())), nullptr, target->loc});
    return true;
}

const DeclaredDevice* ModuleScope::declared_device(const FunctionDef* def) const {
    for (const DeclaredDevice& d : declared_devices)
        if (d.def.get() == def) return &d;
    return nullptr;
}

namespace {

// `fn` and the specializations it calls, transitively: what code compiled from `fn` holds.
std::set<const TypedFunction*> reached_functions(const TypedFunction& fn) {
    std::set<const TypedFunction*> reached;
    std::vector<const TypedFunction*> work{&fn};
    while (!work.empty()) {
        const TypedFunction* f = work.back();
        work.pop_back();
        if (!reached.insert(f).second) continue;
        for (const auto& [id, callee] : f->callees)
            if (callee && !reached.count(callee)) work.push_back(callee);
    }
    return reached;
}

// Whether `f` has a GridGroup value (cuda.cg.this_grid()'s result, or a parameter holding one).
bool holds_grid_group(const TypedFunction& f) {
    const Type* g = grid_group();
    return std::find(f.expr_types.begin(), f.expr_types.end(), g) != f.expr_types.end() ||
           std::find(f.arg_types.begin(), f.arg_types.end(), g) != f.arg_types.end();
}

}  // namespace

std::vector<LinkFile> ModuleTyper::link_files(const TypedFunction& fn) const {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
    std::set<const FunctionDef*> reached;  // fn and its callees, transitively
    for (const TypedFunction* f : reached_functions(fn)) reached.insert(f->def);
    std::vector<LinkFile> out;
    auto add = [&](const std::vector<LinkFile>& files) {
        for (const LinkFile& f : files)
            if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    };
    add(impl_->module_link);
    for (const Stmt* s : impl_->module.body()) {  // in source order, as the link order is
        auto* def = dyn_cast<FunctionDef>(s);
        auto it = def && reached.count(def) ? impl_->decorators.find(def) : impl_->decorators.end();
        if (it != impl_->decorators.end()) add(it->second.link);
    }
    for (const DeclaredDevice& d : impl_->declared_devices)
        if (reached.count(d.def.get())) add(d.link);
    return out;
}

// numba-cuda marks the code library cooperative when it lowers this_grid() or sync(), or links
// a declare_device(use_cooperative=True) function: the same facts, read from the types.
bool ModuleTyper::cooperative(const TypedFunction& fn) const {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    for (const TypedFunction* f : reached_functions(fn)) {
        if (holds_grid_group(*f)) return true;
        if (const DeclaredDevice* d = impl_->declared_device(f->def); d && d->cooperative) return true;
    }
    return false;
}

void ModuleTyper::set_module_link(std::vector<LinkFile> files) {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->module_link = std::move(files);
}

}  // namespace ujit::types
