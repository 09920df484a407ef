// Dicts and sets in compiled code (dicts/dict_runtime.h): the value {header, payload}, the
// layout each dict type hands the runtime, new containers, d[k], d[k] = v, `in`, len, ==,
// and iteration (live entry k is read in place after one compaction). Every operation on
// the table is one runtime call, as in Numba's dictobject; len and iteration are inline.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/dict_fields.hpp"
#include "codegen/llvm_types.hpp"
#include "dicts/dict_runtime.h"
#include "syntax/comprehension.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

// (offset, kind) of each number or str in a stored value of type t: keys and == of values.
void number_fields(const llvm::DataLayout& dl, llvm::Type* storage, const Type* t, uint64_t base,
                   std::vector<int64_t>& out) {
    if (t->is_complex()) {
        int64_t kind = t->bits() == 64 ? UJIT_DK_F32 : UJIT_DK_F64;
        out.insert(out.end(), {static_cast<int64_t>(base), kind, static_cast<int64_t>(base + t->bits() / 16), kind});
    } else if (t->is_number()) {
        out.insert(out.end(), {static_cast<int64_t>(base), dict_field_kind(t)});
    } else if (t->is_str()) {
        out.insert(out.end(), {static_cast<int64_t>(base), UJIT_DK_STR});
    } else if (t->is_tuple()) {
        for (unsigned i = 0; i < t->elements().size(); ++i) {
            llvm::Type* et = nullptr;
            uint64_t off = element_offset(dl, storage, i, &et);
            number_fields(dl, et, t->elements()[i], base + off, out);
        }
    }
}

}  // namespace

const Type* FunctionLowering::dict_key_type(const Type* t) { return t->is_set() ? t->set_item() : t->dict_key(); }

llvm::Value* FunctionLowering::dict_payload(llvm::Value* d) { return b.CreateExtractValue(d, 1, "dict.payload"); }

llvm::Value* FunctionLowering::dict_len(llvm::Value* d) {
    return b.CreateLoad(b.getInt64Ty(), dict_payload(d), "dict.len");
}

// The layout ujit_dict_new copies (dict_runtime.h), a constant of the module.
llvm::Value* FunctionLowering::dict_layout(const Type* t) {
    const llvm::DataLayout& dl = mod.m.getDataLayout();
    const Type* kt = dict_key_type(t);
    llvm::Type* ks = storage_type(mod.ctx, kt);
    std::vector<int64_t> keys, values, owners;
    number_fields(dl, ks, kt, 0, keys);
    int64_t value_size = 0;
    if (t->is_dict()) {
        llvm::Type* vs = storage_type(mod.ctx, t->dict_value());
        value_size = static_cast<int64_t>(dl.getTypeAllocSize(vs));
        number_fields(dl, vs, t->dict_value(), 0, values);
        header_offsets(dl, vs, t->dict_value(), 0, owners);
    }
    std::vector<int64_t> words{static_cast<int64_t>(dl.getTypeAllocSize(ks)), value_size,
                               static_cast<int64_t>(keys.size() / 2),         static_cast<int64_t>(values.size() / 2),
                               static_cast<int64_t>(owners.size()),           kt->is_tuple() ? 1 : 0};
    for (const auto* part : {&keys, &values, &owners}) words.insert(words.end(), part->begin(), part->end());
    auto* init = llvm::ConstantDataArray::get(mod.ctx, words);
    return new llvm::GlobalVariable(mod.m, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init,
                                    "dict.layout");
}

llvm::Value* FunctionLowering::dict_value_of(llvm::Value* mi, const Type* t) {
    llvm::Value* payload =
        b.CreateCall(runtime_call("ujit_nrt_data", b.getPtrTy(), {b.getPtrTy()}), {mi}, "dict.payload");
    llvm::Value* d = llvm::UndefValue::get(value_type(mod.ctx, t));
    d = b.CreateInsertValue(d, mi, 0);
    return b.CreateInsertValue(d, payload, 1);
}

