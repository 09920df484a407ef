// Typing of cuda.libdevice.NAME(args) (types/libdevice_table.hpp), as numba-cuda's generated
// stubs type them (libdevicefuncs.create_signature).
#pragma once

#include "types/typed_containers.hpp"

namespace ujit::types {

// The type of the call `c` of libdevice's `name`; `operands` gets the types lowering converts
// the arguments to. Null when an argument's type is not known yet. Errors through h.error.
const Type* libdevice_call_type(const syntax::Call* c, const std::string& name, const ContainerTyping& h,
                                std::vector<const Type*>* operands);

}  // namespace ujit::types
