// ujit: a runtime JIT compiler for the numeric subset of Python that Numba compiles.
//
//   auto mod = ujit::Module::from_string(R"(
//   import math
//   def hypot(x, y):
//       return math.sqrt(x * x + y * y)
//   )", "hypot.py");
//   double h = mod.function("hypot")(3.0, 4.0).as<double>();     // lazy: float64(float64, float64)
//   auto spec = mod.function("hypot").compile("float32(float32, float32)");
//   auto* fp = spec.pointer<float(float, float)>();               // raw native code
//
// Errors are thrown as ujit::Error, whose what() is the clang-style diagnostic.
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

// DLPack declares DLTensor as a typedef of an unnamed struct, so it cannot be
// forward-declared: the header is needed.
#include <dlpack/dlpack.h>

namespace ujit {

std::string version();  // "0.1.0 (LLVM 19.1.7)": ujit's version and the LLVM it was built with

// Arrays owned by compiled code, counted since the process started (Numba's
// rtsys.get_allocation_stats): data blocks allocated and freed, headers made and released.
// alloc - free is the number alive now: a test's leak check.
struct AllocationStats {
    uint64_t alloc = 0, free = 0, mi_alloc = 0, mi_free = 0;
};
AllocationStats allocation_stats();

// ------------------------------------------------------------------ errors

// what() is the rendered message. Compile: the program is not in the supported subset or
// does not type ("FILE:LINE:COL: error: ..."). Runtime: compiled code raised. Argument: a
// bad argument to the API. Internal: a fault of ujit or of its installation, never of the
// program; a compiler bug reads "FILE:LINE:COL: internal compiler error: ... (in ujit at
// src/...:LINE)".
class Error : public std::runtime_error {
public:
    enum class Kind { Compile, Runtime, Argument, Internal };
    Error(Kind kind, std::string rendered, std::string file = {}, int line = 0, int col = 0);
    Kind kind() const { return kind_; }
    const std::string& file() const { return file_; }
    int line() const { return line_; }  // 0 when the error has no source location
    int column() const { return col_; }
    // Kind::Runtime raised by compiled code: Python's exception class ("ValueError", or the
    // module's own class "MyError") and its message ("negative"; "" for none), as Python
    // would raise them. Empty for other errors.
    const std::string& exception_class() const { return exception_class_; }
    const std::string& exception_message() const { return exception_message_; }
    Error& with_exception(std::string class_name, std::string message) {
        exception_class_ = std::move(class_name);
        exception_message_ = std::move(message);
        return *this;
    }

private:
    Kind kind_;
    std::string file_;
    int line_, col_;
    std::string exception_class_, exception_message_;
};

// ------------------------------------------------------------------ warnings

// A warning the compiler gives where Numba gives one: Numba's warning class and message, and
// where in the source. NumbaTypeSafetyWarning: a typed container (numba.typed.Dict or List,
// a dict or set) stores a value through an unsafe cast, "unsafe cast from int64 to int32.
// Precision may be lost.", as Numba's typedobjectutils warns.
struct Warning {
    std::string category;  // Numba's class name, "NumbaTypeSafetyWarning"
    std::string message;
    std::string file;
    int line = 0, column = 0;  // 0 when unknown
};
// Where warnings go: each once, on the thread that compiles the specialization that gives it
// (as Numba warns while compiling). The default handler (null) writes
// "FILE:LINE:COL: warning: MESSAGE [CATEGORY]" to stderr. Returns the previous handler; pass
// `previous_user` to get its user pointer. The handler must not throw.
using WarningHandler = void (*)(const Warning& warning, void* user);
WarningHandler set_warning_handler(WarningHandler handler, void* user = nullptr, void** previous_user = nullptr);
// Drops warnings: set_warning_handler(ignore_warnings).
void ignore_warnings(const Warning&, void*);

// ------------------------------------------------------------------ values

enum class DType : uint8_t {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float32,
    Float64,
    Complex64,
    Complex128,
    Float16,  // IEEE half (NumPy's float16, Numba's f2); appended, so the codes above keep their values
    // NumPy's datetime64 and timedelta64: one dtype per unit, as in NumPy (M8[s] and M8[ns]
    // differ), spelled Datetime64 + unit and Timedelta64 + unit (datetime64(TimeUnit::ns)).
    // A value is an int64 count of units (since 1970 for a datetime); INT64_MIN is NaT.
    Datetime64 = 16,
    Timedelta64 = 32,
};
// NumPy's datetime units with its codes (NPY_DATETIMEUNIT, Numba's DATETIME_UNITS); 3 is unused.
enum class TimeUnit : uint8_t { Y = 0, M = 1, W = 2, D = 4, h, m, s, ms, us, ns, ps, fs, as, Generic };
constexpr DType datetime64(TimeUnit u) { return DType(uint8_t(DType::Datetime64) + uint8_t(u)); }
constexpr DType timedelta64(TimeUnit u) { return DType(uint8_t(DType::Timedelta64) + uint8_t(u)); }
constexpr bool is_datetime64(DType t) { return (uint8_t(t) & ~15) == uint8_t(DType::Datetime64); }
constexpr bool is_timedelta64(DType t) { return (uint8_t(t) & ~15) == uint8_t(DType::Timedelta64); }
constexpr TimeUnit time_unit(DType t) { return TimeUnit(uint8_t(t) & 15); }  // datetime64/timedelta64 only
const char* time_unit_name(TimeUnit u);  // "ns", "" for Generic; null for code 3 or past Generic
int itemsize(DType t);
const char* dtype_name(DType t);  // "float32", "datetime64[ns]"

// A view of host (or, with CUDA, device) memory: no ownership. Strides are in bytes.
struct ArrayRef {
    void* data = nullptr;
    DType dtype = DType::Float64;
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;  // bytes; empty → C-contiguous
    // Compiled code must not write it (NumPy's flags.writeable false, a read-only mmap): it
    // types as Numba's `readonly array(...)`, where stores are compile errors, and is
    // refused as an output (ufunc and gufunc `out`, copy_to_host).
    bool readonly = false;
    // A record (NumPy structured dtype) array: Numba's spelling of its Record type, as
    // numba.from_dtype(dtype) prints it, "Record(a[type=int32;offset=0],b[type=float32;offset=4];8;False)",
    // and its itemsize; `dtype` is then ignored. With ndim 0 the view is one record, passed by
    // reference (compiled code's `r.a = 1` writes it). Empty for arrays of `dtype`.
    std::string record = {};
    int64_t record_size = 0;
    bool is_record() const { return !record.empty(); }
    int64_t item_bytes() const;  // record_size, or the dtype's itemsize

