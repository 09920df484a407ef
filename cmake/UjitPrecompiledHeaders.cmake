# Precompiled headers (UJIT_PCH, on by default) for the compiler core's files that build LLVM
# IR: LLVM's IR builder and module headers, fmt and the standard library, parsed once instead
# of once per file. Measured on a 2-core machine (user + system seconds of one compile at -O3):
# lower_join.cpp 6.3 → 4.8, lower_calls.cpp 8.6 → 6.5, lower_stmt.cpp 8.3 → 6.8; at -O0 with
# ASan the gain is larger (6.2 → 4.1 s). A file that does not include LLVM or codegen headers
# only pays for loading the 150 MB header (ufunc_typing.cpp 3.3 → 5.2 s), so those files,
# and the tests (Catch2's header gained nothing), are left without it. Only headers from
# outside the tree are listed: a change to one of ujit's own rebuilds what it did before.
# ccache caches such compiles only with the sloppiness set in UjitDependencies.cmake.

set(UJIT_PCH_HEADERS
  <llvm/IR/IRBuilder.h> <llvm/IR/Module.h> <llvm/IR/Intrinsics.h>
  <fmt/format.h>
  <algorithm> <functional> <map> <memory> <optional> <string> <string_view> <vector>)

# ujit_precompile_headers(TARGET): the precompiled header for TARGET's sources that include an
# LLVM header or one of src/codegen's (which include LLVM's) directly.
function(ujit_precompile_headers target)
  if(NOT UJIT_PCH)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE ${UJIT_PCH_HEADERS})
  get_target_property(sources ${target} SOURCES)
  foreach(source ${sources})
    file(STRINGS ${source} builds_ir REGEX "#include [<\"](llvm/|codegen/)" LIMIT_COUNT 1)
    if(NOT builds_ir)
      set_source_files_properties(${source} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()
