// Dicts and sets crossing the API (ujit::Value::Dict and Value::Set): the type an argument
// has, the runtime container (dicts/dict_runtime.h) an argument becomes, what the caller's
// Value takes back after the call (Numba's typed Dict is shared, its reflected set written
// back), and a result's entries copied out.
#include "pipeline/marshal.hpp"

#include <cstring>

#include <fmt/format.h>

#include "codegen/dict_fields.hpp"
#include "dicts/dict_runtime.h"
#include "nrt/nrt.h"
#include "types/infer.hpp"

namespace ujit::pipeline {

using types::Type;

namespace {

// A declared type ("int64", Numba's spelling), or the type of the first entry.
const Type* entry_type(const std::string& declared, const std::vector<Value>& entries, const char* what) {
    if (!declared.empty()) return types::parse_type(declared, {});
    if (entries.empty())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: cannot type an empty {0} argument: give its {1} (Numba's spelling, \"int64\")",
                                what, std::strcmp(what, "set") == 0 ? "item_type" : "key_type and value_type"));
    return type_of_value(entries[0]);
}

bool hashable(const Type* t) {
    if (t->is_number() || t->is_str()) return true;
    if (!t->is_tuple()) return false;
    for (const Type* e : t->elements())
        if (!hashable(e)) return false;
    return true;
}

// (offset, kind) of each number or str in a value of type t laid out as C (the layout
// codegen's lower_dicts.cpp computes from LLVM's, which is this one).
void number_fields(const Type* t, size_t base, std::vector<int64_t>& out) {
    if (t->is_complex()) {
        int64_t kind = t->bits() == 64 ? UJIT_DK_F32 : UJIT_DK_F64;
        out.insert(out.end(), {static_cast<int64_t>(base), kind, static_cast<int64_t>(base + t->bits() / 16), kind});
    } else if (t->is_number()) {
        out.insert(out.end(), {static_cast<int64_t>(base), codegen::dict_field_kind(t)});
    } else if (t->is_str()) {
        out.insert(out.end(), {static_cast<int64_t>(base), UJIT_DK_STR});
    } else if (t->is_tuple()) {
        size_t off = 0;
        for (const Type* e : t->elements()) {
            size_t a = c_align(e);
            off = (off + a - 1) / a * a;
            number_fields(e, base + off, out);
            off += c_size(e);
        }
    }
}

std::vector<int64_t> dict_layout(const Type* t) {
    const Type* kt = t->is_set() ? t->set_item() : t->dict_key();
    std::vector<int64_t> keys, values, owners;
    number_fields(kt, 0, keys);
    if (t->is_dict()) {
        number_fields(t->dict_value(), 0, values);
        owner_offsets(t->dict_value(), 0, owners);
    }
    std::vector<int64_t> words{
        static_cast<int64_t>(c_size(kt)),      t->is_dict() ? static_cast<int64_t>(c_size(t->dict_value())) : 0,
        static_cast<int64_t>(keys.size() / 2), static_cast<int64_t>(values.size() / 2),
        static_cast<int64_t>(owners.size()),   kt->is_tuple() ? 1 : 0};
    for (const auto* part : {&keys, &values, &owners}) words.insert(words.end(), part->begin(), part->end());
    return words;
}

// What a runtime container {header, payload} at `p` holds, in order: each key's and value's
// arrays and strings with references of their own (the container keeps its own).
void copy_entries(const void* p, const Type* t, std::vector<Value>& keys, std::vector<Value>* values) {
    const ujit_dict_payload* d = nullptr;
    std::memcpy(&d, static_cast<const uint8_t*>(p) + 8, sizeof d);
    const Type* kt = t->is_set() ? t->set_item() : t->dict_key();
    int64_t value_offset = ujit_dict_value_offset(d->layout[0]);
    std::vector<Value> k, v;
    for (int64_t i = 0; i < d->nentries; ++i) {
        const char* e = d->entries + i * d->entry_size;
        int64_t hash = 0;
        std::memcpy(&hash, e, sizeof hash);
        if (hash == -1) continue;  // a deleted entry
        k.push_back(copy_compiled_value(e + 8, kt));
        if (values) v.push_back(copy_compiled_value(e + value_offset, t->dict_value()));
    }
    keys = std::move(k);
    if (values) *values = std::move(v);
}

}  // namespace

