// Calling generated CPU code with ujit's error model: a raise inside the generated code
// (ZeroDivisionError, ...) comes back here as ujit::Error(Kind::Runtime).
#pragma once

namespace ujit::pipeline {

using PackedFn = void (*)(void** args, void* result);
void call_packed(void* packed, void** args, void* result);

}  // namespace ujit::pipeline
