// np.ndindex, np.ndenumerate and np.nditer as a for loop's iterable (Numba's NdIndex,
// NdEnumerate and NdIter templates, numba/core/typing/npydecl.py). Like enumerate and zip
// (infer_iter.cpp) they exist only as what a loop iterates: the call's recorded type is the
// type of one item, which nplib/lower_nditer.cpp builds at each index.
//   np.ndindex(*shape) / np.ndindex(shape): the index tuples of the shape, in C order;
//   np.ndenumerate(a): (index tuple, item) pairs, in C order;
//   np.nditer(a): a 0-d array viewing each item (v.item() reads it, v[()] = x writes it), in
//   a's memory order (C, or F for an F array), as Numba's single-array nditer.
#include "types/infer_impl.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::nd_iteration_item(const Expr* e, bool* handled) {
    *handled = false;
    auto* c = dyn_cast<Call>(e);
    if (!c) return nullptr;
    // Only a callee spelled as one of them is typed here (np.ndindex, or ndindex imported);
    // every other call is the loop's to type as it does.
    auto* attr = dyn_cast<Attribute>(c->callee);
    auto* name = dyn_cast<Name>(c->callee);
    const std::string spelling = attr ? attr->attr : name ? name->id : "";
    if (spelling != "ndindex" && spelling != "ndenumerate" && spelling != "nditer") return nullptr;
    const Type* callee = expr(c->callee);
    if (!callee || callee->kind() != Kind::BuiltinFunc) return nullptr;
    const BuiltinId id = callee->builtin();
    if (id != BuiltinId::NpNdindex && id != BuiltinId::NpNdenumerate && id != BuiltinId::NpNditer) return nullptr;
    *handled = true;
    const std::string what = spelled(c->callee);
    if (!c->keywords.empty()) error(c->keywords[0].loc, fmt::format("{}() takes no keyword arguments in ujit", what));
    std::vector<const Type*> args;
    for (const Expr* a : c->args) {
        const Type* t = expr(a);
        if (!t) return nullptr;
        args.push_back(t);
    }
    if (id == BuiltinId::NpNdindex) {
        // ndindex(shape) or ndindex(*shape): integers, or one tuple of them.
        std::vector<const Type*> dims = args;
        if (args.size() == 1 && args[0]->is_tuple()) dims = args[0]->elements();
        for (size_t i = 0; i < dims.size(); ++i)
            if (!dims[i]->is_int())
                error(c->args[std::min(i, c->args.size() - 1)]->loc,
                      fmt::format("{}() takes integers or a tuple of integers, not {}", what, dims[i]->str()));
        std::vector<const Type*> ops;
        for (const Type* a : args)
            ops.push_back(a->is_tuple() ? tuple(std::vector<const Type*>(a->elements().size(), int64())) : int64());
        operands(c, ops);
        return set(c, tuple(std::vector<const Type*>(dims.size(), int64())));
    }
    if (args.size() != 1) error(c->loc, fmt::format("{}() takes exactly one argument ({} given)", what, args.size()));
    const Type* a = args[0];
    if (id == BuiltinId::NpNditer && a->is_tuple())
        error(c->args[0]->loc,
              "np.nditer() of several arrays (a tuple) is not supported by ujit yet: iterate one array");
    if (!a->is_array())
        error(c->args[0]->loc, fmt::format("{}() of {} is not supported (it takes an array)", what, a->str()));
    operands(c, {a});
    if (id == BuiltinId::NpNditer) return set(c, array(a->dtype(), 0, Layout::C, a->is_readonly()));
    return set(c, tuple({tuple(std::vector<const Type*>(a->ndim(), int64())), a->dtype()}));
}

}  // namespace ujit::types
