// ujit's types. Types are interned: one object per distinct type for the life of the
// process, so equality is pointer equality (Numba's types are singletons for the same
// reason). Creation is thread-safe.
//
// Value types (bool, ints, floats, complex, tuples, arrays, strings, none) exist at run time.
// The "compile-time" kinds (Namespace, BuiltinFunc, UserFunc, DTypeObj, Range)
// type names such as `math`, `math.sqrt`, `np.float32` or `range(n)` during inference;
// they never reach generated code as values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ujit::syntax {
struct FunctionDef;
struct JitClassDef;
}  // namespace ujit::syntax

namespace ujit::types {

enum class Kind : uint8_t {
    None,     // Python None / void result
    Bool,
    Int,      // int8..int64, uint8..uint64
    Float,    // float32, float64
    Complex,  // complex64, complex128
    Tuple,    // heterogeneous or uniform
    Array,    // dtype, ndim (1..8), layout
    // ---- lists (src/lists): one kind for Numba's three list types, told apart by flavor()
    List,  // item() (null: undetermined, as `[]` before an append), flavor
    // ---- end lists
    // strings (src/strings): Numba's unicode_type, a value (literal or heap-owned text)
    Str,
    // ---- dicts and sets (src/dicts)
    Dict,  // dict_key(), dict_value() (null: undecided, as `{}` before a store)
    Set,   // set_item() (null: undecided, as `set()` before an add)
    // ---- end dicts and sets
    // ---- enums (types/enum_classes.cpp): a member of an Enum / IntEnum class, as its value
    Enum,  // enum_value() the value's type, enum_name() the class, is_int_enum()
    // ---- end enums
    // ---- records (structured dtypes): Numba's Record and NestedArray
    Record,       // fields() at byte offsets in record_size() bytes; a value is a reference to them
    NestedArray,  // an array field of a record: dtype(), nested_shape(), C order (only inside a Record)
    // ---- end records
    // ---- gen: a generator object (Numba's Generator): yield_type(), generator_def(), generator_args()
    Generator,
    // ---- end gen
    // ---- bf16: numba-cuda's fp8 storage types (fp8_e4m3, fp8_e5m2, fp8_e8m0): one byte, no
    // arithmetic, only conversions to and from numbers; fp8_format() tells which.
    Fp8,
    // ---- end bf16
    // ---- coop: numba-cuda's GridGroup, what cuda.cg.this_grid() returns: the grid of a
    // cooperative launch, a handle (int64) whose one use is g.sync()
    GridGroup,
    // ---- end coop
    // ---- dt64: NumPy's datetime64 / timedelta64 (Numba's NPDatetime / NPTimedelta): an int64
    // count of time_unit() (since 1970 for a datetime); INT64_MIN is NaT
    Datetime,
    Timedelta,
    // ---- end dt64
    // ---- jitclass: an instance of a numba.experimental.jitclass (Numba's ClassInstanceType): a
    // reference to a counted block holding fields(), of the class jitclass_def()
    JitClass,
    // ---- end jitclass
    // ---- optional: Numba's Optional(T), "OptionalType(int64)": a T or None, told apart at
    // run time (a `return None` on one path, `x = None` then `x = 5`); optional_of() is T
    Optional,
    // ---- end optional
    // compile-time only
    Namespace,    // a module or namespace object: "math", "np", "cuda", "cuda.atomic"
    BuiltinFunc,  // a builtin callable or value resolved from a namespace or builtins
    UserFunc,     // a function defined in the same ujit module
    DTypeObj,     // np.float32, numba.int32, float (as a type/constructor); scalar() is the type
    Range,        // the value of range(...) (Numba's range_state_int64): range_item() its integer type
    DictView,     // d.keys(), d.values(), d.items(): only iterated (view_dict(), view_part())
    EnumClass,    // an enum class named in code (`Color.red`, `Color['red']`); enum_member() its members' type
    JitClassType, // jitclass: the class named in code (`Point(1, 2)`); instance() its instances' type
    FlatIter,     // a.flat: only iterated, indexed and len()'d, each in C order (flat_array())
};

enum class Layout : uint8_t { C, F, A };

// ---- bf16: the encodings of an 8-bit float (Kind::Fp8), as CUDA's cuda_fp8.h names them
enum class Fp8Format : uint8_t { E4M3, E5M2, E8M0 };
// ---- end bf16

// Every builtin, one per row of builtins.def (its facts: types/builtins.hpp).
enum class BuiltinId : uint16_t {
#define UJIT_BUILTIN(Id, ...) Id,
#include "types/builtins.def"
    Count_
};
const char* builtin_name(BuiltinId id);  // "math.sqrt" (builtins.def's spelling)

class Type {
public:
    Kind kind() const { return kind_; }