    int ndim() const { return static_cast<int>(shape.size()); }
    int64_t size() const;
    bool is_c_contiguous() const;
    bool is_f_contiguous() const;
    // C-order strides are filled in when `strides` is empty.
    static ArrayRef c_order(void* data, DType dtype, std::vector<int64_t> shape);
    static ArrayRef f_order(void* data, DType dtype, std::vector<int64_t> shape);
    // DLTensor (strides in elements, null = compact row-major) → ArrayRef.
    static ArrayRef from_dlpack(const DLTensor& t);
};

// An owned host array (result of ufuncs, np.load in the CLI).
class Array {
public:
    Array() = default;
    Array(DType dtype, std::vector<int64_t> shape, bool fortran_order = false);
    ArrayRef ref() const { return ref_; }
    template <class T> T* data() const { return static_cast<T*>(ref_.data); }
    const std::vector<int64_t>& shape() const { return ref_.shape; }
    DType dtype() const { return ref_.dtype; }
    int64_t size() const { return ref_.size(); }

private:
    std::shared_ptr<void> storage_;
    ArrayRef ref_;
};

// One reference to memory that compiled code allocated (its ujit_nrt_meminfo header,
// Numba's NRT MemInfo): copying shares the memory (the count goes up), and the last copy to
// go frees it. Empty for memory ujit does not own (a caller's array).
class ArrayOwner {
public:
    ArrayOwner() = default;
    // Takes over one reference the caller holds (null gives an empty owner).
    static ArrayOwner adopt(void* meminfo) noexcept {
        ArrayOwner o;
        o.mi_ = meminfo;
        return o;
    }
    ArrayOwner(const ArrayOwner& o) noexcept;
    ArrayOwner(ArrayOwner&& o) noexcept : mi_(o.mi_) { o.mi_ = nullptr; }
    ArrayOwner& operator=(const ArrayOwner& o) noexcept;
    ArrayOwner& operator=(ArrayOwner&& o) noexcept;
    ~ArrayOwner();
    // The header (a ujit_nrt_meminfo*, src/nrt/nrt.h), still owned by this object.
    void* meminfo() const { return mi_; }
    explicit operator bool() const { return mi_ != nullptr; }

private:
    void* mi_ = nullptr;
};

class Value;
namespace detail {
struct GeneratorState;
}

// A generator object: what calling a compiled generator function (a def with `yield`) returns,
// as Numba returns one to Python. Nothing of the body runs until the first next(); each next()
// resumes the compiled code up to its next `yield` and gives the yielded value as a call's
// result would be (an array with its owner, a list as a new list, ...), or nullopt once the
// generator has finished. A raise inside the body throws its ujit::Error (Kind::Runtime,
// exception_class() and exception_message()) from that next() and finishes the generator, as
// Python's generators do. Copies share one generator; the last copy to go releases what the
// suspended body holds (its arrays, lists). Array arguments are borrowed as a call borrows
// them: their memory must outlive the generator. Not for use by two threads at once.
class Generator {
public:
    explicit Generator(std::shared_ptr<detail::GeneratorState> s) : s_(std::move(s)) {}
    std::optional<Value> next() const;
    // Numba's type: "int64 generator(func=squares, args=(int64,), has_finalizer=True)".
    const std::string& type_name() const;

private:
    std::shared_ptr<detail::GeneratorState> s_;
};

// A dynamically typed argument or result.
//
// An array a compiled function returns is a Value that owns it: array() views memory that
// owner() keeps alive for as long as any copy of the Value (or of its owner()) lives. A
// returned array without an owner (`return a`, `return a[1:]` of an argument `a`) borrows
// the memory the caller passed in: it is valid while that argument's memory is.
class Value {
public:
    using Tuple = std::vector<Value>;
    // Exact scalar: the dtype is kept (a float32 argument stays float32). Unsigned values
    // are stored bit-identical in `i`; floats in `f`; complex in `c`.
    struct Scalar {
        DType type = DType::Int64;
        int64_t i = 0;
        double f = 0;
        std::complex<double> c;
    };
    Value() : v_(std::monostate{}) {}  // None
    Value(bool x) : v_(Scalar{DType::Bool, x, 0, {}}) {}
    Value(int x) : v_(Scalar{DType::Int64, x, 0, {}}) {}
    Value(long x) : v_(Scalar{DType::Int64, int64_t(x), 0, {}}) {}
    Value(long long x) : v_(Scalar{DType::Int64, int64_t(x), 0, {}}) {}
    Value(double x) : v_(Scalar{DType::Float64, 0, x, {}}) {}
    Value(std::complex<double> x) : v_(Scalar{DType::Complex128, 0, 0, x}) {}
    Value(ArrayRef a) : v_(std::move(a)) {}
    Value(ArrayRef a, ArrayOwner owner) : v_(std::move(a)), owner_(std::move(owner)) {}
    Value(const Array& a) : v_(a.ref()) {}
    Value(Tuple t) : v_(std::move(t)) {}
    Value(Scalar s) : v_(s) {}
    // A list: its items, each with the references it holds (arrays' owners). Copies of a
    // list Value share the items, as Python's references to one list do: a list argument
    // that compiled code changes (append, l[i] = x) is changed for the caller after the call,
    // as Numba's reflected lists are. A list result is a new list.
    struct List {
        std::shared_ptr<std::vector<Value>> items = std::make_shared<std::vector<Value>>();
        // numba.typed.List: its item type in Numba's spelling ("int64"), so that even an empty
        // one has a type (ListType[int64]); empty for a Python list (reflected list).
        std::string typed_item;
    };
    Value(List l) : v_(std::move(l)) {}
    static Value list_of(std::vector<Value> items) {
        List l;
        *l.items = std::move(items);
        return Value(std::move(l));
    }
    // A str (Numba's unicode_type), as UTF-8 text: Value(std::string("héllo")), Value("abc").
    Value(std::string utf8) : v_(Str{std::move(utf8)}) {}
    Value(const char* utf8) : v_(Str{utf8}) {}
    // ---- dicts and sets: a numba.typed.Dict (Numba's typed dict) or a set (Numba's reflected
    // set), its entries in the container's order (a dict's is insertion order, as Python's).
    // Copies of the Value share the container, as Python's references to one dict do: an
    // argument that compiled code changes (d[k] = v, del d[k], s.add(x)) is changed for the
    // caller after the call, as Numba's typed Dict and reflected set are. A result is a new
    // container: Value(Value::Dict{{1, 2}, {0.5, 1.5}}) is {1: 0.5, 2: 1.5}.
    struct Dict {
        std::vector<Value> keys, values;
        // Numba's spelling of the key and value types ("int64", "unicode_type",
        // "UniTuple(int64, 2)"), so that even an empty dict has a type (DictType[int64,float64]),
        // as Dict.empty(key_type, value_type) gives; empty: typed from the first entry. A result
        // has both.
        std::string key_type, value_type;
    };
    struct Set {
        std::vector<Value> items;
        std::string item_type;  // Numba's spelling, as Dict's; empty: typed from the first item
    };
    Value(Dict d) : v_(std::make_shared<Dict>(std::move(d))) {}
    Value(Set s) : v_(std::make_shared<Set>(std::move(s))) {}
    bool is_dict() const { return std::holds_alternative<std::shared_ptr<Dict>>(v_); }
    bool is_set() const { return std::holds_alternative<std::shared_ptr<Set>>(v_); }
    const Dict& dict() const { return *std::get<std::shared_ptr<Dict>>(v_); }
    const Set& set() const { return *std::get<std::shared_ptr<Set>>(v_); }
    Dict& dict_entries() const { return *std::get<std::shared_ptr<Dict>>(v_); }  // shared, see Dict
    Set& set_entries() const { return *std::get<std::shared_ptr<Set>>(v_); }
    // ---- end dicts and sets
    Value(Generator g) : v_(std::move(g)) {}
    bool is_generator() const { return std::holds_alternative<Generator>(v_); }
    const Generator& generator() const { return std::get<Generator>(v_); }
    // An explicitly typed scalar: Value::of(DType::Float32, 1.5).
    static Value of(DType t, double x);
    static Value of_int(DType t, int64_t x);

