// The tables of what each supported namespace contains. np.* functions with the same
// meaning as math.* resolve to the math ids (see builtins.def).
#include "types/resolve.hpp"

#include <cmath>
#include <limits>
#include <map>

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
Member decorator(const std::string& name) {
    Member m = make_member(Member::What::Decorator, nullptr);
    m.decorator = name;
    return m;
}

const std::map<std::string, BuiltinId>& math_functions() {
    static const std::map<std::string, BuiltinId> t = {
        {"acos", BuiltinId::MathAcos},   {"acosh", BuiltinId::MathAcosh},       {"asin", BuiltinId::MathAsin},
        {"asinh", BuiltinId::MathAsinh}, {"atan", BuiltinId::MathAtan},         {"atan2", BuiltinId::MathAtan2},
        {"atanh", BuiltinId::MathAtanh}, {"ceil", BuiltinId::MathCeil},         {"copysign", BuiltinId::MathCopysign},
        {"cos", BuiltinId::MathCos},     {"cosh", BuiltinId::MathCosh},         {"degrees", BuiltinId::MathDegrees},
        {"erf", BuiltinId::MathErf},     {"erfc", BuiltinId::MathErfc},         {"exp", BuiltinId::MathExp},
        {"expm1", BuiltinId::MathExpm1}, {"fabs", BuiltinId::MathFabs},         {"floor", BuiltinId::MathFloor},
        {"fmod", BuiltinId::MathFmod},   {"gamma", BuiltinId::MathGamma},       {"gcd", BuiltinId::MathGcd},
        {"hypot", BuiltinId::MathHypot}, {"isfinite", BuiltinId::MathIsfinite}, {"isinf", BuiltinId::MathIsinf},
        {"isnan", BuiltinId::MathIsnan}, {"ldexp", BuiltinId::MathLdexp},       {"lgamma", BuiltinId::MathLgamma},
        {"log", BuiltinId::MathLog},     {"log10", BuiltinId::MathLog10},       {"log1p", BuiltinId::MathLog1p},
        {"log2", BuiltinId::MathLog2},   {"pow", BuiltinId::MathPow},           {"radians", BuiltinId::MathRadians},
        {"sin", BuiltinId::MathSin},     {"sinh", BuiltinId::MathSinh},         {"sqrt", BuiltinId::MathSqrt},
        {"tan", BuiltinId::MathTan},     {"tanh", BuiltinId::MathTanh},         {"trunc", BuiltinId::MathTrunc},
    };
    return t;
}

const std::map<std::string, BuiltinId>& numpy_functions() {
    static const std::map<std::string, BuiltinId> t = {
        {"sqrt", BuiltinId::MathSqrt},
        {"exp", BuiltinId::MathExp},
        {"log", BuiltinId::MathLog},
        {"log10", BuiltinId::MathLog10},
        {"log2", BuiltinId::MathLog2},
        {"log1p", BuiltinId::MathLog1p},
        {"expm1", BuiltinId::MathExpm1},
        {"sin", BuiltinId::MathSin},
        {"cos", BuiltinId::MathCos},
        {"tan", BuiltinId::MathTan},
        {"arcsin", BuiltinId::MathAsin},
        {"arccos", BuiltinId::MathAcos},
        {"arctan", BuiltinId::MathAtan},
        {"arctan2", BuiltinId::MathAtan2},
        {"sinh", BuiltinId::MathSinh},
        {"cosh", BuiltinId::MathCosh},
        {"tanh", BuiltinId::MathTanh},
        {"arcsinh", BuiltinId::MathAsinh},
        {"arccosh", BuiltinId::MathAcosh},
        {"arctanh", BuiltinId::MathAtanh},
        {"hypot", BuiltinId::MathHypot},
        {"fabs", BuiltinId::MathFabs},
        {"copysign", BuiltinId::MathCopysign},
        {"fmod", BuiltinId::MathFmod},
        {"degrees", BuiltinId::MathDegrees},
        {"radians", BuiltinId::MathRadians},
        {"rad2deg", BuiltinId::MathDegrees},
        {"deg2rad", BuiltinId::MathRadians},
        {"isnan", BuiltinId::MathIsnan},
        {"isinf", BuiltinId::MathIsinf},
        {"isfinite", BuiltinId::MathIsfinite},
        {"floor", BuiltinId::NpFloor},
        {"ceil", BuiltinId::NpCeil},
        {"trunc", BuiltinId::NpTrunc},
        {"abs", BuiltinId::NpAbs},
        {"absolute", BuiltinId::NpAbs},
        {"sign", BuiltinId::NpSign},
        {"minimum", BuiltinId::NpMinimum},
        {"maximum", BuiltinId::NpMaximum},
        {"power", BuiltinId::NpPower},
        {"exp2", BuiltinId::NpExp2},
        {"rint", BuiltinId::NpRint},
        {"square", BuiltinId::NpSquare},
        {"real", BuiltinId::NpReal},
        {"imag", BuiltinId::NpImag},
        {"conj", BuiltinId::NpConj},
        {"conjugate", BuiltinId::NpConj},
    };
    return t;
}

