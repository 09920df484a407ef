// The str methods that make or read lists of str: split, rsplit and splitlines (a new
// list from one helper call, strings/str_split.cpp) and sep.join of a list, a tuple or the
// characters of a str. Arguments are placed by types/str_args.hpp, as typing placed them.
#include "codegen/lower_context.hpp"

#include "codegen/llvm_types.hpp"
#include "types/str_args.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;

// A list value {header, payload} around a new list's header; a temporary of the statement.
llvm::Value* FunctionLowering::list_of_meminfo(llvm::Value* mi, const Type* lt) {
    llvm::Value* payload = b.CreateCall(runtime_call("ujit_nrt_data", b.getPtrTy(), {b.getPtrTy()}), {mi});
    llvm::Value* list = llvm::UndefValue::get(value_type(mod.ctx, lt));
    list = b.CreateInsertValue(list, mi, 0);
    list = b.CreateInsertValue(list, payload, 1);
    own_temporary(list, lt);
    return list;
}

// split/rsplit(sep=None, maxsplit=-1), splitlines(keepends=False). An empty separator is
// Numba's ValueError("empty separator").
llvm::Value* FunctionLowering::str_split(const Call* e, BuiltinId id, llvm::Value* self_pointer) {
    std::vector<const Expr*> args = types::str_method_args(e, id, nullptr, nullptr);
    auto given = [&](size_t k) { return k < args.size() && args[k] && !type_of(args[k])->is_none(); };
    llvm::Value* mi = nullptr;
    if (id == BuiltinId::StrSplitlines) {
        llvm::Value* keep = b.getInt32(0);
        if (given(0)) keep = b.CreateZExt(b.CreateIsNotNull(expr(args[0])), b.getInt32Ty());
        mi = str_query("ujit_str_splitlines", b.getPtrTy(), {self_pointer, keep});
    } else {
        llvm::Value* sep = llvm::ConstantPointerNull::get(b.getPtrTy());
        if (given(0)) {
            llvm::Value* s = expr(args[0]);
            raise_if(b.CreateICmpEQ(str_length(s), b.getInt64(0)), "ValueError", "empty separator", args[0]->loc);
            sep = str_pointer(s);
        } else if (args.size() > 0 && args[0]) {
            expr(args[0]);  // None
        }
        llvm::Value* maxsplit = b.getInt64(-1);
        if (given(1)) {
            const Type* t = type_of(args[1]);
            maxsplit = b.CreateIntCast(expr(args[1]), b.getInt64Ty(), t->is_int() && t->is_signed());
        }
        int right = id == BuiltinId::StrRsplit;
        mi = str_query("ujit_str_split", b.getPtrTy(), {self_pointer, sep, maxsplit, b.getInt32(right)});
    }
    return list_of_meminfo(mi, type_of(e));
}

// sep.join(parts): the helper reads the parts as an array of ujit_str, which a list's items
// are; a tuple's are spilled to the stack, and a str's characters are joined by their own helper.
llvm::Value* FunctionLowering::str_join(llvm::Value* sep, const Expr* parts) {
    const Type* t = type_of(parts);
    llvm::Value* v = expr(parts);
    if (t->is_str()) return str_new("ujit_str_join_chars", {sep, str_pointer(v)});
    if (t->is_list()) {
        llvm::Value* items_field = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), list_payload(v), 16);
        llvm::Value* items = b.CreateLoad(b.getPtrTy(), items_field, "list.items");
        return str_new("ujit_str_join", {sep, items, list_size(v)});
    }
    auto n = static_cast<unsigned>(t->elements().size());
    auto* items_ty = llvm::ArrayType::get(str_struct(mod.ctx), std::max(n, 1u));
    llvm::AllocaInst* items = entry_alloca(items_ty, "join.items");
    for (unsigned k = 0; k < n; ++k)
        b.CreateStore(b.CreateExtractValue(v, k), b.CreateConstGEP2_32(items_ty, items, 0, k));
    return str_new("ujit_str_join", {sep, items, b.getInt64(n)});
}

}  // namespace ujit::codegen
