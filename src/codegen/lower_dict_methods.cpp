// The methods of dicts and sets (the "dict.NAME"/"set.NAME" rows of builtins.def), dict()
// and set(...), and the set operators | & - ^ and their in-place forms.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

#include <functional>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

const char* set_update_function(BinOp op) {
    switch (op) {
    case BinOp::BitOr: return "ujit_set_update";
    case BinOp::BitAnd: return "ujit_set_intersection_update";
    case BinOp::Sub: return "ujit_set_difference_update";
    default: return "ujit_set_symmetric_difference_update";
    }
}

}  // namespace

llvm::Value* FunctionLowering::dict_copy(llvm::Value* d, const Type* t, SourceLoc loc) {
    llvm::Value* mi =
        b.CreateCall(runtime_call("ujit_dict_copy", b.getPtrTy(), {b.getPtrTy()}), {dict_payload(d)}, "dict.copy");
    check_error(b.CreateIsNull(mi), int(RuntimeError::AllocationFailed), loc);
    llvm::Value* c = dict_value_of(mi, t);
    own_temporary(c, t);
    return c;
}

// a op= b on sets, in place (| and ^ may grow a: MemoryError when they cannot).
void FunctionLowering::set_update(BinOp op, llvm::Value* a, llvm::Value* other, SourceLoc loc) {
    bool grows = op == BinOp::BitOr || op == BinOp::BitXor;
    llvm::FunctionCallee f =
        runtime_call(set_update_function(op), grows ? b.getInt32Ty() : b.getVoidTy(), {b.getPtrTy(), b.getPtrTy()});
    llvm::Value* r = b.CreateCall(f, {dict_payload(a), dict_payload(other)});
    if (grows) check_error(b.CreateICmpNE(r, b.getInt32(0)), int(RuntimeError::AllocationFailed), loc);
}

llvm::Value* FunctionLowering::set_binary(const Binary* e) {
    const Type* t = type_of(e);
    llvm::Value* l = expr(e->lhs);
    llvm::Value* r = expr(e->rhs);
    llvm::Value* out = dict_copy(l, t, e->loc);
    set_update(e->op, out, r, e->loc);
    return out;
}

void FunctionLowering::set_aug_assign(const AugAssign* s) {
    llvm::Value* a = expr(s->target);
    set_update(s->op, a, expr(s->value), s->loc);
}

llvm::Value* FunctionLowering::dict_builtin_call(const Call* e, BuiltinId id) {
    const Type* t = type_of(e);
    llvm::Value* d = new_dict(t, e->loc);
    if (id == BuiltinId::Set && !e->args.empty()) {
        const Type* it = type_of(e->args[0]);
        if (it->is_set()) {
            set_update(BinOp::BitOr, d, expr(e->args[0]), e->loc);
        } else {
            IterSource src = iter_source(e->args[0]);
            counted_range(src.length, [&](llvm::Value* k) {
                llvm::Value* item = convert_or_fail(src.item(k), src.item_type, t->set_item(), e->loc);
                dict_insert(d, t, dict_slot(item, t->set_item()), nullptr, e->loc);
            });
        }
    }
    return d;
}

