// Interned types: one object per distinct type, created under a lock, never freed.
#include "types/type.hpp"

#include "syntax/ast.hpp"
#include "types/datetime_units.hpp"
#include "types/named_tuples.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace ujit::types {

namespace {

const char* layout_letter(Layout l) { return l == Layout::C ? "C" : l == Layout::F ? "F" : "A"; }

}  // namespace

int Type::itemsize() const {
    switch (kind_) {
    case Kind::Bool: return 1;
    case Kind::Datetime:
    case Kind::Timedelta: return 8;
    case Kind::Int:
    case Kind::Float:
    case Kind::Fp8:
    case Kind::Complex: return bits_ / 8;
    case Kind::Record: return static_cast<int>(size_);
    case Kind::Tuple:  // a vector type's lanes (types/vector_types.hpp); other tuples are no array items
        return is_vector(this) ? elems_[0]->itemsize() * static_cast<int>(elems_.size()) : 0;
    case Kind::NestedArray: {
        int64_t n = elem_->itemsize();
        for (int64_t d : shape_) n *= d;
        return static_cast<int>(n);
    }
    default: return 0;
    }
}

const Type::Field* Type::field(const std::string& name) const {
    for (const Field& f : fields_)
        if (f.name == name) return &f;
    return nullptr;
}

bool Type::is_uniform_tuple() const {
    if (kind_ != Kind::Tuple || elems_.empty()) return false;
    for (auto* e : elems_)
        if (e != elems_[0]) return false;
    return true;
}

// The one place that constructs Type objects. The key is a string that identifies the
// type uniquely (user functions by address).
class TypeFactory {
public:
    static TypeFactory& instance() {
        static TypeFactory* f = new TypeFactory;  // never destroyed: types outlive everything
        return *f;
    }

    template <class Init> const Type* get(const std::string& key, Init init) {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = types_.find(key);
        if (it != types_.end()) return it->second.get();
        auto t = std::make_unique<Type>();
        init(*t);
        const Type* raw = t.get();
        types_.emplace(key, std::move(t));
        return raw;
    }

    static void set_kind(Type& t, Kind k) { t.kind_ = k; }
    static void set_format(Type& t, uint8_t f) { t.format_ = f; }  // bf16
    static Type& bits(Type& t, int b, bool s) {
        t.bits_ = static_cast<uint8_t>(b);
        t.signed_ = s;
        return t;
    }
    static void set_elem(Type& t, const Type* e) { t.elem_ = e; }
    static void set_elems(Type& t, std::vector<const Type*> e) { t.elems_ = std::move(e); }
    static void set_array(Type& t, int ndim, Layout l, bool readonly) {
        t.ndim_ = static_cast<uint8_t>(ndim);
        t.layout_ = l;
        t.readonly_ = readonly;
    }
    static void set_flavor(Type& t, Type::ListFlavor f) { t.flavor_ = f; }
    static void set_name(Type& t, std::string path) { t.name_ = std::move(path); }
    static void set_builtin(Type& t, BuiltinId id) { t.builtin_ = id; }
    static void set_fn(Type& t, const syntax::FunctionDef* fn) { t.fn_ = fn; }
    static void set_jitclass(Type& t, const syntax::JitClassDef* def) { t.class_ = def; }
    static void set_str(Type& t, std::string s) { t.name_str_ = std::move(s); }
    static void set_record(Type& t, std::vector<Type::Field> fields, int64_t size, bool aligned) {
        t.fields_ = std::move(fields);
        t.size_ = size;
        t.signed_ = aligned;
    }
    static void set_shape(Type& t, std::vector<int64_t> shape) {
        t.ndim_ = static_cast<uint8_t>(shape.size());
        t.shape_ = std::move(shape);
        t.layout_ = Layout::C;
    }

private:
    std::mutex mutex_;
    std::unordered_map<std::string, std::unique_ptr<Type>> types_;
};

namespace {
using F = TypeFactory;
}

