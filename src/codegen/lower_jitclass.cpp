// jitclass instances (numba/experimental/jitclass/base.py's lowering): an instance is
// {meminfo, data}, the data one struct of the members' storage, in spec order, zeroed when the
// instance is made (as Numba's constructor does), in a block of the array runtime whose
// destructor releases the references the members hold: the instance dies with its last
// reference, and takes its arrays, lists and other instances with it. Methods are functions
// taking the instance first (borrowed, as every argument); typing chose their specializations
// (fn.callees for calls, constructors and property reads, fn.setters for property stores).
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

llvm::StructType* data_struct(llvm::LLVMContext& ctx, const Type* t) {
    std::vector<llvm::Type*> fields;
    for (const Type::Field& f : t->fields()) fields.push_back(storage_type(ctx, f.type));
    return llvm::StructType::get(ctx, fields);
}

}  // namespace

// The destructor of the instances of `t`: releases what their members hold.
llvm::Function* FunctionLowering::jitclass_destructor(const Type* t) {
    std::string name = fmt::format("jitclass.{}.drop", t->class_name());
    if (llvm::Function* existing = mod.m.getFunction(name)) return existing;
    llvm::Type* ptr = b.getPtrTy();
    auto* fty = llvm::FunctionType::get(b.getVoidTy(), {ptr, ptr}, false);
    auto* d = llvm::Function::Create(fty, llvm::Function::InternalLinkage, name, mod.m);
    llvm::IRBuilderBase::InsertPointGuard keep(b);
    b.SetInsertPoint(llvm::BasicBlock::Create(mod.ctx, "entry", d));
    llvm::StructType* st = data_struct(mod.ctx, t);
    llvm::FunctionCallee decref = runtime_call("ujit_nrt_decref", b.getVoidTy(), {ptr});
    for (const Type::Field& f : t->fields()) {
        if (!counts_references(f.type)) continue;
        llvm::Value* p = b.CreateStructGEP(st, d->getArg(0), static_cast<unsigned>(f.offset));
        llvm::Value* v = from_storage(b, b.CreateLoad(storage_type(mod.ctx, f.type), p), f.type);
        std::vector<llvm::Value*> owners;
        owners_in(v, f.type, owners);
        for (llvm::Value* owner : owners) b.CreateCall(decref, {owner});
    }
    b.CreateRetVoid();
    return d;
}

llvm::Value* FunctionLowering::jitclass_field_pointer(llvm::Value* instance, const Type* t, const std::string& field,
                                                      const Type** ft) {
    const Type::Field* f = t->field(field);
    UJIT_INTERNAL_ASSERT(f, syntax::SourceLoc{}, "typing let an unknown jitclass member through");
    *ft = f->type;
    llvm::Value* data = b.CreateExtractValue(instance, 1, "jitclass.data");
    return b.CreateStructGEP(data_struct(mod.ctx, t), data, static_cast<unsigned>(f->offset), field);
}

// `Point(args)`: a new instance (a temporary of the statement), then its __init__.
llvm::Value* FunctionLowering::jitclass_new(const Call* e) {
    const Type* t = type_of(e);
    llvm::Type* ptr = b.getPtrTy();
    llvm::StructType* st = data_struct(mod.ctx, t);
    if (!mod.target.counts_references()) unsupported(e->loc, "jitclass instances are not supported in CUDA code");
    llvm::FunctionCallee allocate = runtime_call("ujit_nrt_allocate_finalized", ptr, {b.getInt64Ty(), ptr});
    llvm::Value* size = llvm::ConstantExpr::getSizeOf(st);
    llvm::Value* mi = b.CreateCall(allocate, {size, jitclass_destructor(t)}, "jitclass.meminfo");
    check_error(b.CreateIsNull(mi), int(RuntimeError::AllocationFailed), e->loc);
    llvm::Value* data = b.CreateCall(runtime_call("ujit_nrt_data", ptr, {ptr}), {mi}, "jitclass.data");
    b.CreateStore(llvm::Constant::getNullValue(st), data);
    llvm::Value* instance = llvm::UndefValue::get(value_type(mod.ctx, t));
    instance = b.CreateInsertValue(b.CreateInsertValue(instance, mi, 0), data, 1);
    own_temporary(instance, t);
    auto it = fn.callees.find(e->id);
    if (it != fn.callees.end()) jitclass_call(*it->second, instance, e);
    return instance;
}

