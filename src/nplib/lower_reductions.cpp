// Whole-array reductions (a.sum(), np.max(a * b), ...) as one loop over an array or an array
// expression, with no temporary. Float sums and means keep NumPy's accuracy class and better:
// each row is summed in blocks of 128 elements with 8 independent partial sums (the shape of
// NumPy's pairwise kernel, and what lets the loop vectorize without reassociating anything),
// and the block sums are added with Neumaier's compensation, so the error bound does not grow
// with the number of blocks (pairwise summation's grows with log2(n)).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using namespace syntax;
using nplib::ArrayExpr;
using nplib::Reduction;
using types::Type;

namespace {

constexpr int64_t kBlock = 128;  // elements per block, as NumPy's PW_BLOCKSIZE
constexpr int kLanes = 8;        // partial sums per block, as NumPy's unrolled kernel

}  // namespace

// Adds value(ptrs) over the iteration space to the float `sum` slot ({total, compensation}).
void FunctionLowering::compensated_sum(const std::vector<llvm::Value*>& dims, const std::vector<TypedValue>& arrays,
                                       const std::function<llvm::Value*(const std::vector<llvm::Value*>&)>& value,
                                       const Type* t, llvm::AllocaInst* sum) {
    llvm::Type* ft = value_type(mod.ctx, t);
    // The 8 partial sums are one vector, each group of 8 elements one vector add: LLVM's SLP
    // vectorizer pairs scalar partial sums badly (lanes j and j+4, from the final tree), and
    // a vector add is what NumPy's compiler makes of its r[0..7] loop.
    auto* vt = llvm::FixedVectorType::get(ft, kLanes);
    llvm::AllocaInst* lanes = entry_alloca(vt, "sum.lanes");
    llvm::AllocaInst* block = entry_alloca(ft, "sum.block");
    elementwise_rows(dims, arrays, [&](llvm::Value* n, const RowPointers& at) {
        llvm::Value* blocks = b.CreateSDiv(b.CreateAdd(n, b.getInt64(kBlock - 1)), b.getInt64(kBlock));
        counted_range(blocks, [&](llvm::Value* blk) {
            llvm::Value* start = b.CreateMul(blk, b.getInt64(kBlock));
            llvm::Value* rest = b.CreateSub(n, start);
            llvm::Value* m = b.CreateSelect(b.CreateICmpSLT(rest, b.getInt64(kBlock)), rest, b.getInt64(kBlock));
            llvm::Value* groups = b.CreateSDiv(m, b.getInt64(kLanes));
            b.CreateStore(llvm::Constant::getNullValue(vt), lanes);
            counted_range(groups, [&](llvm::Value* g) {
                llvm::Value* first = b.CreateAdd(start, b.CreateMul(g, b.getInt64(kLanes)));
                llvm::Value* group = llvm::PoisonValue::get(vt);
                for (int j = 0; j < kLanes; ++j)
                    group = b.CreateInsertElement(group, value(at(b.CreateAdd(first, b.getInt64(j)))), j);
                b.CreateStore(b.CreateFAdd(b.CreateLoad(vt, lanes), group), lanes);
            });
            // ((l0 + l1) + (l2 + l3)) + ((l4 + l5) + (l6 + l7)), then the tail of the block.
            llvm::Value* sums = b.CreateLoad(vt, lanes);
            std::vector<llvm::Value*> part;
            for (int j = 0; j < kLanes; ++j) part.push_back(b.CreateExtractElement(sums, j));
            while (part.size() > 1) {
                std::vector<llvm::Value*> next;
                for (size_t j = 0; j < part.size(); j += 2) next.push_back(b.CreateFAdd(part[j], part[j + 1]));
                part = next;
            }
            b.CreateStore(part[0], block);
            llvm::Value* tail_start = b.CreateAdd(start, b.CreateMul(groups, b.getInt64(kLanes)));
            counted_range(b.CreateSub(m, b.CreateMul(groups, b.getInt64(kLanes))), [&](llvm::Value* i) {
                llvm::Value* v = value(at(b.CreateAdd(tail_start, i)));
                b.CreateStore(b.CreateFAdd(b.CreateLoad(ft, block), v), block);
            });
            // Neumaier: total += block, the lost low-order part kept in the compensation.
            llvm::Value* x = b.CreateLoad(ft, block);
            llvm::Value* s = b.CreateLoad(ft, b.CreateStructGEP(sum->getAllocatedType(), sum, 0));
            llvm::Value* c = b.CreateLoad(ft, b.CreateStructGEP(sum->getAllocatedType(), sum, 1));
            llvm::Value* total = b.CreateFAdd(s, x);
            llvm::Value* s_bigger =
                b.CreateFCmpOGE(intrinsic(b, llvm::Intrinsic::fabs, {s}), intrinsic(b, llvm::Intrinsic::fabs, {x}));
            llvm::Value* lost = b.CreateSelect(s_bigger, b.CreateFAdd(b.CreateFSub(s, total), x),
                                               b.CreateFAdd(b.CreateFSub(x, total), s));
            b.CreateStore(total, b.CreateStructGEP(sum->getAllocatedType(), sum, 0));
            b.CreateStore(b.CreateFAdd(c, lost), b.CreateStructGEP(sum->getAllocatedType(), sum, 1));
        });
    });
}

