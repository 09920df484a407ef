// numba.typed's containers made in compiled code, typed as Numba types them
// (numba/typed/typedlist.py, typeddict.py), and numba.types' type constructors called there:
//   List()                       ListType[undefined], decided by the first append
//   List(iterable)               ListType of the iterable's items
//   List.empty_list(t[, allocated])   ListType[t]
//   Dict()                       DictType[undefined,undefined], decided by the first store
//   Dict.empty(k, v[, n_keys])   DictType[k,v]
//   types.UniTuple(t, n), types.Tuple((a, b)), types.ListType(t), types.DictType(k, v): types
// The callees are namespaces named by path (types/resolve.cpp); the types they take are type
// values (types/type_values.hpp). Inference calls in through the hooks below, so that this file
// is the one that knows these calls; lowering is the list's and dict's own constructors
// (codegen/lower_calls.cpp).
#pragma once

#include "syntax/ast.hpp"
#include "types/const_eval.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ujit::types {

// What typing these calls needs from the inference of the function around them.
struct ContainerTyping {
    std::function<const Type*(const syntax::Expr*)> expr;           // the expression's type
    std::function<const Type*(const syntax::Expr*)> iterable_item;  // the items' type of an iterable
    std::function<std::optional<ConstValue>(const syntax::Expr*)> constant;
    std::function<void(const syntax::Expr*, const Type*)> check_key;        // a dict key type
    std::function<void(syntax::SourceLoc, const std::string&)> error;       // throws
    bool cuda = false;
};

// Whether `path` ("numba.typed.List.empty_list") is a callee typed here.
bool is_typed_container(const std::string& path);

// The type of the call `c` of the callee `path`; `operands` gets what lowering reads
// (List(iterable): the iterable's type). Null when an argument's type is not known yet.
const Type* typed_container_call(const syntax::Call* c, const std::string& path, const ContainerTyping& h,
                                 std::vector<const Type*>* operands);

// Numba's check of what a typed container stores (typedobjectutils._sentry_safe_cast): a
// number cast that changes domain (float to int, complex to float) is the TypingError
// returned here; within a domain, or safe, it is cast (an unsafe one warns
// NumbaTypeSafetyWarning: types/typing_warnings.hpp). Empty when the cast is allowed.
std::string unsafe_cast_error(const Type* from, const Type* to);

// The argument bound to parameter `index`, named `name`, positionally or by keyword; or null.
const syntax::Expr* bound_argument(const syntax::Call* c, size_t index, const char* name);

}  // namespace ujit::types
