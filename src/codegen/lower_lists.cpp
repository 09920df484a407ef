// Lists in compiled code (lists/list_runtime.h): the list value {header, payload}, new lists,
// the inline append, items read and written with Python's index rules, len, iteration.
// Every list is made by new_list and grown by list_append: the API other lowerings use
// (lower_context.hpp, "lists").
#include "codegen/ast_walk.hpp"
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/print_items.hpp"
#include "syntax/comprehension.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

llvm::Value* FunctionLowering::list_payload(llvm::Value* list) { return b.CreateExtractValue(list, 1, "list.payload"); }

llvm::Value* FunctionLowering::list_size(llvm::Value* list) {
    return b.CreateLoad(b.getInt64Ty(), list_payload(list), "list.size");
}

llvm::Type* FunctionLowering::list_item_storage(const Type* lt) { return storage_type(mod.ctx, lt->item()); }

llvm::Value* FunctionLowering::list_item_pointer(llvm::Value* list, const Type* lt, llvm::Value* i) {
    llvm::Value* items_field = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), list_payload(list), 16);
    llvm::Value* items = b.CreateLoad(b.getPtrTy(), items_field, "list.items");
    return b.CreateInBoundsGEP(list_item_storage(lt), items, i, "list.item");
}

llvm::Value* FunctionLowering::list_load(llvm::Value* list, const Type* lt, llvm::Value* i) {
    llvm::Value* p = list_item_pointer(list, lt, i);
    return from_storage(b, b.CreateLoad(list_item_storage(lt), p), lt->item());
}

llvm::Value* FunctionLowering::new_list(const Type* lt, llvm::Value* capacity, SourceLoc loc) {
    if (!mod.target.counts_references()) unsupported(loc, "lists are not supported in CUDA code");
    if (!lt->item())
        unsupported(loc, fmt::format("Cannot infer the type of this list, have imprecise type: {}", lt->str()));
    const llvm::DataLayout& dl = mod.m.getDataLayout();
    llvm::Type* storage = list_item_storage(lt);
    std::vector<int64_t> offsets;
    header_offsets(dl, storage, lt->item(), 0, offsets);
    llvm::Value* table = llvm::ConstantPointerNull::get(b.getPtrTy());
    if (!offsets.empty()) {
        auto* init = llvm::ConstantDataArray::get(mod.ctx, offsets);
        table = new llvm::GlobalVariable(mod.m, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init,
                                         "list.owner_offsets");
    }
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Type* ptr = b.getPtrTy();
    llvm::FunctionCallee make = runtime_call("ujit_list_new", ptr, {i64, i64, ptr, i64});
    llvm::Value* mi = b.CreateCall(make,
                                   {b.getInt64(static_cast<int64_t>(dl.getTypeAllocSize(storage))), capacity, table,
                                    b.getInt64(static_cast<int64_t>(offsets.size()))},
                                   "list.meminfo");
    check_error(b.CreateIsNull(mi), int(RuntimeError::AllocationFailed), loc);
    llvm::Value* payload = b.CreateCall(runtime_call("ujit_nrt_data", ptr, {ptr}), {mi}, "list.payload");
    llvm::Value* list = llvm::UndefValue::get(value_type(mod.ctx, lt));
    list = b.CreateInsertValue(list, mi, 0);
    list = b.CreateInsertValue(list, payload, 1);
    own_temporary(list, lt);
    return list;
}

// Capacity for `n` items (amortized: the runtime doubles); MemoryError when it cannot grow.
void FunctionLowering::list_reserve(llvm::Value* list, llvm::Value* n, SourceLoc loc) {
    llvm::Value* payload = list_payload(list);
    llvm::Value* cap = b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), payload, 8), "cap");
    llvm::BasicBlock* grow = new_block("list.grow");
    llvm::BasicBlock* done = new_block("list.room");
    b.CreateCondBr(b.CreateICmpSGT(n, cap), grow, done);
    b.SetInsertPoint(grow);
    llvm::FunctionCallee reserve = runtime_call("ujit_list_reserve", b.getInt32Ty(), {b.getPtrTy(), b.getInt64Ty()});
    llvm::Value* failed = b.CreateICmpNE(b.CreateCall(reserve, {payload, n}), b.getInt32(0));
    check_error(failed, int(RuntimeError::AllocationFailed), loc);
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

