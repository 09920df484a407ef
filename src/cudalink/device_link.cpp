#include "cudalink/device_link.hpp"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "cache/disk_cache.hpp"
#include "cache/hash.hpp"
#include "cudalink/nvvm_lto.hpp"
#include "cudalink/toolkit_libs.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cudalink {
namespace {

nvJitLinkInputType input_type(LinkKind k) {
    switch (k) {
    case LinkKind::Ptx: return NVJITLINK_INPUT_PTX;
    case LinkKind::Cubin: return NVJITLINK_INPUT_CUBIN;
    case LinkKind::Fatbin: return NVJITLINK_INPUT_FATBIN;
    case LinkKind::Object: return NVJITLINK_INPUT_OBJECT;
    case LinkKind::Library: return NVJITLINK_INPUT_LIBRARY;
    // nvJitLink tells NVRTC's LTO-IR (-dlto) from nvcc's (-arch=lto_XX -dc: a host object
    // holding it) by itself.
    case LinkKind::LtoIr: return NVJITLINK_INPUT_ANY;
    case LinkKind::NvvmIr: return NVJITLINK_INPUT_LTOIR;  // after libNVVM
    case LinkKind::Cu: break;
    }
    return NVJITLINK_INPUT_ANY;
}

std::string linker_log(const NvJitLinkApi& api, nvJitLinkHandle h, bool error) {
    return library_log([&](size_t* size) { return (error ? api.GetErrorLogSize : api.GetInfoLogSize)(h, size); },
                       [&](char* text) { return (error ? api.GetErrorLog : api.GetInfoLog)(h, text); });
}

// Owns the nvJitLink handle (destroyed on every path, errors included).
class Linker {
public:
    Linker(const std::vector<LinkInput>& inputs, const LinkOptions& o, bool ptx_output) : api_(nvjitlink()) {
        lto_ = o.lto || std::any_of(inputs.begin(), inputs.end(), [](const LinkInput& i) {
                   return i.kind == LinkKind::LtoIr || i.kind == LinkKind::NvvmIr;
               });
        std::string arch = "-arch=sm_" + o.arch.substr(o.arch.find_first_of("0123456789") == std::string::npos
                                                           ? 0
                                                           : o.arch.find_first_of("0123456789"));
        std::vector<const char*> argv{arch.c_str()};
        if (lto_) argv.push_back("-lto");
        if (ptx_output) argv.push_back("-ptx");  // LTO only: the optimized program as PTX
        if (nvJitLinkResult r = api_.Create(&h_, static_cast<uint32_t>(argv.size()), argv.data());
            r != NVJITLINK_SUCCESS)
            throw Error(Error::Kind::Runtime,
                        fmt::format("error: nvJitLinkCreate({}) failed (nvJitLink result {})", arch, int(r)));
        for (const LinkInput& in : inputs) add(in, o);
        if (api_.Complete(h_) != NVJITLINK_SUCCESS)
            throw Error(Error::Kind::Runtime, fmt::format("error: linking device code for {} failed:\n{}", o.arch,
                                                          linker_log(api_, h_, true)));
    }
    Linker(const Linker&) = delete;
    Linker& operator=(const Linker&) = delete;

    std::string cubin() const {
        size_t size = 0;
        api_.GetLinkedCubinSize(h_, &size);
        std::string code(size, '\0');
        if (size == 0 || api_.GetLinkedCubin(h_, code.data()) != NVJITLINK_SUCCESS)
            throw Error(Error::Kind::Runtime, "error: nvJitLink returned no cubin");
        return code;
    }
    std::string ptx() const {
        size_t size = 0;
        if (!lto_ || api_.GetLinkedPtxSize(h_, &size) != NVJITLINK_SUCCESS || size == 0)
            throw Error(Error::Kind::Runtime,
                        "error: linked PTX exists only for a link-time-optimized link (LTO-IR inputs)");
        std::string code(size, '\0');
        api_.GetLinkedPtx(h_, code.data());
        if (!code.empty() && code.back() == '\0') code.pop_back();
        return code;
    }

private:
    void add(const LinkInput& in, const LinkOptions& o) {
        const LinkInput* use = &in;
        LinkInput compiled;
        if (in.kind == LinkKind::Cu) {
            CudaCompileOptions co;
            co.arch = o.arch;
            co.output = lto_ ? CudaOutput::LtoIr : CudaOutput::Ptx;
            co.relocatable = true;
            co.extra = o.nvrtc;
            compiled = {lto_ ? LinkKind::LtoIr : LinkKind::Ptx, compile_cuda({in.data, in.name}, co), in.name};
            use = &compiled;
        } else if (in.kind == LinkKind::NvvmIr) {
            compiled = {LinkKind::LtoIr, nvvm_lto_ir(in.data, o.arch, o.nvvm), in.name};
            use = &compiled;
        }
        // PTX goes in with its NUL (nvJitLink reads it as a C string).
        std::string ptx_text;
        const void* data = use->data.data();
        size_t size = use->data.size();
        if (use->kind == LinkKind::Ptx) {
            ptx_text = use->data;
            data = ptx_text.c_str();
            size = ptx_text.size() + 1;
        }
        if (api_.AddData(h_, input_type(use->kind), data, size, use->name.c_str()) != NVJITLINK_SUCCESS)
            throw Error(Error::Kind::Runtime, fmt::format("error: nvJitLink refused {} ({}):\n{}", use->name,
                                                          link_kind_name(use->kind), linker_log(api_, h_, true)));
    }

