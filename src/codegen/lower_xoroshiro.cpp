// numba.cuda.random's xoroshiro128+ generators, lowered inline on every target. The facts are
// Numba's (numba/cuda/random.py): splitmix64 seeding, the xoroshiro128+ step, the 2^64-step
// jump polynomial, the unit-float conversions and a Box-Muller draw that keeps its cosine
// half. The states are a uint64 array of shape (n, 2), row i = (s0, s1) of generator i.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/llvm_types.hpp"
#include "types/builtins.hpp"

#include <numbers>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

// The published constants of the algorithm.
constexpr uint64_t kSplitMixIncrement = 0x9E3779B97F4A7C15ULL;
constexpr uint64_t kSplitMixMul1 = 0xBF58476D1CE4E5B9ULL;
constexpr uint64_t kSplitMixMul2 = 0x94D049BB133111EBULL;
constexpr uint64_t kJump[2] = {0xBEAC0467EBA5FACBULL, 0xD86B048B86AA9922ULL};

llvm::Value* rotl(llvm::IRBuilder<>& b, llvm::Value* x, unsigned k) {
    return b.CreateOr(b.CreateShl(x, k), b.CreateLShr(x, 64 - k));
}

// One xoroshiro128+ step: returns s0 + s1 and advances `s`.
llvm::Value* next(llvm::IRBuilder<>& b, XoroshiroState& s) {
    llvm::Value* result = b.CreateAdd(s.s0, s.s1);
    llvm::Value* s1 = b.CreateXor(s.s1, s.s0);
    s.s0 = b.CreateXor(b.CreateXor(rotl(b, s.s0, 55), s1), b.CreateShl(s1, 14));
    s.s1 = rotl(b, s1, 36);
    return result;
}

// (x >> 11) * 2^-53: exact in float64, in [0, 1).
llvm::Value* unit_float64(llvm::IRBuilder<>& b, llvm::Value* x) {
    llvm::Value* mantissa = b.CreateUIToFP(b.CreateLShr(x, 11), b.getDoubleTy());
    return b.CreateFMul(mantissa, llvm::ConstantFP::get(b.getDoubleTy(), 0x1p-53));
}

// Numba rounds the float64 draw to float32 (which may round up to 1.0f).
llvm::Value* unit_float32(llvm::IRBuilder<>& b, llvm::Value* x) {
    return b.CreateFPTrunc(unit_float64(b, x), b.getFloatTy());
}

llvm::Value* splitmix64(llvm::IRBuilder<>& b, llvm::Value* seed) {
    llvm::Value* z = b.CreateAdd(seed, b.getInt64(kSplitMixIncrement));
    z = b.CreateMul(b.CreateXor(z, b.CreateLShr(z, 30)), b.getInt64(kSplitMixMul1));
    z = b.CreateMul(b.CreateXor(z, b.CreateLShr(z, 27)), b.getInt64(kSplitMixMul2));
    return b.CreateXor(z, b.CreateLShr(z, 31));
}

}  // namespace

// The addresses of states[index, 0] and states[index, 1]; a negative index wraps, as Numba's
// states[index] does, and --boundscheck checks the row and that rows have two columns.
XoroshiroState FunctionLowering::xoroshiro_state(llvm::Value* states, const Type* st, llvm::Value* index,
                                                 SourceLoc loc) {
    llvm::Value* rows = array_dim(b, states, 0);
    llvm::Value* i = b.CreateSelect(b.CreateICmpSLT(index, b.getInt64(0)), b.CreateAdd(index, rows), index);
    if (mod.target.bounds_check()) {
        check_error(b.CreateICmpUGE(i, rows), int(RuntimeError::IndexOutOfBounds), loc);
        check_error(b.CreateICmpULT(array_dim(b, states, 1), b.getInt64(2)), int(RuntimeError::IndexOutOfBounds), loc);
    }
    llvm::Value* row = b.CreateGEP(b.getInt8Ty(), array_data(b, states), b.CreateMul(i, array_stride(b, states, 0)));
    llvm::Value* column = st->layout() == types::Layout::C ? b.getInt64(8) : array_stride(b, states, 1);
    return {row, b.CreateGEP(b.getInt8Ty(), row, column)};
}

