// numba.literal_unroll: the container itself (types/literal_unroll.hpp).
#include "types/literal_unroll.hpp"

#include "syntax/ast.hpp"

#include <fmt/format.h>

namespace ujit::types {

const Type* literal_unroll_type(const syntax::Call* c, const ContainerTyping& h, std::vector<const Type*>* operands) {
    if (!c->keywords.empty())
        h.error(c->keywords[0].loc, "keyword arguments are not supported in calls to 'literal_unroll'");
    if (c->args.size() != 1)
        h.error(c->loc, fmt::format("literal_unroll() takes 1 argument ({} given)", c->args.size()));
    const Type* t = h.expr(c->args[0]);
    if (!t) return nullptr;
    if (t->is_tuple() && !t->is_uniform_tuple())
        h.error(c->args[0]->loc, fmt::format("literal_unroll() of {}, a tuple whose items differ in type: ujit loops "
                                             "over a tuple whose items share one type, and does not unroll a loop "
                                             "into one copy per item as Numba does",
                                             t->str()));
    *operands = {t};
    return t;
}

}  // namespace ujit::types