llvm::Value* FunctionLowering::new_dict(const Type* t, SourceLoc loc) {
    if (!mod.target.counts_references()) unsupported(loc, "dicts and sets are not supported in CUDA code");
    if (!t->is_decided())
        unsupported(loc, fmt::format("Cannot infer the type of this {}, have imprecise type: {}",
                                     t->is_dict() ? "dict" : "set", t->str()));
    llvm::Value* mi =
        b.CreateCall(runtime_call("ujit_dict_new", b.getPtrTy(), {b.getPtrTy()}), {dict_layout(t)}, "dict.meminfo");
    check_error(b.CreateIsNull(mi), int(RuntimeError::AllocationFailed), loc);
    llvm::Value* d = dict_value_of(mi, t);
    own_temporary(d, t);
    return d;
}

// A stack slot holding `v` (already of type t) as stored: what the runtime reads and writes.
llvm::Value* FunctionLowering::dict_slot(llvm::Value* v, const Type* t) {
    llvm::AllocaInst* slot = entry_alloca(storage_type(mod.ctx, t), "dict.slot");
    if (v) b.CreateStore(to_storage(b, v, t), slot);
    return slot;
}

llvm::Value* FunctionLowering::dict_key_slot(const Expr* key, const Type* t) {
    return dict_slot(expr_as(key, dict_key_type(t)), dict_key_type(t));
}

llvm::Value* FunctionLowering::dict_find(llvm::Value* d, llvm::Value* key_slot) {
    llvm::FunctionCallee find = runtime_call("ujit_dict_find", b.getPtrTy(), {b.getPtrTy(), b.getPtrTy()});
    return b.CreateCall(find, {dict_payload(d), key_slot}, "dict.entry");
}

llvm::Value* FunctionLowering::entry_part(llvm::Value* entry, const Type* t, bool value) {
    const Type* pt = value ? t->dict_value() : dict_key_type(t);
    int64_t key_size =
        static_cast<int64_t>(mod.m.getDataLayout().getTypeAllocSize(storage_type(mod.ctx, dict_key_type(t))));
    int64_t off = value ? ujit_dict_value_offset(key_size) : 8;
    llvm::Value* p = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), entry, static_cast<uint64_t>(off));
    return from_storage(b, b.CreateLoad(storage_type(mod.ctx, pt), p), pt);
}

// The dict takes its own reference to what `value` holds; both already have the dict's types.
void FunctionLowering::dict_insert(llvm::Value* d, const Type* t, llvm::Value* key_slot, llvm::Value* value,
                                   SourceLoc loc) {
    llvm::Value* value_slot = llvm::ConstantPointerNull::get(b.getPtrTy());
    if (t->is_dict()) {
        count_update(true, value, t->dict_value());
        escape_owners(value, t->dict_value(), d);
        value_slot = dict_slot(value, t->dict_value());
    }
    llvm::FunctionCallee insert =
        runtime_call("ujit_dict_insert", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()});
    llvm::Value* failed = b.CreateICmpNE(b.CreateCall(insert, {dict_payload(d), key_slot, value_slot}), b.getInt32(0));
    check_error(failed, int(RuntimeError::AllocationFailed), loc);
}

llvm::Value* FunctionLowering::dict_display(const Tuple* e) {
    const Type* t = type_of(e);
    llvm::Value* d = new_dict(t, e->loc);
    if (const ListComp* c = comprehension_of(e)) {  // {k: v for ...}, {x for ...}
        comprehension_loops(c, 0, d, t);
        return d;
    }
    size_t step = t->is_dict() ? 2 : 1;
    for (size_t i = 0; i < e->elts.size(); i += step) {
        llvm::Value* key = dict_key_slot(e->elts[i], t);
        llvm::Value* value = t->is_dict() ? expr_as(e->elts[i + 1], t->dict_value()) : nullptr;
        dict_insert(d, t, key, value, e->loc);
    }
    return d;
}

