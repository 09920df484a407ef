// Calls of cuda.declare_device functions (types/declared_device.hpp): the declared
// signature is the only one, and each argument converts to its parameter as Numba converts
// arguments of an external function (numbers to numbers, complex only to complex).
#include "types/infer_impl.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::declared_call(const Call* c, const DeclaredDevice& callee, const std::vector<const Type*>& args) {
    const std::string& name = callee.symbol;
    if (!cuda())
        error(c->loc, fmt::format("'{}' is a CUDA C++ device function (cuda.declare_device): only CUDA kernels and "
                                  "device functions can call it",
                                  name));
    const std::vector<const Type*>& params = callee.sig.args;
    if (args.size() != params.size())
        error(c->loc, fmt::format("'{}' takes {} argument{} (declared '{}'), {} given", name, params.size(),
                                  params.size() == 1 ? "" : "s", callee.sig.str(), args.size()));
    for (size_t i = 0; i < params.size(); ++i) {
        if (!params[i]->is_number())
            error(c->args[i]->loc,
                  fmt::format("'{}' is declared with a parameter of type {}: ujit passes numbers (bool, integers, "
                              "floats) to CUDA C++ device functions",
                              name, params[i]->str()));
        if (params[i]->is_complex())
            error(c->args[i]->loc, fmt::format("'{}' is declared with a parameter of type {}: ujit passes numbers "
                                               "other than complex to CUDA C++ device functions",
                                               name, params[i]->str()));
        if (!args[i]->is_number() || (args[i]->is_complex() && !params[i]->is_complex()))
            error(c->args[i]->loc, fmt::format("cannot pass {} as argument {} of '{}' (declared '{}')", args[i]->str(),
                                               i + 1, name, callee.sig.str()));
    }
    const Type* ret = callee.sig.ret;
    if (!ret->is_none() && (!ret->is_number() || ret->is_complex()))
        error(c->loc, fmt::format("'{}' is declared to return {}: a CUDA C++ device function called by ujit returns a "
                                  "number other than complex, or nothing (void)",
                                  name, ret->str()));
    operands(c, params);
    fn_.callees[c->id] = &callee.typed;
    return ret;
}

}  // namespace ujit::types
