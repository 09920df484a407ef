// libFuzzer target: the whole compile of Python source to LLVM IR for the CPU and to PTX.
// Each function of the module is compiled for the signatures its decorator declares, or
// else with every parameter float64 and then int64, or float64 arrays for kernels. Any
// input must compile or end in a ujit::Error of a user's kind; an Internal error is a bug
// in ujit (a missing check before the lowering), so it aborts like a crash.
#include "ujit/ujit.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

std::string uniform_signature(size_t params, const std::string& type) {
    std::string sig = "(";
    for (size_t i = 0; i < params; ++i) sig += (i ? ", " : "") + type;
    return sig + ")";
}

void compile_one(const ujit::Function& fn, const std::string& sig, ujit::Target target) {
    ujit::Options opts;
    opts.target = target;
    opts.opt_level = 1;  // the lowering is what is fuzzed; O3 on every input is slow
    ujit::Specialization s = fn.compile(sig, opts);
    (void)(target == ujit::Target::CUDA ? s.ptx() : s.llvm_ir());
}

void compile_function(const ujit::Function& fn) {
    std::vector<std::string> sigs = fn.declared_signatures();
    const size_t n = fn.parameter_names().size();
    if (sigs.empty() && fn.is_cuda_kernel()) sigs.push_back("void" + uniform_signature(n, "float64[:]"));
    if (sigs.empty()) sigs = {uniform_signature(n, "float64"), uniform_signature(n, "int64")};
    const bool cuda = fn.declared_target() == ujit::Target::CUDA;
    for (const std::string& sig : sigs) {
        for (ujit::Target target : {ujit::Target::CPU, ujit::Target::CUDA}) {
            if (fn.is_cuda_kernel() && target == ujit::Target::CPU) continue;
            if (!cuda && !fn.is_cuda_kernel() && target == ujit::Target::CUDA && sig != sigs.front()) continue;
            try {
                compile_one(fn, sig, target);
            } catch (const ujit::Error& e) {
                if (e.kind() == ujit::Error::Kind::Internal) throw;
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    setenv("UJIT_CACHE", "0", 1);  // every input compiles; nothing is written to disk
    setenv("UJIT_DISABLE_CUDA", "1", 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 64 * 1024) return -1;  // compile time grows with size; big inputs are fuzz_parse's
    std::string source(reinterpret_cast<const char*>(data), size);
    try {
        ujit::Module m = ujit::Module::from_string(source, "fuzz.py");
        for (const std::string& name : m.function_names()) compile_function(m.function(name));
    } catch (const ujit::Error& e) {
        if (e.kind() == ujit::Error::Kind::Internal) {
            std::fprintf(stderr, "internal error: %s\n", e.what());
            std::abort();
        }
    }
    return 0;
}
