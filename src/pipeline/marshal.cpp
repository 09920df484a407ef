#include "pipeline/marshal.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_set>

#include <fmt/format.h>

#include "dicts/dict_runtime.h"
#include "lists/list_runtime.h"
#include "nrt/nrt.h"
#include "pipeline/record_values.hpp"
#include "runtime/scalar.hpp"
#include "runtime/shape.hpp"
#include "strings/str_abi.h"
#include "strings/str_alloc.hpp"
#include "strings/str_convert.hpp"
#include "types/infer.hpp"
#include "types/optional_rules.hpp"

namespace ujit::pipeline {

using types::Kind;
using types::Type;

const Type* type_of_dtype(DType t) {
    if (is_datetime64(t)) return types::datetime64(static_cast<int>(time_unit(t)));  // dt64
    if (is_timedelta64(t)) return types::timedelta64(static_cast<int>(time_unit(t)));
    switch (t) {
    case DType::Bool: return types::boolean();
    case DType::Int8: return types::integer(8, true);
    case DType::Int16: return types::integer(16, true);
    case DType::Int32: return types::integer(32, true);
    case DType::Int64: return types::integer(64, true);
    case DType::UInt8: return types::integer(8, false);
    case DType::UInt16: return types::integer(16, false);
    case DType::UInt32: return types::integer(32, false);
    case DType::UInt64: return types::integer(64, false);
    case DType::Float16: return types::floating(16);
    case DType::Float32: return types::floating(32);
    case DType::Float64: return types::floating(64);
    case DType::Complex64: return types::complex(64);
    case DType::Complex128: return types::complex(128);
    case DType::Datetime64:
    case DType::Timedelta64: break;  // above
    }
    return nullptr;
}

DType dtype_of_type(const Type* t) {
    if (t->is_enum()) return dtype_of_type(t->enum_value());  // a member crosses as its value
    if (t->is_bfloat16() || t->is_fp8())  // bf16: values of CUDA kernels only, as in numba-cuda
        throw Error(Error::Kind::Argument,
                    fmt::format("error: {} values cannot cross between compiled code and its caller (NumPy has no "
                                "such dtype); convert them to float32 in the kernel",
                                t->str()));
    switch (t->kind()) {
    case Kind::Bool: return DType::Bool;
    case Kind::Int:
        switch (t->bits()) {
        case 8: return t->is_signed() ? DType::Int8 : DType::UInt8;
        case 16: return t->is_signed() ? DType::Int16 : DType::UInt16;
        case 32: return t->is_signed() ? DType::Int32 : DType::UInt32;
        default: return t->is_signed() ? DType::Int64 : DType::UInt64;
        }
    case Kind::Float: return t->bits() == 16 ? DType::Float16 : t->bits() == 32 ? DType::Float32 : DType::Float64;
    case Kind::Complex: return t->bits() == 64 ? DType::Complex64 : DType::Complex128;
    case Kind::Datetime: return datetime64(static_cast<TimeUnit>(t->time_unit()));  // dt64
    case Kind::Timedelta: return timedelta64(static_cast<TimeUnit>(t->time_unit()));
    default: throw Error(Error::Kind::Argument, fmt::format("error: {} is not a scalar type", t->str()));
    }
}

const Type* type_of_value(const Value& v) {
    if (v.is_none()) return types::none();
    if (v.is_scalar()) return type_of_dtype(v.scalar().type);
    if (v.is_str()) return types::unicode();
    if (v.is_array() && v.array().is_record()) return record_value_type(v.array());
    if (v.is_array()) {
        const ArrayRef& a = v.array();
        if (a.ndim() > 8)
            throw Error(Error::Kind::Argument,
                        fmt::format("error: arrays of {} dimensions are not supported (0 to 8)", a.ndim()));
        types::Layout layout = a.is_c_contiguous()   ? types::Layout::C
                               : a.is_f_contiguous() ? types::Layout::F
                                                     : types::Layout::A;
        return types::array(type_of_dtype(a.dtype), a.ndim(), layout, a.readonly);
    }
    if (v.is_list() && !v.list_typed_item().empty())  // numba.typed.List
        return types::list_of(types::parse_type(v.list_typed_item(), {}), Type::ListFlavor::Typed);
    if (v.is_list()) {  // Numba's typeof: a reflected list of its first item's type
        if (v.list().empty()) throw Error(Error::Kind::Argument, "error: cannot type an empty list argument");
        return types::list_of(type_of_value(v.list()[0]), Type::ListFlavor::Reflected);
    }
    if (v.is_dict() || v.is_set()) return container_type_of(v);
    if (v.is_generator())  // its state lives in another call's compiled code
        throw Error(Error::Kind::Argument, "error: a generator cannot be passed to a compiled function from the host");
    std::vector<const Type*> elems;
    for (const Value& e : v.tuple()) elems.push_back(type_of_value(e));
    return types::tuple(std::move(elems));
}

size_t c_align(const Type* t) {
    if (t->is_enum()) return c_align(t->enum_value());
    if (t->is_optional()) return c_align(types::optional_struct(t));
    if (t->is_tuple()) {
        size_t a = 1;
        for (const Type* e : t->elements()) a = std::max(a, c_align(e));
        return a;
    }
    if (t->is_complex()) return t->bits() / 16;
    if (t->is_array() || t->is_list() || t->is_str() || t->is_dict() || t->is_set() || t->is_generator() ||
        t->is_jitclass())
        return 8;
    return std::max<size_t>(1, c_size(t));
}

size_t c_size(const Type* t) {
    if (t->is_enum()) return c_size(t->enum_value());
    if (t->is_optional()) return c_size(types::optional_struct(t));
    switch (t->kind()) {
    case Kind::None: return 0;
    case Kind::Bool: return 1;
    case Kind::Int:
    case Kind::Float: return t->bits() / 8;
    case Kind::Complex: return t->bits() / 8;
    case Kind::Datetime:
    case Kind::Timedelta: return 8;  // dt64: an int64 count
    case Kind::Tuple: {
        size_t off = 0;
        for (const Type* e : t->elements()) {
            size_t a = c_align(e);
            off = (off + a - 1) / a * a + c_size(e);
        }
        size_t a = c_align(t);
        return (off + a - 1) / a * a;
    }
    // A result's array struct (codegen/abi.hpp): data, shape[N], strides[N], owner.
    case Kind::Array: return 16 + 16 * size_t(t->ndim());
    case Kind::List: return 16;  // {header, payload}: lists/list_runtime.h
    case Kind::Str: return sizeof(ujit_str);
    case Kind::Dict:
    case Kind::Set: return 16;        // {header, payload}: dicts/dict_runtime.h
    case Kind::Generator: return 16;  // {meminfo, coroutine handle}: codegen/lower_generators.cpp
    case Kind::JitClass: return 16;   // {meminfo, data}: codegen/lower_jitclass.cpp
    default: return 0;
    }
}

void write_scalar(const Value& v, const Type* t, void* out) {
    if (t->is_datetime_like()) {  // dt64: only a value of its own dtype (its unit), as Numba dispatches
        if (!v.is_scalar() || v.scalar().type != dtype_of_type(t))
            throw Error(Error::Kind::Argument, fmt::format("error: expected a {} argument", t->str()));
        std::memcpy(out, &v.scalar().i, sizeof(int64_t));
        return;
    }
    if (!v.is_scalar() || !t->is_number())
        throw Error(Error::Kind::Argument, fmt::format("error: expected a {} argument", t->str()));
    DType from = v.scalar().type;
    if ((from == DType::Complex64 || from == DType::Complex128) && !t->is_complex())
        throw Error(Error::Kind::Argument, fmt::format("error: cannot pass a complex value as {}", t->str()));
    runtime::store_scalar(v.scalar(), dtype_of_type(t), out);
}

PackedArgs::PackedArgs(const Value* args, size_t n_args, const std::vector<const Type*>& types) {
    if (n_args != types.size())
        throw Error(Error::Kind::Argument, fmt::format("error: expected {} arguments, got {}", types.size(), n_args));
    size_t total = 0;
    for (const Type* t : types) total += slot_bytes(t);
    uint8_t* arena = inline_;
    if (total > sizeof inline_) {
        heap_.resize(total + 15);
        arena = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(heap_.data()) + 15) & ~uintptr_t(15));
    }
    if (n_args > std::size(inline_ptrs_)) {
        heap_ptrs_.resize(n_args);
        ptrs_ = heap_ptrs_.data();
    }
    try {
        for (size_t i = 0; i < n_args; ++i) {
            ptrs_[i] = store(args[i], types[i], arena);
            arena += slot_bytes(types[i]);
        }
    } catch (...) {
        release_containers();  // as after a raise: no call happened, nothing reflects back
        release_strings();
        throw;
    }
}