    // Scalars.
    int bits() const { return bits_; }          // Int/Float: 8..64; Complex: 64/128; Bool: 1
    bool is_signed() const { return signed_; }  // Int only
    bool is_bool() const { return kind_ == Kind::Bool; }
    bool is_int() const { return kind_ == Kind::Int; }
    bool is_float() const { return kind_ == Kind::Float; }
    bool is_complex() const { return kind_ == Kind::Complex; }
    bool is_number() const { return is_bool() || is_int() || is_float() || is_complex(); }
    bool is_scalar() const { return is_number(); }
    bool is_none() const { return kind_ == Kind::None; }
    bool is_tuple() const { return kind_ == Kind::Tuple; }
    bool is_array() const { return kind_ == Kind::Array; }
    bool is_str() const { return kind_ == Kind::Str; }
    bool is_value() const { return kind_ < Kind::Namespace || kind_ == Kind::Range; }  // exists at run time
    // A function or a number type used as a value (Numba's Dispatcher, Function and
    // NumberClass types): passed to functions and held in variables while compiling, with
    // no data at run time; each one is a specialization of its own.
    bool is_static_value() const {
        return kind_ == Kind::UserFunc || kind_ == Kind::BuiltinFunc || kind_ == Kind::DTypeObj;
    }
    int itemsize() const;                                   // bytes of one scalar value
    // ---- bf16: bfloat16 is a Float of 16 bits (is_float() holds: it takes part in arithmetic
    // and promotion as a float) that is not IEEE half; numba-cuda's types.bfloat16.
    bool is_bfloat16() const { return kind_ == Kind::Float && format_ == 1; }
    bool is_fp8() const { return kind_ == Kind::Fp8; }
    Fp8Format fp8_format() const { return static_cast<Fp8Format>(format_); }  // Fp8 only
    // ---- end bf16
    // ---- dt64: time_unit() is NumPy's unit code (ujit::TimeUnit: 10 ns, 14 generic)
    bool is_datetime() const { return kind_ == Kind::Datetime; }
    bool is_timedelta() const { return kind_ == Kind::Timedelta; }
    bool is_datetime_like() const { return is_datetime() || is_timedelta(); }
    int time_unit() const { return format_; }
    // ---- end dt64

    // Tuple.
    const std::vector<const Type*>& elements() const { return elems_; }
    bool is_uniform_tuple() const;

    // Array.
    const Type* dtype() const { return elem_; }  // also: Complex → its float part type
    int ndim() const { return ndim_; }
    Layout layout() const { return layout_; }
    // A read-only array (a NumPy argument whose flags.writeable is false): a distinct type,
    // as in Numba, so stores into it are refused when typing.
    bool is_readonly() const { return readonly_; }

    // ---- lists (src/lists)
    bool is_list() const { return kind_ == Kind::List; }
    const Type* item() const { return elem_; }  // List: null while undetermined
    enum class ListFlavor : uint8_t { Made, Reflected, Typed };
    // Made: `[...]` in compiled code ("list(int64)<iv=None>"); Reflected: a Python list
    // argument ("reflected list(int64)<iv=None>"); Typed: numba.typed.List ("ListType[int64]").
    ListFlavor flavor() const { return flavor_; }
    // ---- end lists
    // ---- dicts and sets (src/dicts)
    bool is_dict() const { return kind_ == Kind::Dict; }
    bool is_set() const { return kind_ == Kind::Set; }
    const Type* dict_key() const { return elems_[0]; }    // Dict
    const Type* dict_value() const { return elems_[1]; }  // Dict
    const Type* set_item() const { return elems_[0]; }    // Set
    bool is_decided() const { return elems_[0] && (kind_ != Kind::Dict || elems_[1]); }  // Dict, Set
    const Type* view_dict() const { return elems_[0]; }   // DictView
    int view_part() const { return bits_; }               // DictView: 0 keys, 1 values, 2 items
    const Type* flat_array() const { return elems_[0]; }  // FlatIter: the array a.flat walks
    // ---- end dicts and sets
    // ---- enums
    bool is_enum() const { return kind_ == Kind::Enum; }
    bool is_int_enum() const { return kind_ == Kind::Enum && bits_ == 1; }  // IntEnumMember: usable as an int
    const Type* enum_value() const { return elem_; }                        // Enum: the members' value type
    const std::string& enum_name() const { return name_; }                  // Enum, EnumClass: "Color"
    const Type* enum_member() const { return elem_; }                       // EnumClass: its members' type
    // ---- end enums
    // ---- gen: a range value {start, stop, step} of this integer type (int32, int64, uint64)
    bool is_range() const { return kind_ == Kind::Range; }
    const Type* range_item() const { return elem_; }
    // A generator object: the specialization of generator_def() for generator_args(), which
    // yields values of yield_type().
    bool is_generator() const { return kind_ == Kind::Generator; }
    const Type* yield_type() const { return elem_; }
    const syntax::FunctionDef* generator_def() const { return fn_; }
    const std::vector<const Type*>& generator_args() const { return elems_; }
    // ---- end gen

