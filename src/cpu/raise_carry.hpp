// Carrying a raise from one thread to another (a prange worker's to the thread that launched
// the loop; cpu/parallel_runtime.cpp). Defined in helper_errors.cpp, beside the thread's
// detail message they read and write. Neither constructs a C++ object.
#pragma once

namespace ujit::cpu {

// The detail message (NumPy's wording with values) that the last raise of `code` on this
// thread wrote, or null.
const char* raise_detail(int code);
// Raises `code` from this thread with that detail restored (null: none), to the innermost
// guard of this thread.
[[noreturn]] void raise_with_detail(int code, const char* where, const char* detail);

}  // namespace ujit::cpu