    bool is_none() const { return v_.index() == 0; }
    bool is_scalar() const { return std::holds_alternative<Scalar>(v_); }
    const Scalar& scalar() const { return std::get<Scalar>(v_); }
    bool is_array() const { return std::holds_alternative<ArrayRef>(v_); }
    bool is_tuple() const { return std::holds_alternative<Tuple>(v_); }
    bool is_str() const { return std::holds_alternative<Str>(v_); }
    const std::string& str() const { return std::get<Str>(v_).utf8; }  // UTF-8
    DType dtype() const;  // scalar dtype (or array element dtype)

    // Numeric conversion of a scalar; throws on mismatch. A scalar already of T's dtype is
    // read inline (the dynamic call's result is read this way).
    template <class T> T as() const {
        if constexpr (std::is_same_v<T, double> || std::is_same_v<T, int64_t>) {
            if (const Scalar* s = std::get_if<Scalar>(&v_)) {
                if constexpr (std::is_same_v<T, double>) {
                    if (s->type == DType::Float64) return s->f;
                } else if (s->type == DType::Int64) {
                    return s->i;
                }
            }
        }
        return converted<T>();
    }
    const ArrayRef& array() const { return std::get<ArrayRef>(v_); }
    // What keeps array()'s memory alive: empty for an argument array and for a borrowed
    // result (see above); a result array's elements of a tuple each have their own.
    const ArrayOwner& owner() const { return owner_; }
    const Tuple& tuple() const { return std::get<Tuple>(v_); }
    bool is_list() const { return std::holds_alternative<List>(v_); }
    const std::vector<Value>& list() const { return *std::get<List>(v_).items; }
    std::vector<Value>& list_items() const { return *std::get<List>(v_).items; }  // shared, see List
    const std::string& list_typed_item() const { return std::get<List>(v_).typed_item; }
    static Value typed_list(std::vector<Value> items, std::string item_type) {
        Value v = list_of(std::move(items));
        std::get<List>(v.v_).typed_item = std::move(item_type);
        return v;
    }
    // Python's repr: 5.0, (3, 1), True, None, [1, 2], 'abc', {1: 2.0}, {1, 2}; a generator as
    // Numba's: <_dynfunc._Generator object>
    std::string repr() const;

