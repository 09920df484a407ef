// numba.literal_unroll(container): Numba's loop over a tuple (`for a in literal_unroll(t)`).
// The call types as the tuple itself. A loop over it whose items share one type and are no
// compile-time constants runs as the tuple's own loop. Any other is unrolled, as Numba's
// MixedContainerUnroller does (numba/core/untyped_passes.py): the body is compiled once per
// item, its loop variable typed as that item (and a constant one's value known, as Numba's
// literal types are), so that `isinstance` prunes what another item's type could not compile.
// Numba makes one copy per distinct item type; one per item gives the same results.
// Variables the body alone binds and uses are each copy's own (Numba renames them too); those
// the code around the loop mentions are shared and unify over the items.
#pragma once

#include "types/typed_containers.hpp"
#include "types/typed_function.hpp"

namespace ujit::types {

// The type of the call `c`; `operands` gets its argument's type. Null when that is not known yet.
const Type* literal_unroll_type(const syntax::Call* c, const ContainerTyping& h, std::vector<const Type*>* operands);

// The copies of `loop`'s body for a tuple of `items` items, made in `arena`. `constant_tuple`:
// the call's argument when it is a compile-time constant, which each copy then indexes itself,
// so that its item is a constant too; otherwise the copies index the tuple stored once before.
UnrolledLoop unroll_loop(const syntax::For& loop, const syntax::FunctionDef& def, size_t items,
                         const syntax::Expr* constant_tuple, syntax::NodeArena& arena);

}  // namespace ujit::types
