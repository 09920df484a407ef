// cuda.declare_device: a device function written in CUDA C++ (or PTX, ...) that compiled code
// calls by name, its definition in link= files.
//
//   times2 = cuda.declare_device("times2", "int32(int32)", link=["functions.cu"])
//
// Typing sees it as a function of the module: a FunctionDef with no body whose docstring
// marks it (a Python def's body holds a statement besides its docstring), its one
// TypedFunction the declared signature. Codegen calls the symbol with Numba's
// ABI, `extern "C" __device__ int times2(int* ret, int x)`, or with abi="c" the C one,
// `extern "C" __device__ int times2(int x)`.
#pragma once

#include "types/infer.hpp"
#include "types/link_file.hpp"

#include <memory>

namespace ujit::types {

struct ModuleScope;

struct DeclaredDevice {
    std::string symbol;  // the C name
    Signature sig;
    bool c_abi = false;
    std::vector<LinkFile> link;
    bool cooperative = false;  // use_cooperative=True: its callers' kernels launch cooperatively
    syntax::SourceLoc loc;
    std::unique_ptr<syntax::FunctionDef> def;  // what the bound name's UserFunc type names
    TypedFunction typed;                       // every call's callee
};

// Whether `def` stands for a declared device function (not a Python def).
bool is_declared_device(const syntax::FunctionDef& def);
// Numba's ABI (result through a first pointer, a status returned) or C's (abi="c").
bool declared_device_c_abi(const syntax::FunctionDef& def);

// `NAME = cuda.declare_device("sym", sig, link=[...], abi=..., use_cooperative=...)` parsed;
// nullopt when `call` calls something else. Throws CompileError at a bad argument.
std::optional<DeclaredDevice> parse_declare_device(const syntax::Call& call, const ModuleScope& m);
// A link= value: a path, a cuda.CUSource("..."), or a list/tuple/set of them.
std::vector<LinkFile> parse_link_list(const syntax::Expr* e, const ModuleScope& m);

}  // namespace ujit::types
