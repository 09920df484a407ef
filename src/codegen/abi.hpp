// The calling convention of every function ujit emits, on both targets. Codegen, the CPU
// runtime (generic calls, ufunc loops), the CUDA launcher and the C API all follow it.
//
// Entry point "<symbol>" (the raw native function pointer on the CPU, the kernel on CUDA):
//   - scalar argument: its natural LLVM type; bool is i8 (0/1) at the boundary.
//   - array argument of ndim N: expanded into N*2+1 parameters:
//       ptr data, i64 shape[0..N), i64 strides[0..N)   (strides in bytes, like NumPy)
//   - str argument: ptr data (UTF-32 code points), i64 length; borrowed for the call.
//   - tuple argument: its elements expanded in order (recursively).
//   - result: scalar → returned as its natural type (bool as i8); none → void;
//     tuple or array → a first hidden parameter `ptr out` to its storage, and the function
//     returns void. A tuple's storage is a C struct with the elements in order at their
//     natural alignment; an array's is the array struct of codegen/llvm_types.hpp,
//       struct { void* data; int64_t shape[N]; int64_t strides[N] /* bytes */; ujit_nrt_meminfo* owner; }
//     (tuples holding arrays lay this struct out inline, 8-byte aligned). The result carries
//     ONE reference to `owner` for the caller, who releases it with ujit_nrt_decref
//     (src/nrt/nrt.h) when done; a null owner means the array borrows memory the caller
//     passed in (an argument, or a view of one), which must outlive the result.
//     A str result is the struct ujit_str {data, length, owner} (src/strings/str_abi.h), also
//     through `out`, with one reference to `owner` (null: a literal or an argument's text).
//     An OptionalType(T) result (types/optional_rules.hpp) is the C struct {T payload; bool valid;}
//     through `out` too; a None's payload is zero (no reference to release).
//   So `float64 hypot(float64, float64)` is `double(double, double)` in C.
//
// Packed wrapper "<symbol>$packed" (CPU only): `void(void** args, void* result)`.
//   args[i] points to the i-th argument: a scalar value (bool as uint8), or for an array
//   a ujit_array_view (include/ujit/ujit.h: data, shape*, strides*), for a str a ujit_str
//   with a null owner, or for a tuple the
//   C struct described above. `result` points to storage for the result (may be null
//   for none), laid out as the entry point's result above (arrays with their owner, one
//   reference for the caller). The C++ dynamic call and the C API call through this.
//
// Errors on the CPU (ZeroDivisionError, negative integer power, ...): the generated code
// calls `ujit_rt_raise(int code, const char* where)` which never returns; it longjmps to
// the innermost ujit::cpu::ErrorGuard on this thread (src/cpu/helper_errors.hpp).
#pragma once

#include <string>

namespace ujit::codegen {

inline std::string packed_symbol(const std::string& symbol) { return symbol + "$packed"; }

enum class RuntimeError : int {
    ZeroDivision = 1,       // `/` by zero, and a float `//` (Numba's "division by zero")
    NegativePower = 2,      // int ** negative int
    IndexOutOfBounds = 3,   // boundscheck=True (off by default, as in Numba); values: index, axis, size
    ValueError = 4,         // e.g. math domain errors where Numba raises
    SliceStepZero = 5,      // a[::0]
    ReshapeSize = 6,        // a.reshape(...) to another total size
    ReshapeNegatives = 7,   // a.reshape(-1, -1)
    BroadcastShapes = 8,    // np.sum(a + b) where the shapes do not broadcast (values: n1, shape1, n2, shape2)
    EmptyMinimum = 9,       // min() of an empty array
    EmptyMaximum = 10,      // max() of an empty array
    EmptyArgmin = 11,       // argmin() of an empty array
    EmptyArgmax = 12,       // argmax() of an empty array
    BroadcastInto = 13,     // out[:] = a where a's shape does not broadcast to out's (values as above)
    Raised = 14,            // a `raise` or failed `assert`: `where` is raised_payload's
    NegativeDimensions = 15,  // np.empty(-1): a new array with a negative dimension
    ArrayTooBig = 16,         // a new array whose size * itemsize does not fit in intp
    AllocationFailed = 17,    // the allocator returned no memory (MemoryError)
    ArangeStepZero = 18,      // np.arange(a, b, 0)
    AxisOutOfBounds = 19,     // np.sum(a, axis=5) (values: axis, ndim, 1 for AxisError / 0 for ValueError)
    // ZeroDivisionError with the message Numba gives each operation (numba/cpython/numbers.py):
    IntFloorDivByZero = 20,      // int // 0
    IntModuloByZero = 21,        // int % 0
    IntDivmodByZero = 22,        // divmod(int, 0)
    FloatModuloByZero = 23,      // float % 0.0, divmod(float, 0.0)
    ComplexDivisionByZero = 24,  // complex / 0j
    ZeroToNegativePower = 25,    // 0 ** -1 (integers)
};

// RuntimeError::Raised's `where`: "CLASS\0MESSAGE\0WHERE", so that the exception travels
// through the guard's (code, where) pair unchanged.
inline std::string raised_payload(const std::string& class_name, const std::string& message, const std::string& where) {
    std::string s = class_name;
    s += '\0';
    s += message;
    s += '\0';
    s += where;
    return s;
}

}  // namespace ujit::codegen
