#include "codegen/llvm_types.hpp"

#include "syntax/internal_error.hpp"
#include "types/optional_rules.hpp"

namespace ujit::codegen {

using types::Kind;
using types::Type;

namespace {

llvm::Type* scalar_type(llvm::LLVMContext& ctx, const Type* t) {
    switch (t->kind()) {
    case Kind::Bool: return llvm::Type::getInt1Ty(ctx);
    case Kind::Int: return llvm::Type::getIntNTy(ctx, t->bits());
    case Kind::Fp8: return llvm::Type::getInt8Ty(ctx);  // bf16: the encoded byte
    case Kind::GridGroup: return llvm::Type::getInt64Ty(ctx);  // coop: the device runtime's grid handle
    case Kind::Datetime:
    case Kind::Timedelta: return llvm::Type::getInt64Ty(ctx);  // dt64: a count of units, NaT INT64_MIN
    case Kind::Float:
        if (t->is_bfloat16()) return llvm::Type::getBFloatTy(ctx);  // bf16
        return t->bits() == 16   ? llvm::Type::getHalfTy(ctx)
               : t->bits() == 32 ? llvm::Type::getFloatTy(ctx)
                                 : llvm::Type::getDoubleTy(ctx);
    case Kind::Complex: {
        llvm::Type* part = t->bits() == 64 ? llvm::Type::getFloatTy(ctx) : llvm::Type::getDoubleTy(ctx);
        return llvm::StructType::get(ctx, {part, part});
    }
    default: return nullptr;
    }
}

// {data, shape, strides, owner}: the owner last, so that the fields every lowering reads
// keep their indices.
llvm::Type* array_struct(llvm::LLVMContext& ctx, int ndim) {
    auto* dims = llvm::ArrayType::get(llvm::Type::getInt64Ty(ctx), ndim);
    auto* ptr = llvm::PointerType::get(ctx, 0);
    return llvm::StructType::get(ctx, {ptr, dims, dims, ptr});
}

constexpr unsigned kOwnerField = 3;

// {ptr header, ptr payload}: lists/list_runtime.h
llvm::Type* list_struct(llvm::LLVMContext& ctx) {
    auto* ptr = llvm::PointerType::get(ctx, 0);
    return llvm::StructType::get(ctx, {ptr, ptr});
}

}  // namespace

llvm::StructType* str_struct(llvm::LLVMContext& ctx) {
    auto* ptr = llvm::PointerType::get(ctx, 0);
    return llvm::StructType::get(ctx, {ptr, llvm::Type::getInt64Ty(ctx), ptr});
}

llvm::Type* value_type(llvm::LLVMContext& ctx, const Type* t) {
    if (t->is_enum()) return value_type(ctx, t->enum_value());  // a member is its value (Numba's too)
    if (t->is_none()) return llvm::Type::getVoidTy(ctx);
    if (t->is_optional()) return value_type(ctx, types::optional_struct(t));
    if (t->is_array()) return array_struct(ctx, t->ndim());
    if (t->is_list()) return list_struct(ctx);
    if (t->is_str()) return str_struct(ctx);
    if (t->is_record()) return llvm::PointerType::get(ctx, 0);
    if (t->is_jitclass()) {  // {ptr meminfo, ptr data}: codegen/lower_jitclass.cpp
        auto* ptr = llvm::PointerType::get(ctx, 0);
        return llvm::StructType::get(ctx, {ptr, ptr});
    }
    if (t->is_generator()) {  // {ptr meminfo, ptr coroutine handle}: codegen/lower_generators.cpp
        auto* ptr = llvm::PointerType::get(ctx, 0);
        return llvm::StructType::get(ctx, {ptr, ptr});
    }
    if (t->is_range()) {  // {start, stop, step}: codegen/lower_range.cpp
        llvm::Type* e = value_type(ctx, t->range_item());
        return llvm::StructType::get(ctx, {e, e, e});
    }  // a reference to the record's bytes, as Numba
    if (t->is_dict() || t->is_set()) {  // {ptr header, ptr payload}: dicts/dict_runtime.h
        auto* ptr = llvm::PointerType::get(ctx, 0);
        return llvm::StructType::get(ctx, {ptr, ptr});
    }
    // A tuple of one element type is an LLVM array, as Numba lowers UniTuple: LLVM's SCCP
    // tracks each field of every struct value, which made building an n-tuple with n
    // insertvalues take n^2 time and memory (8,000 elements: out of memory); it leaves
    // arrays whole.
    if (t->is_uniform_tuple()) return llvm::ArrayType::get(value_type(ctx, t->elements()[0]), t->elements().size());
    if (t->is_tuple()) {
        std::vector<llvm::Type*> elems;
        for (const Type* e : t->elements()) elems.push_back(value_type(ctx, e));
        return llvm::StructType::get(ctx, elems);
    }
    if (llvm::Type* s = scalar_type(ctx, t)) return s;
    syntax::internal_error({}, "no LLVM value type for " + t->str());
}

llvm::Type* storage_type(llvm::LLVMContext& ctx, const Type* t) {
    if (t->is_enum()) return storage_type(ctx, t->enum_value());
    if (t->is_optional()) return storage_type(ctx, types::optional_struct(t));
    if (t->is_bool()) return llvm::Type::getInt8Ty(ctx);
    if (t->is_uniform_tuple()) return llvm::ArrayType::get(storage_type(ctx, t->elements()[0]), t->elements().size());
    if (t->is_tuple()) {
        std::vector<llvm::Type*> elems;
        for (const Type* e : t->elements()) elems.push_back(storage_type(ctx, e));
        return llvm::StructType::get(ctx, elems);
    }
    return value_type(ctx, t);
}

llvm::Value* to_storage(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    if (t->is_enum()) return to_storage(b, v, t->enum_value());
    if (t->is_optional()) return to_storage(b, v, types::optional_struct(t));
    if (t->is_bool()) return b.CreateZExt(v, b.getInt8Ty());
    if (t->is_tuple()) {
        llvm::Value* out = llvm::UndefValue::get(storage_type(b.getContext(), t));
        for (unsigned i = 0; i < t->elements().size(); ++i)
            out = b.CreateInsertValue(out, to_storage(b, b.CreateExtractValue(v, i), t->elements()[i]), i);
        return out;
    }
    return v;
}

llvm::Value* from_storage(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    if (t->is_enum()) return from_storage(b, v, t->enum_value());
    if (t->is_optional()) return from_storage(b, v, types::optional_struct(t));
    if (t->is_bool()) return b.CreateICmpNE(v, b.getInt8(0));
    if (t->is_tuple()) {
        llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), t));
        for (unsigned i = 0; i < t->elements().size(); ++i)
            out = b.CreateInsertValue(out, from_storage(b, b.CreateExtractValue(v, i), t->elements()[i]), i);
        return out;
    }
    return v;
}

