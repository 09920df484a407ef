// The versioned key of one disk cache entry: a canonical text naming everything the
// compiled artifact depends on. Two compiles share an entry iff their key texts are
// equal; the entry's file name is a hash of the text, and the text itself is stored in
// the entry and compared on every read (a hash collision is a miss, never a wrong hit).
#pragma once

#include <cstdint>
#include <string>

namespace ujit::cache {

// What the payload of an entry is.
// NvvmIr: a CUDA kernel's NVVM IR beside its PTX, for a link with LTO (cuda/nvvm_ir_writer.hpp).
enum class ArtifactKind { Ptx, Cubin, Object, NvvmIr };
const char* kind_name(ArtifactKind k);  // "ptx", "cubin", "object", "nvvm-ir"

struct KeyFields {
    std::string source_hash;  // hex64(fnv1a64(module source text)): the whole module
    std::string file;         // the module's file name (run-time error messages name it)
    std::string function;     // "gaussian_pdf"
    std::string signature;    // "(float64, float64, float64) -> float64", or "-> ?" inferred
    std::string target;       // "cpu" | "cuda"
    std::string arch;         // "sm_90"; CPU: host CPU name and a hash of its features
    int opt_level = 3;
    bool fastmath = false;
    std::string artifact;     // "entry" | "ufunc_loop" | "gufunc_loop[:core=N,...]"
    ArtifactKind kind = ArtifactKind::Ptx;
    std::string toolchain;    // other inputs: libdevice's identity for CUDA
};

// "ujit-cache-key 1\nsource=...\nfunction=...\n...\nujit=...\nllvm=...\nbuild=...\n".
// Includes ujit's version, LLVM's version and build_identity(): a rebuilt compiler never
// reads what an older build wrote. Newlines inside fields are replaced by spaces.
std::string canonical_key(const KeyFields& f);

// The value of `name` in a key text ("" when absent): what `ujit cache list` shows.
std::string key_field(const std::string& key, const std::string& name);

// ujit's version, LLVM's version.
std::string compiler_version();

// Identifies this build of the compiler: the size and modification time of the binary
// holding this code (libujit.so, or the executable it is linked into). Computed once.
std::string build_identity();

// Identity of a file by path, size and modification time ("" when it does not exist).
std::string file_identity(const std::string& path);

}  // namespace ujit::cache