namespace {
// The scalar types are asked for all the time (the argument types of every dynamic call,
// every typing rule): each is interned once, then returned from its slot without
// formatting or hashing its name. Racing first calls intern the same pointer.
template <class Make> const Type* cached(std::atomic<const Type*>& slot, Make make) {
    const Type* t = slot.load(std::memory_order_acquire);
    if (!t) {
        t = make();
        slot.store(t, std::memory_order_release);
    }
    return t;
}

int width_slot(int bits) {
    switch (bits) {
    case 8: return 0;
    case 16: return 1;
    case 32: return 2;
    case 64: return 3;
    case 128: return 4;
    default: return -1;
    }
}
}  // namespace

const Type* none() {
    static std::atomic<const Type*> slot{nullptr};
    return cached(slot, [] {
        return F::instance().get("none", [](Type& t) {
            F::set_kind(t, Kind::None);
            F::set_str(t, "none");
        });
    });
}

const Type* boolean() {
    static std::atomic<const Type*> slot{nullptr};
    return cached(slot, [] {
        return F::instance().get("bool", [](Type& t) {
            F::set_kind(t, Kind::Bool);
            F::bits(t, 1, false);
            F::set_str(t, "bool");
        });
    });
}

const Type* integer(int bits, bool is_signed) {
    static std::atomic<const Type*> slots[2][5] = {};
    auto make = [&] {
        std::string name = fmt::format("{}int{}", is_signed ? "" : "u", bits);
        return F::instance().get(name, [&](Type& t) {
            F::set_kind(t, Kind::Int);
            F::bits(t, bits, is_signed);
            F::set_str(t, name);
        });
    };
    int k = width_slot(bits);
    return k < 0 ? make() : cached(slots[is_signed][k], make);
}

const Type* floating(int bits) {
    static std::atomic<const Type*> slots[5] = {};
    auto make = [&] {
        std::string name = fmt::format("float{}", bits);
        return F::instance().get(name, [&](Type& t) {
            F::set_kind(t, Kind::Float);
            F::bits(t, bits, true);
            F::set_str(t, name);
        });
    };
    int k = width_slot(bits);
    return k < 0 ? make() : cached(slots[k], make);
}

// ---- bf16
const Type* bfloat16() {
    static std::atomic<const Type*> slot{nullptr};
    return cached(slot, [] {
        return F::instance().get("__nv_bfloat16", [](Type& t) {
            F::set_kind(t, Kind::Float);
            F::bits(t, 16, true);
            F::set_format(t, 1);
            F::set_str(t, "__nv_bfloat16");
        });
    });
}

const Type* fp8(Fp8Format format) {
    static std::atomic<const Type*> slots[3] = {};
    auto make = [&] {
        const char* name = format == Fp8Format::E4M3 ? "fp8_e4m3" : format == Fp8Format::E5M2 ? "fp8_e5m2" : "fp8_e8m0";
        return F::instance().get(name, [&](Type& t) {
            F::set_kind(t, Kind::Fp8);
            F::bits(t, 8, format != Fp8Format::E8M0);
            F::set_format(t, static_cast<uint8_t>(format));
            F::set_str(t, name);
        });
    };
    return cached(slots[static_cast<int>(format)], make);
}
// ---- end bf16

const Type* grid_group() {
    static std::atomic<const Type*> slot{nullptr};
    return cached(slot, [] {
        return F::instance().get("GridGroup", [](Type& t) {
            F::set_kind(t, Kind::GridGroup);
            F::set_str(t, "GridGroup");
        });
    });
}

// ---- dt64
namespace {
const Type* datetime_like(Kind kind, int unit) {
    static std::atomic<const Type*> slots[2][kGenericUnit + 1] = {};
    if (unit < 0 || unit > kGenericUnit || !time_unit_name(unit)) return nullptr;
    auto make = [&] {
        std::string name =
            fmt::format("{}[{}]", kind == Kind::Datetime ? "datetime64" : "timedelta64", time_unit_name(unit));
        return F::instance().get(name, [&](Type& t) {
            F::set_kind(t, kind);
            F::bits(t, 64, true);
            F::set_format(t, static_cast<uint8_t>(unit));
            F::set_str(t, name);
        });
    };
    return cached(slots[kind == Kind::Datetime ? 0 : 1][unit], make);
}
}  // namespace

const Type* datetime64(int unit) { return datetime_like(Kind::Datetime, unit); }
const Type* timedelta64(int unit) { return datetime_like(Kind::Timedelta, unit); }
// ---- end dt64