    // ---- records (structured dtypes)
    struct Field {
        std::string name;
        const Type* type;  // a scalar or a NestedArray
        int64_t offset;    // bytes from the record's start
        std::string title;  // NumPy's field title, or empty
    };
    bool is_record() const { return kind_ == Kind::Record; }
    bool is_nested_array() const { return kind_ == Kind::NestedArray; }
    const std::vector<Field>& fields() const { return fields_; }  // Record, ordered by offset
    const Field* field(const std::string& name) const;            // Record: null when absent
    int64_t record_size() const { return size_; }                 // Record: bytes
    bool is_aligned() const { return signed_; }                    // Record: NumPy's align=True
    const std::vector<int64_t>& nested_shape() const { return shape_; }  // NestedArray
    // ---- end records
    // ---- jitclass: fields() are the members in spec order (`offset`: the index, in the block's struct)
    bool is_jitclass() const { return kind_ == Kind::JitClass; }
    const syntax::JitClassDef* jitclass_def() const { return class_; }  // JitClass, JitClassType
    const std::string& class_name() const { return name_; }             // JitClass, JitClassType
    const Type* instance() const { return elem_; }                      // JitClassType
    // ---- end jitclass
    // ---- optional
    bool is_optional() const { return kind_ == Kind::Optional; }
    const Type* optional_of() const { return elem_; }  // Optional: T (never none or Optional)
    // ---- end optional

    // Compile-time kinds.
    const std::string& path() const { return name_; }          // Namespace: "cuda.atomic"
    BuiltinId builtin() const { return builtin_; }             // BuiltinFunc
    const syntax::FunctionDef* function() const { return fn_; }  // UserFunc
    const Type* scalar() const { return elem_; }               // DTypeObj

