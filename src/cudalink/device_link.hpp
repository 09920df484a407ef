// Linking device code for one architecture with nvJitLink: ujit's PTX plus the files a
// kernel is given with link=[...] (.cu compiled by NVRTC, .ptx, .cubin, .fatbin, .o, .a,
// .ltoir). With an LTO-IR input the link runs with -lto (NVRTC compiles .cu inputs to LTO-IR
// then, so device functions inline across files); otherwise PTX and machine code are linked,
// and a link that finds an object, library or fatbin holding only LTO-IR (nvcc
// -arch=lto_XX -dc) is run again with -lto.
#pragma once

#include <string>
#include <vector>

#include "cudalink/nvrtc_compile.hpp"

namespace ujit::cudalink {

// NvvmIr: ujit's own kernel as NVVM IR (cuda/nvvm_ir_writer.hpp), made LTO-IR by libNVVM.
enum class LinkKind { Cu, Ptx, Cubin, Fatbin, Object, Library, LtoIr, NvvmIr };
const char* link_kind_name(LinkKind k);

struct LinkInput {
    LinkKind kind = LinkKind::Ptx;
    std::string data;  // the file's bytes (a .cu's source text)
    std::string name;  // for messages: the path, or "<ujit kernel>"
};

// The kind a link file has by its extension; throws ujit::Error (Argument) naming the file
// and the extensions ujit links otherwise.
LinkKind link_kind_of(const std::string& path);
// Reads `path` (throws ujit::Error naming it when it cannot).
LinkInput read_link_file(const std::string& path);

struct LinkOptions {
    std::string arch = "sm_75";
    bool lto = false;                   // forced; also on whenever an input is LTO-IR
    std::vector<std::string> nvrtc;     // options for .cu inputs
    std::vector<std::string> nvvm;      // libNVVM's options for an NVVM IR input
};

// The linked cubin, from the disk cache when it has it (keyed by the inputs' bytes, the
// options and the libraries' files). Throws ujit::Error (Runtime) with nvJitLink's error
// log (undefined symbols name the input that needs them), when nvJitLink is absent, or with
// libNVVM's log when libNVVM is absent or does not take an NVVM IR input.
std::string link_cubin(const std::vector<LinkInput>& inputs, const LinkOptions& options);
// The number of links this process ran (cache hits excluded): what tests of the cache check.
size_t device_links();
// The linked program as PTX (LTO only: nvJitLink makes PTX of an -lto link), for
// inspect_asm/compile_ptx without a GPU.
std::string link_ptx(const std::vector<LinkInput>& inputs, const LinkOptions& options);

}  // namespace ujit::cudalink