    const NvJitLinkApi& api_;
    // Destroyed by its own destructor, so that a constructor that throws (an input refused,
    // a failed link) still frees it: ~Linker would not run then.
    struct Handle {
        const NvJitLinkApi& api;
        nvJitLinkHandle h = nullptr;
        ~Handle() {
            if (h) api.Destroy(&h);
        }
    };
    Handle handle_{api_};
    nvJitLinkHandle& h_ = handle_.h;
    bool lto_ = false;
};

}  // namespace

const char* link_kind_name(LinkKind k) {
    switch (k) {
    case LinkKind::Cu: return "CUDA C++";
    case LinkKind::Ptx: return "PTX";
    case LinkKind::Cubin: return "cubin";
    case LinkKind::Fatbin: return "fatbin";
    case LinkKind::Object: return "object";
    case LinkKind::Library: return "library";
    case LinkKind::LtoIr: return "LTO-IR";
    case LinkKind::NvvmIr: return "NVVM IR";
    }
    return "?";
}

LinkKind link_kind_of(const std::string& path) {
    size_t dot = path.rfind('.');
    std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == "cu") return LinkKind::Cu;
    if (ext == "ptx") return LinkKind::Ptx;
    if (ext == "cubin") return LinkKind::Cubin;
    if (ext == "fatbin") return LinkKind::Fatbin;
    if (ext == "o") return LinkKind::Object;
    if (ext == "a") return LinkKind::Library;
    if (ext == "ltoir") return LinkKind::LtoIr;
    throw Error(Error::Kind::Argument,
                fmt::format("error: don't know how to link {}: ujit links .cu, .ptx, .cubin, .fatbin, .o, .a and "
                            ".ltoir files",
                            path));
}

LinkInput read_link_file(const std::string& path) {
    LinkKind kind = link_kind_of(path);
    std::ifstream f(path, std::ios::binary);
    if (!f) throw Error(Error::Kind::Argument, fmt::format("error: cannot read link file '{}'", path));
    std::ostringstream bytes;
    bytes << f.rdbuf();
    return {kind, bytes.str(), path};
}

namespace {

std::atomic<size_t> links{0};

// What a linked cubin depends on: every input's kind and bytes, the options, and the
// libraries that make it (nvJitLink; NVRTC too for a .cu input). Empty when a library's
// file cannot be told without loading it (a bare soname): not cached then.
std::string link_key(const std::vector<LinkInput>& inputs, const LinkOptions& o) {
    std::string linker = nvjitlink_identity();
    if (linker.empty()) return {};
    std::string key = fmt::format("kind=linked-cubin\narch={}\nlto={}\nnvjitlink={}\n", o.arch, o.lto, linker);
    bool cu = false, nvvm = false;
    for (const LinkInput& in : inputs) {
        key += fmt::format("input={}:{}\n", int(in.kind), cache::hex64(cache::fnv1a64(in.data)));
        cu = cu || in.kind == LinkKind::Cu;
        nvvm = nvvm || in.kind == LinkKind::NvvmIr;
    }
    if (nvvm) {
        std::string compiler = nvvm_identity();
        if (compiler.empty()) return {};
        key += fmt::format("nvvm={}\nnvvm_options={}\n", compiler, fmt::join(o.nvvm, " "));
    }
    if (cu) {
        std::string compiler = nvrtc_identity();
        if (compiler.empty()) return {};
        key += fmt::format("nvrtc={}\noptions={}\n", compiler, fmt::join(o.nvrtc, " "));
    }
    return key;
}

std::string link_now(const std::vector<LinkInput>& inputs, const LinkOptions& options) {
    links.fetch_add(1, std::memory_order_relaxed);
    try {
        return Linker(inputs, options, false).cubin();
    } catch (const Error& e) {
        // An object, library or fatbin of LTO-IR alone (nvcc -arch=lto_XX -dc) links only
        // with -lto; nothing but the link tells (nvJitLink: "LTO-IR input cannot be used without
        // LTO enabled"), so such a link is run again with it.
        if (options.lto || std::string(e.what()).find("without LTO enabled") == std::string::npos) throw;
        LinkOptions o = options;
        o.lto = true;
        return Linker(inputs, o, false).cubin();
    }
}

}  // namespace

// Kept in the disk cache: a link runs ptxas on ujit's PTX (hundreds of ms), a hit is a
// file read, so a second process launching the kernel pays nearly nothing for it.
std::string link_cubin(const std::vector<LinkInput>& inputs, const LinkOptions& options) {
    std::optional<cache::DiskCache> disk = cache::DiskCache::from_env();
    std::string key = disk ? link_key(inputs, options) : std::string();
    if (!key.empty())
        if (std::optional<std::string> hit = disk->load(key)) return *hit;
    std::string cubin = link_now(inputs, options);
    if (!key.empty()) disk->store(key, cubin);
    return cubin;
}

size_t device_links() { return links.load(std::memory_order_relaxed); }

std::string link_ptx(const std::vector<LinkInput>& inputs, const LinkOptions& options) {
    LinkOptions o = options;
    o.lto = true;
    return Linker(inputs, o, true).ptx();
}

}  // namespace ujit::cudalink