llvm::Value* array_data(llvm::IRBuilder<>& b, llvm::Value* arr) { return b.CreateExtractValue(arr, 0, "data"); }
llvm::Value* array_dim(llvm::IRBuilder<>& b, llvm::Value* arr, unsigned k) {
    return b.CreateExtractValue(arr, {1u, k}, "dim");
}
llvm::Value* array_stride(llvm::IRBuilder<>& b, llvm::Value* arr, unsigned k) {
    return b.CreateExtractValue(arr, {2u, k}, "stride");
}

llvm::Value* array_owner(llvm::IRBuilder<>& b, llvm::Value* arr) {
    return b.CreateExtractValue(arr, kOwnerField, "owner");
}

llvm::Value* make_array(llvm::IRBuilder<>& b, const Type* t, llvm::Value* data, const std::vector<llvm::Value*>& shape,
                        const std::vector<llvm::Value*>& strides, llvm::Value* owner) {
    llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), t));
    out = b.CreateInsertValue(out, data, 0);
    out = b.CreateInsertValue(out, owner ? owner : llvm::ConstantPointerNull::get(b.getPtrTy()), kOwnerField);
    for (unsigned k = 0; k < shape.size(); ++k) {
        out = b.CreateInsertValue(out, shape[k], {1u, k});
        out = b.CreateInsertValue(out, strides[k], {2u, k});
    }
    return out;
}

llvm::Value* make_view(llvm::IRBuilder<>& b, llvm::Value* base, const Type* t, llvm::Value* data,
                       const std::vector<llvm::Value*>& shape, const std::vector<llvm::Value*>& strides) {
    return make_array(b, t, data, shape, strides, array_owner(b, base));
}

uint64_t element_offset(const llvm::DataLayout& dl, llvm::Type* storage, unsigned i, llvm::Type** et) {
    if (auto* st = llvm::dyn_cast<llvm::StructType>(storage)) {
        *et = st->getElementType(i);
        return dl.getStructLayout(st)->getElementOffset(i);
    }
    *et = llvm::cast<llvm::ArrayType>(storage)->getElementType();
    return dl.getTypeAllocSize(*et) * i;
}

void header_offsets(const llvm::DataLayout& dl, llvm::Type* storage, const types::Type* t, uint64_t base,
                    std::vector<int64_t>& out) {
    if (t->is_optional()) return header_offsets(dl, storage, types::optional_struct(t), base, out);
    auto* st = llvm::dyn_cast<llvm::StructType>(storage);
    if (t->is_array())
        return out.push_back(
            static_cast<int64_t>(base + dl.getStructLayout(st)->getElementOffset(st->getNumElements() - 1)));
    // The first field of a list, dict, set or jitclass instance (lower_refcount.cpp's owners_in).
    if (t->is_dict() || t->is_set() || t->is_list() || t->is_jitclass())
        return out.push_back(static_cast<int64_t>(base));
    if (t->is_str()) return out.push_back(static_cast<int64_t>(base + dl.getStructLayout(st)->getElementOffset(2)));
    if (!t->is_tuple()) return;
    for (unsigned i = 0; i < t->elements().size(); ++i) {
        llvm::Type* et = nullptr;
        uint64_t off = element_offset(dl, storage, i, &et);
        header_offsets(dl, et, t->elements()[i], base + off, out);
    }
}

}  // namespace ujit::codegen