const std::map<std::string, BuiltinId>& cuda_functions() {
    static const std::map<std::string, BuiltinId> t = {
        {"grid", BuiltinId::CudaGrid},
        {"gridsize", BuiltinId::CudaGridsize},
        {"syncthreads", BuiltinId::CudaSyncthreads},
        {"syncthreads_count", BuiltinId::CudaSyncthreadsCount},
        {"syncthreads_and", BuiltinId::CudaSyncthreadsAnd},
        {"syncthreads_or", BuiltinId::CudaSyncthreadsOr},
        {"threadfence", BuiltinId::CudaThreadfence},
        {"threadfence_block", BuiltinId::CudaThreadfenceBlock},
    };
    return t;
}

const std::map<std::string, BuiltinId>& atomic_functions() {
    static const std::map<std::string, BuiltinId> t = {
        {"add", BuiltinId::CudaAtomicAdd},       {"sub", BuiltinId::CudaAtomicSub},
        {"max", BuiltinId::CudaAtomicMax},       {"min", BuiltinId::CudaAtomicMin},
        {"nanmax", BuiltinId::CudaAtomicNanmax}, {"nanmin", BuiltinId::CudaAtomicNanmin},
        {"exch", BuiltinId::CudaAtomicExch},     {"cas", BuiltinId::CudaAtomicCas},
        {"and_", BuiltinId::CudaAtomicAnd},      {"or_", BuiltinId::CudaAtomicOr},
        {"xor", BuiltinId::CudaAtomicXor},       {"inc", BuiltinId::CudaAtomicInc},
        {"dec", BuiltinId::CudaAtomicDec},
    };
    return t;
}

// cuda.threadIdx.x → CudaThreadIdxX: the ids are laid out x, y, z per object.
std::optional<Member> dim3_member(const std::string& object, const std::string& attr) {
    static const std::map<std::string, BuiltinId> first = {
        {"threadIdx", BuiltinId::CudaThreadIdxX},
        {"blockIdx", BuiltinId::CudaBlockIdxX},
        {"blockDim", BuiltinId::CudaBlockDimX},
        {"gridDim", BuiltinId::CudaGridDimX},
    };
    auto it = first.find(object);
    if (it == first.end()) return std::nullopt;
    int offset = attr == "x" ? 0 : attr == "y" ? 1 : attr == "z" ? 2 : -1;
    if (offset < 0) return std::nullopt;
    return value(static_cast<BuiltinId>(static_cast<int>(it->second) + offset), int32());
}

// Scalar type names that numba and numpy both export (np.float32, numba.int64, ...).
const Type* dtype_name(const std::string& ns, const std::string& attr) {
    if (attr == "bool" || attr == "float" || attr == "int" || attr == "complex") return nullptr;  // not dtypes there
    if (ns == "np" && (attr == "b1" || attr == "i1" || attr == "i2" || attr == "i4" || attr == "i8" || attr == "u1" ||
                       attr == "u2" || attr == "u4" || attr == "u8" || attr == "f4" || attr == "f8" || attr == "c8" ||
                       attr == "c16" || attr == "boolean"))
        return nullptr;  // numpy has no such attribute
    return scalar_from_name(attr);
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
    if (module == "math") return "math";
    if (module == "numpy") return "np";
    if (module == "numba") return "numba";
    if (module == "numba.cuda") return "cuda";
    if (module == "numba.types" || module == "numba.core.types") return "numba.types";
    if (module == "random") return "random";
    return "";
}