// argmin/argmax compare bools as uint8, the rest as they are.
const Type* FunctionLowering::arg_extreme_type(const Type* dtype) {
    return dtype->is_bool() ? types::integer(8, false) : dtype;
}

// The running extreme before the first element: every element but an equal one replaces it.
llvm::Value* FunctionLowering::arg_extreme_init(bool is_max, const Type* vt) {
    llvm::Type* lt = value_type(mod.ctx, vt);
    if (vt->is_float()) return llvm::ConstantFP::getInfinity(lt, /*Negative=*/is_max);
    if (vt->is_signed())
        return is_max ? llvm::ConstantInt::get(lt, llvm::APInt::getSignedMinValue(vt->bits()))
                      : llvm::ConstantInt::get(lt, llvm::APInt::getSignedMaxValue(vt->bits()));
    return is_max ? llvm::ConstantInt::get(lt, 0) : llvm::ConstantInt::get(lt, llvm::APInt::getMaxValue(vt->bits()));
}

// Whether `v` becomes the extreme after `cur`: strictly better, or the first NaN (NumPy's).
llvm::Value* FunctionLowering::arg_extreme_takes(bool is_max, const Type* vt, llvm::Value* cur, llvm::Value* v) {
    if (vt->is_float()) {
        llvm::Value* better = is_max ? b.CreateFCmpOGT(v, cur) : b.CreateFCmpOLT(v, cur);
        return b.CreateAnd(b.CreateFCmpORD(cur, cur), b.CreateOr(b.CreateFCmpUNO(v, v), better));
    }
    if (vt->is_signed()) return is_max ? b.CreateICmpSGT(v, cur) : b.CreateICmpSLT(v, cur);
    return is_max ? b.CreateICmpUGT(v, cur) : b.CreateICmpULT(v, cur);
}

