// parallel=True: a prange loop outlined into a function over a chunk of its iterations (as
// Numba's parfor lowering makes a gufunc of the body), run on the thread pool by
// cpu/parallel_runtime.hpp, its reductions combined after the loop in chunk order; and the
// thread functions numba.get_num_threads / set_num_threads / get_thread_id.
//
//   parent:   ctx = {partials, start, step, captured values...}
//             chunks = ujit_rt_parallel_chunks(n); partials = alloca [chunks x {reductions}]
//             ujit_rt_parallel_for(body, &ctx, n, chunks)
//             for c in 0..chunks: s = s <combine> partials[c].s
//   body(ctx, chunk, lo, hi):
//             every variable its own slot, captured ones loaded from ctx, reductions set to
//             their identity (min/max: the value before the loop)
//             for k in lo..hi: i = start + k * step; <the loop body>
//             partials[chunk] = {reductions}
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "syntax/diagnostics.hpp"
#include "types/builtins.hpp"

#include <fmt/format.h>

#include <llvm/IR/CFG.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;

namespace {

// Context fields before the captured values.
constexpr unsigned kPartialsField = 0, kStartField = 1, kStepField = 2;

// ujit_rt_parallel_chunks(_balanced)(n): how many chunks the pool runs.
llvm::Value* chunk_count(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Value* n, bool balanced) {
    llvm::Type* i64 = b.getInt64Ty();
    const char* name = balanced ? "ujit_rt_parallel_chunks_balanced" : "ujit_rt_parallel_chunks";
    return b.CreateCall(m.getOrInsertFunction(name, llvm::FunctionType::get(i64, {i64}, false)), {n}, "chunks");
}

BinOp combining_op(ReductionOp op) {
    switch (op) {
    case ReductionOp::Add:
    case ReductionOp::Sub: return BinOp::Add;  // each chunk's partial is 0 - e1 - e2 ...
    case ReductionOp::Mul:
    case ReductionOp::Div: return BinOp::Mul;  // ... or 1 / e1 / e2 ...
    case ReductionOp::BitAnd: return BinOp::BitAnd;
    case ReductionOp::BitOr: return BinOp::BitOr;
    case ReductionOp::BitXor: return BinOp::BitXor;
    case ReductionOp::Min:
    case ReductionOp::Max: break;
    }
    return BinOp::Add;
}

}  // namespace

bool FunctionLowering::runs_in_parallel(const For* s, const Call* range, PrangePlan& plan) {
    if (!declared_parallel(fn) || in_prange_ || !is_prange_call(mod.source, fn, range)) return false;
    if (!fn.unrolled_loops.empty()) return false;  // its plan reads the tree, and literal_unroll's copies run
    plan = plan_prange(fn, *s);
    if (!plan.parallel) return false;
    for (const PrangeReduction& r : plan.reductions) {
        const Type* t = fn.find_variable(r.name)->type;
        // Each chunk's copy is C-contiguous: an F-typed array of 2+ dimensions runs serially.
        if (r.array && t->ndim() > 1 && t->layout() == types::Layout::F) return false;
    }
    return true;
}

llvm::Value* FunctionLowering::reduction_identity(ReductionOp op, const Type* t, SourceLoc loc) {
    switch (op) {
    case ReductionOp::Mul:
    case ReductionOp::Div: return convert_or_fail(b.getInt64(1), types::int64(), t, loc);
    case ReductionOp::BitAnd: return convert_or_fail(b.getInt64(-1), types::int64(), t, loc);
    default: return zero_value(b, t);
    }
}