const Type* complex(int bits) {
    static std::atomic<const Type*> slots[5] = {};
    auto make = [&] {
        std::string name = fmt::format("complex{}", bits);
        const Type* part = floating(bits / 2);
        return F::instance().get(name, [&](Type& t) {
            F::set_kind(t, Kind::Complex);
            F::bits(t, bits, true);
            F::set_elem(t, part);
            F::set_str(t, name);
        });
    };
    int k = width_slot(bits);
    return k < 0 ? make() : cached(slots[k], make);
}

const Type* tuple(std::vector<const Type*> elems) {
    std::string name;
    bool uniform = !elems.empty();
    for (auto* e : elems) uniform = uniform && e == elems[0];
    if (uniform) {
        name = fmt::format("UniTuple({} x {})", elems[0]->str(), elems.size());
    } else {
        name = "Tuple(";
        for (size_t i = 0; i < elems.size(); ++i) name += (i ? ", " : "") + elems[i]->str();
        name += ")";
    }
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Tuple);
        F::set_elems(t, elems);
        F::set_str(t, name);
    });
}

// ---- ntuple (types/named_tuples.hpp)
namespace {
constexpr const char* kClassPrefix = "namedtuple.";

std::vector<Type::Field> name_fields(const std::vector<std::string>& names) {
    std::vector<Type::Field> out;
    for (size_t i = 0; i < names.size(); ++i) out.push_back({names[i], nullptr, static_cast<int64_t>(i), {}});
    return out;
}

// The interning key of a class: its name and its fields, which the type's spelling omits.
std::string class_key(const std::string& cls, const std::vector<std::string>& fields) {
    std::string key = cls + "[";
    for (const std::string& f : fields) key += f + ",";
    return key + "]";
}
}  // namespace

const Type* named_tuple(const std::string& cls, const std::vector<std::string>& fields,
                        const std::vector<const Type*>& elems) {
    const std::string& plain = tuple(elems)->str();  // "UniTuple(float64 x 2)", "Tuple(int64, float64)"
    std::string name = cls + (elems.empty() ? "()" : plain.substr(plain.find('(')));
    return F::instance().get("namedtuple " + class_key(cls, fields) + name, [&](Type& t) {
        F::set_kind(t, Kind::Tuple);
        F::set_elems(t, elems);
        F::set_name(t, cls);
        F::set_record(t, name_fields(fields), 0, false);
        F::set_str(t, name);
    });
}

bool is_named_tuple(const Type* t) { return t && t->is_tuple() && !t->enum_name().empty(); }

const std::string& tuple_class(const Type* t) {
    static const std::string none;
    if (is_named_tuple(t)) return t->enum_name();
    return is_named_tuple_class(t) ? t->fields().front().title : none;
}

std::vector<std::string> field_names(const Type* t) {
    std::vector<std::string> out;
    for (const Type::Field& f : t->fields()) out.push_back(f.name);
    if (is_named_tuple_class(t)) out.erase(out.begin());  // the class's own name, first
    return out;
}

int field_index(const Type* t, const std::string& name) {
    std::vector<std::string> names = field_names(t);
    auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

const Type* plain_tuple(const Type* t) { return is_named_tuple(t) ? tuple(t->elements()) : t; }

const Type* named_tuple_class(const std::string& cls, const std::vector<std::string>& fields) {
    std::string path = kClassPrefix + cls;
    return F::instance().get("namedtuple class " + class_key(cls, fields), [&](Type& t) {
        F::set_kind(t, Kind::Namespace);
        F::set_name(t, path);
        // fields() holds the class name first (as a title), then the fields.
        std::vector<Type::Field> f = name_fields(fields);
        f.insert(f.begin(), Type::Field{"", nullptr, -1, cls});
        F::set_record(t, std::move(f), 0, false);
        F::set_str(t, fmt::format("class({})", cls));
    });
}

bool is_named_tuple_class(const Type* t) {
    return t && t->kind() == Kind::Namespace && t->path().starts_with(kClassPrefix) && !t->fields().empty();
}
// ---- end ntuple

std::string mixed_tuple_error(const Type* t) {
    if (!t->is_tuple() || t->is_uniform_tuple() || t->elements().size() <= kMaxMixedTuple) return {};
    return fmt::format("a tuple of {} elements of different types is too long for ujit (limit {}): compile time "
                       "and memory grow with the square of its length; use an array, or a tuple of one type",
                       t->elements().size(), kMaxMixedTuple);
}

const Type* array(const Type* dtype, int ndim, Layout layout, bool readonly) {
    std::string name =
        fmt::format("{}array({}, {}d, {})", readonly ? "readonly " : "", dtype->str(), ndim, layout_letter(layout));
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Array);
        F::set_elem(t, dtype);
        F::set_array(t, ndim, layout, readonly);
        F::set_str(t, name);
    });
}