llvm::Value* FunctionLowering::xoroshiro_call(const Call* e, BuiltinId id) {
    std::vector<llvm::Value*> args;
    std::vector<const Type*> types;
    call_operands(e, args, types);
    XoroshiroState p = xoroshiro_state(args[0], types[0], args[1], e->loc);
    llvm::Type* i64 = b.getInt64Ty();
    if (id == BuiltinId::XoroshiroInitState) {
        llvm::Value* z = splitmix64(b, args[2]);
        b.CreateStore(z, p.s0);
        b.CreateStore(z, p.s1);
        return nullptr;
    }
    XoroshiroState s{b.CreateLoad(i64, p.s0, "s0"), b.CreateLoad(i64, p.s1, "s1")};
    auto store = [&](const XoroshiroState& out) {
        b.CreateStore(out.s0, p.s0);
        b.CreateStore(out.s1, p.s1);
    };
    switch (id) {
    case BuiltinId::XoroshiroNext: {
        llvm::Value* r = next(b, s);
        store(s);
        return r;
    }
    case BuiltinId::XoroshiroJump: store(xoroshiro_jump(s)); return nullptr;
    case BuiltinId::XoroshiroUniform32:
    case BuiltinId::XoroshiroUniform64: {
        llvm::Value* r = next(b, s);
        store(s);
        return id == BuiltinId::XoroshiroUniform32 ? unit_float32(b, r) : unit_float64(b, r);
    }
    case BuiltinId::XoroshiroNormal32:
    case BuiltinId::XoroshiroNormal64: {
        // Numba draws both uniforms as float32, for normal_float64 too.
        llvm::Value* u1 = unit_float32(b, next(b, s));
        llvm::Value* u2 = unit_float32(b, next(b, s));
        store(s);
        return box_muller(u1, u2, id == BuiltinId::XoroshiroNormal64, e->loc);
    }
    default: syntax::internal_error(e->loc, std::string("no lowering for ") + types::builtin_name(id));
    }
}

// sqrt(-2 * log(u1)) * cos(2π * u2), with Numba's types: log of the float32 u1 is float32 in
// both; normal_float64 computes the rest in float64 (Numba's -float64(2.0) and TWO_PI_FLOAT64).
llvm::Value* FunctionLowering::box_muller(llvm::Value* u1, llvm::Value* u2, bool wide, SourceLoc loc) {
    const Type* f32 = types::float32();
    llvm::Value* log_u1 = math(BuiltinId::MathLog, {u1}, f32, loc);
    const Type* t = wide ? types::float64() : f32;
    llvm::Type* ty = wide ? b.getDoubleTy() : b.getFloatTy();
    if (wide) {
        log_u1 = b.CreateFPExt(log_u1, ty);
        u2 = b.CreateFPExt(u2, ty);
    }
    // np.float32(2 * math.pi) and np.float64(2 * math.pi): the float64 constant, then rounded.
    llvm::Value* two_pi =
        wide ? llvm::ConstantFP::get(ty, 2 * std::numbers::pi)
             : llvm::ConstantFP::get(ty, static_cast<double>(static_cast<float>(2 * std::numbers::pi)));
    llvm::Value* radius = math(BuiltinId::MathSqrt, {b.CreateFMul(llvm::ConstantFP::get(ty, -2.0), log_u1)}, t, loc);
    llvm::Value* cosine = math(BuiltinId::MathCos, {b.CreateFMul(two_pi, u2)}, t, loc);
    return b.CreateFMul(radius, cosine);
}

// The state 2^64 steps on: the XOR of the states at the set bits of the jump polynomial, as
// a 128-iteration loop (unrolled, it would be 128 copies of the step).
XoroshiroState FunctionLowering::xoroshiro_jump(const XoroshiroState& start) {
    llvm::Type* i64 = b.getInt64Ty();
    llvm::BasicBlock* entry = b.GetInsertBlock();
    llvm::BasicBlock* loop = new_block("jump.loop");
    llvm::BasicBlock* done = new_block("jump.done");
    b.CreateBr(loop);
    b.SetInsertPoint(loop);
    llvm::PHINode* bit = b.CreatePHI(i64, 2, "jump.bit");
    llvm::PHINode* s0 = b.CreatePHI(i64, 2);
    llvm::PHINode* s1 = b.CreatePHI(i64, 2);
    llvm::PHINode* acc0 = b.CreatePHI(i64, 2);
    llvm::PHINode* acc1 = b.CreatePHI(i64, 2);
    bit->addIncoming(b.getInt64(0), entry);
    s0->addIncoming(start.s0, entry);
    s1->addIncoming(start.s1, entry);
    acc0->addIncoming(b.getInt64(0), entry);
    acc1->addIncoming(b.getInt64(0), entry);
    // Bit `bit` of the 128-bit polynomial kJump[0] | kJump[1] << 64, as an all-ones mask.
    llvm::Value* word =
        b.CreateSelect(b.CreateICmpULT(bit, b.getInt64(64)), b.getInt64(kJump[0]), b.getInt64(kJump[1]));
    llvm::Value* set = b.CreateAnd(b.CreateLShr(word, b.CreateAnd(bit, b.getInt64(63))), b.getInt64(1));
    llvm::Value* mask = b.CreateNeg(set);
    llvm::Value* next_acc0 = b.CreateXor(acc0, b.CreateAnd(s0, mask));
    llvm::Value* next_acc1 = b.CreateXor(acc1, b.CreateAnd(s1, mask));
    XoroshiroState s{s0, s1};
    next(b, s);
    llvm::Value* next_bit = b.CreateAdd(bit, b.getInt64(1));
    llvm::BasicBlock* latch = b.GetInsertBlock();
    bit->addIncoming(next_bit, latch);
    s0->addIncoming(s.s0, latch);
    s1->addIncoming(s.s1, latch);
    acc0->addIncoming(next_acc0, latch);
    acc1->addIncoming(next_acc1, latch);
    b.CreateCondBr(b.CreateICmpULT(next_bit, b.getInt64(128)), loop, done);
    b.SetInsertPoint(done);
    return {next_acc0, next_acc1};
}

}  // namespace ujit::codegen
