# Warnings for ujit's own targets (not for LLVM's headers, which come in as SYSTEM).
function(ujit_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()