const Type* record(std::vector<Type::Field> fields, int64_t size, bool aligned) {
    std::stable_sort(fields.begin(), fields.end(), [](const Type::Field& x, const Type::Field& y) {
        return x.offset != y.offset ? x.offset < y.offset : x.name < y.name;
    });
    std::string desc;
    for (const Type::Field& f : fields) {
        if (!desc.empty()) desc += ",";
        desc += fmt::format("{}[type={};offset={}", f.name, f.type->str(), f.offset);
        if (!f.title.empty()) desc += ";title=" + f.title;
        desc += "]";
    }
    std::string name = fmt::format("Record({};{};{})", desc, size, aligned ? "True" : "False");
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Record);
        F::set_record(t, std::move(fields), size, aligned);
        F::set_str(t, name);
    });
}

const Type* nested_array(const Type* dtype, std::vector<int64_t> shape) {
    std::string dims;
    for (size_t i = 0; i < shape.size(); ++i) dims += (i ? ", " : "") + std::to_string(shape[i]);
    if (shape.size() == 1) dims += ",";
    std::string name = fmt::format("nestedarray({}, ({}))", dtype->str(), dims);
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::NestedArray);
        F::set_elem(t, dtype);
        F::set_shape(t, std::move(shape));
        F::set_str(t, name);
    });
}

// types/vector_types.hpp: a vector type is a tuple of its lanes under its own name, so that it is
// a type of its own (no UniTuple equals it) whose values every tuple path of codegen carries.
const Type* vector_of(const Type* base, int size) {
    std::string name = fmt::format("{}x{}", base->str(), size);
    return F::instance().get("vector " + name, [&](Type& t) {
        F::set_kind(t, Kind::Tuple);
        F::set_elems(t, std::vector<const Type*>(size, base));
        F::set_str(t, name);
    });
}

bool is_vector(const Type* t) { return t->is_tuple() && !t->str().ends_with(')'); }  // tuples: "...(...)"

const Type* list_of(const Type* item, Type::ListFlavor flavor) {
    std::string inner = item ? item->str() : "undefined";
    std::string name = flavor == Type::ListFlavor::Typed       ? fmt::format("ListType[{}]", inner)
                       : flavor == Type::ListFlavor::Reflected ? fmt::format("reflected list({})<iv=None>", inner)
                                                               : fmt::format("list({})<iv=None>", inner);
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::List);
        F::set_elem(t, item);
        F::set_flavor(t, flavor);
        F::set_str(t, name);
    });
}

// ---- dicts and sets
const Type* dict_of(const Type* key, const Type* value) {
    std::string name =
        fmt::format("DictType[{},{}]<iv=None>", key ? key->str() : "undefined", value ? value->str() : "undefined");
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Dict);
        F::set_elems(t, {key, value});
        F::set_str(t, name);
    });
}

const Type* set_of(const Type* item) {
    std::string name = fmt::format("set({})", item ? item->str() : "undefined");
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Set);
        F::set_elems(t, {item});
        F::set_str(t, name);
    });
}

const Type* dict_view(const Type* dict, int part) {
    static const char* const kParts[] = {"keys", "values", "items"};
    std::string name = fmt::format("dict_{}[{}]", kParts[part], dict->str());
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::DictView);
        F::set_elems(t, {dict});
        F::bits(t, part, false);
        F::set_str(t, name);
    });
}
// ---- end dicts and sets

const Type* flat_iter(const Type* array) {
    std::string name = fmt::format("array.flat({})", array->str());
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::FlatIter);
        F::set_elems(t, {array});
        F::set_str(t, name);
    });
}

const Type* namespace_(const std::string& path) {
    return F::instance().get("Module(" + path + ")", [&](Type& t) {
        F::set_kind(t, Kind::Namespace);
        F::set_name(t, path);
        F::set_str(t, "Module(" + path + ")");
    });
}