size_t PackedArgs::slot_bytes(const Type* t) {
    size_t n = t->is_array() ? sizeof(ujit_array_view) + 2 * sizeof(int64_t) * size_t(t->ndim())
                             : std::max<size_t>(c_size(t), 16);
    return (n + 15) / 16 * 16;
}

void* PackedArgs::store(const Value& v, const Type* t, uint8_t* slot) {
    if (t->is_record()) {  // one record, by reference: compiled code reads and writes its bytes
        if (!v.is_array() || !v.array().is_record() || v.array().ndim() != 0 || record_value_type(v.array()) != t)
            throw Error(Error::Kind::Argument, fmt::format("error: expected a record of type {}", t->str()));
        return v.array().data;
    }
    if (t->is_array()) {
        if (!v.is_array()) throw Error(Error::Kind::Argument, fmt::format("error: expected an array ({})", t->str()));
        const ArrayRef& a = v.array();
        if (a.is_record() != t->dtype()->is_record() ||
            (a.is_record() && (a.ndim() != t->ndim() || record_type_of(a.record) != t->dtype())))
            throw Error(Error::Kind::Argument,
                        fmt::format("error: expected {}, got an array of {} with {} dimensions", t->str(),
                                    a.is_record() ? a.record : dtype_name(a.dtype), a.ndim()));
        if (a.ndim() != t->ndim() || (!a.is_record() && type_of_dtype(a.dtype) != t->dtype()))
            throw Error(Error::Kind::Argument, fmt::format("error: expected {}, got an array of {} with {} dimensions",
                                                           t->str(), dtype_name(a.dtype), a.ndim()));
        auto* view = reinterpret_cast<ujit_array_view*>(slot);
        auto* shape = reinterpret_cast<int64_t*>(slot + sizeof(ujit_array_view));
        int64_t* strides = shape + a.ndim();
        std::copy(a.shape.begin(), a.shape.end(), shape);
        if (a.strides.empty()) {  // a view without strides is C-contiguous
            std::vector<int64_t> c = runtime::c_strides(a.shape, a.item_bytes());
            std::copy(c.begin(), c.end(), strides);
        } else {
            std::copy(a.strides.begin(), a.strides.end(), strides);
        }
        *view = ujit_array_view{a.data, shape, strides};
        return view;
    }
    std::memset(slot, 0, slot_bytes(t));
    if (t->is_dict() || t->is_set()) {
        write_dict(v, t, slot);
        return slot;
    }
    if (t->is_list()) {
        lists_.push_back({slot, &v, t});
        write_list(v, t, slot);
        return slot;
    }
    write_tuple_or_scalar(v, t, slot);
    return slot;
}

