// PTX instructions that ptxas expands into long code wherever they appear: IEEE division,
// square root and reciprocal (a fast path and a slow one each) and 64-bit integer division.
// In a small kernel they are most of what a -O0 JIT costs (gaussian_pdf's two divisions:
// 17.7 of its JIT's ms against 9.0 without them, H200). A tiered load's quick module
// (quick_load.hpp) calls instead one routine per instruction kind, compiled at build time for
// each architecture the toolkit's ptxas knows (cmake/EmbedPtxRoutines.cmake, from the table in
// ptx_routines.def) and embedded in the library, so ptxas sees a call. Each routine is the
// very instruction: the quick code computes the bits the full level, which keeps the
// instruction inline, computes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ujit::cuda::detail {

// `ptx` with every unpredicated routable instruction a call of its routine (declared
// .extern), or nullopt when the instructions it has would save less JIT time than the link
// costs (none, or a single cheap one), or it carries debug sections.
std::optional<std::string> route_expensive_instructions(const std::string& ptx);

// The routines compiled for `arch` ("sm_90"): a relocatable cubin the quick module links with;
// empty when the build's ptxas did not know the architecture (or there was none).
std::string_view embedded_ptx_routines(std::string_view arch);
// The ptxas that compiled them ("release 13.0, V13.0.88"; "none").
const char* ptx_routines_compiler();

}  // namespace ujit::cuda::detail