llvm::Value* FunctionLowering::reduction(Reduction kind, const Expr* operand, const Type* rt, SourceLoc loc) {
    mod.wide_vectors = true;
    if (llvm::Value* v = parallel_reduction(kind, operand, rt, loc)) return v;  // codegen/parallel_arrays.cpp
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> tree = array_expr_tree(operand, leaves);
    const Type* ot = type_of(operand);
    std::vector<llvm::Value*> dims = broadcast_shape(leaves, ot->ndim());
    std::vector<TypedValue> arrays = leaf_views(leaves, dims, loc, /*into=*/false);
    narrow_to_chunk(operand, dims, arrays);
    llvm::Value* size = b.getInt64(1);
    for (llvm::Value* d : dims) size = b.CreateMul(size, d);
    const Type* et = tree->elem_type();
    auto element = [&](const std::vector<llvm::Value*>& ptrs, const Type* as) {
        return convert_or_fail(array_expr_element(*tree, ptrs), et, as, loc);
    };
    auto slot_of = [&](const Type* t, llvm::Value* init) {
        llvm::AllocaInst* slot = entry_alloca(value_type(mod.ctx, t), "acc");
        b.CreateStore(init, slot);
        return slot;
    };
    auto float_sum = [&](const Type* t, const std::function<llvm::Value*(const std::vector<llvm::Value*>&)>& value) {
        llvm::Type* ft = value_type(mod.ctx, t);
        llvm::AllocaInst* sum = entry_alloca(llvm::StructType::get(mod.ctx, {ft, ft}), "sum");
        llvm::Value* zero = llvm::ConstantFP::get(ft, 0.0);
        b.CreateStore(zero, b.CreateStructGEP(sum->getAllocatedType(), sum, 0));
        b.CreateStore(zero, b.CreateStructGEP(sum->getAllocatedType(), sum, 1));
        compensated_sum(dims, arrays, value, t, sum);
        // An infinite or NaN total is the sum as it stands: its compensation is NaN (inf - inf).
        llvm::Value* s = b.CreateLoad(ft, b.CreateStructGEP(sum->getAllocatedType(), sum, 0));
        llvm::Value* c = b.CreateLoad(ft, b.CreateStructGEP(sum->getAllocatedType(), sum, 1));
        llvm::Value* finite =
            b.CreateFCmpOLT(intrinsic(b, llvm::Intrinsic::fabs, {s}), llvm::ConstantFP::getInfinity(ft));
        return b.CreateSelect(finite, b.CreateFAdd(s, c), s);
    };
    // sum (or the mean's sum) in `t`: compensated for floats, plain for integers and complex.
    auto total = [&](const Type* t) -> llvm::Value* {
        if (t->is_float()) return float_sum(t, [&](const std::vector<llvm::Value*>& p) { return element(p, t); });
        llvm::AllocaInst* acc = slot_of(t, zero_value(b, t));
        elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* cur = b.CreateLoad(acc->getAllocatedType(), acc);
            b.CreateStore(ufunc_binary(BinOp::Add, cur, element(p, t), t, loc), acc);
        });
        return b.CreateLoad(acc->getAllocatedType(), acc);
    };
    auto divide = [&](llvm::Value* v, const Type* t, llvm::Value* n) -> llvm::Value* {
        const Type* part = t->is_complex() ? types::floating(t->bits() / 2) : t;
        llvm::Value* nf = convert_or_fail(n, types::int64(), part, loc);
        if (!t->is_complex()) return b.CreateFDiv(v, nf);
        llvm::Value* out = b.CreateInsertValue(v, b.CreateFDiv(b.CreateExtractValue(v, 0), nf), 0);
        return b.CreateInsertValue(out, b.CreateFDiv(b.CreateExtractValue(v, 1), nf), 1);
    };
    auto empty_error = [&](RuntimeError code) { check_error(b.CreateICmpEQ(size, b.getInt64(0)), int(code), loc); };
    // A float max or min as NumPy's loop computes it: each group of 8 vectors (of one 512-bit
    // register's lanes) reduced as a tree, then into one vector accumulator, every step
    // NaN-propagating, so that a NaN anywhere is the result. Separate accumulators with a NaN
    // flag beside them (what the loop vectorizer makes of a scalar loop) ran about 10% behind
    // NumPy on 10M float64: more instructions per cache line read, fewer lines in flight.
    auto float_extreme = [&](bool is_max) -> llvm::Value* {
        constexpr int kTree = 8;
        const bool cpu = mod.target.kind() == types::TargetKind::CPU;
        llvm::Type* ft = value_type(mod.ctx, rt);
        const int lanes = 512 / static_cast<int>(rt->bits());
        auto* vt = llvm::FixedVectorType::get(ft, lanes);
        // NaN where either is (llvm.maximum: on x86 a max, a compare and a masked move; a
        // compare-and-select pair became two compares, an OR of masks and a blend). Which of
        // -0.0 and 0.0 is larger is left open (nsz), as NumPy's max leaves it to the CPU.
        auto extreme = [&](llvm::Value* a, llvm::Value* c) {
            llvm::FastMathFlags fmf;
            fmf.setNoSignedZeros();
            llvm::IRBuilder<>::FastMathFlagGuard guard(b);
            b.setFastMathFlags(fmf);
            return intrinsic(b, is_max ? llvm::Intrinsic::maximum : llvm::Intrinsic::minimum, {a, c});
        };
        // Each group's cache lines kPrefetchBytes ahead, asked into L2 (prefetcht1). The loop is
        // bound by lines in flight, and the hardware prefetcher alone keeps too few: on the lent
        // Xeon (H200 host) a C copy of this loop ran at 1.04x np.max without the hint and 0.65x
        // with it 8 KiB ahead (4 KiB: 0.67x; into L1 instead: 0.70x; non-temporal: 2.2x). A
        // prefetch never faults, so the lines past a row's end cost nothing but the ask.
        constexpr int64_t kPrefetchBytes = 8192, kLine = 64;
        auto prefetch_ahead = [&](const RowPointers& at, llvm::Value* first) {
            if (!cpu) return;
            const int64_t bytes = int64_t(rt->bits() / 8);
            std::vector<llvm::Value*> ahead = at(b.CreateAdd(first, b.getInt64(kPrefetchBytes / bytes)));
            for (size_t a = 0; a < arrays.size(); ++a) {
                const int64_t leaf_bytes = int64_t(arrays[a].t->dtype()->itemsize());
                for (int64_t off = 0; off < int64_t(kTree) * lanes * leaf_bytes; off += kLine) {
                    llvm::Value* line = b.CreateGEP(b.getInt8Ty(), ahead[a], b.getInt64(off));
                    intrinsic(b, llvm::Intrinsic::prefetch,
                              {line, b.getInt32(0), /*locality: L2*/ b.getInt32(2), /*data*/ b.getInt32(1)});
                }
            }
        };
        llvm::Constant* init = llvm::ConstantFP::getInfinity(ft, /*Negative=*/is_max);
        llvm::AllocaInst* acc = entry_alloca(vt, "extreme.lanes");
        llvm::AllocaInst* best = slot_of(rt, init);
        elementwise_rows(dims, arrays, [&](llvm::Value* n, const RowPointers& at) {
            b.CreateStore(llvm::ConstantVector::getSplat(llvm::ElementCount::getFixed(lanes), init), acc);
            const int64_t group = int64_t(kTree) * lanes;
            // The groups only on the CPU: a GPU thread reduces one element at a time.
            llvm::Value* groups = cpu ? b.CreateSDiv(n, b.getInt64(group)) : b.getInt64(0);
            counted_range(groups, [&](llvm::Value* g) {
                llvm::Value* first = b.CreateMul(g, b.getInt64(group));
                prefetch_ahead(at, first);
                std::vector<llvm::Value*> v;
                for (int j = 0; j < kTree; ++j) {
                    llvm::Value* x = llvm::PoisonValue::get(vt);
                    for (int l = 0; l < lanes; ++l)
                        x = b.CreateInsertElement(x, element(at(b.CreateAdd(first, b.getInt64(j * lanes + l))), rt), l);
                    v.push_back(x);
                }
                for (size_t width = v.size(); width > 1; width /= 2)
                    for (size_t j = 0; j < width / 2; ++j) v[j] = extreme(v[2 * j], v[2 * j + 1]);
                b.CreateStore(extreme(b.CreateLoad(vt, acc), v[0]), acc);
            });
            // The lanes, then the row's last elements, into the running result.
            llvm::Value* row_lanes = b.CreateLoad(vt, acc);
            llvm::Value* cur = b.CreateLoad(ft, best);
            for (int l = 0; l < lanes; ++l) cur = extreme(cur, b.CreateExtractElement(row_lanes, l));
            b.CreateStore(cur, best);
            llvm::Value* tail = b.CreateMul(groups, b.getInt64(group));
            counted_range(b.CreateSub(n, tail), [&](llvm::Value* i) {
                b.CreateStore(extreme(b.CreateLoad(ft, best), element(at(b.CreateAdd(tail, i)), rt)), best);
            });
        });
        return b.CreateLoad(ft, best);
    };

    switch (kind) {
    case Reduction::Sum: return total(rt);
    case Reduction::Mean: return divide(total(rt), rt, size);
    case Reduction::Prod: {
        llvm::AllocaInst* acc = slot_of(rt, convert_or_fail(b.getInt64(1), types::int64(), rt, loc));
        elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* cur = b.CreateLoad(acc->getAllocatedType(), acc);
            b.CreateStore(ufunc_binary(BinOp::Mul, cur, element(p, rt), rt, loc), acc);
        });
        return b.CreateLoad(acc->getAllocatedType(), acc);
    }
    case Reduction::Var:
    case Reduction::Std: {
        // Two passes, as Numba's: the mean, then the mean of |x - mean|^2, in float64.
        const Type* ct = et->is_complex() ? types::complex(128) : types::float64();
        llvm::Value* mean = divide(total(ct), ct, size);
        const Type* f64 = types::float64();
        llvm::Value* ssd = float_sum(f64, [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* d = ufunc_binary(BinOp::Sub, element(p, ct), mean, ct, loc);
            if (!ct->is_complex()) return b.CreateFMul(d, d);
            llvm::Value* re = b.CreateExtractValue(d, 0);
            llvm::Value* im = b.CreateExtractValue(d, 1);
            return b.CreateFAdd(b.CreateFMul(re, re), b.CreateFMul(im, im));
        });
        llvm::Value* var = divide(ssd, f64, size);
        return kind == Reduction::Var ? var : intrinsic(b, llvm::Intrinsic::sqrt, {var});
    }
    case Reduction::Min:
    case Reduction::Max: {
        bool is_max = kind == Reduction::Max;
        empty_error(is_max ? RuntimeError::EmptyMaximum : RuntimeError::EmptyMinimum);
        if (rt->is_float()) return float_extreme(is_max);
        llvm::Type* vt = value_type(mod.ctx, rt);
        llvm::Value* init;
        if (rt->is_bool())
            init = b.getInt1(!is_max);
        else if (rt->is_signed())
            init = is_max ? llvm::ConstantInt::get(vt, llvm::APInt::getSignedMinValue(rt->bits()))
                          : llvm::ConstantInt::get(vt, llvm::APInt::getSignedMaxValue(rt->bits()));
        else
            init = is_max ? llvm::ConstantInt::get(vt, 0)
                          : llvm::ConstantInt::get(vt, llvm::APInt::getMaxValue(rt->bits()));
        llvm::AllocaInst* acc = slot_of(rt, init);
        elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* cur = b.CreateLoad(vt, acc);
            llvm::Value* v = element(p, rt);
            llvm::Value* out;
            if (rt->is_bool())
                out = is_max ? b.CreateOr(cur, v) : b.CreateAnd(cur, v);
            else if (rt->is_signed())
                out = intrinsic(b, is_max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin, {cur, v});
            else
                out = intrinsic(b, is_max ? llvm::Intrinsic::umax : llvm::Intrinsic::umin, {cur, v});
            b.CreateStore(out, acc);
        });
        return b.CreateLoad(vt, acc);
    }
    case Reduction::ArgMin:
    case Reduction::ArgMax: {
        bool is_max = kind == Reduction::ArgMax;
        empty_error(is_max ? RuntimeError::EmptyArgmax : RuntimeError::EmptyArgmin);
        // The first extreme in C order of the flattened array; a NaN is the first extreme.
        const Type* vt = arg_extreme_type(et);
        llvm::Value* init = arg_extreme_init(is_max, vt);
        llvm::AllocaInst* best = slot_of(vt, init);
        llvm::AllocaInst* best_at = slot_of(types::int64(), b.getInt64(0));
        llvm::AllocaInst* flat = slot_of(types::int64(), b.getInt64(0));
        elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* cur = b.CreateLoad(best->getAllocatedType(), best);
            llvm::Value* v = element(p, vt);
            llvm::Value* take = arg_extreme_takes(is_max, vt, cur, v);
            llvm::Value* i = b.CreateLoad(b.getInt64Ty(), flat);
            b.CreateStore(b.CreateSelect(take, v, cur), best);
            b.CreateStore(b.CreateSelect(take, i, b.CreateLoad(b.getInt64Ty(), best_at)), best_at);
            b.CreateStore(b.CreateAdd(i, b.getInt64(1)), flat);
        });
        return b.CreateLoad(b.getInt64Ty(), best_at);
    }
    case Reduction::Any:
    case Reduction::All: {
        bool any = kind == Reduction::Any;
        llvm::AllocaInst* acc = slot_of(types::boolean(), b.getInt1(!any));
        elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* t = truth(b, array_expr_element(*tree, p), et);
            llvm::Value* cur = b.CreateLoad(b.getInt1Ty(), acc);
            b.CreateStore(any ? b.CreateOr(cur, t) : b.CreateAnd(cur, t), acc);
        });
        return b.CreateLoad(b.getInt1Ty(), acc);
    }
    }
    syntax::internal_error(loc, "unknown reduction");
}

}  // namespace ujit::codegen