PackedArgs::~PackedArgs() {
    release_containers();
    release_strings();
}

void PackedArgs::release_strings() {
    for (void* owner : str_owners_) ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(owner));
    str_owners_.clear();
}

void PackedArgs::release_containers() {
    auto release = [this](void* mi) {
        if (returned_)
            ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(mi));
        else  // the raise skipped the compiled frames' releases of them: they go whatever their count
            ujit_nrt_release_last(static_cast<ujit_nrt_meminfo*>(mi));
    };
    if (!returned_) forget_items_after_raise();
    for (const DictArg& d : dicts_) release(d.mi);
    for (auto it = made_lists_.rbegin(); it != made_lists_.rend(); ++it) release(*it);
    for (void* owner : taken_owners_) ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(owner));
}

// After a raise: each container forgets its items without releasing them (the raise freed
// what the call made), but for its references to what marshalling placed in it or to a str
// argument the call stored, which ours keep alive until release_containers.
void PackedArgs::forget_items_after_raise() {
    std::unordered_set<const void*> ours(taken_owners_.begin(), taken_owners_.end());
    ours.insert(made_lists_.begin(), made_lists_.end());
    ours.insert(str_owners_.begin(), str_owners_.end());  // a str argument the call stored
    for (const DictArg& d : dicts_)
        ujit_dict_forget_after_raise(
            static_cast<ujit_dict_payload*>(ujit_nrt_data(static_cast<ujit_nrt_meminfo*>(d.mi))),
            [](const ujit_nrt_meminfo* mi, void* set) -> int32_t {
                return static_cast<const std::unordered_set<const void*>*>(set)->count(mi) != 0;
            },
            &ours);
    for (void* list : made_lists_) {
        auto* l = static_cast<ujit_list_payload*>(ujit_nrt_data(static_cast<ujit_nrt_meminfo*>(list)));
        for (int64_t i = 0; i < l->size; ++i)
            for (int64_t k = 0; k < l->n_owners; ++k) {
                ujit_nrt_meminfo* mi = nullptr;
                std::memcpy(&mi, l->items + i * l->itemsize + l->owner_offsets[k], sizeof mi);
                if (ours.count(mi)) ujit_nrt_decref(mi);
            }
        l->size = 0;
    }
}