const Type* builtin_func(BuiltinId id) {
    std::string name = fmt::format("Function({})", builtin_name(id));
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::BuiltinFunc);
        F::set_builtin(t, id);
        F::set_name(t, builtin_name(id));
        F::set_str(t, name);
    });
}

const Type* user_func(const syntax::FunctionDef* fn) {
    std::string key = fmt::format("UserFunc@{}", static_cast<const void*>(fn));
    return F::instance().get(key, [&](Type& t) {
        F::set_kind(t, Kind::UserFunc);
        F::set_fn(t, fn);
        F::set_name(t, fn->name);
        F::set_str(t, fmt::format("Function({})", fn->name));
    });
}

const Type* dtype_obj(const Type* scalar) {
    std::string name = fmt::format("class({})", scalar->str());
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::DTypeObj);
        F::set_elem(t, scalar);
        F::set_str(t, name);
    });
}

const Type* range_of(const Type* item) {
    std::string name = "range_state_" + item->str();
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Range);
        F::set_elem(t, item);
        F::set_str(t, name);
    });
}

const Type* generator_of(const syntax::FunctionDef* def, const Type* yield, std::vector<const Type*> args) {
    std::string list;  // Python's tuple spelling: "(int64,)", "(int64, float64)"
    for (size_t i = 0; i < args.size(); ++i) list += (i ? ", " : "") + args[i]->str();
    if (args.size() == 1) list += ",";
    std::string name =
        fmt::format("{} generator(func={}, args=({}), has_finalizer=True)", yield->str(), def->name, list);
    // Two modules may both define `squares`: the def is part of the key, not of the spelling.
    std::string key = fmt::format("{}@{}", name, static_cast<const void*>(def));
    return F::instance().get(key, [&](Type& t) {
        F::set_kind(t, Kind::Generator);
        F::set_elem(t, yield);
        F::set_fn(t, def);
        F::set_elems(t, std::move(args));
        F::set_str(t, name);
    });
}

const Type* unicode() {
    return F::instance().get("unicode_type", [](Type& t) {
        F::set_kind(t, Kind::Str);
        F::set_str(t, "unicode_type");
    });
}

// ---- enums
const Type* enum_member(const std::string& cls, const Type* value, bool is_int) {
    std::string name = fmt::format("{}<{}>({})", is_int ? "IntEnum" : "Enum", value->str(), cls);
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::Enum);
        F::set_elem(t, value);
        F::bits(t, is_int ? 1 : 0, false);
        F::set_name(t, cls);
        F::set_str(t, name);
    });
}

const Type* enum_class(const Type* member) {
    std::string name = fmt::format("{} class<{}>({})", member->is_int_enum() ? "IntEnum" : "Enum",
                                   member->enum_value()->str(), member->enum_name());
    return F::instance().get(name, [&](Type& t) {
        F::set_kind(t, Kind::EnumClass);
        F::set_elem(t, member);
        F::set_name(t, member->enum_name());
        F::set_str(t, name);
    });
}

const Type* int_enums_as_ints(const Type* t) {
    if (!t) return t;
    if (t->is_int_enum()) return t->enum_value();
    if (!t->is_tuple()) return t;
    std::vector<const Type*> elems;
    bool changed = false;
    for (const Type* e : t->elements()) {
        elems.push_back(int_enums_as_ints(e));
        changed |= elems.back() != e;
    }
    return changed ? tuple(std::move(elems)) : t;
}
// ---- end enums

