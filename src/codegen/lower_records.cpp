// Records (NumPy structured dtypes, Numba's Record): a record value is a pointer to its
// bytes, so `r = arr[i]` is a reference and `r.a = 1` writes the array, as in Numba. A field
// is a load or store at its offset; a nested array field is a C view of its elements; a field
// of a record array (`arr.a`) is a strided view of that field in every record.
#include "codegen/lower_context.hpp"

#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

#include <numeric>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

const Expr* record_base(const Expr* e) {
    if (auto* a = dyn_cast<Attribute>(e)) return a->value;
    return cast<Subscript>(e)->value;
}

// What a field's load or store may assume: its natural alignment in an aligned record
// (NumPy's align=True places each field at a multiple of it), else only what its offset
// shares with the record's own alignment (1: a packed record may sit at any byte).
unsigned field_align(const Type* rec, const Type* ft, int64_t offset) {
    if (!rec->is_aligned()) return 1;
    const Type* scalar = ft->is_nested_array() ? ft->dtype() : ft;
    int64_t natural = scalar->is_complex() ? scalar->itemsize() / 2 : std::max(1, scalar->itemsize());
    return static_cast<unsigned>(std::gcd(natural, offset == 0 ? natural : offset));
}

}  // namespace

llvm::Value* FunctionLowering::record_field_address(const Expr* e, const Type** field_type, unsigned* align) {
    const std::string* name = fn.record_field(e);
    const Type* rec = type_of(record_base(e));
    UJIT_INTERNAL_ASSERT(name && rec->is_record(), e->loc, "record field access typed without a record");
    const Type::Field* f = rec->field(*name);
    llvm::Value* base = expr(record_base(e));
    *field_type = f->type;
    *align = field_align(rec, f->type, f->offset);
    return b.CreateGEP(b.getInt8Ty(), base, b.getInt64(f->offset), *name);
}

llvm::Value* FunctionLowering::record_field_read(const Expr* e) {
    const std::string* name = fn.record_field(e);
    if (!name) return nullptr;
    const Type* bt = type_of(record_base(e));
    const Type* t = type_of(e);
    if (bt->is_record()) {
        const Type* ft = nullptr;
        unsigned align = 1;
        llvm::Value* p = record_field_address(e, &ft, &align);
        if (ft->is_record()) return p;
        if (ft->is_nested_array()) {  // a C view of the elements, borrowed from the record
            std::vector<llvm::Value*> shape, strides;
            int64_t stride = ft->dtype()->itemsize();
            for (size_t k = ft->nested_shape().size(); k-- > 0;) {
                shape.insert(shape.begin(), b.getInt64(ft->nested_shape()[k]));
                strides.insert(strides.begin(), b.getInt64(stride));
                stride *= ft->nested_shape()[k];
            }
            return make_array(b, t, p, shape, strides, nullptr);
        }
        llvm::Value* v = b.CreateAlignedLoad(storage_type(mod.ctx, ft), p, llvm::Align(align), *name);
        return from_storage(b, v, ft);
    }
    // arr.a: the field of every record, after the array's own axes come the nested array's.
    const Type::Field* f = bt->dtype()->field(*name);
    llvm::Value* arr = expr(record_base(e));
    llvm::Value* data = b.CreateGEP(b.getInt8Ty(), array_data(b, arr), b.getInt64(f->offset), *name);
    std::vector<llvm::Value*> shape, strides;
    for (int k = 0; k < bt->ndim(); ++k) {
        shape.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
        strides.push_back(array_stride(b, arr, static_cast<unsigned>(k)));
    }
    if (f->type->is_nested_array()) {
        size_t at = shape.size();
        int64_t stride = f->type->dtype()->itemsize();
        for (size_t k = f->type->nested_shape().size(); k-- > 0;) {
            shape.insert(shape.begin() + static_cast<std::ptrdiff_t>(at), b.getInt64(f->type->nested_shape()[k]));
            strides.insert(strides.begin() + static_cast<std::ptrdiff_t>(at), b.getInt64(stride));
            stride *= f->type->nested_shape()[k];
        }
    }
    return make_view(b, arr, t, data, shape, strides);
}

void FunctionLowering::record_field_store(const Expr* target, const Expr* value) {
    const Type* t = type_of(target);
    if (t->is_array()) return lower_array_expr_into({record_field_read(target), t}, value);
    record_field_store_value(target, expr(value), type_of(value));
}

void FunctionLowering::record_field_store_value(const Expr* target, llvm::Value* v, const Type* vt) {
    const Type* ft = nullptr;
    unsigned align = 1;
    llvm::Value* p = record_field_address(target, &ft, &align);
    if (ft->is_record()) return copy_record(p, v, ft);
    if (ft->is_nested_array())
        unsupported(target->loc, "a nested array field is assigned as a whole only by `r.f = value` itself");
    llvm::Value* cv = convert_or_fail(v, vt, ft, target->loc);
    b.CreateAlignedStore(to_storage(b, cv, ft), p, llvm::Align(align));
}

void FunctionLowering::record_aug_assign(const AugAssign* s) {
    const Type* ft = nullptr;
    unsigned align = 1;
    llvm::Value* p = record_field_address(s->target, &ft, &align);
    llvm::Value* cur = from_storage(b, b.CreateAlignedLoad(storage_type(mod.ctx, ft), p, llvm::Align(align)), ft);
    TypedValue r = binary_values(s->op, cur, ft, expr(s->value), type_of(s->value), s->value, s->loc);
    b.CreateAlignedStore(to_storage(b, convert_or_fail(r.v, r.t, ft, s->loc), ft), p, llvm::Align(align));
}

void FunctionLowering::copy_record(llvm::Value* dst, llvm::Value* src, const Type* rec) {
    // memmove: arr[i] = arr[i] (and overlapping views) copy the same bytes safely.
    b.CreateMemMove(dst, llvm::MaybeAlign(1), src, llvm::MaybeAlign(1), b.getInt64(rec->record_size()));
}

}  // namespace ujit::codegen