// Calls the method `callee` with `instance` first and the call's arguments after it.
llvm::Value* FunctionLowering::jitclass_call(const types::TypedFunction& callee, llvm::Value* instance, const Call* e) {
    std::vector<llvm::Value*> args{instance};
    auto bound = fn.bound_args.find(e->id);  // keywords and omitted defaults, in parameter order
    const size_t n = bound == fn.bound_args.end() ? e->args.size() : bound->second.size();
    for (size_t i = 0; i < n; ++i) {
        const Type* to = callee.arg_types[i + 1];
        const Expr* a = bound == fn.bound_args.end() ? e->args[i] : bound->second[i].expr;
        if (to->is_static_value() || to->is_none()) {
            if (a) expr(a);  // no data to pass
        } else if (a) {
            args.push_back(expr_as(a, to));
        } else {  // an omitted default: the constant the method was specialized for
            const types::ConstValue& v = bound->second[i].value;
            args.push_back(convert_or_fail(constant(v), v.type, to, e->loc));
        }
    }
    return call_function(callee, std::move(args), e->loc);
}

llvm::Value* FunctionLowering::jitclass_method_call(const Call* e, const types::TypedFunction& callee) {
    llvm::Value* instance = expr(cast<Attribute>(e->callee)->value);
    llvm::Value* v = jitclass_call(callee, instance, e);
    return v ? convert_or_fail(v, callee.return_type, type_of(e), e->loc) : nullptr;
}

// `obj.x`: the member (borrowed from the instance, as a list's item) or the property's value.
llvm::Value* FunctionLowering::jitclass_attribute(const Attribute* e) {
    llvm::Value* instance = expr(e->value);
    if (auto it = fn.callees.find(e->id); it != fn.callees.end()) {
        llvm::Value* v = call_function(*it->second, {instance}, e->loc);
        return v ? convert_or_fail(v, it->second->return_type, type_of(e), e->loc) : nullptr;
    }
    const Type* ft = nullptr;
    llvm::Value* p = jitclass_field_pointer(instance, type_of(e->value), e->attr, &ft);
    llvm::Value* v = from_storage(b, b.CreateLoad(storage_type(mod.ctx, ft), p), ft);
    return convert_or_fail(v, ft, type_of(e), e->loc);
}

// `obj.x = v`: the member takes a reference to the new value and drops the old one's (as a
// list item does), or the property's setter runs.
void FunctionLowering::jitclass_store(const Attribute* target, llvm::Value* v, const Type* vt) {
    llvm::Value* instance = expr(target->value);
    if (auto it = fn.setters.find(target->id); it != fn.setters.end()) {
        const types::TypedFunction& setter = *it->second;
        std::vector<llvm::Value*> args{instance};
        if (!setter.arg_types[1]->is_none() && !setter.arg_types[1]->is_static_value())
            args.push_back(convert_or_fail(v, vt, setter.arg_types[1], target->loc));
        call_function(setter, std::move(args), target->loc);
        return;
    }
    const Type* ft = nullptr;
    llvm::Value* p = jitclass_field_pointer(instance, type_of(target->value), target->attr, &ft);
    llvm::Value* cv = convert_or_fail(v, vt, ft, target->loc);
    if (!counts_references(ft)) {
        b.CreateStore(to_storage(b, cv, ft), p);
        return;
    }
    llvm::Value* old = from_storage(b, b.CreateLoad(storage_type(mod.ctx, ft), p), ft);
    if (cv != v || !take_temporary(v)) count_update(true, cv, ft);
    escape_owners(cv, ft, instance);
    b.CreateStore(to_storage(b, cv, ft), p);
    count_update(false, old, ft);
}

// `obj.x op= v`: read (member or getter), compute, store (member or setter).
void FunctionLowering::jitclass_aug_assign(const AugAssign* s) {
    auto* target = cast<Attribute>(s->target);
    llvm::Value* cur = jitclass_attribute(target);
    const Type* vt = type_of(s->value);
    llvm::Value* rhs = expr(s->value);
    TypedValue r = binary_values(s->op, cur, type_of(target), rhs, vt, s->value, s->loc);
    jitclass_store(target, r.v, r.t);
}

// The Python package's passage (types/jitclass.hpp): an instance comes from the host as its
// header's address, borrowed from the host's box; its data is found through the header.
llvm::Value* FunctionLowering::jitclass_passage(const Call* e, const std::string&) {
    llvm::Value* mi = b.CreateIntToPtr(expr_as(e->args[1], types::int64()), b.getPtrTy());
    llvm::Value* data = b.CreateCall(runtime_call("ujit_nrt_data", b.getPtrTy(), {b.getPtrTy()}), {mi});
    llvm::Value* instance = llvm::UndefValue::get(value_type(mod.ctx, type_of(e)));
    return b.CreateInsertValue(b.CreateInsertValue(instance, mi, 0), data, 1);
}

}  // namespace ujit::codegen
