// ujit's own run-time functions that generated CPU code calls, by name and address. The
// JIT registers them as absolute symbols, so they resolve even when libujit hides all of
// its symbols (dlsym could not find them).
#pragma once

#include <vector>

namespace ujit::cpu {

struct RuntimeSymbol {
    const char* name;
    void* address;
};

const std::vector<RuntimeSymbol>& runtime_symbols();

}  // namespace ujit::cpu
