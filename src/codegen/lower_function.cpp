// lower_function: the module for one specialization — its internal function (and those
// of every callee, once each), the ABI entry point and, on the CPU, the packed wrapper.
#include "codegen/lower.hpp"

#include "codegen/debug_info.hpp"
#include "codegen/entry_abi.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/stack_budget.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

llvm::Function* ModuleLowering::internal_function(const types::TypedFunction& fn) {
    if (auto it = functions_.find(&fn); it != functions_.end()) return it->second;

    std::vector<llvm::Type*> params;
    for (const types::Type* t : fn.arg_types) {
        if (t->is_static_value() || t->is_none()) continue;  // a function, type or None: no data
        if (!t->is_value())
            unsupported(fn.def->loc, "arguments of type " + t->str() + " cannot be passed to compiled code");
        params.push_back(value_type(ctx, t));
    }
    auto* fty = llvm::FunctionType::get(value_type(ctx, fn.return_type), params, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::InternalLinkage, fn.symbol + ".impl", m);
    if (fn.def->is_generator) {  // lower_generators.cpp: CoroSplit makes it a state machine
        f->setPresplitCoroutine();
        f->addFnAttr(llvm::Attribute::NoInline);
    } else if (!fn.recursive)
        f->addFnAttr(llvm::Attribute::AlwaysInline);
    attach_subprogram(*f, *fn.def, source.file());
    functions_[&fn] = f;  // before the body: recursive calls find it

    syntax::RecursionLevel level(call_depth_, syntax::kMaxCallDepth, fn.def->name_loc, "calls");
    FunctionLowering body(*this, fn, f);
    body.lower_body();
    return f;
}

namespace {

bool holds_record(const types::Type* t) {
    if (t->is_record() || (t->is_array() && t->dtype()->is_record())) return true;
    if (t->is_tuple())
        for (const types::Type* e : t->elements())
            if (holds_record(e)) return true;
    return false;
}

// gen: a generator result crosses to the host on its own (abi.hpp's `$next`), not inside a tuple.
bool holds_compiled_only(const types::Type* t, bool top = true) {
    if (t->is_range() || (t->is_generator() && !top)) return true;
    if (t->is_tuple())
        for (const types::Type* e : t->elements())
            if (holds_compiled_only(e, false)) return true;
    return false;
}

}  // namespace

std::unique_ptr<llvm::Module> lower_function(llvm::LLVMContext& ctx, Target& target, const syntax::Module& source,
                                             const types::TypedFunction& fn) {
    auto m = std::make_unique<llvm::Module>(fn.symbol, ctx);
    target.configure_module(*m);
    if (target.kind() == types::TargetKind::CUDA) begin_debug_info(*m, source.file(), requested_debug_info(*fn.def));
    ModuleLowering mod(*m, target, source);
    if (holds_record(fn.return_type))  // a record is a reference into memory the caller cannot keep
        syntax::fail(fn.def->name_loc,
                     fmt::format("'{}' returns {}: ujit does not return records or record arrays from compiled code "
                                 "(return a field, or write into an argument)",
                                 fn.def->name, fn.return_type->str()));
    if (holds_compiled_only(fn.return_type))  // gen: ranges and generators live in compiled code
        syntax::fail(fn.def->name_loc,
                     fmt::format("cannot return {} from '{}' to the caller outside compiled code: ujit passes ranges, "
                                 "and generators inside tuples, only between compiled functions (return a list or a "
                                 "tuple)",
                                 fn.return_type->str(), fn.def->name));
    llvm::Function* impl = mod.internal_function(fn);
    emit_entry(mod, fn, impl);
    if (target.wants_packed_wrapper()) emit_packed(mod, fn, impl);
    if (target.wants_packed_wrapper() && fn.return_type->is_generator()) emit_generator_next(mod, fn);
    finish_debug_info(*m, *fn.def, source.file());
    if (mod.wide_vectors) target.prefer_wide_vectors(*m);
    return m;
}

}  // namespace ujit::codegen
