# Warnings for every target of the project: the library, the CLI, the tests, the benchmarks
# and the bindings (dependencies' headers come in as SYSTEM and stay quiet).
# UJIT_WERROR=ON (what tools/scripts/test.sh, and so CI, builds with) makes each an error.
option(UJIT_WERROR "Treat compiler warnings as errors" OFF)
add_compile_options(-Wall -Wextra -Wno-unused-parameter)
if(UJIT_WERROR)
  add_compile_options(-Werror)
endif()
