// Which implementation of an @overload-ed function a call runs, by the call's argument types.
//
// Numba types each call of an overloaded function by itself: the typing function may choose
// another implementation for other argument types, even in one function. The Python package
// (lang/python/ujit/_overloads.py) writes each implementation chosen so far as a def of its
// own, decorated `@njit(_ujit_overload_of='f', _ujit_overload_types=('(int64,)', ...))`
// (the argument types it was chosen for), beside a probe def `f` that reports the types of a
// call no implementation was chosen for. A call of `f` whose bound argument types are exactly
// one of those runs that implementation (types/infer_call.cpp); any other call types the probe,
// whose error makes the package choose again. Before this, one module had one implementation
// per overloaded function: `f(1), f(1.0)` ran the int's for both, silently.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace ujit::syntax {
struct FunctionDef;
}

namespace ujit::types {

class Type;
struct ModuleScope;

struct OverloadRoute {
    std::vector<const Type*> args;
    const syntax::FunctionDef* impl = nullptr;
};
using OverloadRoutes = std::map<std::string, std::vector<OverloadRoute>>;  // by the overloaded name

// The routes the module's decorators declare. Throws CompileError for a malformed one.
OverloadRoutes parse_overload_routes(const ModuleScope& m);

// The implementation a call of `name` with exactly `args` runs, or null.
const syntax::FunctionDef* overload_route(const OverloadRoutes& routes, const std::string& name,
                                          const std::vector<const Type*>& args);

}  // namespace ujit::types