// d[k]: KeyError(k) when k is missing, as Numba's (the key's repr is the message).
llvm::Value* FunctionLowering::dict_subscript(const Subscript* e) {
    const Type* t = type_of(e->value);
    llvm::Value* d = expr(e->value);
    const Type* kt = dict_key_type(t);
    llvm::Value* key = expr_as(e->index, kt);
    llvm::Value* entry = dict_find(d, dict_slot(key, kt));
    raise_key_error(b.CreateIsNull(entry), key, kt, e->loc);
    return entry_part(entry, t, true);
}

void FunctionLowering::dict_store(const Subscript* sub, llvm::Value* v, const Type* vt) {
    const Type* t = type_of(sub->value);
    llvm::Value* d = expr(sub->value);
    llvm::Value* key = dict_key_slot(sub->index, t);
    dict_insert(d, t, key, convert_or_fail(v, vt, t->dict_value(), sub->loc), sub->loc);
}

llvm::Value* FunctionLowering::dict_contains(llvm::Value* key, const Type* kt, llvm::Value* d, const Type* t,
                                             SourceLoc loc) {
    llvm::Value* slot = dict_slot(convert_or_fail(key, kt, dict_key_type(t), loc), dict_key_type(t));
    return b.CreateIsNotNull(dict_find(d, slot), "dict.contains");
}

llvm::Value* FunctionLowering::dict_compare(CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                            SourceLoc loc) {
    if (op == CmpOp::In) return dict_contains(l, lt, r, rt, loc);
    if (op == CmpOp::NotIn) return b.CreateNot(dict_contains(l, lt, r, rt, loc));
    llvm::FunctionCallee equal = runtime_call("ujit_dict_equal", b.getInt32Ty(), {b.getPtrTy(), b.getPtrTy()});
    llvm::Value* eq = b.CreateICmpNE(b.CreateCall(equal, {dict_payload(l), dict_payload(r)}), b.getInt32(0));
    return op == CmpOp::Eq ? eq : b.CreateNot(eq);
}

// Iteration reads live entry k in place: the loop compacts the table first, and a size that
// changes under the loop is Numba's RuntimeError.
FunctionLowering::IterSource FunctionLowering::dict_iter_source(const Expr* e, const RebindTest* rebound) {
    const Type* it = type_of(e);
    const Type* t = it->kind() == types::Kind::DictView ? it->view_dict() : it;
    int part = it->kind() == types::Kind::DictView ? it->view_part() : 0;
    const Expr* source = e;
    if (it->kind() == types::Kind::DictView) source = cast<Attribute>(cast<Call>(e)->callee)->value;
    llvm::Value* d = expr(source);
    hold_iterable(source, d, rebound);
    b.CreateCall(runtime_call("ujit_dict_compact", b.getVoidTy(), {b.getPtrTy()}), {dict_payload(d)});
    llvm::Value* n = dict_len(d);
    const Type* item = part == 2   ? types::tuple({t->dict_key(), t->dict_value()})
                       : part == 1 ? t->dict_value()
                                   : dict_key_type(t);
    SourceLoc loc = e->loc;
    return {
        n, item, [this, d, n, t, part, item, loc](llvm::Value* k) -> llvm::Value* {
            raise_if(b.CreateICmpNE(dict_len(d), n), "RuntimeError",
                     t->is_dict() ? "dictionary changed size during iteration" : "set changed size during iteration",
                     loc);
            llvm::Value* payload = dict_payload(d);
            llvm::Value* entries = b.CreateLoad(b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), payload, 16));
            llvm::Value* size = b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), payload, 24));
            llvm::Value* entry = b.CreateInBoundsGEP(b.getInt8Ty(), entries, b.CreateMul(k, size), "dict.entry");
            if (part < 2) return entry_part(entry, t, part == 1);
            llvm::Value* pair = llvm::UndefValue::get(value_type(mod.ctx, item));
            pair = b.CreateInsertValue(pair, entry_part(entry, t, false), 0);
            return b.CreateInsertValue(pair, entry_part(entry, t, true), 1);
        }};
}

}  // namespace ujit::codegen
