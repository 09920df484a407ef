// What each supported namespace contains: its builtins come from builtins.def (by
// spelling, np.* aliases of math.* included); constants, dtypes, sub-namespaces and
// decorators are here.
#include "types/resolve.hpp"

#include "types/heapq_typing.hpp"
#include "types/libdevice_table.hpp"
#include "types/vector_types.hpp"

#include <cmath>
#include <limits>

namespace ujit::types {

namespace {

Member ns(const std::string& path) { return make_member(Member::What::Namespace, namespace_(path)); }
Member fn(BuiltinId id) { return make_member(Member::What::Function, builtin_func(id), id); }
Member value(BuiltinId id, const Type* t) { return make_member(Member::What::Value, t, id); }
Member dtype(const Type* scalar) { return make_member(Member::What::DType, dtype_obj(scalar)); }
Member constant(double v) {
    Member m = make_member(Member::What::Constant, float64());
    m.constant = const_float(v);
    return m;
}
Member complex_constant(double re, double im) {
    Member m = make_member(Member::What::Constant, complex(128));
    m.constant.type = complex(128);
    m.constant.c = {re, im};
    return m;
}
Member decorator(const std::string& name) {
    Member m = make_member(Member::What::Decorator, nullptr);
    m.decorator = name;
    return m;
}

// A row of builtins.def spelled `spelling` ("math.sqrt", "np.arcsin", "cuda.threadIdx.x").
std::optional<Member> builtin_member(const std::string& spelling) {
    std::optional<BuiltinId> id = builtin_by_spelling(spelling);
    if (!id) return std::nullopt;
    if (builtin_info(*id).kind == BuiltinKind::Value) return value(*id, int32());
    return fn(*id);
}

// Scalar type names that numba and numpy both export (np.float32, numba.int64, ...).
const Type* dtype_name(const std::string& ns, const std::string& attr) {
    if (attr == "bool" || attr == "float" || attr == "int" || attr == "complex") return nullptr;  // not dtypes there
    if (ns == "np" && (attr == "b1" || attr == "i1" || attr == "i2" || attr == "i4" || attr == "i8" || attr == "u1" ||
                       attr == "u2" || attr == "u4" || attr == "u8" || attr == "f2" || attr == "f4" || attr == "f8" ||
                       attr == "c8" || attr == "c16" || attr == "boolean"))
        return nullptr;  // numpy has no such attribute
    const Type* t = scalar_from_name(attr);
    if (t && (t->is_bfloat16() || t->is_fp8()) && ns != "numba.types") return nullptr;  // bf16: numba-cuda's types
    return t;
}

}  // namespace

ConstValue const_int(int64_t v, const Type* t) {
    ConstValue c;
    c.type = t ? t : int64();
    c.i = v;
    return c;
}

ConstValue const_float(double v, const Type* t) {
    ConstValue c;
    c.type = t ? t : float64();
    c.f = v;
    return c;
}

std::string module_namespace(const std::string& module) {
    // ujit's Python package stands for numba (`import ujit as numba`, `from ujit import cuda`).
    if (module == "ujit" || module.starts_with("ujit.")) return module_namespace("numba" + module.substr(4));
    if (module == "math") return "math";
    if (module == "cmath") return "cmath";
    if (module == "numpy") return "np";
    if (module == "numpy.linalg") return "np.linalg";
    if (module == "numba") return "numba";
    if (module == "numba.misc.special" || module == "numba.cuda.misc.special") return "numba";  // literal_unroll
    if (module == "numba.cuda") return "cuda";
    if (module == "numba.cuda.random") return "cuda.random";
    if (module == "numba.cuda.libdevice") return "cuda.libdevice";
    if (module == "numba.cuda.vector_types") return "cuda.vector_types";
    if (module == "numba.cuda.cg") return "cuda.cg";  // coop: this_grid
    if (module == "numba.types" || module == "numba.core.types") return "numba.types";
    if (module == "numba.typed") return "numba.typed";  // List, Dict (types/typed_containers.cpp)
    if (module == "numba.experimental") return "numba.experimental";  // jitclass (types/jitclass.hpp)
    if (module == "random") return "random";
    if (module == "heapq") return "heapq";
    if (module == "collections") return "collections";  // ntuple: namedtuple, at module level
    // ---- bf16: numba-cuda's bfloat16 and fp8 modules
    if (module == "numba.cuda.bf16" || module == "numba.cuda._internal.cuda_bf16") return "cuda.bf16";
    if (module == "numba.cuda.fp8" || module == "numba.cuda._internal.cuda_fp8") return "cuda.fp8";
    // ---- end bf16
    return "";
}

std::optional<Member> resolve_member(const std::string& space, const std::string& attr) {
    if (auto b = builtin_member(space + "." + attr)) return b;
    if (space == "math") {
        if (attr == "pi") return constant(M_PI);
        if (attr == "e") return constant(M_E);
        if (attr == "tau") return constant(2 * M_PI);
        if (attr == "inf") return constant(std::numeric_limits<double>::infinity());
        if (attr == "nan") return constant(std::numeric_limits<double>::quiet_NaN());
        return std::nullopt;
    }
    if (space == "cmath") {  // its functions are builtins.def's rows
        constexpr double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
        if (attr == "pi") return constant(M_PI);
        if (attr == "e") return constant(M_E);
        if (attr == "tau") return constant(2 * M_PI);
        if (attr == "inf") return constant(inf);
        if (attr == "nan") return constant(nan);
        if (attr == "infj") return complex_constant(0.0, inf);
        if (attr == "nanj") return complex_constant(0.0, nan);
        return std::nullopt;
    }
    if (space == "np") {
        if (attr == "pi") return constant(M_PI);
        if (attr == "e") return constant(M_E);
        if (attr == "inf") return constant(std::numeric_limits<double>::infinity());
        if (attr == "nan") return constant(std::numeric_limits<double>::quiet_NaN());
        if (attr == "random") return ns("np.random");
        if (attr == "linalg") return ns("np.linalg");
        if (attr == "newaxis") {  // None, as an index: a new axis of length 1
            Member m = make_member(Member::What::Constant, none());
            m.constant.type = none();
            return m;
        }
        if (const Type* s = dtype_name(space, attr)) return dtype(s);
        return std::nullopt;
    }
    if (space == "collections") {  // ntuple: a class made at module level (types/named_tuples.hpp)
        if (attr == "namedtuple") return ns("collections.namedtuple");
        return std::nullopt;
    }
    if (space == "heapq") {  // heapq.heappush, ...: types/heapq_typing.hpp
        if (is_heapq_function("heapq." + attr)) return ns("heapq." + attr);
        return std::nullopt;
    }
    if (space == "numba") {
        if (attr == "cuda") return ns("cuda");
        if (attr == "literal_unroll") return ns("numba.literal_unroll");  // types/literal_unroll.hpp
        if (attr == "types") return ns("numba.types");
        if (attr == "typed") return ns("numba.typed");
        if (attr == "experimental") return ns("numba.experimental");
        if (attr == "jit" || attr == "njit" || attr == "vectorize" || attr == "guvectorize") return decorator(attr);
        if (const Type* s = dtype_name(space, attr)) return dtype(s);
        return std::nullopt;
    }
    // numba.types.int32, `from numba import types; types.float32`: the same scalar types.
    if (space == "numba.types") {
        if (const Type* s = dtype_name("numba.types", attr)) return dtype(s);
        // ---- containers: str, and the constructors of the types numba.typed's containers take
        // (types/type_values.hpp)
        if (attr == "unicode_type" || attr == "string") return dtype(unicode());
        if (attr == "UniTuple" || attr == "Tuple" || attr == "ListType" || attr == "DictType")
            return ns("numba.types." + attr);
        return std::nullopt;
    }
    // numba.typed.List and Dict, made in compiled code, and their class methods: namespaces
    // whose calls types/typed_containers.cpp types.
    if (space == "numba.typed") {
        if (attr == "List" || attr == "Dict") return ns("numba.typed." + attr);
        return std::nullopt;
    }
    if (space == "numba.experimental" && attr == "_ujit_unbox")
        return ns("numba.experimental." + attr);  // the Python package's passage of jitclass instances
    if (space == "numba.typed.List" && attr == "empty_list") return ns("numba.typed.List.empty_list");
    if (space == "numba.typed.Dict" && attr == "empty") return ns("numba.typed.Dict.empty");
    // ---- end containers
    if (space == "cuda") {
        if (attr == "threadIdx" || attr == "blockIdx" || attr == "blockDim" || attr == "gridDim" || attr == "shared" ||
            attr == "local" || attr == "atomic" || attr == "random" || attr == "fp16" || attr == "const" ||
            attr == "libdevice" || attr == "cg")
            return ns("cuda." + attr);
        if (attr == "bf16" || attr == "fp8") return ns("cuda." + attr);  // bf16
        if (attr == "jit") return decorator("cuda.jit");
        // Module level only (types/declared_device.cpp): `f = cuda.declare_device(...)`.
        if (attr == "declare_device" || attr == "CUSource") return decorator("cuda." + attr);
        // cuda.float32x4, cuda.float4: a vector type's constructor (types/vector_types.hpp)
        if (const Type* ctor = vector_constructor(attr)) return make_member(Member::What::Namespace, ctor);
        return std::nullopt;
    }
    // A vector type itself (numba-cuda's VectorType, as `vector_types["float32x4"]` gives it): the
    // dtype of cuda.local.array and cuda.shared.array. The Python package binds one by this name.
    if (space == "cuda.vector_types")
        if (const Type* v = vector_type_named(attr); v && v->str() == attr) return dtype(v);
    // cuda.libdevice.sincos: a namespace whose call types/infer_libdevice.cpp types
    if (space == "cuda.libdevice" && libdevice_function(attr)) return ns("cuda.libdevice." + attr);
    // ---- bf16: the types of numba.cuda.bf16 (bfloat16, nv_bfloat16) and _internal.cuda_fp8
    if (space == "cuda.bf16" && (attr == "bfloat16" || attr == "nv_bfloat16" || attr == "__nv_bfloat16"))
        return dtype(bfloat16());
    if (space == "cuda.fp8" && attr.starts_with("fp8_"))
        if (const Type* t = scalar_from_name(attr)) return dtype(t);
    // ---- end bf16
    return std::nullopt;
}

std::optional<Member> resolve_python_builtin(const std::string& name) {
    if (name == "tuple") return ns("tuple");  // tuple() and tuple(t): types/infer_call.cpp
    std::optional<BuiltinId> id = builtin_by_spelling(name);
    if (!id || builtin_info(*id).group != BuiltinGroup::Python) return std::nullopt;
    return fn(*id);
}

}  // namespace ujit::types
