#pragma once
// Numba's dead branch pruning: an `if` whose test typing knows (a constant, `x is None` of
// a None or number) is typed and lowered as its live branch alone (types/infer_stmt.cpp
// records the answer as the test's constant); when that branch surely leaves, the
// statements after the `if` are dead (after one that breaks or continues its loop too), neither typed nor lowered.
#include "types/typed_function.hpp"

namespace ujit::types {

// Whether a block surely leaves: one of its statements returns or raises, or is an `if` whose
// live branch does (its test a constant of `fn`: pruned, the other branch never runs) or
// whose branches both do.
bool block_leaves(const syntax::Block& b, const TypedFunction& fn);
// Whether a block surely jumps away: it leaves, or breaks or continues its loop, the same way
// (what follows it in its own block is dead).
bool block_jumps(const syntax::Block& b, const TypedFunction& fn);

}  // namespace ujit::types