    struct Str {  // its own type, so that a string never converts to a scalar or back
        std::string utf8;
    };
    using Storage = std::variant<std::monostate, Scalar, ArrayRef, Tuple, List, Str, std::shared_ptr<Dict>,
                                 std::shared_ptr<Set>, Generator>;
    const Storage& storage() const { return v_; }

private:
    template <class T> T converted() const;  // as<T>'s general case
    Storage v_;
    ArrayOwner owner_;
};

// ------------------------------------------------------------------ compile options

enum class Target { CPU, Parallel, CUDA };

struct Options {
    Target target = Target::CPU;
    std::string arch = "sm_80";  // CUDA
    int opt_level = 3;
    bool fastmath = false;
};

class Module;
namespace pipeline {
class CallCache;
}
namespace detail {
struct ModuleState;
struct SpecState;
struct FunctionAccess;
}  // namespace detail

// One compiled specialization of a function (one signature, one target).
class Specialization {
public:
    const std::string& signature() const;  // "float64(float64, float64)"
    // Raw native entry point (CPU targets; ABI in the docs: scalars natural, arrays
    // expanded to data, shape..., strides...). Null for CUDA.
    void* address() const;
    template <class F> F* pointer() const { return reinterpret_cast<F*>(address()); }
    // Calls through the packed wrapper, with argument conversion and error capture.
    Value call(const std::vector<Value>& args) const;

