// The layout of a generalized ufunc, as NumPy writes it: "(m,n),(n,p)->(m,p)", "(n)->()",
// "(n),()->(n)", "(n)->(),()", "(3),(3)->(3)". Each operand lists its core dimensions by name
// or by a fixed size; a name bound by several operands must have the same size in all of
// them, and an operand's dimension of fixed size must have that size.
//
// parse_gufunc_layout is a pure function over the text (no locations, no exceptions) so
// the decorator check, the runtime and fuzz targets can all call it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ujit::types {

struct GufuncLayout {
    // Core dimensions of each operand, as indices into `dims`.
    std::vector<std::vector<int>> inputs, outputs;
    std::vector<std::string> dims;  // distinct names, in order of first appearance
    // Per dimension: its size where the layout fixes it ("3" in "(3),(3)->(3)"; its name is
    // then that number, so equal sizes are one dimension, as NumPy has it), else -1.
    std::vector<int64_t> fixed;

    size_t nin() const { return inputs.size(); }
    size_t nout() const { return outputs.size(); }
    // Operand k of inputs..., outputs...
    const std::vector<int>& operand(size_t k) const { return k < nin() ? inputs[k] : outputs[k - nin()]; }
    std::string str() const;  // canonical spelling: "(m,n),(n,p)->(m,p)"
};

struct GufuncLayoutError {
    size_t offset = 0;  // into the text
    std::string message;
};

// Whitespace may appear anywhere between tokens. Dimension names are Python identifiers;
// a fixed size is a decimal integer (at most kMaxFixedCoreSize).
inline constexpr int64_t kMaxFixedCoreSize = int64_t(1) << 40;
std::variant<GufuncLayout, GufuncLayoutError> parse_gufunc_layout(std::string_view text);

}  // namespace ujit::types
