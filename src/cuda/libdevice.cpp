#include "cuda/libdevice.hpp"

#include "ujit/ujit.hpp"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>

#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <unistd.h>

#ifndef UJIT_CUDA_HOME
#define UJIT_CUDA_HOME "/usr/local/cuda"
#endif

namespace ujit::cuda {

namespace {

constexpr const char* kRelativePath = "/nvvm/libdevice/libdevice.10.bc";

bool is_libdevice_call_name(llvm::StringRef name) { return name.starts_with("__nv_"); }

// The bytes of each libdevice file read so far (normally one), kept for the process.
llvm::MemoryBufferRef cached_bitcode(const std::string& path) {
    static std::mutex mu;
    static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> files;
    std::lock_guard<std::mutex> lock(mu);
    auto& slot = files[path];
    if (!slot) {
        auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
        if (!buf) {
            files.erase(path);
            throw Error(Error::Kind::Runtime,
                        fmt::format("error: cannot read libdevice '{}': {}", path, buf.getError().message()));
        }
        slot = std::move(*buf);
    }
    return slot->getMemBufferRef();
}

bool needs_libdevice(const llvm::Module& m) {
    for (const llvm::Function& f : m)
        if (f.isDeclaration() && is_libdevice_call_name(f.getName()) && !f.use_empty()) return true;
    return false;
}

}  // namespace

std::string find_libdevice() {
    struct Place {
        std::string what, home;
    };
    std::vector<Place> places;
    if (const char* e = std::getenv("CUDA_HOME"); e && *e) places.push_back({"$CUDA_HOME", e});
    if (const char* e = std::getenv("CUDA_PATH"); e && *e) places.push_back({"$CUDA_PATH", e});
    places.push_back({"the build's CUDA toolkit", UJIT_CUDA_HOME});
    places.push_back({"the default", "/usr/local/cuda"});
    std::string looked;
    for (const Place& p : places) {
        std::string path = p.home + kRelativePath;
        if (access(path.c_str(), R_OK) == 0) return path;
        looked += fmt::format("\n  {} ({})", path, p.what);
    }
    throw Error(Error::Kind::Runtime,
                "error: libdevice not found; set CUDA_HOME to the CUDA toolkit. Looked for:" + looked);
}

bool link_libdevice(llvm::Module& m, const std::string& path) {
    if (!needs_libdevice(m)) return false;
    std::string file = path.empty() ? find_libdevice() : path;
    llvm::MemoryBufferRef bitcode = cached_bitcode(file);

    // Lazy: only the function bodies the linker pulls in are read from the bitcode.
    auto lazy = llvm::getLazyBitcodeModule(bitcode, m.getContext());
    if (!lazy) {
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: '{}' is not valid LLVM bitcode: {}", file, llvm::toString(lazy.takeError())));
    }
    std::unique_ptr<llvm::Module> lib = std::move(*lazy);
    // libdevice says "nvptx64-nvidia-gpulibs"; match ours to keep the linker quiet.
    lib->setTargetTriple(m.getTargetTriple());
    lib->setDataLayout(m.getDataLayout());
    if (llvm::Linker::linkModules(m, std::move(lib), llvm::Linker::LinkOnlyNeeded))
        throw Error(Error::Kind::Internal, fmt::format("error: linking libdevice '{}' failed", file));
    return true;
}

std::string unresolved_libdevice_call(const llvm::Module& m) {
    for (const llvm::Function& f : m)
        if (f.isDeclaration() && is_libdevice_call_name(f.getName()) && !f.use_empty()) return f.getName().str();
    return "";
}

}  // namespace ujit::cuda