    std::string typed_ir() const;  // annotated source (ujit types)
    std::string llvm_ir() const;   // optimized LLVM IR
    std::string assembly() const;  // x86-64 or PTX
    std::string ptx() const;       // CUDA only
    // CUDA: the cubin a GPU loads, the PTX linked with the link= files of the kernel, its
    // callees and their cuda.declare_device functions (nvJitLink), for `arch` ("sm_90";
    // empty: the PTX's own). Error when there is nothing to link.
    std::string linked_cubin(const std::string& arch = {}) const;
    // CUDA: whether the kernel synchronizes its grid, reaching cuda.cg.this_grid() (or a
    // cuda.declare_device function declared use_cooperative=True): it is linked with CUDA's
    // device runtime (libcudadevrt.a) and always launched cooperatively (Numba's
    // `overload.cooperative`). False for other code.
    bool cooperative() const;

private:
    friend class Function;
    friend class Module;
    friend struct detail::FunctionAccess;
    std::shared_ptr<detail::SpecState> s_;
};

class Function {
public:
    const std::string& name() const;
    std::vector<std::string> parameter_names() const;  // as the def names them, in order

    // Lazy: specialize from the argument types (cached per signature), then call. A call
    // with the argument types of a recent call (and the same options) takes a lock-free
    // path that allocates nothing for scalar arguments and results.
    Value call(const std::vector<Value>& args, const Options& opts = {}) const;
    Value call(const Value* args, size_t n_args) const;  // default Options
    Value call(const Value* args, size_t n_args, const Options& opts) const;
    template <class... A> Value operator()(A&&... args) const {
        if constexpr (sizeof...(A) == 0) {
            return call(nullptr, 0);
        } else if constexpr (sizeof...(A) <= 8 && (is_plain_number<std::decay_t<A>> && ...)) {
            const ScalarArg scalars[] = {ScalarArg(args)...};  // no Value built
            constexpr uint64_t key = scalar_key<std::decay_t<A>...>();
            return call_scalars(key, scalars, sizeof...(A));
        } else {
            const Value values[] = {Value(std::forward<A>(args))...};
            return call(values, sizeof...(A));
        }
    }