    // Numba's spelling: "float32", "UniTuple(int64 x 2)", "Tuple(int64, float64)",
    // "array(float32, 2d, C)", "readonly array(float32, 2d, C)", "none".
    const std::string& str() const { return name_str_; }

private:
    friend class TypeFactory;
    Kind kind_ = Kind::None;
    uint8_t bits_ = 0;
    bool signed_ = false;
    uint8_t ndim_ = 0;
    Layout layout_ = Layout::A;
    bool readonly_ = false;
    uint8_t format_ = 0;  // bf16: Float: 1 for bfloat16; Fp8: its Fp8Format; dt64: the time unit
    Type::ListFlavor flavor_ = ListFlavor::Made;
    BuiltinId builtin_ = BuiltinId::Count_;
    const Type* elem_ = nullptr;
    const syntax::FunctionDef* fn_ = nullptr;
    const syntax::JitClassDef* class_ = nullptr;  // jitclass
    std::vector<const Type*> elems_;
    std::vector<Field> fields_;     // Record
    std::vector<int64_t> shape_;    // NestedArray
    int64_t size_ = 0;              // Record
    std::string name_;
    std::string name_str_;
};

// Interned constructors.
const Type* none();
const Type* boolean();
const Type* integer(int bits, bool is_signed);
const Type* floating(int bits);
const Type* complex(int bits);  // 64 or 128
// ---- bf16: numba-cuda's bfloat16 ("__nv_bfloat16") and fp8 types ("__nv_fp8_e4m3", ...)
const Type* bfloat16();
const Type* fp8(Fp8Format format);
// ---- end bf16
const Type* grid_group();  // coop: "GridGroup"
// dt64: "datetime64[ns]", "timedelta64[]" (generic); `unit` is NumPy's code (ujit::TimeUnit)
const Type* datetime64(int unit);
const Type* timedelta64(int unit);
const Type* tuple(std::vector<const Type*> elems);
// The most elements a tuple of mixed types may have. Such a tuple is an LLVM struct, and
// LLVM's SCCP tracks every field of every struct value, so building one costs the square of
// its length (1,000: 2.5 s and 230 MB in opt -O3; 8,000: out of memory). Tuples of one
// element type are LLVM arrays and have no such limit. Numba refuses tuple arguments past
// the same length ("Tuple 't' length must be smaller than 1000").
inline constexpr size_t kMaxMixedTuple = 1000;
// The error for a tuple display or constant past kMaxMixedTuple, or empty if it is fine.
std::string mixed_tuple_error(const Type* tuple);
const Type* array(const Type* dtype, int ndim, Layout layout, bool readonly = false);
// A list of `item` (null: undetermined), see Type::flavor.
const Type* list_of(const Type* item, Type::ListFlavor flavor = Type::ListFlavor::Made);
// ---- dicts and sets: DictType[key,value]<iv=None>, set(item); null parts are undecided
const Type* dict_of(const Type* key, const Type* value);
const Type* set_of(const Type* item);
const Type* dict_view(const Type* dict, int part);
// a.flat of `array` (Numba's NumpyFlatType, "array.flat(array(float64, 2d, C))").
const Type* flat_iter(const Type* array);
// ---- end dicts and sets
// ---- records: Numba's Record(fields; size; aligned) and nestedarray(dtype, shape). Fields are
// kept in offset order (then by name), as Numba orders them.
const Type* record(std::vector<Type::Field> fields, int64_t size, bool aligned);
const Type* nested_array(const Type* dtype, std::vector<int64_t> shape);
// ---- end records
const Type* namespace_(const std::string& path);
const Type* builtin_func(BuiltinId id);
const Type* user_func(const syntax::FunctionDef* fn);
const Type* dtype_obj(const Type* scalar);
// range(...) over `item` (int32, int64 or uint64): Numba's RangeType, "range_state_int64".
const Type* range_of(const Type* item);
// gen: Numba's "int64 generator(func=squares, args=(int64,), has_finalizer=True)"
const Type* generator_of(const syntax::FunctionDef* def, const Type* yield, std::vector<const Type*> args);
const Type* unicode();  // Numba's unicode_type (types.unicode_type, types.string)
// ---- enums: Numba's EnumMember / IntEnumMember ("Enum<int64>(Color)", "IntEnum<int64>(Shape)")
// and the class as a compile-time value. An IntEnum member is an int wherever an int is
// needed (int_enums_as_ints: operators, builtin arguments, indices).
const Type* enum_member(const std::string& cls, const Type* value, bool is_int);
const Type* enum_class(const Type* member);
const Type* int_enums_as_ints(const Type* t);  // IntEnum → its value type, through tuples
// ---- end enums
// ---- jitclass: Numba's "instance.jitclass.Point#<x:float64,y:float64>" (without the class's address)
// and "jitclass.Point#<...>", the class. `fields` in spec order (offsets: their indexes).
const Type* jitclass_instance(const syntax::JitClassDef* def, const std::string& name, std::vector<Type::Field> fields);
const Type* jitclass_type(const Type* instance);
// ---- end jitclass
// ---- optional: Numba's Optional(T) as unification builds it: optional(none) is none,
// optional(Optional(T)) is Optional(T) (Optional(Optional(T)) = Optional(T))
const Type* optional(const Type* t);
// ---- end optional

// Common shorthands.
inline const Type* int64() { return integer(64, true); }
inline const Type* int32() { return integer(32, true); }
inline const Type* uint64() { return integer(64, false); }
inline const Type* float32() { return floating(32); }
inline const Type* float64() { return floating(64); }
inline const Type* intp() { return int64(); }

// "float32", "f4", "int64", "i8", "b1", "c16", "intp", "uint8"... → scalar type or null.
const Type* scalar_from_name(const std::string& name);

}  // namespace ujit::types
