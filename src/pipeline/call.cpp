#include "pipeline/call.hpp"

#include "cpu/helper_errors.hpp"
#include "ujit/ujit.hpp"

namespace ujit::pipeline {

void call_packed(void* packed, void** args, void* result) {
    auto fn = reinterpret_cast<PackedFn>(packed);
    cpu::RuntimeErrorInfo err;
    if (!cpu::guarded_call([&] { fn(args, result); }, err)) throw Error(Error::Kind::Runtime, err.str());
}

}  // namespace ujit::pipeline