// The list takes its own reference to what `v` holds (the caller keeps its own).
void FunctionLowering::list_store_new(llvm::Value* list, const Type* lt, llvm::Value* i, llvm::Value* v) {
    count_update(true, v, lt->item());
    escape_owners(v, lt->item(), list);
    b.CreateStore(to_storage(b, v, lt->item()), list_item_pointer(list, lt, i));
}

void FunctionLowering::list_append(llvm::Value* list, const Type* lt, llvm::Value* v, SourceLoc loc) {
    llvm::Value* n = list_size(list);
    llvm::Value* n1 = b.CreateAdd(n, b.getInt64(1), "", /*HasNUW=*/false, /*HasNSW=*/true);
    list_reserve(list, n1, loc);
    list_store_new(list, lt, n, v);
    b.CreateStore(n1, list_payload(list));
}

// Python's index rules: a negative index counts from the end; IndexError outside.
llvm::Value* FunctionLowering::list_index(llvm::Value* list, llvm::Value* i, SourceLoc loc, const char* message) {
    llvm::Value* n = list_size(list);
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, n), i);
    raise_if(b.CreateICmpUGE(wrapped, n), "IndexError", message, loc);
    return wrapped;
}

llvm::Value* FunctionLowering::list_display(const Tuple* e) {
    const Type* lt = type_of(e);
    llvm::Value* list = new_list(lt, b.getInt64(static_cast<int64_t>(e->elts.size())), e->loc);
    for (size_t k = 0; k < e->elts.size(); ++k)
        list_store_new(list, lt, b.getInt64(static_cast<int64_t>(k)), expr_as(e->elts[k], lt->item()));
    b.CreateStore(b.getInt64(static_cast<int64_t>(e->elts.size())), list_payload(list));
    return list;
}

llvm::Value* FunctionLowering::list_comprehension(const ListComp* e) {
    const Type* lt = type_of(e);
    llvm::Value* list = new_list(lt, b.getInt64(0), e->loc);
    comprehension_loops(e, 0, list, lt);
    return list;
}

// Generator k's loop around the rest, adding to `container` (a list, or a dict or set:
// syntax/comprehension.hpp); each iteration releases what it made (the container keeps its
// own references to the items).
void FunctionLowering::comprehension_loops(const ListComp* e, size_t k, llvm::Value* container, const Type* ct) {
    const ListComp::Generator& g = e->generators[k];
    auto per_item = [&](llvm::Value* item, const Type* item_type) {
        size_t mark = temporaries_mark();
        assign_to(g.target, item, item_type);
        llvm::BasicBlock* skip = new_block("comp.skip");
        for (const Expr* cond : g.ifs) {
            llvm::BasicBlock* pass = new_block("comp.if");
            b.CreateCondBr(condition(cond), pass, skip);
            b.SetInsertPoint(pass);
        }
        if (k + 1 < e->generators.size())
            comprehension_loops(e, k + 1, container, ct);
        else if (ct->is_list())
            list_append(container, ct, expr_as(e->elt, ct->item()), e->loc);
        else if (ct->is_dict()) {  // the key first, as Python 3.8+
            llvm::Value* key = dict_key_slot(comprehension_key(e), ct);
            dict_insert(container, ct, key, expr_as(comprehension_value(e), ct->dict_value()), e->loc);
        } else
            dict_insert(container, ct, dict_key_slot(e->elt, ct), nullptr, e->loc);
        b.CreateBr(skip);
        b.SetInsertPoint(skip);
        release_temporaries(mark);
    };
    if (const Type* it = type_of(g.iter); it->is_generator())  // gen: lower_generators.cpp
        return each_generator_item(g.iter, nullptr, [&](llvm::Value* item) { per_item(item, it->yield_type()); });
    // `[s + "!" for s in s]`: the targets may be the iterable's own variable.
    RebindTest rebound = [e](const std::string& name) {
        return std::any_of(e->generators.begin(), e->generators.end(),
                           [&](const ListComp::Generator& other) { return binds(other.target, name); });
    };
    IterSource src = iter_source(g.iter, &rebound);
    counted_range(src.length, [&](llvm::Value* i) {
        size_t mark = temporaries_mark();  // the item made here (a string's character) is this iteration's too
        per_item(src.item(i), src.item_type);
        release_temporaries(mark);
    });
}

