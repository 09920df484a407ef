// launch_bounds= and shared_memory_carveout= of @cuda.jit, with numba-cuda's rules
// (cudadrv/nvvm.py set_launch_bounds, decorators.py _validate_shared_memory_carveout).
#include "types/kernel_launch_options.hpp"

#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace ujit::types {

using namespace syntax;

namespace {

std::optional<int64_t> int_literal(const Expr* e) {
    bool negative = false;
    if (auto* u = dyn_cast<Unary>(e); u && u->op == UnaryOp::Neg) {
        negative = true;
        e = u->operand;
    }
    auto* lit = dyn_cast<IntLit>(e);
    if (!lit || lit->value > uint64_t(INT32_MAX)) return std::nullopt;
    return negative ? -int64_t(lit->value) : int64_t(lit->value);
}

LaunchBounds parse_bounds(const Keyword& k) {
    std::vector<const Expr*> items;
    if (auto* t = dyn_cast<Tuple>(k.value); t && t->display == Tuple::Display::Tuple)
        items.assign(t->elts.begin(), t->elts.end());
    else
        items.push_back(k.value);
    if (items.size() > 3)
        fail(k.value->loc,
             fmt::format("Got {} launch bounds. A maximum of three are supported: (max_threads_per_block, "
                         "min_blocks_per_sm, max_blocks_per_cluster)",
                         items.size()));
    int bounds[3] = {0, 0, 0};
    for (size_t i = 0; i < items.size(); ++i) {
        std::optional<int64_t> v = int_literal(items[i]);
        if (!v || *v < 1)
            fail(items[i]->loc, "'launch_bounds=' expects a positive integer or a tuple of up to three: "
                                "(max_threads_per_block, min_blocks_per_sm, max_blocks_per_cluster)");
        bounds[i] = int(*v);
    }
    return {bounds[0], bounds[1], bounds[2]};
}

int parse_carveout(const Keyword& k) {
    if (auto* s = dyn_cast<StrLit>(k.value)) {
        std::string lower = s->value;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        if (lower == "default") return -1;
        if (lower == "maxl1") return 0;
        if (lower == "maxshared") return 100;
        fail(k.value->loc, fmt::format("Invalid carveout value: {}. Must be -1 to 100 or one of ['default', 'maxl1', "
                                       "'maxshared']",
                                       s->value));
    }
    std::optional<int64_t> v = int_literal(k.value);
    if (!v) fail(k.value->loc, "'shared_memory_carveout=' expects an integer from -1 to 100 or a string");
    if (*v < -1 || *v > 100) fail(k.value->loc, "Carveout must be between -1 and 100");
    return int(*v);
}

const Keyword* option(const FunctionDef& def, const char* name) {
    for (const Expr* d : def.decorators)
        if (auto* c = dyn_cast<Call>(d))
            for (const Keyword& k : c->keywords)
                if (k.name == name) return &k;
    return nullptr;
}

}  // namespace

bool check_launch_option(const Keyword& k) {
    if (k.name == "launch_bounds") return parse_bounds(k), true;
    if (k.name == "shared_memory_carveout") return parse_carveout(k), true;
    return false;
}

std::optional<LaunchBounds> launch_bounds(const FunctionDef& def) {
    const Keyword* k = option(def, "launch_bounds");
    return k ? std::optional(parse_bounds(*k)) : std::nullopt;
}

std::optional<int> shared_memory_carveout(const FunctionDef& def) {
    const Keyword* k = option(def, "shared_memory_carveout");
    return k ? std::optional(parse_carveout(*k)) : std::nullopt;
}

}  // namespace ujit::types
