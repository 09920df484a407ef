#include "cuda/libdevice.hpp"

#include "ujit/ujit.hpp"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

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

// The `__nv_*` functions `m` calls, sorted: the key of their libdevice subset.
std::vector<std::string> called_libdevice_functions(const llvm::Module& m) {
    std::vector<std::string> names;
    for (const llvm::Function& f : m)
        if (f.isDeclaration() && is_libdevice_call_name(f.getName()) && !f.use_empty())
            names.push_back(f.getName().str());
    std::sort(names.begin(), names.end());
    return names;
}

std::unique_ptr<llvm::Module> lazy_libdevice(llvm::MemoryBufferRef bitcode, llvm::LLVMContext& context,
                                             const std::string& file) {
    auto lazy = llvm::getLazyBitcodeModule(bitcode, context);
    if (!lazy) {
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: '{}' is not valid LLVM bitcode: {}", file, llvm::toString(lazy.takeError())));
    }
    return std::move(*lazy);
}

// The libdevice functions `names` and all they call, as bitcode of their own. Linking all of
// libdevice lazily still reads its whole symbol table each time (about 1 ms of a 11 ms
// compile); this closure of the few functions a kernel calls is a few KB. Kept for the
// process per file and set of names; it is taken before NVVMReflect runs, so it serves
// every architecture and ftz setting. Made at the second use of a set (nullopt at the
// first): making it costs about what it saves once, and a process's first compile is the
// one a new process waits for.
std::optional<llvm::MemoryBufferRef> libdevice_subset(const std::string& file, const std::vector<std::string>& names) {
    struct Subset {
        int uses = 0;
        std::unique_ptr<llvm::MemoryBuffer> bitcode;
    };
    static std::mutex mu;
    static std::map<std::string, Subset> subsets;
    std::string key = file;
    for (const std::string& n : names) key += "\n" + n;
    std::lock_guard<std::mutex> lock(mu);
    Subset& subset = subsets[key];
    if (++subset.uses == 1) return std::nullopt;
    auto& slot = subset.bitcode;
    if (!slot) {
        llvm::LLVMContext context;
        std::unique_ptr<llvm::Module> lib = lazy_libdevice(cached_bitcode(file), context, file);
        auto wanted = std::make_unique<llvm::Module>("libdevice-subset", context);
        wanted->setTargetTriple(lib->getTargetTriple());
        wanted->setDataLayout(lib->getDataLayout());
        for (const std::string& n : names)
            if (llvm::Function* f = lib->getFunction(n)) wanted->getOrInsertFunction(n, f->getFunctionType());
        if (llvm::Linker::linkModules(*wanted, std::move(lib), llvm::Linker::LinkOnlyNeeded))
            throw Error(Error::Kind::Internal, fmt::format("error: linking libdevice '{}' failed", file));
        std::string bytes;
        llvm::raw_string_ostream os(bytes);
        llvm::WriteBitcodeToFile(*wanted, os);
        os.flush();
        slot = llvm::MemoryBuffer::getMemBufferCopy(bytes, "libdevice-subset");
    }
    return slot->getMemBufferRef();
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
    std::vector<std::string> names = called_libdevice_functions(m);
    if (names.empty()) return false;
    std::string file = path.empty() ? find_libdevice() : path;
    std::optional<llvm::MemoryBufferRef> subset = libdevice_subset(file, names);
    std::unique_ptr<llvm::Module> lib = lazy_libdevice(subset ? *subset : cached_bitcode(file), m.getContext(), file);
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