llvm::Value* FunctionLowering::dict_method_call(const Call* e, BuiltinId id) {
    const Expr* receiver = cast<Attribute>(e->callee)->value;
    const Type* t = type_of(receiver);
    const std::vector<const Type*>& ops = *fn.operands_of(e);
    llvm::Value* d = expr(receiver);
    auto key = [&] {
        llvm::Value* k = convert_or_fail(expr_as(e->args[0], ops[1]), ops[1], dict_key_type(t), e->loc);
        return dict_slot(k, dict_key_type(t));
    };
    const Type* rt = type_of(e);
    switch (id) {
    case BuiltinId::DictGet:
    case BuiltinId::DictPop: {
        llvm::Value* k = key();
        // get/pop with a default: the default is evaluated first (it is an argument), the
        // entry's value read only where the key is present.
        auto or_default = [&](llvm::Value* absent, const std::function<llvm::Value*()>& present) {
            llvm::Value* dflt = e->args.size() == 1  // d.get(key): None, as an Optional
                                    ? llvm::Constant::getNullValue(value_type(mod.ctx, rt))
                                    : convert_or_fail(expr(e->args[1]), type_of(e->args[1]), rt, e->loc);
            llvm::BasicBlock* before = b.GetInsertBlock();
            llvm::BasicBlock* have = new_block("dict.found");
            llvm::BasicBlock* join = new_block("dict.join");
            b.CreateCondBr(absent, join, have);
            b.SetInsertPoint(have);
            llvm::Value* v = convert_or_fail(present(), t->dict_value(), rt, e->loc);
            llvm::BasicBlock* have_end = b.GetInsertBlock();
            b.CreateBr(join);
            b.SetInsertPoint(join);
            llvm::PHINode* phi = b.CreatePHI(value_type(mod.ctx, rt), 2);
            phi->addIncoming(v, have_end);
            phi->addIncoming(dflt, before);
            return phi;
        };
        if (id == BuiltinId::DictGet) {
            llvm::Value* entry = dict_find(d, k);
            return or_default(b.CreateIsNull(entry), [&] { return entry_part(entry, t, true); });
        }
        // pop: the value's references move to the caller (a temporary of the statement).
        llvm::Value* out = dict_slot(nullptr, t->dict_value());
        llvm::FunctionCallee pop =
            runtime_call("ujit_dict_pop", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()});
        llvm::Value* missing = b.CreateICmpEQ(b.CreateCall(pop, {dict_payload(d), k, out}), b.getInt32(0));
        auto popped = [&] {
            return from_storage(b, b.CreateLoad(storage_type(mod.ctx, t->dict_value()), out), t->dict_value());
        };
        if (e->args.size() == 1) {
            raise_if(missing, "KeyError", "", e->loc);
            llvm::Value* v = popped();
            own_temporary(v, t->dict_value());
            return v;
        }
        if (counts_references(t->dict_value()))
            unsupported(e->loc, "d.pop(key, default) is supported for dicts whose values hold no arrays");
        return or_default(missing, popped);
    }
    case BuiltinId::DictSetDefault: {
        llvm::Value* k = dict_slot(expr_as(e->args[0], dict_key_type(t)), dict_key_type(t));
        llvm::Value* v = expr_as(e->args[1], t->dict_value());
        llvm::BasicBlock* miss = new_block("dict.setdefault.store");
        llvm::BasicBlock* join = new_block("dict.setdefault.join");
        b.CreateCondBr(b.CreateIsNull(dict_find(d, k)), miss, join);
        b.SetInsertPoint(miss);
        dict_insert(d, t, k, v, e->loc);
        b.CreateBr(join);
        b.SetInsertPoint(join);
        return entry_part(dict_find(d, k), t, true);
    }
    case BuiltinId::DictPopItem: {
        llvm::Value* k = dict_slot(nullptr, t->dict_key());
        llvm::Value* v = dict_slot(nullptr, t->dict_value());
        llvm::FunctionCallee pop =
            runtime_call("ujit_dict_popitem", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()});
        llvm::Value* empty = b.CreateICmpEQ(b.CreateCall(pop, {dict_payload(d), k, v}), b.getInt32(0));
        raise_if(empty, "KeyError", "dictionary is empty", e->loc);
        llvm::Value* pair = llvm::UndefValue::get(value_type(mod.ctx, rt));
        pair = b.CreateInsertValue(
            pair, from_storage(b, b.CreateLoad(storage_type(mod.ctx, t->dict_key()), k), t->dict_key()), 0);
        pair = b.CreateInsertValue(
            pair, from_storage(b, b.CreateLoad(storage_type(mod.ctx, t->dict_value()), v), t->dict_value()), 1);
        own_temporary(pair, rt);
        return pair;
    }
    case BuiltinId::DictClear:
    case BuiltinId::SetClear:
        b.CreateCall(runtime_call("ujit_dict_clear", b.getVoidTy(), {b.getPtrTy()}), {dict_payload(d)});
        return nullptr;
    case BuiltinId::DictCopy:
    case BuiltinId::SetCopy: return dict_copy(d, t, e->loc);
    case BuiltinId::DictUpdate: {  // typing made both dicts of one type: one layout
        llvm::FunctionCallee update = runtime_call("ujit_dict_update", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy()});
        llvm::Value* r = b.CreateCall(update, {dict_payload(d), dict_payload(expr(e->args[0]))});
        check_error(b.CreateICmpNE(r, b.getInt32(0)), int(RuntimeError::AllocationFailed), e->loc);
        return nullptr;
    }
    case BuiltinId::SetAdd: dict_insert(d, t, key(), nullptr, e->loc); return nullptr;
    case BuiltinId::SetDiscard:
    case BuiltinId::SetRemove: {
        llvm::FunctionCallee pop =
            runtime_call("ujit_dict_pop", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()});
        llvm::Value* removed =
            b.CreateCall(pop, {dict_payload(d), key(), llvm::ConstantPointerNull::get(b.getPtrTy())});
        if (id == BuiltinId::SetRemove)
            raise_if(b.CreateICmpEQ(removed, b.getInt32(0)), "KeyError", "set.remove(): key not in set", e->loc);
        return nullptr;
    }
    case BuiltinId::SetPop: {
        llvm::Value* k = dict_slot(nullptr, t->set_item());
        llvm::FunctionCallee pop =
            runtime_call("ujit_dict_popitem", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()});
        llvm::Value* empty = b.CreateICmpEQ(
            b.CreateCall(pop, {dict_payload(d), k, llvm::ConstantPointerNull::get(b.getPtrTy())}), b.getInt32(0));
        raise_if(empty, "KeyError", "set.pop(): empty set", e->loc);
        llvm::Value* item = from_storage(b, b.CreateLoad(storage_type(mod.ctx, t->set_item()), k), t->set_item());
        own_temporary(item, t->set_item());  // a str item's reference moves to the caller
        return item;
    }
    case BuiltinId::SetUpdate: {
        const Type* it = type_of(e->args[0]);
        if (it->is_set()) {
            set_update(BinOp::BitOr, d, expr(e->args[0]), e->loc);
            return nullptr;
        }
        IterSource src = iter_source(e->args[0]);
        counted_range(src.length, [&](llvm::Value* k) {
            llvm::Value* item = convert_or_fail(src.item(k), src.item_type, t->set_item(), e->loc);
            dict_insert(d, t, dict_slot(item, t->set_item()), nullptr, e->loc);
        });
        return nullptr;
    }
    default: unsupported(e->loc, fmt::format("{} is not supported by ujit", types::builtin_name(id)));
    }
}

}  // namespace ujit::codegen
