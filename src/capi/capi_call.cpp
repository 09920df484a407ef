// ujit_function_call and NumPy's inner loops.
//
// The call's fast path reads the function's call cache (pipeline/call_cache.hpp) with the
// ujit_values' dtypes as the key and stores the scalars straight into the packed
// wrapper's argument slots: no ujit::Value, no allocation. Anything else (arrays, a first
// call, a conversion that fails) goes through Function::call, which fills the cache.
#include "capi/handles.hpp"
#include "capi/values.hpp"

#include "cpu/helper_errors.hpp"
#include "pipeline/call.hpp"
#include "pipeline/call_cache.hpp"
#include "pipeline/marshal.hpp"
#include "pipeline/module_state.hpp"
#include "runtime/scalar.hpp"
#include "runtime/ufunc_exec.hpp"
#include "syntax/diagnostics.hpp"

#include <cstring>
#include <vector>

struct ujit_ufunc_loop {
    std::shared_ptr<ujit::detail::SpecState> spec;  // keeps the code and its module alive
    ujit::runtime::LoopFn fn = nullptr;
    ujit_loop_error_fn on_error = nullptr;
    void* context = nullptr;
};

namespace {

using ujit::capi::guarded;
using ujit::capi::require;
namespace pipeline = ujit::pipeline;

constexpr int kInt64 = static_cast<int>(ujit::DType::Int64);
constexpr int kUInt64 = static_cast<int>(ujit::DType::UInt64);
constexpr int kFloat64 = static_cast<int>(ujit::DType::Float64);

// The scalar a ujit_value holds, for a dtype already checked to be valid.
ujit::Value::Scalar scalar_of(const ujit_value& v, int dtype) {
    ujit::Value::Scalar s;
    s.type = static_cast<ujit::DType>(dtype);
    switch (s.type) {
    case ujit::DType::Bool: s.i = v.v.i != 0; break;
    case ujit::DType::Float16: s.f = static_cast<double>(static_cast<_Float16>(v.v.f)); break;
    case ujit::DType::Float32: s.f = static_cast<float>(v.v.f); break;
    case ujit::DType::Float64: s.f = v.v.f; break;
    case ujit::DType::Complex64:
        s.c = std::complex<double>(static_cast<float>(v.v.c[0]), static_cast<float>(v.v.c[1]));
        break;
    case ujit::DType::Complex128: s.c = std::complex<double>(v.v.c[0], v.v.c[1]); break;
    default: s.i = v.v.i; break;  // ints; unsigned ones bit-identical
    }
    return s;
}

void write_results(ujit::Value&& r, ujit_value* results, size_t max_results, size_t* n_results) {
    size_t n = ujit::capi::to_c_values(std::move(r), results, results ? max_results : 0);
    if (n_results) *n_results = n;
}

// A scalar-returning entry's result bytes as the call's one result.
void write_scalar_result(ujit::DType rt, const uint8_t* result, ujit_value* results, size_t max_results,
                         size_t* n_results) {
    if (n_results) *n_results = 1;
    if (!max_results) return;
    ujit_value& out = results[0];
    out.is_array = 0;
    out.dtype = static_cast<ujit_dtype>(rt);
    if (rt == ujit::DType::Float64 || rt == ujit::DType::Int64 || rt == ujit::DType::UInt64) {
        std::memcpy(&out.v, result, 8);
        return;
    }
    ujit::Value::Scalar s = ujit::runtime::load_scalar(rt, result);
    switch (rt) {
    case ujit::DType::Float16:
    case ujit::DType::Float32:
    case ujit::DType::Float64: out.v.f = s.f; break;
    case ujit::DType::Complex64:
    case ujit::DType::Complex128:
        out.v.c[0] = s.c.real();
        out.v.c[1] = s.c.imag();
        break;
    default: out.v.i = s.i; break;
    }
}

// The fast path; false when it does not apply (the caller takes the general one).
bool call_cached(ujit_function* f, const ujit_value* args, size_t n_args, ujit_value* results, size_t max_results,
                 size_t* n_results) {
    if (n_args > 7) return false;  // no scalar key
    struct Arg {
        ujit::DType type;
    } keyed[7];
    int dtypes[7];
    for (size_t i = 0; i < n_args; ++i) {
        if (args[i].is_array) return false;
        // The tag as the integer the caller stored (an enum holding junk is undefined).
        std::memcpy(&dtypes[i], &args[i].dtype, sizeof(int));
        if (!ujit::runtime::is_valid_dtype(dtypes[i])) return false;
        keyed[i].type = static_cast<ujit::DType>(dtypes[i]);
    }
    // Entries with scalar keys have scalar parameters and result, and default options.
    const pipeline::CallEntry* e =
        ujit::detail::FunctionAccess::calls(f->function).find_scalar(pipeline::scalar_call_key(keyed, n_args));
    if (!e) return false;
    alignas(16) uint8_t slots[7][16];
    void* ptrs[7];
    for (size_t i = 0; i < n_args; ++i) {
        const int to = static_cast<int>(e->param_dtypes[i]);
        if (dtypes[i] == to && (to == kInt64 || to == kFloat64 || to == kUInt64)) {
            ptrs[i] = const_cast<int64_t*>(&args[i].v.i);  // the union holds exactly the parameter's bytes
        } else {
            ujit::runtime::store_scalar(scalar_of(args[i], dtypes[i]), e->param_dtypes[i], slots[i]);
            ptrs[i] = slots[i];
        }
    }
    alignas(16) uint8_t result[16];
    pipeline::call_packed(e->packed, ptrs, result);
    write_scalar_result(e->result_dtype, result, results, max_results, n_results);
    return true;
}

// A DLTensor's dtype, or -1 for one the general path reports (without building its text).
int dtype_of_dl(const DLDataType& t) {
    constexpr uint8_t kDLBoolCode = 6;  // DLPack >= 0.8 (capi/values.cpp)
    if (t.lanes != 1) return -1;
    switch (t.code) {
    case kDLInt:
    case kDLUInt: {
        int k = t.bits == 8 ? 0 : t.bits == 16 ? 1 : t.bits == 32 ? 2 : t.bits == 64 ? 3 : -1;
        if (k < 0) return -1;
        return (t.code == kDLInt ? static_cast<int>(ujit::DType::Int8) : static_cast<int>(ujit::DType::UInt8)) + k;
    }
    case kDLFloat:
        return t.bits == 16   ? static_cast<int>(ujit::DType::Float16)
               : t.bits == 32 ? static_cast<int>(ujit::DType::Float32)
               : t.bits == 64 ? kFloat64
                              : -1;
    case kDLComplex:
        return t.bits == 64    ? static_cast<int>(ujit::DType::Complex64)
               : t.bits == 128 ? static_cast<int>(ujit::DType::Complex128)
                               : -1;
    case kDLBoolCode: return t.bits == 8 ? static_cast<int>(ujit::DType::Bool) : -1;
    default: {  // datetime64/timedelta64: UJIT_DL_TIME_BASE + the dtype
        const int time = int(t.code) - UJIT_DL_TIME_BASE;
        return time >= 0 && t.bits == 64 && ujit::runtime::is_valid_dtype(time) ? time : -1;
    }
    }
}

// One host array argument as the packed wrapper takes it: its view and byte strides.
struct ArrayArg {
    ujit_array_view view;
    int64_t strides[pipeline::kMaxCachedArgs];  // bytes (ndim <= 8 here)
};

// The array's call-cache code (NumPy's flags: extent-1 dimensions take any stride, an
// empty array is C), its view filled in; 0 when the general path must take it.
uint32_t array_arg(const ujit_value& v, ArrayArg& out) {
    const DLTensor* t = v.v.array;
    // Only plain host DLTensors: result handles and any other kind of value take the
    // general path (which knows every kind).
    if ((v.is_array != UJIT_ARRAY && v.is_array != UJIT_ARRAY_READONLY) || !t || t->device.device_type != kDLCPU)
        return 0;
    const int dt = dtype_of_dl(t->dtype);
    const int nd = t->ndim;
    if (dt < 0 || nd < 0 || nd > 8 || (nd > 0 && !t->shape)) return 0;
    const int64_t item = ujit::itemsize(static_cast<ujit::DType>(dt));
    int64_t size = 1;
    for (int k = 0; k < nd; ++k)
        if (t->shape[k] < 0 || __builtin_mul_overflow(size, t->shape[k], &size)) return 0;
    if (size != 0 && !t->data) return 0;
    int64_t compact = item;  // bytes
    for (int k = nd - 1; k >= 0; --k) {  // null strides: compact row-major
        if (!t->strides)
            out.strides[k] = compact;
        else if (__builtin_mul_overflow(t->strides[k], item, &out.strides[k]))
            return 0;
        if (__builtin_mul_overflow(compact, t->shape[k], &compact)) return 0;
    }
    bool c = true, f = true;
    int64_t c_next = item, f_next = item;
    for (int k = 0; k < nd; ++k) {
        const int ck = nd - 1 - k;  // C compares innermost first, F outermost first
        if (t->shape[ck] != 1 && out.strides[ck] != c_next) c = false;
        if (t->shape[k] != 1 && out.strides[k] != f_next) f = false;
        // (No overflow: each is a product of the extents `compact` multiplied above.)
        c_next *= t->shape[ck];
        f_next *= t->shape[k];
    }
    if (size == 0) c = true;
    out.view = ujit_array_view{static_cast<char*>(t->data) + t->byte_offset, t->shape, out.strides};
    const pipeline::CodeLayout layout = c   ? pipeline::CodeLayout::C
                                        : f ? pipeline::CodeLayout::F
                                            : pipeline::CodeLayout::A;
    return pipeline::array_code(static_cast<ujit::DType>(dt), nd, layout, (v.is_array & 2) != 0);
}

// The fast path of calls with host arrays (C API DLTensors): the cached entry for the
// arguments' codes, each array's view stored as it is (no ujit::Value, no allocation for
// a scalar result). False when it does not apply.
bool call_cached_arrays(ujit_function* f, const ujit_value* args, size_t n_args, ujit_value* results,
                        size_t max_results, size_t* n_results) {
    if (n_args > pipeline::kMaxCachedArgs) return false;
    uint32_t codes[pipeline::kMaxCachedArgs];
    ArrayArg arrays[pipeline::kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) {
        if (args[i].is_array) {  // (any kind but a scalar)
            if (!(codes[i] = array_arg(args[i], arrays[i]))) return false;
            continue;
        }
        int dtype;
        std::memcpy(&dtype, &args[i].dtype, sizeof(int));
        if (!ujit::runtime::is_valid_dtype(dtype)) return false;
        codes[i] = pipeline::scalar_code(static_cast<ujit::DType>(dtype));
    }
    const pipeline::CallEntry* e =
        ujit::detail::FunctionAccess::calls(f->function).find(codes, n_args, pipeline::CallOptions::defaults());
    if (!e || !e->direct_arrays) return false;
    alignas(16) uint8_t slots[pipeline::kMaxCachedArgs][16];
    void* ptrs[pipeline::kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) {
        if (args[i].is_array) {
            ptrs[i] = &arrays[i].view;
            continue;
        }
        const int from = static_cast<int>(codes[i]) - 1;  // scalar_code's dtype
        ujit::runtime::store_scalar(scalar_of(args[i], from), e->param_dtypes[i], slots[i]);
        ptrs[i] = slots[i];
    }
    if (!e->scalar_result) {
        write_results(pipeline::invoke_entry(*e, ptrs), results, max_results, n_results);
        return true;
    }
    alignas(16) uint8_t result[16];
    pipeline::call_packed(e->packed, ptrs, result);
    write_scalar_result(e->result_dtype, result, results, max_results, n_results);
    return true;
}

// NumPy's PyUFuncGenericFunction over ujit's loop (which takes n by value).
void numpy_loop(char** args, const int64_t* dims, const int64_t* steps, void* data) {
    auto* h = static_cast<ujit_ufunc_loop*>(data);
    ujit::cpu::RuntimeErrorInfo err;
    ujit::runtime::LoopFn fn = h->fn;
    const int64_t n = dims[0];
    if (ujit::cpu::guarded_call([&] { fn(args, n, steps); }, err)) return;
    try {
        std::string message = err.str();
        if (h->on_error)
            h->on_error(h->context, UJIT_ERROR_RUNTIME, message.c_str());
        else
            ujit::capi::fail(UJIT_ERROR_RUNTIME, std::move(message));
    } catch (...) {
        // Out of memory while reporting: NumPy's loop has no way to fail but this callback.
        if (h->on_error) h->on_error(h->context, UJIT_ERROR_INTERNAL, "error: out of memory");
    }
}

std::shared_ptr<ujit::detail::SpecState> loop_spec(const ujit::Function& f, const std::string& signature) {
    auto& m = ujit::detail::FunctionAccess::module(f);
    const auto* def = ujit::detail::FunctionAccess::def(f);
    ujit::Function::Kind k = f.kind();
    require(k == ujit::Function::Kind::Vectorize || k == ujit::Function::Kind::Jit || k == ujit::Function::Kind::Plain,
            ("'" + def->name + "' is not a scalar CPU function: no NumPy loop").c_str());
    ujit::types::Signature sig;
    try {
        sig = ujit::types::parse_signature(signature, def->name_loc);
    } catch (const ujit::syntax::CompileError&) {
        ujit::detail::rethrow_compile_error(m, std::current_exception());
    }
    ujit::detail::SpecKey key{def,           sig.args, sig.ret, ujit::Target::CPU,
                              std::string(), 3,        false,   pipeline::Artifact::UfuncLoop};
    auto spec = m.get_or_compile(key, false);
    const ujit::types::TypedFunction& fn = *spec->compiled.typed;
    require(fn.return_type->is_number() || fn.return_type->is_datetime_like(),
            ("ufunc '" + def->name + "' must return a scalar, not " + fn.return_type->str()).c_str());
    return spec;
}

}  // namespace