    // operator()'s path for plain C++ numbers, typed as Value types them (int → int64,
    // float and double → float64).
    struct ScalarArg {
        DType type;
        union {  // by type: Bool and Int64 in i, Float64 in f (8 bytes a parameter slot reads)
            int64_t i;
            double f;
        };
        ScalarArg(bool x) : type(DType::Bool), i(x) {}
        ScalarArg(int x) : type(DType::Int64), i(x) {}
        ScalarArg(long x) : type(DType::Int64), i(x) {}
        ScalarArg(long long x) : type(DType::Int64), i(x) {}
        ScalarArg(float x) : type(DType::Float64), f(x) {}
        ScalarArg(double x) : type(DType::Float64), f(x) {}
    };
    template <class T> static constexpr bool is_plain_number =
        std::is_same_v<T, bool> || std::is_same_v<T, int> || std::is_same_v<T, long> || std::is_same_v<T, long long> ||
        std::is_same_v<T, float> || std::is_same_v<T, double>;
    // The argument types as the call cache's key, known at compile time: 1 + the dtype of
    // each argument in a byte, above the count + 1 (0 for more than 7 arguments: no key).
    template <class T> static constexpr DType scalar_dtype = std::is_same_v<T, bool>       ? DType::Bool
                                                             : std::is_floating_point_v<T> ? DType::Float64
                                                                                           : DType::Int64;
    template <class... T> static constexpr uint64_t scalar_key() {
        if constexpr (sizeof...(T) > 7) {
            return 0;
        } else {
            const uint32_t codes[] = {0, (1 + uint32_t(scalar_dtype<T>))...};
            uint64_t key = sizeof...(T) + 1;
            for (size_t i = 1; i <= sizeof...(T); ++i) key |= uint64_t(codes[i]) << (8 * i);
            return key;
        }
    }
    Value call_scalars(uint64_t key, const ScalarArg* args, size_t n_args) const;

    // What the decorator makes of the function.
    enum class Kind { Plain, Jit, Vectorize, GuVectorize, CudaKernel, CudaDevice };
    Kind kind() const;
    bool declared_fastmath() const;

    // Eager: compile for a Numba signature string, or for the decorator's signature(s).
    Specialization compile(const std::string& signature, const Options& opts = {}) const;
    std::vector<Specialization> compile_declared(const Options& opts = {}) const;
    std::vector<std::string> declared_signatures() const;

    // ufunc application (vectorize): broadcasting over inputs (arrays or scalars), optional
    // `out`. Dispatches on input dtypes among the declared signatures (Numba's rules), or
    // specializes lazily when the function declares none. Target CPU or Parallel.
    Array vectorize_call(const std::vector<Value>& inputs, const Options& opts = {}) const;
    void vectorize_call(const std::vector<Value>& inputs, const ArrayRef& out, const Options& opts = {}) const;

    // Generalized ufunc application (@guvectorize), NumPy's gufunc rules: each operand's
    // last dimensions are its core dimensions in the layout, bound by name and checked
    // across operands; the other (loop) dimensions broadcast. Dispatches on the input
    // dtypes among the declared signatures (exact, then safe casts). Inputs may be any
    // strided views (and scalars for '()' cores). Returns the outputs (one per output of
    // the layout, shaped loop + core), or writes the caller's `outputs` (checked; cast when
    // their dtype differs). Target CPU or Parallel; the GPU: ujit::cuda::gufunc (cuda.hpp).
    std::vector<Array> gufunc_call(const std::vector<Value>& inputs, const Options& opts = {}) const;
    void gufunc_call(const std::vector<Value>& inputs, const std::vector<ArrayRef>& outputs,
                     const Options& opts = {}) const;