llvm::Function* FunctionLowering::outline_chunk(const std::string& suffix, const std::vector<std::string>& captured,
                                                llvm::StructType* ctx_ty, const ChunkBody& emit) {
    llvm::LLVMContext& ctx = mod.ctx;
    auto* fty =
        llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getInt64Ty()}, false);
    auto* body = llvm::Function::Create(fty, llvm::Function::InternalLinkage, f->getName().str() + suffix, mod.m);

    // Lower into `body` with this lowering's per-function state set aside.
    llvm::Function* parent = f;
    llvm::BasicBlock* parent_allocas = alloca_block_;
    auto parent_vars = std::move(vars_);
    auto parent_loops = std::move(loops_);
    // The statement being lowered may own temporaries (their slots are the parent's allocas):
    // the chunk has its own, released before it returns.
    auto parent_temps = std::move(temps_);
    llvm::IRBuilderBase::InsertPoint parent_ip = b.saveIP();
    f = body;
    in_prange_ = true;
    vars_.clear();
    loops_.clear();
    temps_.clear();
    alloca_block_ = llvm::BasicBlock::Create(ctx, "entry", body);
    b.SetInsertPoint(alloca_block_);
    for (const types::Variable& v : fn.variables) {
        if (!v.type || !v.type->is_value() || v.type->is_none()) continue;
        llvm::AllocaInst* slot = entry_alloca(value_type(ctx, v.type), v.name);
        b.CreateStore(zero_value(b, v.type), slot);
        vars_[v.name] = slot;
    }
    llvm::BasicBlock* start_bb = new_block("chunk.start");
    b.SetInsertPoint(start_bb);
    llvm::Value* cx = body->getArg(0);
    const unsigned first = ctx_ty->getNumElements() - static_cast<unsigned>(captured.size());
    for (unsigned k = 0; k < captured.size(); ++k)
        if (auto it = vars_.find(captured[k]); it != vars_.end()) {
            llvm::Value* v = b.CreateLoad(ctx_ty->getElementType(first + k), b.CreateStructGEP(ctx_ty, cx, first + k));
            b.CreateStore(v, it->second);
            // The chunk's variable owns a reference, as any variable does (released below).
            count_update(true, v, fn.find_variable(captured[k])->type);
        }
    emit(cx, body->getArg(1), body->getArg(2), body->getArg(3));
    // What the chunk's own code still holds: the temporaries of the work `emit` lowered
    // outside any statement (an array store's copy of an overlapping source), and every
    // variable (the chunk's copies of arrays the body assigned or captured).
    release_temporaries(0);
    release_locals();
    b.CreateRetVoid();
    for (llvm::BasicBlock& bb : *body) {
        if (bb.getTerminator() || &bb == alloca_block_) continue;
        UJIT_INTERNAL_ASSERT(llvm::pred_empty(&bb), fn.def->loc, "an outlined parallel block falls off its end");
        b.SetInsertPoint(&bb);
        b.CreateUnreachable();
    }
    b.SetInsertPoint(alloca_block_);
    b.CreateBr(start_bb);

    f = parent;
    in_prange_ = false;
    alloca_block_ = parent_allocas;
    vars_ = std::move(parent_vars);
    loops_ = std::move(parent_loops);
    temps_ = std::move(parent_temps);
    b.restoreIP(parent_ip);
    return body;
}

llvm::StructType* FunctionLowering::chunk_context_type(std::vector<llvm::Type*> fields,
                                                       const std::vector<std::string>& captured) {
    for (const std::string& name : captured) fields.push_back(value_type(mod.ctx, fn.find_variable(name)->type));
    return llvm::StructType::get(mod.ctx, fields);
}

llvm::AllocaInst* FunctionLowering::chunk_context(llvm::StructType* ctx_ty, const std::vector<llvm::Value*>& values,
                                                  const std::vector<std::string>& captured, SourceLoc loc) {
    llvm::AllocaInst* cx = entry_alloca(ctx_ty, "chunk.ctx");
    for (unsigned k = 0; k < values.size(); ++k) b.CreateStore(values[k], b.CreateStructGEP(ctx_ty, cx, k));
    for (unsigned k = 0; k < captured.size(); ++k) {
        llvm::AllocaInst* v = variable(captured[k], loc);
        unsigned at = static_cast<unsigned>(values.size()) + k;
        b.CreateStore(b.CreateLoad(v->getAllocatedType(), v), b.CreateStructGEP(ctx_ty, cx, at));
    }
    return cx;
}

