// Warnings typing gives where Numba's typing warns (NumbaTypeSafetyWarning), kept per module
// until the pipeline, which knows the source file, hands them on (ujit::set_warning_handler).
// Typing may run on a helper thread with a larger stack, so they are kept by module, not by
// thread; a module's specializations are typed one at a time (its typer's lock).
#pragma once

#include "syntax/ast.hpp"
#include "syntax/source.hpp"
#include "types/type.hpp"

#include <string>
#include <vector>

namespace ujit::types {

struct TypingWarning {
    syntax::SourceLoc loc;
    std::string category;  // Numba's class, "NumbaTypeSafetyWarning"
    std::string message;
};

// Records a warning of `module` (once: the same warning at the same place is kept once).
void add_typing_warning(const syntax::Module& module, TypingWarning w);
// The warnings `module` gave since the last call, in order.
std::vector<TypingWarning> take_typing_warnings(const syntax::Module& module);

// Numba's typedobjectutils._sentry_safe_cast, for a key or value a typed container (dict,
// set, numba.typed.List) stores or looks up as type `to`: a number cast that changes domain
// (float to int, complex to float) is an error, whose message is returned; an unsafe cast
// within a domain (int64 to int32, int64 to float32, float64 to float32) is
// NumbaTypeSafetyWarning "unsafe cast from int64 to int32. Precision may be lost.", recorded
// for `module` when `record` (typing's final pass); "" for a safe cast.
std::string container_cast(const syntax::Module& module, const Type* from, const Type* to, syntax::SourceLoc at,
                           bool record);

}  // namespace ujit::types