void PackedArgs::reflect_containers() {
    returned_ = true;
    reflect_dicts();
    for (const ListArg& l : lists_) {
        Value now = copy_list_items(l.slot, l.type);
        l.value->list_items() = std::move(now.list_items());
    }
}

// Byte offsets of the nrt headers inside one item of type `t` (what codegen's
// lower_lists.cpp computes from LLVM's layout, which is this C layout).
void owner_offsets(const Type* t, size_t base, std::vector<int64_t>& out) {
    if (t->is_optional()) return owner_offsets(t->optional_of(), base, out);  // {payload, valid}
    if (t->is_list()) return out.push_back(static_cast<int64_t>(base));
    if (t->is_array()) return out.push_back(static_cast<int64_t>(base + c_size(t) - 8));
    if (t->is_str()) return out.push_back(static_cast<int64_t>(base + offsetof(ujit_str, owner)));
    if (!t->is_tuple()) return;
    size_t off = 0;
    for (const Type* e : t->elements()) {
        size_t a = c_align(e);
        off = (off + a - 1) / a * a;
        owner_offsets(e, base + off, out);
        off += c_size(e);
    }
}

// A list: a new runtime list of the Value's items (arrays borrowed, or referenced when they
// have an owner), {header, payload} at `out`; its one reference is ours (made_lists_).
void PackedArgs::write_list(const Value& v, const Type* t, uint8_t* out) {
    if (!v.is_list()) throw Error(Error::Kind::Argument, fmt::format("error: expected a list ({})", t->str()));
    const Type* item = t->item();
    std::vector<int64_t> offsets;
    owner_offsets(item, 0, offsets);
    const std::vector<Value>& items = v.list();
    size_t size = c_size(item);
    ujit_nrt_meminfo* mi = ujit_list_new(static_cast<int64_t>(size), static_cast<int64_t>(items.size()), offsets.data(),
                                         static_cast<int64_t>(offsets.size()));
    if (!mi) throw std::bad_alloc();
    ujit_nrt_dies_with_call(mi);  // what the call stores in it is freed by a raise, as the list is
    made_lists_.reserve(made_lists_.size() + 1 + items.size());
    made_lists_.push_back(mi);
    auto* payload = static_cast<ujit_list_payload*>(ujit_nrt_data(mi));
    std::memcpy(out, &mi, sizeof mi);
    std::memcpy(out + 8, &payload, sizeof payload);
    for (const Value& x : items) {  // size grows item by item: a throw releases what is in
        write_item(x, item, reinterpret_cast<uint8_t*>(payload->items) + payload->size * payload->itemsize);
        ++payload->size;
    }
}