const Type* container_type_of(const Value& v) {
    if (v.is_set()) {
        const Type* item = entry_type(v.set().item_type, v.set().items, "set");
        if (!hashable(item))
            throw Error(Error::Kind::Argument,
                        fmt::format("error: a set of {} cannot be passed: set items are numbers, str or tuples of them",
                                    item->str()));
        return types::set_of(item);
    }
    const Value::Dict& d = v.dict();
    if (d.keys.size() != d.values.size())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: a dict argument has {} keys and {} values", d.keys.size(), d.values.size()));
    const Type* key = entry_type(d.key_type, d.keys, "dict");
    const Type* value = entry_type(d.value_type, d.values, "dict");
    if (!hashable(key))
        throw Error(Error::Kind::Argument,
                    fmt::format("error: a dict with {} keys cannot be passed: keys are numbers, str or tuples of them",
                                key->str()));
    if (value->is_dict() || value->is_set() || value->kind() == types::Kind::None)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: a dict of {} values cannot be passed as an argument", value->str()));
    return types::dict_of(key, value);
}

// A dict or set argument: a new runtime container of the Value's entries, {header, payload}
// at `out`.
void PackedArgs::write_dict(const Value& v, const Type* t, uint8_t* out) {
    if (t->is_set() ? !v.is_set() : !v.is_dict())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: expected a {} ({})", t->is_set() ? "set" : "dict", t->str()));
    const Type* kt = t->is_set() ? t->set_item() : t->dict_key();
    const Type* vt = t->is_dict() ? t->dict_value() : nullptr;
    std::vector<int64_t> layout = dict_layout(t);
    dicts_.reserve(dicts_.size() + 1);
    ujit_nrt_meminfo* mi = ujit_dict_new(layout.data());
    if (!mi) throw std::bad_alloc();
    ujit_nrt_dies_with_call(mi);  // what the call stores in it is freed by a raise, as the dict is
    dicts_.push_back({&v, t, mi});  // released by the destructor, whatever happens below
    auto* payload = static_cast<ujit_dict_payload*>(ujit_nrt_data(mi));
    std::memcpy(out, &mi, sizeof mi);
    std::memcpy(out + 8, &payload, sizeof payload);
    const std::vector<Value>& keys = t->is_set() ? v.set().items : v.dict().keys;
    // 16-byte aligned scratch for one key and one value (the widest alignment is complex128's)
    std::vector<uint64_t> key((c_size(kt) + 15) / 8 + 2), value(vt ? (c_size(vt) + 15) / 8 + 2 : 0);
    for (size_t i = 0; i < keys.size(); ++i) {
        std::memset(key.data(), 0, key.size() * 8);
        write_item(keys[i], kt, reinterpret_cast<uint8_t*>(key.data()));
        if (vt) {
            std::memset(value.data(), 0, value.size() * 8);
            write_item(v.dict().values[i], vt, reinterpret_cast<uint8_t*>(value.data()));
        }
        // The dict takes the value's container references and retains a new key itself.
        const bool inserted = ujit_dict_insert(payload, key.data(), vt ? value.data() : nullptr) == 0;
        release_value(key.data(), kt);
        if (!inserted) {
            if (vt) release_value(value.data(), vt);
            throw std::bad_alloc();
        }
    }
}

void PackedArgs::reflect_dicts() {
    for (const DictArg& d : dicts_) {
        uint8_t slot[16];
        void* payload = ujit_nrt_data(static_cast<ujit_nrt_meminfo*>(d.mi));
        std::memcpy(slot, &d.mi, 8);
        std::memcpy(slot + 8, &payload, 8);
        if (d.type->is_set()) {
            copy_entries(slot, d.type, d.value->set_entries().items, nullptr);
        } else {
            Value::Dict& dict = d.value->dict_entries();
            copy_entries(slot, d.type, dict.keys, &dict.values);
        }
    }
}

// A dict or set result: its entries copied out in order (a dict's insertion order, as
// Python's), with its types so that it can be passed back even when empty, then the
// result's reference to the container released.
Value container_value(const void* p, const Type* t) {
    void* mi = nullptr;
    std::memcpy(&mi, p, sizeof mi);
    ArrayOwner holder = ArrayOwner::adopt(mi);  // released when this returns, or throws
    if (t->is_set()) {
        Value::Set set;
        set.item_type = t->set_item()->str();
        copy_entries(p, t, set.items, nullptr);
        return Value(std::move(set));
    }
    Value::Dict dict;
    dict.key_type = t->dict_key()->str();
    dict.value_type = t->dict_value()->str();
    copy_entries(p, t, dict.keys, &dict.values);
    return Value(std::move(dict));
}

}  // namespace ujit::pipeline
