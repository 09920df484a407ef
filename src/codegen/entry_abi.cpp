#include "codegen/entry_abi.hpp"

#include "codegen/abi.hpp"
#include "codegen/launch_bounds.hpp"
#include "codegen/llvm_types.hpp"

namespace ujit::codegen {

using types::Type;

namespace {

// ABI parameter types of one argument, in order.
void flatten_param_types(llvm::LLVMContext& ctx, const Type* t, std::vector<llvm::Type*>& out) {
    if (t->is_array()) {
        out.push_back(llvm::PointerType::get(ctx, 0));
        for (int k = 0; k < 2 * t->ndim(); ++k) out.push_back(llvm::Type::getInt64Ty(ctx));
    } else if (t->is_str()) {  // code points and length (the callee borrows them)
        out.push_back(llvm::PointerType::get(ctx, 0));
        out.push_back(llvm::Type::getInt64Ty(ctx));
    } else if (t->is_tuple()) {
        for (const Type* e : t->elements()) flatten_param_types(ctx, e, out);
    } else if (!t->is_none()) {
        out.push_back(storage_type(ctx, t));
    }
}

// Rebuilds the natural value of one argument from its ABI parameters starting at `*next`.
llvm::Value* unflatten(llvm::IRBuilder<>& b, llvm::Function* f, unsigned* next, const Type* t) {
    if (t->is_array()) {
        llvm::Value* data = f->getArg((*next)++);
        std::vector<llvm::Value*> shape, strides;
        for (int k = 0; k < t->ndim(); ++k) shape.push_back(f->getArg((*next)++));
        for (int k = 0; k < t->ndim(); ++k) strides.push_back(f->getArg((*next)++));
        return make_array(b, t, data, shape, strides);
    }
    if (t->is_str()) {
        llvm::Value* out = llvm::ConstantAggregateZero::get(str_struct(b.getContext()));  // no owner
        out = b.CreateInsertValue(out, f->getArg((*next)++), 0);
        return b.CreateInsertValue(out, f->getArg((*next)++), 1);
    }
    if (t->is_tuple()) {
        llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), t));
        for (unsigned i = 0; i < t->elements().size(); ++i)
            out = b.CreateInsertValue(out, unflatten(b, f, next, t->elements()[i]), i);
        return out;
    }
    if (t->is_none()) return nullptr;
    return from_storage(b, f->getArg((*next)++), t);
}

// Loads the natural value of one packed argument from `p` (see codegen/abi.hpp).
// The packed arguments, array views, shapes and strides do not change during a call: their
// loads are marked invariant, so a CUDA kernel's block function (cpu/kernel_block.hpp) can
// hoist them out of its loops over threads.
llvm::Value* invariant_load(llvm::IRBuilder<>& b, llvm::Type* t, llvm::Value* p, const char* name = "") {
    llvm::LoadInst* v = b.CreateLoad(t, p, name);
    v->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(b.getContext(), {}));
    return v;
}

llvm::Value* load_packed(llvm::IRBuilder<>& b, llvm::Value* p, const Type* t) {
    llvm::LLVMContext& ctx = b.getContext();
    if (t->is_array()) {
        // struct ujit_array_view { void* data; const int64_t* shape; const int64_t* strides; }
        llvm::Type* ptr = b.getPtrTy();
        auto* view_ty = llvm::StructType::get(ctx, {ptr, ptr, ptr});
        llvm::Value* data = invariant_load(b, ptr, b.CreateStructGEP(view_ty, p, 0), "data");
        llvm::Value* shape_p = invariant_load(b, ptr, b.CreateStructGEP(view_ty, p, 1), "shape");
        llvm::Value* strides_p = invariant_load(b, ptr, b.CreateStructGEP(view_ty, p, 2), "strides");
        std::vector<llvm::Value*> shape, strides;
        for (int k = 0; k < t->ndim(); ++k) {
            shape.push_back(invariant_load(b, b.getInt64Ty(), b.CreateConstGEP1_64(b.getInt64Ty(), shape_p, k)));
            strides.push_back(invariant_load(b, b.getInt64Ty(), b.CreateConstGEP1_64(b.getInt64Ty(), strides_p, k)));
        }
        return make_array(b, t, data, shape, strides);
    }
    if (t->is_none()) return nullptr;
    if (t->is_record()) return p;  // args[i] points to the record's bytes: passed by reference
    return from_storage(b, invariant_load(b, storage_type(ctx, t), p), t);
}

void add_arg_value(std::vector<llvm::Value*>& args, llvm::Value* v) {
    if (v) args.push_back(v);
}

}  // namespace

llvm::Function* emit_entry(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* impl) {
    llvm::LLVMContext& ctx = mod.ctx;
    const Type* ret = fn.return_type;
    // Arrays and tuples come back through memory (see abi.hpp): the array struct is larger
    // than two registers for every ndim > 0, and one rule keeps the C side simple.
    bool hidden_out = ret->is_tuple() || ret->is_array() || ret->is_str() || ret->is_generator() || ret->is_optional();

    std::vector<llvm::Type*> params;
    if (hidden_out) params.push_back(llvm::PointerType::get(ctx, 0));
    for (const Type* t : fn.arg_types) flatten_param_types(ctx, t, params);
    llvm::Type* ret_ty = (hidden_out || ret->is_none()) ? llvm::Type::getVoidTy(ctx) : storage_type(ctx, ret);

    auto* fty = llvm::FunctionType::get(ret_ty, params, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, fn.symbol, mod.m);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));

    unsigned next = hidden_out ? 1 : 0;
    std::vector<llvm::Value*> args;
    for (const Type* t : fn.arg_types) add_arg_value(args, unflatten(b, f, &next, t));
    llvm::Value* result = b.CreateCall(impl, args);

    if (hidden_out) {
        f->getArg(0)->setName("out");
        b.CreateStore(to_storage(b, result, ret), f->getArg(0));
        b.CreateRetVoid();
    } else if (ret->is_none()) {
        b.CreateRetVoid();
    } else {
        b.CreateRet(to_storage(b, result, ret));
    }
    mod.target.mark_entry(*f, fn.role);
    if (fn.role == types::FunctionRole::Kernel) annotate_launch_bounds(*f, *fn.def);
    return f;
}

llvm::Function* emit_packed(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* impl) {
    llvm::LLVMContext& ctx = mod.ctx;
    llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
    auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, ptr}, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, packed_symbol(fn.symbol), mod.m);
    f->getArg(0)->setName("args");
    f->getArg(1)->setName("result");
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));

    std::vector<llvm::Value*> args;
    for (unsigned i = 0; i < fn.arg_types.size(); ++i) {
        llvm::Value* slot = invariant_load(b, ptr, b.CreateConstGEP1_64(ptr, f->getArg(0), i));
        add_arg_value(args, load_packed(b, slot, fn.arg_types[i]));
    }
    llvm::Value* result = b.CreateCall(impl, args);
    if (!fn.return_type->is_none()) b.CreateStore(to_storage(b, result, fn.return_type), f->getArg(1));
    b.CreateRetVoid();
    mod.target.mark_entry(*f, types::FunctionRole::Scalar);
    return f;
}

}  // namespace ujit::codegen