// Several chunks per thread (cpu/parallel_runtime.hpp), for loops whose per-chunk state is
// a few scalars; a prange with array reductions asks for one per thread instead.
llvm::Value* FunctionLowering::parallel_chunks(llvm::Value* n) { return chunk_count(b, mod.m, n, /*balanced=*/true); }

void FunctionLowering::run_chunks(llvm::Function* body, llvm::Value* cx, llvm::Value* n, llvm::Value* chunks) {
    llvm::Type* i64 = b.getInt64Ty();
    llvm::FunctionCallee for_fn = mod.m.getOrInsertFunction(
        "ujit_rt_parallel_for", llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy(), b.getPtrTy(), i64, i64}, false));
    b.CreateCall(for_fn, {body, cx, n, chunks});
}

void FunctionLowering::for_prange(const For* s, const Type* et, const RangeArgs& args, const PrangePlan& plan) {
    llvm::LLVMContext& ctx = mod.ctx;
    llvm::Type* ety = value_type(ctx, et);
    llvm::Value* n = range_length(args.start, args.stop, args.step, et->is_signed());
    // Scalar reductions: one struct of partials per chunk. Array reductions: one copy of the
    // array per chunk, in a block the parent allocates (an owned allocation: a raise frees it).
    std::vector<const PrangeReduction*> scalars, arrays;
    for (const PrangeReduction& r : plan.reductions) (r.array ? arrays : scalars).push_back(&r);
    std::vector<llvm::Type*> fields = {b.getPtrTy(), ety, ety};
    for (size_t k = 0; k < arrays.size(); ++k) fields.push_back(b.getPtrTy());  // the copies' block
    llvm::StructType* ctx_ty = chunk_context_type(fields, plan.captured);
    std::vector<llvm::Type*> partial_fields;
    for (const PrangeReduction* r : scalars) partial_fields.push_back(value_type(ctx, fn.find_variable(r->name)->type));
    llvm::StructType* partial_ty = llvm::StructType::get(ctx, partial_fields);
    // The array `name` holds now: its dims and element count.
    auto shape_of = [&](const std::string& name) {
        llvm::AllocaInst* v = variable(name, s->loc);
        llvm::Value* arr = b.CreateLoad(v->getAllocatedType(), v);
        const Type* t = fn.find_variable(name)->type;
        std::vector<llvm::Value*> dims;
        llvm::Value* count = b.getInt64(1);
        for (int k = 0; k < t->ndim(); ++k) {
            dims.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
            count = b.CreateMul(count, dims.back());
        }
        return std::make_tuple(arr, dims, count);
    };
    // Chunk c's copy of an array reduction, C-contiguous at base + c * count elements.
    auto copy_of = [&](const Type* t, llvm::Value* base, llvm::Value* c, const std::vector<llvm::Value*>& dims,
                       llvm::Value* count) {
        int64_t item = t->dtype()->itemsize();
        std::vector<llvm::Value*> strides(dims.size());
        llvm::Value* stride = b.getInt64(item);
        for (size_t k = dims.size(); k-- > 0;) {
            strides[k] = stride;
            stride = b.CreateMul(stride, dims[k]);
        }
        llvm::Value* data = b.CreateGEP(b.getInt8Ty(), base, b.CreateMul(b.CreateMul(c, count), b.getInt64(item)));
        return make_array(b, t, data, dims, strides);
    };

    llvm::Function* body = outline_chunk(
        ".prange", plan.captured, ctx_ty, [&](llvm::Value* cx, llvm::Value* chunk, llvm::Value* lo, llvm::Value* hi) {
            auto field = [&](unsigned k) {
                return b.CreateLoad(ctx_ty->getElementType(k), b.CreateStructGEP(ctx_ty, cx, k));
            };
            for (const PrangeReduction* r : scalars)
                if (r->op != ReductionOp::Min && r->op != ReductionOp::Max)  // min/max start from the value before
                    b.CreateStore(reduction_identity(r->op, fn.find_variable(r->name)->type, s->loc),
                                  variable(r->name, s->loc));
            for (unsigned k = 0; k < arrays.size(); ++k) {  // this chunk's copy, filled with the identity
                const Type* t = fn.find_variable(arrays[k]->name)->type;
                auto [arr, dims, count] = shape_of(arrays[k]->name);
                llvm::Value* copy = copy_of(t, field(kStepField + 1 + k), chunk, dims, count);
                llvm::Value* one = to_storage(b, reduction_identity(arrays[k]->op, t->dtype(), s->loc), t->dtype());
                llvm::Value* data = array_data(b, copy);
                counted_range(count, [&](llvm::Value* i) { b.CreateStore(one, b.CreateGEP(one->getType(), data, i)); });
                b.CreateStore(copy, variable(arrays[k]->name, s->loc));
            }
            // A start or step known at compile time stays a constant (prange(n): i = k), so that
            // the body's accesses a[i] are seen contiguous and vectorize.
            llvm::Value* start = llvm::isa<llvm::Constant>(args.start) ? args.start : field(kStartField);
            llvm::Value* step = llvm::isa<llvm::Constant>(args.step) ? args.step : field(kStepField);
            b.CreateAssumption(b.CreateICmpSGE(lo, b.getInt64(0)));  // chunks lie in [0, n)
            // for k in [lo, hi): the iteration start + k * step
            llvm::AllocaInst* counter = entry_alloca(b.getInt64Ty(), "prange.k");
            b.CreateStore(lo, counter);
            llvm::BasicBlock* header = new_block("prange.cond");
            llvm::BasicBlock* loop = new_block("prange.body");
            llvm::BasicBlock* latch = new_block("prange.inc");
            llvm::BasicBlock* done = new_block("prange.end");
            b.CreateBr(header);
            b.SetInsertPoint(header);
            llvm::Value* k = b.CreateLoad(b.getInt64Ty(), counter, "k");
            b.CreateCondBr(b.CreateICmpSLT(k, hi), loop, done);
            b.SetInsertPoint(loop);
            llvm::Value* kk = b.CreateIntCast(k, start->getType(), et->is_signed());
            bool nsw = et->is_signed();  // every iteration's value is in the range: no wrap
            assign_to(s->target, b.CreateAdd(start, b.CreateMul(kk, step, "", false, nsw), "", false, nsw), et);
            loops_.push_back({latch, done});
            block(s->body);
            loops_.pop_back();
            b.CreateBr(latch);
            b.SetInsertPoint(latch);
            b.CreateStore(b.CreateNSWAdd(b.CreateLoad(b.getInt64Ty(), counter), b.getInt64(1)), counter);
            b.CreateBr(header);

            b.SetInsertPoint(done);
            llvm::Value* slot = b.CreateGEP(partial_ty, field(kPartialsField), chunk);
            for (unsigned r = 0; r < scalars.size(); ++r) {
                llvm::AllocaInst* v = variable(scalars[r]->name, s->loc);
                b.CreateStore(b.CreateLoad(v->getAllocatedType(), v), b.CreateStructGEP(partial_ty, slot, r));
            }
        });

    // An array reduction's copies are per chunk: one chunk per thread keeps them to the
    // thread count.
    llvm::Value* chunks = arrays.empty() ? parallel_chunks(n) : chunk_count(b, mod.m, n, /*balanced=*/false);
    llvm::Value* stack = b.CreateStackSave();
    llvm::Value* partials = b.CreateAlloca(partial_ty, chunks, "prange.partials");
    std::vector<llvm::Value*> values = {partials, args.start, args.step}, blocks;
    llvm::FunctionCallee alloc = mod.m.getOrInsertFunction(
        "ujit_rt_prange_copies", llvm::FunctionType::get(b.getPtrTy(), {b.getInt64Ty(), b.getPtrTy()}, false));
    for (const PrangeReduction* r : arrays) {
        auto [arr, dims, count] = shape_of(r->name);
        llvm::AllocaInst* data = entry_alloca(b.getPtrTy(), "prange.copies");
        int64_t item = fn.find_variable(r->name)->type->dtype()->itemsize();
        blocks.push_back(b.CreateCall(alloc, {b.CreateMul(b.CreateMul(chunks, count), b.getInt64(item)), data}));
        values.push_back(b.CreateLoad(b.getPtrTy(), data));
    }
    llvm::AllocaInst* cx = chunk_context(ctx_ty, values, plan.captured, s->loc);
    run_chunks(body, cx, n, chunks);

    // Each chunk's copy into the array, elementwise and in chunk order; then the copies go.
    for (size_t k = 0; k < arrays.size(); ++k) {
        const Type* t = fn.find_variable(arrays[k]->name)->type;
        const Type* dt = t->dtype();
        const Type* ct = types::array(dt, t->ndim(), types::Layout::C);
        BinOp op = combining_op(arrays[k]->op);
        counted_range(chunks, [&](llvm::Value* c) {
            auto [arr, dims, count] = shape_of(arrays[k]->name);
            llvm::Value* copy = copy_of(ct, values[3 + k], c, dims, count);
            elementwise_loop(dims, {{arr, t}, {copy, ct}}, [&](const std::vector<llvm::Value*>& p) {
                llvm::Type* st = storage_type(ctx, dt);
                llvm::Value* x = from_storage(b, b.CreateLoad(st, p[0]), dt);
                llvm::Value* y = from_storage(b, b.CreateLoad(st, p[1]), dt);
                b.CreateStore(to_storage(b, ufunc_binary(op, x, y, dt, s->loc), dt), p[0]);
            });
        });
        b.CreateCall(
            mod.m.getOrInsertFunction("ujit_nrt_decref", llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false)),
            {blocks[k]});
    }

    // The chunks' partials, in chunk order (the same order on every run with as many threads).
    if (!scalars.empty())
        counted_range(chunks, [&](llvm::Value* c) {
            llvm::Value* slot = b.CreateGEP(partial_ty, partials, c);
            for (unsigned r = 0; r < scalars.size(); ++r) {
                const PrangeReduction& red = *scalars[r];
                const Type* t = fn.find_variable(red.name)->type;
                llvm::AllocaInst* v = variable(red.name, s->loc);
                llvm::Value* acc = b.CreateLoad(v->getAllocatedType(), v);
                llvm::Value* part = b.CreateLoad(v->getAllocatedType(), b.CreateStructGEP(partial_ty, slot, r));
                llvm::Value* out;
                if (red.op == ReductionOp::Min || red.op == ReductionOp::Max) {
                    // min(s, p) as Python's: p replaces s only when strictly smaller (larger).
                    CmpOp op = red.op == ReductionOp::Min ? CmpOp::Lt : CmpOp::Gt;
                    out = b.CreateSelect(compare_values(op, part, t, acc, t, s->loc), part, acc);
                } else {
                    TypedValue sum = binary_values(combining_op(red.op), acc, t, part, t, nullptr, s->loc);
                    out = convert_or_fail(sum.v, sum.t, t, s->loc);
                }
                b.CreateStore(out, v);
            }
        });
    b.CreateStackRestore(stack);
}

llvm::Value* FunctionLowering::thread_call(const Call* e, BuiltinId id) {
    llvm::Type* i64 = b.getInt64Ty();
    switch (id) {
    case BuiltinId::GetNumThreads:
        return b.CreateCall(mod.m.getOrInsertFunction("ujit_rt_get_num_threads", llvm::FunctionType::get(i64, false)));
    case BuiltinId::GetThreadId:
        return b.CreateCall(mod.m.getOrInsertFunction("ujit_rt_get_thread_id", llvm::FunctionType::get(i64, false)));
    case BuiltinId::SetNumThreads: {
        llvm::Value* n = expr_as(e->args[0], types::int64());
        std::string where = fmt::format("{} at {}", fn.def->name, mod.source.file().position(e->loc));
        llvm::FunctionCallee set = mod.m.getOrInsertFunction(
            "ujit_rt_set_num_threads", llvm::FunctionType::get(b.getVoidTy(), {i64, b.getPtrTy()}, false));
        b.CreateCall(set, {n, b.CreateGlobalString(where, "ujit.where")});
        return nullptr;
    }
    default: break;
    }
    internal_error(e->loc, fmt::format("{}() is no thread function", types::builtin_name(id)));
}

}  // namespace ujit::codegen
