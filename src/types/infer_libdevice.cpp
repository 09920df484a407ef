// Typing of cuda.libdevice's functions, as numba-cuda's generated stubs type them
// (libdevicefuncs.create_signature): the arguments are the parameters libdevice reads, each
// converted to its type as Numba converts to a fixed signature (any real number); the result is
// libdevice's result followed by what it stores through its pointer parameters, one value or a
// tuple (sincos → (sin, cos), frexp → (fraction, int32 exponent)).
#include "types/infer_libdevice.hpp"

#include "syntax/ast.hpp"
#include "types/libdevice_table.hpp"

#include <fmt/format.h>

namespace ujit::types {

const Type* libdevice_call_type(const syntax::Call* c, const std::string& name, const ContainerTyping& h,
                                std::vector<const Type*>* operands) {
    const LibdeviceFunction* f = libdevice_function(name);
    const std::string what = "libdevice." + name;
    if (!f) h.error(c->callee->loc, fmt::format("module 'numba.cuda.libdevice' has no attribute '{}'", name));
    if (!h.cuda)
        h.error(c->callee->loc,
                fmt::format("{}() is a CUDA function: call it from a @cuda.jit kernel or device function", what));
    if (!c->keywords.empty())
        h.error(c->keywords[0].loc, fmt::format("keyword arguments are not supported in calls to '{}'", what));
    std::vector<const Type*> params = f->argument_types();
    if (c->args.size() != params.size())
        h.error(c->loc, fmt::format("{}() takes {} argument(s) ({} given)", what, params.size(), c->args.size()));
    bool unknown = false;
    for (size_t i = 0; i < c->args.size(); ++i) {
        const Type* t = h.expr(c->args[i]);
        if (!t) {
            unknown = true;
            continue;
        }
        if (!t->is_number() || t->is_complex())
            h.error(c->args[i]->loc,
                    fmt::format("{}() argument {} must be a {}, not {}", what, i + 1, params[i]->str(), t->str()));
    }
    if (unknown) return nullptr;
    *operands = std::move(params);
    return f->call_type();
}

}  // namespace ujit::types
