// The one table of what each codegen::RuntimeError code raises when it comes with no
// values: the CPU's error guard (cpu/helper_errors.cpp) and the CUDA target's raise sites
// (codegen/kernel_raise.hpp) both read it.
#include "codegen/runtime_error_text.hpp"

#include "codegen/abi.hpp"

namespace ujit::codegen {

std::string runtime_error_text(int code) {
    switch (static_cast<RuntimeError>(code)) {
    case RuntimeError::ZeroDivision: return "ZeroDivisionError: division by zero";
    case RuntimeError::NegativePower: return "ValueError: negative exponent in integer power";
    case RuntimeError::IndexOutOfBounds: return "IndexError: index out of bounds";
    case RuntimeError::ValueError: return "ValueError: math domain error";
    case RuntimeError::SliceStepZero: return "ValueError: slice step cannot be zero";
    case RuntimeError::ReshapeSize: return "ValueError: total size of new array must be unchanged";
    case RuntimeError::ReshapeNegatives: return "ValueError: multiple negative shape values";
    case RuntimeError::BroadcastShapes: return "ValueError: operands could not be broadcast together";
    case RuntimeError::BroadcastInto: return "ValueError: could not broadcast input array into the destination";
    case RuntimeError::EmptyMinimum:
        return "ValueError: zero-size array to reduction operation minimum which has no identity";
    case RuntimeError::EmptyMaximum:
        return "ValueError: zero-size array to reduction operation maximum which has no identity";
    case RuntimeError::EmptyArgmin: return "ValueError: attempt to get argmin of an empty sequence";
    case RuntimeError::EmptyArgmax: return "ValueError: attempt to get argmax of an empty sequence";
    case RuntimeError::NegativeDimensions: return "ValueError: negative dimensions not allowed";
    case RuntimeError::ArrayTooBig:
        return "ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible "
               "size.";
    case RuntimeError::AllocationFailed: return "MemoryError: Allocation failed (probably too large).";
    case RuntimeError::ArangeStepZero: return "ValueError: Maximum allowed size exceeded";
    case RuntimeError::AxisOutOfBounds: return "ValueError: axis is out of bounds";
    case RuntimeError::IntFloorDivByZero: return "ZeroDivisionError: integer division by zero";
    case RuntimeError::IntModuloByZero: return "ZeroDivisionError: integer modulo by zero";
    case RuntimeError::IntDivmodByZero: return "ZeroDivisionError: integer divmod by zero";
    case RuntimeError::FloatModuloByZero: return "ZeroDivisionError: modulo by zero";
    case RuntimeError::ComplexDivisionByZero: return "ZeroDivisionError: complex division by zero";
    case RuntimeError::ZeroToNegativePower: return "ZeroDivisionError: 0 cannot be raised to a negative power";
    case RuntimeError::Raised: break;  // the message is the payload's: RuntimeErrorInfo::str
    }
    return "RuntimeError: unknown run-time error " + std::to_string(code);
}

}  // namespace ujit::codegen
