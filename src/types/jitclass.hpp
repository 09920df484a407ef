// jitclass: what a method of a @jitclass class is, from its decorators (Numba's ClassBuilder
// sorts a class's members the same way: methods, properties with their setters, static methods).
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <functional>
#include <string>
#include <vector>

namespace ujit::types {

enum class MethodKind { Plain, Property, Setter, Static };
MethodKind method_kind(const syntax::FunctionDef& m);

// The Python package's passage of instances from the host (ujit/experimental/_jitclass.py):
// `numba.experimental._ujit_unbox(Cls, address)` is the instance whose header is at `address`,
// borrowed from the host's box. (An instance result goes to the host as that address, with
// its reference: pipeline/marshal.cpp.)
bool is_jitclass_passage(const std::string& path);
const Type* jitclass_passage_type(const syntax::Call* c, const std::string& path, const std::vector<const Type*>& args,
                                  const std::function<void(syntax::SourceLoc, const std::string&)>& error);

}  // namespace ujit::types
