#include "pipeline/disk_artifact.hpp"

#include "cache/hash.hpp"
#include "cpu/jit.hpp"
#include "cuda/libdevice.hpp"
#include "syntax/ast.hpp"

#include <exception>

namespace ujit::pipeline {

namespace {

std::string signature_text(const Request& req) {
    std::string s = "(";
    for (size_t i = 0; i < req.args.size(); ++i) s += (i ? ", " : "") + req.args[i]->str();
    s += ") -> ";
    s += req.declared_return ? req.declared_return->str() : std::string("?");
    return s;
}

// Object code is tuned for this CPU (-march=native): another CPU must not load it.
std::string host_arch() {
    llvm::TargetMachine& tm = cpu::Jit::instance().target_machine();
    return tm.getTargetTriple().str() + " " + tm.getTargetCPU().str() + " " +
           cache::hex64(cache::fnv1a64(tm.getTargetFeatureString()));
}

std::string libdevice_identity() {
    try {
        return "libdevice=" + cache::file_identity(cuda::find_libdevice());
    } catch (const std::exception&) {
        return "libdevice=none";
    }
}

}  // namespace

cache::KeyFields disk_key_fields(const Request& req, cache::ArtifactKind kind) {
    cache::KeyFields f;
    f.source_hash = req.source_hash;
    f.file = req.module->file().name();
    f.function = req.def->name;
    f.signature = signature_text(req);
    bool cuda = req.options.target == Target::CUDA;
    f.target = cuda ? "cuda" : "cpu";
    // A CPU request's own arch says how it is checked (kCpuCheckedArch): part of the key too.
    f.arch = cuda ? req.options.arch : req.options.arch.empty() ? host_arch() : host_arch() + "+" + req.options.arch;
    f.opt_level = req.options.opt_level;
    f.fastmath = req.options.fastmath;
    // The layout is part of the source text, which the key's hash covers; a gufunc loop
    // for constant core sizes is keyed by them.
    f.artifact = req.artifact == Artifact::UfuncLoop    ? "ufunc_loop"
                 : req.artifact == Artifact::GufuncLoop ? "gufunc_loop"
                                                        : "entry";
    for (size_t k = 0; k < req.gufunc_core.size(); ++k)
        f.artifact += (k ? "," : ":core=") + std::to_string(req.gufunc_core[k]);
    f.kind = kind;
    f.toolchain = cuda ? libdevice_identity() : std::string("libmvec=") + (cpu::libmvec_available() ? "1" : "0");
    return f;
}

std::optional<DiskArtifact> disk_artifact(const Request& req, cache::ArtifactKind kind) {
    if (req.keep_ir || req.source_hash.empty()) return std::nullopt;
    std::optional<cache::DiskCache> dc = cache::DiskCache::from_env();
    if (!dc) return std::nullopt;
    return DiskArtifact{std::move(*dc), cache::canonical_key(disk_key_fields(req, kind))};
}

}  // namespace ujit::pipeline