extern "C" {

ujit_status ujit_function_call(ujit_function* f, const ujit_value* args, size_t n_args, ujit_value* results,
                               size_t max_results, size_t* n_results) {
    return guarded([&] {
        require(f, "null function");
        require(args || n_args == 0, "null argument array with n_args > 0");
        require(results || max_results == 0, "null results with max_results > 0");
        if (n_results) *n_results = 0;
        if (call_cached(f, args, n_args, results, max_results, n_results)) return;
        if (call_cached_arrays(f, args, n_args, results, max_results, n_results)) return;
        for (size_t i = 0; i < n_args; ++i)
            require(!ujit::capi::dl_tensor_of(args[i]) || args[i].v.array->device.device_type == kDLCPU,
                    "ujit_function_call takes host (kDLCPU) arrays: launch kernels with ujit_function_launch");
        std::vector<ujit::Value> values = ujit::capi::to_values(args, n_args);
        write_results(f->function.call(values.data(), values.size()), results, max_results, n_results);
    });
}

ujit_status ujit_function_ufunc_loop(ujit_function* f, const char* signature, ujit_loop_error_fn on_error,
                                     void* context, ujit_ufunc_loop** handle_out, ujit_numpy_loop_fn* loop_out,
                                     void** data_out, ujit_dtype* types_out, size_t max_types, size_t* n_types) {
    return guarded([&] {
        require(f && signature && handle_out && loop_out && data_out, "null function, signature or output");
        require(types_out || max_types == 0, "null types with max_types > 0");
        *handle_out = nullptr;
        *loop_out = nullptr;
        *data_out = nullptr;
        if (n_types) *n_types = 0;
        auto spec = loop_spec(f->function, signature);
        const ujit::types::TypedFunction& fn = *spec->compiled.typed;
        std::vector<ujit_dtype> types;
        for (const auto* t : fn.arg_types) types.push_back(static_cast<ujit_dtype>(pipeline::dtype_of_type(t)));
        types.push_back(static_cast<ujit_dtype>(pipeline::dtype_of_type(fn.return_type)));
        auto* h =
            new ujit_ufunc_loop{spec, reinterpret_cast<ujit::runtime::LoopFn>(spec->compiled.loop), on_error, context};
        std::copy_n(types.begin(), std::min(types.size(), max_types), types_out);
        if (n_types) *n_types = types.size();
        *handle_out = h;
        *loop_out = &numpy_loop;
        *data_out = h;
    });
}

void ujit_ufunc_loop_release(ujit_ufunc_loop* loop) { delete loop; }

}  // extern "C"