// An item of a container at `out`: each array, str and list in it with a reference of ours
// and one the container holds (see made_lists_).
void PackedArgs::write_item(const Value& v, const Type* t, uint8_t* out) {
    if (t->is_list()) {
        write_list(v, t, out);
        ujit_nrt_incref(static_cast<ujit_nrt_meminfo*>(made_lists_.back()));  // the container's
        return;
    }
    if (t->is_array()) {
        if (!v.is_array() || v.array().ndim() != t->ndim() || type_of_dtype(v.array().dtype) != t->dtype())
            throw Error(Error::Kind::Argument, fmt::format("error: expected {} as a list item", t->str()));
        const ArrayRef& a = v.array();
        std::vector<int64_t> strides = a.strides.empty() ? runtime::c_strides(a.shape, itemsize(a.dtype)) : a.strides;
        void* owner = v.owner().meminfo();
        if (owner) {
            taken_owners_.push_back(owner);  // (reserve first: the references are taken after)
            ujit_nrt_incref(static_cast<ujit_nrt_meminfo*>(owner));  // ours
            ujit_nrt_incref(static_cast<ujit_nrt_meminfo*>(owner));  // the container's
        }
        std::memcpy(out, &a.data, sizeof(void*));
        std::memcpy(out + 8, a.shape.data(), 8 * a.shape.size());
        std::memcpy(out + 8 + 8 * a.shape.size(), strides.data(), 8 * strides.size());
        std::memcpy(out + 8 + 16 * a.shape.size(), &owner, sizeof owner);
        return;
    }
    if (t->is_str()) {
        write_str(v, out, taken_owners_);
        ujit_nrt_incref(static_cast<ujit_nrt_meminfo*>(taken_owners_.back()));  // the container's
        return;
    }
    if (t->is_tuple()) {
        if (!v.is_tuple() || v.tuple().size() != t->elements().size())
            throw Error(Error::Kind::Argument, fmt::format("error: expected a tuple {}", t->str()));
        size_t off = 0;
        for (size_t k = 0; k < t->elements().size(); ++k) {
            const Type* e = t->elements()[k];
            size_t a = c_align(e);
            off = (off + a - 1) / a * a;
            write_item(v.tuple()[k], e, out + off);
            off += c_size(e);
        }
        return;
    }
    write_scalar(v, t, out);
}

void PackedArgs::write_str(const Value& v, uint8_t* out, std::vector<void*>& owners) {
    if (!v.is_str()) throw Error(Error::Kind::Argument, "error: expected a str argument");
    const std::u32string text = strings::from_utf8(v.str());
    owners.reserve(owners.size() + 1);  // (first: the reference below must not leak on a throw)
    ujit_str s{};
    uint32_t* data = strings::try_new_string(static_cast<int64_t>(text.size()), &s);
    if (!data) throw Error(Error::Kind::Runtime, "MemoryError: cannot allocate a str argument");
    strings::copy_cps(data, reinterpret_cast<const uint32_t*>(text.data()), s.length);
    owners.push_back(s.owner);
    std::memcpy(out, &s, sizeof s);
}

// A tuple is a C struct of its elements at their natural alignment, nested tuples as
// nested structs (the layout read_value reads back).
void PackedArgs::write_tuple_or_scalar(const Value& v, const Type* t, uint8_t* out) {
    if (t->kind() == Kind::None && v.is_none()) return;  // None: nothing to pass
    if (t->is_str()) return write_str(v, out, str_owners_);
    if (!t->is_tuple()) return write_scalar(v, t, out);
    if (!v.is_tuple() || v.tuple().size() != t->elements().size())
        throw Error(Error::Kind::Argument, fmt::format("error: expected a tuple {}", t->str()));
    size_t off = 0;
    for (size_t k = 0; k < t->elements().size(); ++k) {
        const Type* e = t->elements()[k];
        size_t a = c_align(e);
        off = (off + a - 1) / a * a;
        if (e->is_array()) throw Error(Error::Kind::Argument, "error: arrays inside tuple arguments are not supported");
        write_tuple_or_scalar(v.tuple()[k], e, out + off);
        off += c_size(e);
    }
}

