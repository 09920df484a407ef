// Between ujit::Value (dynamic) and the packed calling convention (codegen/abi.hpp).
#pragma once

#include "types/type.hpp"
#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace ujit::pipeline {

const types::Type* type_of_dtype(DType t);
DType dtype_of_type(const types::Type* t);  // scalar types only; throws otherwise
// The type Numba gives an argument value: int → int64, float → float64, arrays by
// dtype/ndim/contiguity (C if C-contiguous, F if only F-contiguous, else A).
const types::Type* type_of_value(const Value& v);

// Size and alignment of a value type laid out as a C struct member (bool = 1 byte).
size_t c_size(const types::Type* t);
size_t c_align(const types::Type* t);

// Argument storage for one packed call; pointers stay valid while this object lives.
class PackedArgs {
public:
    PackedArgs(const Value* args, size_t n_args, const std::vector<const types::Type*>& types);
    PackedArgs(const PackedArgs&) = delete;  // ptrs_ may point into this object
    PackedArgs& operator=(const PackedArgs&) = delete;
    void** data() { return ptrs_; }
    ~PackedArgs();
    // After a call that returned: each list, dict and set argument's Value (shared with the
    // caller) takes what the compiled code left in its container (Numba's reflection of a
    // list or set argument; a typed Dict is shared).
    void reflect_containers();

private:
    struct ListArg {
        const uint8_t* slot;  // {header, payload} (lists/list_runtime.h)
        const Value* value;
        const types::Type* type;
    };
    std::vector<ListArg> lists_;
    // What marshalling places in a container (a list's item, a dict's key or value: arrays,
    // str and lists, at any depth) has a reference of ours, released after the call whatever
    // happened (made_lists_ for lists, taken_owners_ for the rest), and one the container
    // holds, released by the container, or by the call when it replaces or removes the item.
    // After a raise the containers may hold what the raise freed (nrt.h): they forget their
    // items, but for their references to these (forget_items_after_raise).
    std::vector<void*> made_lists_, taken_owners_;
    bool returned_ = false;
    // Dict and set arguments (marshal_dicts.cpp): each runtime container made, released by
    // the destructor.
    struct DictArg {
        const Value* value;
        const types::Type* type;
        void* mi;
    };
    std::vector<DictArg> dicts_;
    void write_dict(const Value& v, const types::Type* t, uint8_t* out);
    void reflect_dicts();
    void forget_items_after_raise();
    // The destructor's work; also the constructor's when storing an argument throws (the
    // destructor does not run then, and the containers made so far would leak).
    void release_containers();
    // Every argument's bytes (scalars, tuples, array views with their shapes and strides)
    // in one arena, 16-byte aligned slots: inline for the usual few arguments, so a
    // dynamic call allocates nothing here.
    static size_t slot_bytes(const types::Type* t);
    void* store(const Value& v, const types::Type* t, uint8_t* slot);
    void write_tuple_or_scalar(const Value& v, const types::Type* t, uint8_t* out);
    void write_list(const Value& v, const types::Type* t, uint8_t* out);
    void write_item(const Value& v, const types::Type* t, uint8_t* out);
    // A str argument: the struct ujit_str (src/strings/str_abi.h) of a new string holding
    // its code points, whose reference `owners` records (str_owners_ for an argument itself,
    // taken_owners_ for a container's item), released after the call.
    // Owned, not borrowed, because compiled code may keep it past the call: in a jitclass
    // field, a typed List or Dict (Numba's unboxed str likewise holds the Python object).
    void write_str(const Value& v, uint8_t* out, std::vector<void*>& owners);
    std::vector<void*> str_owners_;
    void release_strings();
    alignas(16) uint8_t inline_[512];
    std::vector<uint8_t> heap_;  // when inline_ is too small
    void* inline_ptrs_[16];
    std::vector<void*> heap_ptrs_;  // more than 16 arguments
    void** ptrs_ = inline_ptrs_;
};

// Writes scalar `v` converted to type `t` into `out` (c_size(t) bytes).
void write_scalar(const Value& v, const types::Type* t, void* out);
// Reads a result laid out per abi.hpp, taking over the reference each of its arrays carries
// (the Value owns them: see ujit::Value).
Value read_value(const void* p, const types::Type* t);
// The items a compiled list {header, payload} at `p` holds now, as a new list Value (new
// references to its arrays; the compiled list keeps its own).
Value copy_list_items(const void* p, const types::Type* list_type);
// The value of type `t` at `p` (a compiled value), with new references of its own.
Value copy_compiled_value(const void* p, const types::Type* t);
// Releases the references a compiled value of type `t` at `p` holds (its arrays', str's, lists').
void release_value(const void* p, const types::Type* t);
// Byte offsets of the nrt headers inside a value of type `t` laid out as C, from `base`.
void owner_offsets(const types::Type* t, size_t base, std::vector<int64_t>& out);
// Dicts and sets (marshal_dicts.cpp): an argument's type (DictType[k,v] from its declared
// types or first entry; a set of its items' type), and a result {header, payload} copied out
// (the result's reference released).
const types::Type* container_type_of(const Value& v);
Value container_value(const void* p, const types::Type* t);

}  // namespace ujit::pipeline
