// One function body: parameters and locals live in allocas of the entry block (mem2reg
// turns them into SSA values), statements are lowered in order, and every block that
// falls off the end returns the default value.
#include "codegen/lower_context.hpp"

#include "codegen/convert.hpp"
#include "codegen/debug_info.hpp"
#include "codegen/llvm_types.hpp"
#include "syntax/diagnostics.hpp"

#include <llvm/IR/CFG.h>

namespace ujit::codegen {

void unsupported(syntax::SourceLoc loc, const std::string& what) { syntax::fail(loc, what); }

FunctionLowering::FunctionLowering(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* f)
    : mod(mod), fn(fn), f(f), b(mod.ctx) {
    alloca_block_ = llvm::BasicBlock::Create(mod.ctx, "entry", f);
    b.SetInsertPoint(alloca_block_);
    const auto& params = fn.def->params;
    std::vector<VariableSlot> described;  // for debug information (debug=True)
    for (const types::Variable& v : fn.variables) {
        if (!v.type || !v.type->is_value() || v.type->is_none()) continue;
        llvm::AllocaInst* slot = entry_alloca(value_type(mod.ctx, v.type), v.name);
        b.CreateStore(zero_value(b, v.type), slot);
        vars_[v.name] = slot;
        unsigned arg = 0;
        for (unsigned i = 0; v.is_param && i < params.size() && !arg; ++i)
            if (params[i].name == v.name) arg = i + 1;
        described.push_back({v.name, v.type, slot, v.first_assigned, arg});
    }
    describe_variables(*f, described, mod.source.file());
    unsigned arg = 0;  // static parameters (functions, types) have no LLVM argument
    for (unsigned i = 0; i < fn.arg_types.size() && arg < f->arg_size(); ++i) {
        if (fn.arg_types[i]->is_static_value()) continue;
        // The explicit parameters, then an inner function's captured variables.
        const bool captured = i >= params.size();
        const std::string& name = captured ? fn.captures[i - params.size()] : params[i].name;
        const syntax::SourceLoc loc = captured ? fn.def->name_loc : params[i].loc;
        if (fn.arg_types[i]->is_none()) continue;
        f->getArg(arg)->setName(name);
        store_variable(name, f->getArg(arg++), fn.arg_types[i], loc);
    }
}

llvm::AllocaInst* FunctionLowering::entry_alloca(llvm::Type* ty, const std::string& name) {
    llvm::IRBuilder<> eb(alloca_block_, alloca_block_->begin());
    return eb.CreateAlloca(ty, nullptr, name);
}

llvm::BasicBlock* FunctionLowering::new_block(const std::string& name) {
    return llvm::BasicBlock::Create(mod.ctx, name, f);
}

void FunctionLowering::start_dead_block() { b.SetInsertPoint(new_block("dead")); }

llvm::AllocaInst* FunctionLowering::variable(const std::string& name, syntax::SourceLoc loc) {
    auto it = vars_.find(name);
    UJIT_INTERNAL_ASSERT(it != vars_.end(), loc, "no storage for variable '" + name + "'");
    return it->second;
}

void FunctionLowering::store_variable(const std::string& name, llvm::Value* v, const Type* from,
                                      syntax::SourceLoc loc) {
    const types::Variable* var = fn.find_variable(name);
    UJIT_INTERNAL_ASSERT(var, loc, "'" + name + "' is not a typed variable");
    llvm::Value* cv = convert_or_fail(v, from, var->type, loc);
    llvm::AllocaInst* slot = variable(name, loc);
    if (!counts_references(var->type)) {
        b.CreateStore(cv, slot);
        return;
    }
    // The variable's reference: taken over from a temporary, or a new one; then the old
    // value's is released (after the increment, so that `a = a` never frees a).
    llvm::Value* old = b.CreateLoad(value_type(mod.ctx, var->type), slot);
    if (cv != v || !take_temporary(v)) count_update(true, cv, var->type);
    b.CreateStore(cv, slot);
    count_update(false, old, var->type);
}

void FunctionLowering::lower_body() {
    if (fn.def->is_generator) return lower_generator_body();  // lower_generators.cpp
    llvm::BasicBlock* body = new_block("body");
    b.SetInsertPoint(body);
    block(fn.def->body);

    // Terminate what is left open: reachable blocks fall off the end (`return None`,
    // or a zero of the declared type), unreachable ones say so.
    llvm::Type* ret = f->getReturnType();
    for (llvm::BasicBlock& bb : *f) {
        if (bb.getTerminator() || &bb == alloca_block_) continue;
        b.SetInsertPoint(&bb);
        if (&bb != body && llvm::pred_empty(&bb)) {
            b.CreateUnreachable();
            continue;
        }
        release_locals();
        if (ret->isVoidTy())
            b.CreateRetVoid();
        else
            b.CreateRet(llvm::Constant::getNullValue(ret));
    }
    b.SetInsertPoint(alloca_block_);
    b.CreateBr(body);
    make_try_variables_volatile();
}

}  // namespace ujit::codegen