llvm::Value* FunctionLowering::list_subscript(const Subscript* e) {
    const Type* lt = type_of(e->value);
    llvm::Value* list = expr(e->value);
    if (auto* sl = dyn_cast<Slice>(e->index)) return list_slice(list, lt, sl);
    // Numba's messages: a list made in the function or reflected from Python says "getitem out of
    // range" (numba/cpython/listobj.py), a numba.typed.List CPython's "list index out of range".
    const bool typed = lt->flavor() == Type::ListFlavor::Typed;
    llvm::Value* i =
        list_index(list, index_value(e->index), e->loc, typed ? "list index out of range" : "getitem out of range");
    return list_load(list, lt, i);
}

llvm::Value* FunctionLowering::list_item_target(const Subscript* sub, llvm::Value** list_out) {
    const Type* lt = type_of(sub->value);
    llvm::Value* list = expr(sub->value);
    if (list_out) *list_out = list;
    if (isa<Slice>(sub->index)) unsupported(sub->loc, "assigning to a list slice is not supported by ujit");
    const bool typed = lt->flavor() == Type::ListFlavor::Typed;  // Numba's messages, as list_subscript
    llvm::Value* i =
        list_index(list, index_value(sub->index), sub->loc, typed ? "list index out of range" : "setitem out of range");
    return list_item_pointer(list, lt, i);
}

// print(l): what is pending is printed first, then "[", the items as Python's repr
// separated by ", ", and "]" (one print call each: the count is known only at run time).
void FunctionLowering::print_list(std::string& format, std::vector<llvm::Value*>& args, llvm::Value* list,
                                  const Type* lt, SourceLoc loc) {
    format += "[";
    mod.target.emit_print(b, format, args);
    format.clear();
    args.clear();
    counted_range(list_size(list), [&](llvm::Value* k) {
        llvm::BasicBlock* sep = new_block("print.sep");
        llvm::BasicBlock* body = new_block("print.item");
        b.CreateCondBr(b.CreateICmpSGT(k, b.getInt64(0)), sep, body);
        b.SetInsertPoint(sep);
        mod.target.emit_print(b, ", ", {});
        b.CreateBr(body);
        b.SetInsertPoint(body);
        std::string item;  // a nested list prints its own part first
        std::vector<llvm::Value*> item_args;
        llvm::Value* value = list_load(list, lt, k);
        if (!print_str_as_repr(b, mod.target, item, item_args, value, lt->item()))
            print_piece(item, item_args, value, lt->item(), loc);
        mod.target.emit_print(b, item, item_args);
    });
    format += "]";
}

FunctionLowering::IterSource FunctionLowering::list_iter_source(const Expr* e, const RebindTest* rebound) {
    const Type* lt = type_of(e);
    llvm::Value* list = expr(e);
    hold_iterable(e, list, rebound);
    return {list_size(list), lt->item(), [this, list, lt](llvm::Value* k) { return list_load(list, lt, k); },
            [this, list] { return list_size(list); }};
}

}  // namespace ujit::codegen
