// numba.literal_unroll(container): Numba's loop over a tuple (`for a in literal_unroll(t)`).
// ujit types it as the tuple itself, so the loop is the tuple's own loop: over a tuple whose
// items share one type (a UniTuple) it runs as Numba's does; a tuple whose items differ in type
// (which Numba unrolls, one copy of the body per item) is an error at the call.
#pragma once

#include "types/typed_containers.hpp"

namespace ujit::types {

// The type of the call `c`; `operands` gets its argument's type. Null when that is not known yet.
const Type* literal_unroll_type(const syntax::Call* c, const ContainerTyping& h, std::vector<const Type*>* operands);

}  // namespace ujit::types
