#include "cpu/runtime_symbols.hpp"

#include "cpu/runtime_errors.hpp"
#include "cpu/runtime_print.hpp"
#include "cpu/runtime_random.hpp"

namespace ujit::cpu {

const std::vector<RuntimeSymbol>& runtime_symbols() {
    static const std::vector<RuntimeSymbol> table = {
        {"ujit_rt_raise", reinterpret_cast<void*>(&ujit_rt_raise)},
        {"ujit_rt_print", reinterpret_cast<void*>(&ujit_rt_print)},
        {"ujit_rt_random", reinterpret_cast<void*>(&ujit_rt_random)},
        {"ujit_rt_random_seed", reinterpret_cast<void*>(&ujit_rt_random_seed)},
        {"ujit_rt_random_uniform", reinterpret_cast<void*>(&ujit_rt_random_uniform)},
    };
    return table;
}

}  // namespace ujit::cpu
