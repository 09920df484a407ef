// How a prange loop of a parallel=True function runs (Numba's parfor conversion, decided on
// the syntax tree): in parallel, with which variables reduced across the chunks, or as a
// plain range loop when it leaves early.
//
// Each chunk of iterations runs with its own copy of every variable of the function (a
// variable the body reads but never assigns holds its value from before the loop; one the
// body assigns before reading it is private to the iteration). A variable the body reads
// before assigning it in an iteration carries a value across iterations: Numba accepts that
// only as a reduction, `s op= e` or `s = s op e` (op one of + - * /; also `e + s`, `e * s`)
// or `s = min(s, e)` / `max`, with e not reading s, and the same operator at every update.
// ujit also takes the bitwise & | ^ (exact, and in any order the same), which Numba refuses.
// A whole array updated in place (`hist += e`) is an array reduction. Anything else that
// carries a value across iterations is Numba's error, located.
//
// A loop with `else`, with `break` out of the loop itself or with `return` anywhere in it
// runs serially, as Numba leaves such loops unconverted.
#pragma once

#include "syntax/ast.hpp"
#include "types/typed_function.hpp"

#include <string>
#include <vector>

namespace ujit::codegen {

enum class ReductionOp { Add, Sub, Mul, Div, Min, Max, BitAnd, BitOr, BitXor };

struct PrangeReduction {
    std::string name;
    ReductionOp op;
    bool array = false;  // a whole array updated in place (hist += e)
};

struct PrangePlan {
    bool parallel = false;
    std::vector<PrangeReduction> reductions;
    // Variables the body reads or assigns (in the order the function declares them): each
    // chunk starts with their values from before the loop.
    std::vector<std::string> captured;
};

// Throws syntax::CompileError with Numba's message for an update it does not reduce.
PrangePlan plan_prange(const types::TypedFunction& fn, const syntax::For& loop);

// The function's variables `e` reads, in the order the function declares them.
std::vector<std::string> variables_read(const types::TypedFunction& fn, const syntax::Expr* e);

// Whether `fn` runs its prange loops and large array operations on the thread pool: a CPU
// function whose decorator says parallel=True (decorators.cpp accepted it for @jit only).
bool declared_parallel(const types::TypedFunction& fn);

// Whether `c` (the iterator of a for loop) calls numba.prange: a range (numba.prange is an
// alias of range in the builtin table) spelled through the module's imports as numba.prange
// (or ujit.prange).
bool is_prange_call(const syntax::Module& m, const types::TypedFunction& fn, const syntax::Call* c);

}  // namespace ujit::codegen