namespace {

// Whether an Optional(T) at `p`, laid out as the C struct {T payload; bool valid;}
// (types::optional_struct), holds a value.
bool optional_present(const void* p, const Type* t) {
    return static_cast<const uint8_t*>(p)[c_size(t->optional_of())] != 0;
}

// The fields of an array result's struct (codegen/abi.hpp).
struct ArrayFields {
    void* data;
    const int64_t* shape;
    const int64_t* strides;
    void* owner;
};

ArrayFields array_fields(const void* p, const Type* t) {
    auto* bytes = static_cast<const uint8_t*>(p);
    ArrayFields f;
    std::memcpy(&f.data, bytes, sizeof(void*));
    f.shape = reinterpret_cast<const int64_t*>(bytes + 8);
    f.strides = f.shape + t->ndim();
    std::memcpy(&f.owner, bytes + 8 + 16 * size_t(t->ndim()), sizeof(void*));
    return f;
}

// Calls `visit(p, t)` for every array in a result of type `t` at `p`, in order.
template <class F> void for_each_array(const void* p, const Type* t, F&& visit) {
    if (t->is_array()) return visit(p, t);
    if (!t->is_tuple()) return;
    size_t off = 0;
    for (const Type* e : t->elements()) {
        size_t a = c_align(e);
        off = (off + a - 1) / a * a;
        for_each_array(static_cast<const uint8_t*>(p) + off, e, visit);
        off += c_size(e);
    }
}

// Builds the Value, taking each array's owner (in order) from `owners`.
Value build_value(const void* p, const Type* t, ArrayOwner*& owners) {
    if (t->is_enum()) return build_value(p, t->enum_value(), owners);  // the C++ API gets the value
    switch (t->kind()) {
    case Kind::None: return Value();
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Complex:
    case Kind::Datetime:
    case Kind::Timedelta: return Value(runtime::load_scalar(dtype_of_type(t), p));
    case Kind::Str: {  // copied out as UTF-8, then the result's reference is released
        ujit_str s;
        std::memcpy(&s, p, sizeof s);
        std::string text = strings::to_utf8(s.data, s.length);
        ujit_nrt_decref(s.owner);
        return Value(std::move(text));
    }
    case Kind::Array: {
        ArrayFields f = array_fields(p, t);
        ArrayRef a;
        a.data = f.data;
        a.dtype = dtype_of_type(t->dtype());
        a.shape.assign(f.shape, f.shape + t->ndim());
        a.strides.assign(f.strides, f.strides + t->ndim());
        a.readonly = t->is_readonly();
        return Value(std::move(a), std::move(*owners++));
    }
    case Kind::Dict:
    case Kind::Set: return container_value(p, t);
    case Kind::JitClass: {  // its header's address, owning the reference the call returned (the Python
                            // package boxes it: ujit/experimental/_jitclass.py)
        void* meminfo = nullptr;
        std::memcpy(&meminfo, p, sizeof meminfo);
        return Value(static_cast<long long>(reinterpret_cast<intptr_t>(meminfo)));
    }
    case Kind::Tuple: {
        Value::Tuple out;
        size_t off = 0;
        for (const Type* e : t->elements()) {
            size_t a = c_align(e);
            off = (off + a - 1) / a * a;
            out.push_back(build_value(static_cast<const uint8_t*>(p) + off, e, owners));
            off += c_size(e);
        }
        return Value(std::move(out));
    }
    default: throw Error(Error::Kind::Internal, fmt::format("error: cannot return a value of type {}", t->str()));
    }
}

}  // namespace

