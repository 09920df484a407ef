#include "cudalink/nvvm_lto.hpp"

#include <fmt/format.h>

#include <mutex>

#include "cudalink/toolkit_libs.hpp"

namespace ujit::cudalink {

namespace {

// Owns one libNVVM program (destroyed on every path, errors included).
class Program {
public:
    explicit Program(const NvvmApi& api) : api_(api) {
        if (api_.CreateProgram(&p_) != 0) throw Error(Error::Kind::Runtime, "error: nvvmCreateProgram failed");
    }
    ~Program() {
        if (p_) api_.DestroyProgram(&p_);
    }
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;
    NvvmProgram get() const { return p_; }

    std::string log() const {
        return library_log([&](size_t* size) { return api_.GetProgramLogSize(p_, size); },
                           [&](char* text) { return api_.GetProgramLog(p_, text); });
    }

private:
    const NvvmApi& api_;
    NvvmProgram p_ = nullptr;
};

}  // namespace

std::string nvvm_lto_ir(const std::string& ir, const std::string& arch, const std::vector<std::string>& options) {
    const NvvmApi& api = nvvm();
    // One compile at a time, as numba-cuda serializes its libNVVM calls: libNVVM does not
    // promise that programs compile safely on several threads at once.
    static std::mutex mu;
    std::lock_guard<std::mutex> lock(mu);
    Program program(api);
    if (api.AddModuleToProgram(program.get(), ir.data(), ir.size(), "ujit") != 0)
        throw Error(Error::Kind::Runtime, fmt::format("libNVVM refused ujit's module: {}", program.log()));
    size_t digit = arch.find_first_of("0123456789");
    std::string compute = "-arch=compute_" + (digit == std::string::npos ? arch : arch.substr(digit));
    std::vector<const char*> argv{compute.c_str(), "-gen-lto"};
    for (const std::string& o : options) argv.push_back(o.c_str());
    if (api.CompileProgram(program.get(), static_cast<int>(argv.size()), argv.data()) != 0)
        throw Error(Error::Kind::Runtime, fmt::format("libNVVM could not compile ujit's module: {}", program.log()));
    size_t size = 0;
    if (api.GetCompiledResultSize(program.get(), &size) != 0 || size == 0)
        throw Error(Error::Kind::Runtime, "libNVVM returned no LTO-IR");
    std::string lto(size, '\0');
    if (api.GetCompiledResult(program.get(), lto.data()) != 0)
        throw Error(Error::Kind::Runtime, "libNVVM returned no LTO-IR");
    return lto;
}

}  // namespace ujit::cudalink