    bool is_cuda_kernel() const;
    bool is_ufunc() const;   // @vectorize: apply with vectorize_call
    bool is_gufunc() const;  // @guvectorize: apply with gufunc_call
    // The gufunc's layout, canonical ("(m,n),(n,p)->(m,p)"), and its number of inputs;
    // the outputs are the last parameters (empty and 0 for other functions).
    std::string gufunc_layout() const;
    int gufunc_inputs() const;
    // The target the decorator asks for: CUDA for @cuda.jit (kernels and device functions)
    // and target='cuda'; Parallel for target='parallel'; otherwise CPU.
    Target declared_target() const;

private:
    friend class Module;
    friend struct detail::FunctionAccess;  // the GPU entry points (ujit/cuda.hpp)
    Value call_scalars_uncached(const ScalarArg* args, size_t n_args) const;
    std::shared_ptr<detail::ModuleState> m_;
    const void* def_ = nullptr;
    pipeline::CallCache* calls_ = nullptr;  // owned by the module
};

// A module-level name supplied by the host, bound before the module's own statements
// (which win over it): what a Python host passes for a function's __globals__.
struct HostGlobal {
    enum class Kind { Constant, Module, Member, Function, DeviceArray };
    Kind kind = Kind::Constant;
    Value value;         // Constant: a scalar (its dtype is kept: np.float32), a tuple of them, or an
                         // array, frozen as Numba freezes a global array: copied by from_string,
                         // read-only in compiled code (`readonly array(dtype, Nd, C)`)
    std::string target;  // Module, Member: "math", "numpy", "numba", "numba.cuda", "random";
                         // Function: the def name of a function of the same source
    std::string member;  // Member: what `from <target> import <member>` binds ("sqrt", "jit")
    static HostGlobal constant(Value v);
    // DeviceArray: an array captured by reference, as Numba captures a global device array:
    // its data pointer (device memory for CUDA code; host memory where kernels run on the
    // CPU), shape and strides are compiled into the code, which reads and writes it in place.
    // The memory must outlive the module. `value` holds the ArrayRef (never dereferenced).
    static HostGlobal device_array(ArrayRef a);
    static HostGlobal module(std::string name);
    static HostGlobal module_member(std::string module, std::string member);
    static HostGlobal function(std::string def_name);
};

struct ModuleOptions {
    std::string filename = "<string>";
    // Where the source sits in `filename`: its first line is line `first_line`, and every
    // line lost `column_offset` columns of indentation (a host passing one dedented
    // function). Diagnostics and Error::line()/column() name positions in the file.
    int first_line = 1;
    int column_offset = 0;
    std::vector<std::pair<std::string, HostGlobal>> globals;
    // CUDA: device code linked into every kernel of the module, as if each @cuda.jit said
    // link=[...] (a .cu compiled by NVRTC, .ptx, .cubin, .fatbin, .o, .a, .ltoir); where the
    // definitions of its cuda.declare_device functions are. Checked when the module loads.
    std::vector<std::string> link;
};

class Module {
public:
    static Module from_string(const std::string& source, const std::string& filename = "<string>");
    // Throws Error(Argument) for a global naming an unsupported module or a missing def.
    static Module from_string(const std::string& source, const ModuleOptions& options);
    static Module from_file(const std::string& path);

    Function function(const std::string& name) const;  // throws if no such function
    std::vector<std::string> function_names() const;
    const std::string& filename() const;

    // The top-level statements ujit left to Python, as Numba does (host code: prints, loops,
    // `if __name__ == "__main__":`, non-constant assignments, imports of other libraries),
    // in source order, each with why. Names they bind are errors only where compiled code
    // uses them.
    struct HostStatement {
        int line = 0;
        int col = 0;
        std::string reason;
    };
    std::vector<HostStatement> host_statements() const;

private:
    std::shared_ptr<detail::ModuleState> m_;
};

}  // namespace ujit