const Type* scalar_from_name(const std::string& name) {
    static const std::map<std::string, std::pair<char, int>> names = {
        {"bool", {'b', 1}},       {"b1", {'b', 1}},           {"boolean", {'b', 1}},    {"bool_", {'b', 1}},
        {"int8", {'i', 8}},       {"i1", {'i', 8}},           {"int16", {'i', 16}},     {"i2", {'i', 16}},
        {"int32", {'i', 32}},     {"i4", {'i', 32}},          {"int64", {'i', 64}},     {"i8", {'i', 64}},
        {"intp", {'i', 64}},      {"intc", {'i', 32}},        {"int_", {'i', 64}},      {"byte", {'i', 8}},
        {"short", {'i', 16}},     {"long", {'i', 64}},        {"longlong", {'i', 64}},  {"uint8", {'u', 8}},
        {"u1", {'u', 8}},         {"uint16", {'u', 16}},      {"u2", {'u', 16}},        {"uint32", {'u', 32}},
        {"u4", {'u', 32}},        {"uint64", {'u', 64}},      {"u8", {'u', 64}},        {"uintp", {'u', 64}},
        {"uintc", {'u', 32}},     {"ubyte", {'u', 8}},        {"ushort", {'u', 16}},    {"ulonglong", {'u', 64}},
        {"float16", {'f', 16}},   {"f2", {'f', 16}},          {"half", {'f', 16}},      {"float32", {'f', 32}},
        {"f4", {'f', 32}},        {"single", {'f', 32}},      {"float64", {'f', 64}},   {"f8", {'f', 64}},
        {"double", {'f', 64}},    {"float_", {'f', 64}},      {"complex64", {'c', 64}}, {"c8", {'c', 64}},
        {"csingle", {'c', 64}},   {"complex128", {'c', 128}}, {"c16", {'c', 128}},      {"cdouble", {'c', 128}},
        {"complex_", {'c', 128}},
    };
    // ---- bf16: numba-cuda's scalar types of kernels (NumPy has none of them)
    if (name == "bfloat16" || name == "__nv_bfloat16") return bfloat16();
    if (name == "fp8_e4m3") return fp8(Fp8Format::E4M3);
    if (name == "fp8_e5m2") return fp8(Fp8Format::E5M2);
    if (name == "fp8_e8m0") return fp8(Fp8Format::E8M0);
    // ---- end bf16
    if (const Type* t = datetime_type_from_name(name)) return t;  // dt64: "M8[ns]", "timedelta64[D]"
    auto it = names.find(name);
    if (it == names.end()) return nullptr;
    auto [k, bits] = it->second;
    switch (k) {
    case 'b': return boolean();
    case 'i': return integer(bits, true);
    case 'u': return integer(bits, false);
    case 'f': return floating(bits);
    default: return complex(bits);
    }
}

}  // namespace ujit::types

// ---- jitclass
namespace ujit::types {

const Type* jitclass_instance(const syntax::JitClassDef* def, const std::string& name,
                              std::vector<Type::Field> fields) {
    std::string members;
    for (size_t i = 0; i < fields.size(); ++i) {
        members += fmt::format("{}{}:{}", i ? "," : "", fields[i].name, fields[i].type->str());
        fields[i].offset = static_cast<int64_t>(i);
    }
    std::string spelled = fmt::format("instance.jitclass.{}#<{}>", name, members);
    // Two modules may both define `Point`: the definition is part of the key, not of the spelling.
    std::string key = fmt::format("{}@{}", spelled, static_cast<const void*>(def));
    return F::instance().get(key, [&](Type& t) {
        F::set_kind(t, Kind::JitClass);
        F::set_jitclass(t, def);
        F::set_name(t, name);
        F::set_record(t, std::move(fields), 0, false);
        F::set_str(t, spelled);
    });
}

const Type* jitclass_type(const Type* instance) {
    std::string spelled = instance->str().substr(std::string("instance.").size());
    std::string key = fmt::format("{}@{}", spelled, static_cast<const void*>(instance->jitclass_def()));
    return F::instance().get(key, [&](Type& t) {
        F::set_kind(t, Kind::JitClassType);
        F::set_jitclass(t, instance->jitclass_def());
        F::set_name(t, instance->class_name());
        F::set_elem(t, instance);
        F::set_str(t, spelled);
    });
}

}  // namespace ujit::types
// ---- end jitclass

// ---- optional
namespace ujit::types {

const Type* optional(const Type* t) {
    if (t->is_none() || t->is_optional()) return t;
    std::string spelled = fmt::format("OptionalType({})", t->str());
    // The key holds the payload's address: two jitclasses of one name differ (as in jitclass_type).
    std::string key = fmt::format("{}@{}", spelled, static_cast<const void*>(t));
    return F::instance().get(key, [&](Type& o) {
        F::set_kind(o, Kind::Optional);
        F::set_elem(o, t);
        F::set_str(o, spelled);
    });
}

}  // namespace ujit::types
// ---- end optional