std::optional<Member> resolve_member(const std::string& space, const std::string& attr) {
    if (space == "math") {
        auto& t = math_functions();
        if (auto it = t.find(attr); it != t.end()) return fn(it->second);
        if (attr == "pi") return constant(M_PI);
        if (attr == "e") return constant(M_E);
        if (attr == "tau") return constant(2 * M_PI);
        if (attr == "inf") return constant(std::numeric_limits<double>::infinity());
        if (attr == "nan") return constant(std::numeric_limits<double>::quiet_NaN());
        return std::nullopt;
    }
    if (space == "np") {
        auto& t = numpy_functions();
        if (auto it = t.find(attr); it != t.end()) return fn(it->second);
        if (attr == "pi") return constant(M_PI);
        if (attr == "e") return constant(M_E);
        if (attr == "inf") return constant(std::numeric_limits<double>::infinity());
        if (attr == "nan") return constant(std::numeric_limits<double>::quiet_NaN());
        if (const Type* s = dtype_name(space, attr)) return dtype(s);
        return std::nullopt;
    }
    if (space == "numba") {
        if (attr == "cuda") return ns("cuda");
        if (attr == "types") return ns("numba.types");
        if (attr == "jit" || attr == "njit" || attr == "vectorize" || attr == "guvectorize") return decorator(attr);
        if (const Type* s = dtype_name(space, attr)) return dtype(s);
        return std::nullopt;
    }
    // numba.types.int32, `from numba import types; types.float32`: the same scalar types.
    if (space == "numba.types") {
        if (const Type* s = dtype_name("numba", attr)) return dtype(s);
        return std::nullopt;
    }
    if (space == "cuda") {
        auto& t = cuda_functions();
        if (auto it = t.find(attr); it != t.end()) return fn(it->second);
        if (attr == "threadIdx" || attr == "blockIdx" || attr == "blockDim" || attr == "gridDim" || attr == "shared" ||
            attr == "local" || attr == "atomic")
            return ns("cuda." + attr);
        if (attr == "laneid") return value(BuiltinId::CudaLaneId, int32());
        if (attr == "warpsize") return value(BuiltinId::CudaWarpSize, int32());
        if (attr == "jit") return decorator("cuda.jit");
        return std::nullopt;
    }
    if (space == "cuda.shared" && attr == "array") return fn(BuiltinId::CudaSharedArray);
    if (space == "cuda.local" && attr == "array") return fn(BuiltinId::CudaLocalArray);
    if (space == "cuda.atomic") {
        auto& t = atomic_functions();
        if (auto it = t.find(attr); it != t.end()) return fn(it->second);
        return std::nullopt;
    }
    if (space.rfind("cuda.", 0) == 0) return dim3_member(space.substr(5), attr);
    if (space == "random") {
        if (attr == "random") return fn(BuiltinId::RandomRandom);
        if (attr == "seed") return fn(BuiltinId::RandomSeed);
        if (attr == "uniform") return fn(BuiltinId::RandomUniform);
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Member> resolve_python_builtin(const std::string& name) {
    static const std::map<std::string, BuiltinId> t = {
        {"abs", BuiltinId::Abs},         {"min", BuiltinId::Min},     {"max", BuiltinId::Max},
        {"int", BuiltinId::Int},         {"float", BuiltinId::Float}, {"bool", BuiltinId::Bool},
        {"complex", BuiltinId::Complex}, {"round", BuiltinId::Round}, {"len", BuiltinId::Len},
        {"range", BuiltinId::Range},     {"print", BuiltinId::Print}, {"pow", BuiltinId::Pow},
        {"divmod", BuiltinId::DivMod},
    };
    if (auto it = t.find(name); it != t.end()) return fn(it->second);
    return std::nullopt;
}

bool is_cuda_only(BuiltinId id) { return id >= BuiltinId::CudaThreadIdxX && id <= BuiltinId::CudaAtomicDec; }

bool is_cpu_only(BuiltinId id) {
    return id == BuiltinId::RandomRandom || id == BuiltinId::RandomSeed || id == BuiltinId::RandomUniform;
}

}  // namespace ujit::types