namespace {

bool holds_list(const Type* t) {
    if (t->is_list()) return true;
    if (!t->is_tuple()) return false;
    for (const Type* e : t->elements())
        if (holds_list(e)) return true;
    return false;
}

// A Python number for a list item, as Numba boxes one (float32 → float, int32 → int).
Value boxed_item(Value v) {
    if (!v.is_scalar()) return v;
    Value::Scalar s = v.scalar();
    switch (s.type) {
    case DType::Float16:
    case DType::Float32: return Value(s.f);
    case DType::Complex64: return Value(s.c);
    case DType::Bool:
    case DType::Int64:
    case DType::UInt64:
    case DType::Float64:
    case DType::Complex128: return v;
    default: return Value(static_cast<int64_t>(s.i));
    }
}

// A Value of what `p` (type `t`) holds, with new references of its own to every array:
// the compiled value keeps its references.
Value copy_value(const void* p, const Type* t) {
    if (t->is_enum()) return copy_value(p, t->enum_value());
    if (t->is_optional()) return optional_present(p, t) ? copy_value(p, t->optional_of()) : Value();
    if (t->is_dict() || t->is_set()) {  // build_value releases a reference: take one of our own first
        void* mi = nullptr;
        std::memcpy(&mi, p, sizeof mi);
        ujit_nrt_incref(static_cast<ujit_nrt_meminfo*>(mi));
        ArrayOwner* none = nullptr;
        return build_value(p, t, none);
    }
    switch (t->kind()) {
    case Kind::Array: {
        ujit_nrt_meminfo* owner = static_cast<ujit_nrt_meminfo*>(array_fields(p, t).owner);
        ujit_nrt_incref(owner);
        ArrayOwner held = ArrayOwner::adopt(owner);
        ArrayOwner* next = &held;
        return build_value(p, t, next);
    }
    case Kind::Str: {  // build_value releases a reference: take one of our own first
        ujit_str str;
        std::memcpy(&str, p, sizeof str);
        ujit_nrt_incref(str.owner);
        ArrayOwner* none = nullptr;
        return build_value(p, t, none);
    }
    case Kind::List: {
        void* payload = nullptr;
        std::memcpy(&payload, static_cast<const uint8_t*>(p) + 8, sizeof payload);
        auto* l = static_cast<const ujit_list_payload*>(payload);
        std::vector<Value> out;
        out.reserve(static_cast<size_t>(l->size));
        for (int64_t i = 0; i < l->size; ++i)
            out.push_back(boxed_item(copy_value(l->items + i * l->itemsize, t->item())));
        if (t->flavor() == Type::ListFlavor::Typed)  // a ListType: a typed list of its item type, as Numba boxes it
            return Value::typed_list(std::move(out), t->item()->str());
        return Value::list_of(std::move(out));
    }
    case Kind::Tuple: {
        Value::Tuple out;
        size_t off = 0;
        for (const Type* e : t->elements()) {
            size_t a = c_align(e);
            off = (off + a - 1) / a * a;
            out.push_back(copy_value(static_cast<const uint8_t*>(p) + off, e));
            off += c_size(e);
        }
        return Value(std::move(out));
    }
    default: {
        ArrayOwner* none = nullptr;
        return build_value(p, t, none);
    }
    }
}

}  // namespace

void release_value(const void* p, const Type* t) {
    if (t->is_optional()) return release_value(p, t->optional_of());  // None's zero payload: null owners
    if (t->is_str()) {
        ujit_str str;
        std::memcpy(&str, p, sizeof str);
        return ujit_nrt_decref(str.owner);
    }
    if (t->is_array() || t->is_list()) {
        void* owner = nullptr;
        std::memcpy(&owner, static_cast<const uint8_t*>(p) + (t->is_list() ? 0 : c_size(t) - 8), sizeof owner);
        ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(owner));
        return;
    }
    if (!t->is_tuple()) return;
    size_t off = 0;
    for (const Type* e : t->elements()) {
        size_t a = c_align(e);
        off = (off + a - 1) / a * a;
        release_value(static_cast<const uint8_t*>(p) + off, e);
        off += c_size(e);
    }
}

Value copy_list_items(const void* p, const Type* list_type) { return copy_value(p, list_type); }

Value copy_compiled_value(const void* p, const Type* t) { return copy_value(p, t); }

Value read_value(const void* p, const Type* t) {
    // An Optional: its payload, or None (whose zero payload holds no reference).
    if (t->is_optional()) return optional_present(p, t) ? read_value(p, t->optional_of()) : Value();
    if (holds_list(t)) {  // the result's references are released once copied
        struct Release {
            const void* p;
            const Type* t;
            ~Release() { release_value(p, t); }
        } release{p, t};
        return copy_value(p, t);
    }
    if (!t->is_array() && !t->is_tuple()) {
        ArrayOwner* none = nullptr;
        return build_value(p, t, none);
    }
    // The result holds one reference per array; each is adopted before anything that can
    // throw, so that a failure here (out of memory) still releases every one of them.
    if (t->is_array()) {  // one array: no list of owners (a malloc less per call)
        ArrayOwner owner = ArrayOwner::adopt(array_fields(p, t).owner);
        ArrayOwner* next = &owner;
        return build_value(p, t, next);
    }
    std::vector<ArrayOwner> owners;
    size_t n = 0;
    for_each_array(p, t, [&](const void*, const Type*) { ++n; });
    try {
        owners.reserve(n);
    } catch (...) {
        for_each_array(p, t, [](const void* q, const Type* a) {
            ArrayOwner::adopt(array_fields(q, a).owner);  // released at once
        });
        throw;
    }
    for_each_array(
        p, t, [&](const void* q, const Type* a) { owners.push_back(ArrayOwner::adopt(array_fields(q, a).owner)); });
    ArrayOwner* next = owners.data();
    return build_value(p, t, next);
}

}  // namespace ujit::pipeline
