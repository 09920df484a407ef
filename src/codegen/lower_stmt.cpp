// Statements: assignments (names, array elements, tuple unpacking), augmented assignment,
// if/while/for (range with any step sign, 1-D arrays) with else blocks, break/continue,
// return.
#include "codegen/grid_stride.hpp"
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/debug_info.hpp"
#include "codegen/llvm_types.hpp"
#include "nplib/array_typing.hpp"
#include "types/dead_branches.hpp"
#include "types/rules.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

void FunctionLowering::block(const Block& stmts) {
    for (const Stmt* s : stmts) {
        stmt(s);
        // After an `if` typing pruned (a constant test) whose live branch left (or broke or
        // continued), the rest is unreachable and was not typed (types/infer_stmt.cpp): not
        // lowered either.
        if (auto* i = dyn_cast<If>(s))
            if (auto live = const_int(i->test); live && types::block_jumps(*live ? i->body : i->orelse, fn)) return;
    }
}

// A statement's temporaries (new arrays it did not store) are released at its end.
void FunctionLowering::stmt(const Stmt* s) {
    size_t mark = temporaries_mark();
    set_debug_location(b, s->loc, mod.source.file());
    stmt_kind(s);
    release_temporaries(mark);
}

void FunctionLowering::stmt_kind(const Stmt* s) {
    switch (s->kind) {
    case StmtKind::ExprStmt: {
        const Expr* v = cast<ExprStmt>(s)->value;
        if (!isa<StrLit>(v)) expr(v);  // a bare string is a comment
        return;
    }
    case StmtKind::Assign: return assign(cast<Assign>(s));
    case StmtKind::AugAssign: return aug_assign(cast<AugAssign>(s));
    case StmtKind::If: return if_stmt(cast<If>(s));
    case StmtKind::While: return while_stmt(cast<While>(s));
    case StmtKind::For: return for_stmt(cast<For>(s));
    case StmtKind::Break:
        if (loops_.empty()) unsupported(s->loc, "'break' outside loop");
        leave_try_frames(s, loops_.size());
        b.CreateBr(loops_.back().break_target);
        return start_dead_block();
    case StmtKind::Continue:
        if (loops_.empty()) unsupported(s->loc, "'continue' not properly in loop");
        leave_try_frames(s, loops_.size());
        b.CreateBr(loops_.back().continue_target);
        return start_dead_block();
    case StmtKind::Return: return return_stmt(cast<Return>(s));
    case StmtKind::Pass: return;
    case StmtKind::Raise: return raise_stmt(cast<Raise>(s));
    case StmtKind::Try: return try_stmt(cast<Try>(s));
    case StmtKind::FunctionDef: return;  // an inner function: lowered where it is called
    case StmtKind::Import:
    case StmtKind::ImportFrom: unsupported(s->loc, "imports inside functions are not supported");
    }
}

void FunctionLowering::assign(const Assign* s) {
    if (s->targets.size() == 1 && !s->deletes && fn.record_field(s->targets[0]))
        return record_field_store(s->targets[0], s->value);
    if (auto* sub = dyn_cast<Subscript>(s->targets[0]); sub && isa<Slice>(sub->index) && type_of(sub->value)->is_list())
        return s->deletes ? list_slice_delete(sub) : list_slice_assign(sub, s->value);
    // a[1:3] = x, out[:] = a * 2 + b: x broadcast into the view, as one loop.
    if (auto* sub = dyn_cast<Subscript>(s->targets[0]);
        sub && type_of(sub)->is_array() && !type_of(sub->value)->is_dict() &&
        !type_of(sub->value)->is_list()) {  // (l[i] = a replaces an item)
        if (s->targets.size() != 1)
            unsupported(s->loc, "chained assignment into array slices is not supported by ujit");
        if (nplib::is_boolean_mask(type_of(sub->index), type_of(sub->value)))
            return masked_store(sub, s->value);  // (a 1-D mask of rows is a fancy_store)
        if (nplib::is_advanced_index(type_of(sub->index)))
            return fancy_store(sub, s->value);  // a[idx] = v, m[idx, :] = v
        return lower_array_expr_into({expr(sub), type_of(sub)}, s->value);
    }
    const Type* vt = type_of(s->value);
    llvm::Value* v = expr(s->value);
    for (const Expr* target : s->targets) assign_to(target, v, vt);
}

// The address `a[i, ...] = ` and `a[i, ...] op= ` store to: one element of an array.
llvm::Value* FunctionLowering::item_pointer(const Subscript* sub, const Type** elem, llvm::Value** list) {
    const Type* at = type_of(sub->value);
    if (at->is_list()) {
        *elem = at->item();
        return list_item_target(sub, list);
    }
    if (at->kind() == types::Kind::FlatIter) {  // a.flat[i] = x
        *elem = at->flat_array()->dtype();
        return flat_index_pointer(sub);
    }
    if (!at->is_array()) unsupported(sub->loc, at->str() + " does not support item assignment");
    llvm::Value* arr = expr(sub->value);
    llvm::Value* view = nullptr;
    llvm::Value* p = element_pointer(arr, at, sub->index, sub->loc, elem, &view);
    if (view) unsupported(sub->loc, "assigning to a sub-array is not supported; index every dimension");
    return p;
}

void FunctionLowering::assign_to(const Expr* target, llvm::Value* v, const Type* vt) {
    if (auto* n = dyn_cast<Name>(target)) {
        const types::Variable* var = fn.find_variable(n->id);
        if (var && (var->type->is_none() || var->type->is_static_value())) return;  // x = None, g = f: no data
        return store_variable(n->id, v, vt, n->loc);
    }
    if (auto* sub = dyn_cast<Subscript>(target); sub && type_of(sub->value)->is_dict()) return dict_store(sub, v, vt);
    if (auto* a = dyn_cast<Attribute>(target); a && type_of(a->value)->is_jitclass())
        return jitclass_store(a, v, vt);  // obj.x = v
    if (fn.record_field(target)) return record_field_store_value(target, v, vt);
    if (auto* sub = dyn_cast<Subscript>(target)) {
        const Type* elem = nullptr;
        llvm::Value* list = nullptr;
        llvm::Value* p = item_pointer(sub, &elem, &list);
        if (elem->is_record()) return copy_record(p, v, elem);  // arr[i] = r copies the record's bytes
        llvm::Value* cv = convert_or_fail(v, vt, elem, sub->loc);
        if (!counts_references(elem)) {
            b.CreateStore(to_storage(b, cv, elem), p);
            return;
        }
        // A list item: the list's reference to the old item goes, one to the new one comes.
        llvm::Value* old = from_storage(b, b.CreateLoad(storage_type(mod.ctx, elem), p), elem);
        if (cv != v || !take_temporary(v)) count_update(true, cv, elem);
        if (list) escape_owners(cv, elem, list);
        b.CreateStore(to_storage(b, cv, elem), p);
        count_update(false, old, elem);
        return;
    }
    if (auto* tup = dyn_cast<Tuple>(target)) {
        if (!vt->is_tuple() || vt->elements().size() != tup->elts.size())
            unsupported(tup->loc, fmt::format("cannot unpack {} into {} targets", vt->str(), tup->elts.size()));
        // Every item's reference is taken before any target drops its old value, as Numba's
        // build_tuple increfs: in `prev, cur = cur, prev` the first store would otherwise free
        // the array the second one still has to store.
        size_t mark = temporaries_mark();  // what a target does not take is released here, in loops too
        std::vector<llvm::Value*> items;
        for (unsigned i = 0; i < tup->elts.size(); ++i) {
            items.push_back(b.CreateExtractValue(v, i));
            count_update(true, items.back(), vt->elements()[i]);
            own_temporary(items.back(), vt->elements()[i]);
        }
        for (unsigned i = 0; i < tup->elts.size(); ++i) assign_to(tup->elts[i], items[i], vt->elements()[i]);
        release_temporaries(mark);
        return;
    }
    unsupported(target->loc, "cannot assign to this expression");
}

void FunctionLowering::aug_assign(const AugAssign* s) {
    const Type* tt = type_of(s->target);
    if (tt->is_list()) return list_aug_assign(s);
    if (tt->is_set()) return set_aug_assign(s);
    if (auto* sub = dyn_cast<Subscript>(s->target); sub && type_of(sub->value)->is_dict()) {  // d[k] += x
        TypedValue r =
            binary_values(s->op, dict_subscript(sub), tt, expr(s->value), type_of(s->value), s->value, s->loc);
        return dict_store(sub, r.v, r.t);
    }
    if (tt->is_array()) {
        // x[mask] op= v, x[idx] op= v: the target read is a copy, updated and stored back
        // through the index (NumPy's and Numba's: a repeated index is updated once).
        if (auto* sub = dyn_cast<Subscript>(s->target); sub && nplib::is_advanced_index(type_of(sub->index))) {
            if (nplib::is_boolean_mask(type_of(sub->index), type_of(sub->value)))
                return masked_store(sub, s->value, s->op);
            return fancy_update(sub, s->op, s->value, s->loc);
        }
        return inplace_array_op({expr(s->target), tt}, s->op, s->value, s->target->loc, s->loc);  // a += b
    }
    if (fn.record_field(s->target)) return record_aug_assign(s);  // r.a += x
    if (auto* a = dyn_cast<Attribute>(s->target); a && type_of(a->value)->is_jitclass())
        return jitclass_aug_assign(s);  // obj.x += v
    if (auto* n = dyn_cast<Name>(s->target)) {
        llvm::Value* cur = name(n);
        const Type* vt = type_of(s->value);
        llvm::Value* rhs = expr(s->value);
        TypedValue r = binary_values(s->op, cur, tt, rhs, vt, s->value, s->loc);
        return store_variable(n->id, r.v, r.t, n->loc);
    }
    if (auto* sub = dyn_cast<Subscript>(s->target)) {
        const Type* elem = nullptr;
        llvm::Value* list = nullptr;
        llvm::Value* p = item_pointer(sub, &elem, &list);
        llvm::Value* cur = from_storage(b, b.CreateLoad(storage_type(mod.ctx, elem), p), elem);
        const Type* vt = type_of(s->value);
        llvm::Value* rhs = expr(s->value);
        TypedValue r = binary_values(s->op, cur, elem, rhs, vt, s->value, s->loc);
        llvm::Value* cv = convert_or_fail(r.v, r.t, elem, s->loc);
        // `words[0] += "!"`: the list takes the new string's reference and drops the old one's,
        // as an item assignment does (the new one was freed with the statement's temporaries).
        if (counts_references(elem) && (cv != r.v || !take_temporary(r.v))) count_update(true, cv, elem);
        if (list) escape_owners(cv, elem, list);
        b.CreateStore(to_storage(b, cv, elem), p);
        count_update(false, cur, elem);
        return;
    }
    unsupported(s->target->loc, "cannot assign to this expression");
}

// dest op= value as the array expression dest op value stored into dest, in one loop.
void FunctionLowering::inplace_array_op(TypedValue dest, BinOp op, const Expr* value, SourceLoc dest_loc,
                                        SourceLoc loc) {
    std::vector<nplib::ArrayExpr*> leaves;
    auto self = std::make_unique<nplib::ArrayExpr>();
    self->kind = nplib::ArrayExpr::Kind::Array;
    self->type = dest.t;
    self->loc = dest_loc;
    self->value = dest.v;
    self->leaf = 0;
    leaves.push_back(self.get());
    auto node = std::make_unique<nplib::ArrayExpr>();
    node->kind = nplib::ArrayExpr::Kind::Binary;
    node->bin_op = op;
    node->loc = loc;
    node->args.push_back(std::move(self));
    node->args.push_back(array_expr_tree(value, leaves));
    auto loop = nplib::find_loop(nplib::binary_ufunc(op), {node->args[0]->elem_type(), node->args[1]->elem_type()});
    UJIT_INTERNAL_ASSERT(loop.has_value(), loc, "in-place operator typed without a ufunc loop");
    node->loop = *loop;
    node->type = loop->out;
    return store_array_expr(dest, *node, leaves, loc);
}

// The optional `else` block (of an if, or of a loop that ends without break), then
// emission continues at `done`.
void FunctionLowering::else_then_continue(llvm::BasicBlock* else_bb, const syntax::Block& orelse,
                                          llvm::BasicBlock* done) {
    if (else_bb) {
        b.SetInsertPoint(else_bb);
        block(orelse);
        b.CreateBr(done);
    }
    b.SetInsertPoint(done);
}

void FunctionLowering::if_stmt(const If* s) {
    if (auto live = const_int(s->test)) {  // a test typing knew (dead branch pruning): its live branch
        block(*live ? s->body : s->orelse);
        return;
    }
    size_t mark = temporaries_mark();
    llvm::Value* c = condition(s->test);
    release_temporaries(mark);
    llvm::BasicBlock* then_bb = new_block("if.then");
    llvm::BasicBlock* else_bb = s->orelse.empty() ? nullptr : new_block("if.else");
    llvm::BasicBlock* done = new_block("if.end");
    b.CreateCondBr(c, then_bb, else_bb ? else_bb : done);
    b.SetInsertPoint(then_bb);
    block(s->body);
    b.CreateBr(done);
    else_then_continue(else_bb, s->orelse, done);
}

void FunctionLowering::while_stmt(const While* s) {
    llvm::BasicBlock* header = new_block("while.cond");
    llvm::BasicBlock* body = new_block("while.body");
    llvm::BasicBlock* else_bb = s->orelse.empty() ? nullptr : new_block("while.else");
    llvm::BasicBlock* done = new_block("while.end");
    b.CreateBr(header);
    b.SetInsertPoint(header);
    size_t mark = temporaries_mark();
    llvm::Value* c = condition(s->test);
    release_temporaries(mark);  // each test's temporaries, before the branch
    b.CreateCondBr(c, body, else_bb ? else_bb : done);
    b.SetInsertPoint(body);
    loops_.push_back({header, done});
    block(s->body);
    loops_.pop_back();
    b.CreateBr(header);
    else_then_continue(else_bb, s->orelse, done);
}

void FunctionLowering::for_stmt(const For* s) {
    if (auto u = fn.unrolled_loops.find(s->id); u != fn.unrolled_loops.end()) return for_unrolled(s, u->second);
    const Type* it = type_of(s->iter);
    if (const Call* c = range_call(s->iter)) return for_range(s, c);
    if (is_nd_iterator(s->iter)) return for_helper(s);  // np.ndindex, ...: nplib/lower_nditer.cpp
    if (it->kind() == types::Kind::FlatIter) return for_helper(s);  // for v in a.flat: the same place
    // Before the type's cases: reversed(L) has the type of L's items (an array, a string).
    if (is_helper(s->iter, "reversed") || is_helper(s->iter, "enumerate") || is_helper(s->iter, "zip"))
        return for_helper(s);
    if (it->is_range()) return for_helper(s);
    if (it->is_generator()) return for_generator(s);
    if (it->is_array()) return for_array(s);
    if (it->is_list()) return for_helper(s);
    if (it->is_str()) return for_str(s);
    if (it->is_dict() || it->is_set() || it->kind() == types::Kind::DictView) return for_helper(s);
    if (it->is_uniform_tuple()) return for_helper(s);
    if (isa<Call>(s->iter)) return for_helper(s);  // enumerate, zip, reversed: items typed by inference
    unsupported(s->iter->loc, "cannot iterate over " + it->str() + " (use range() or an array)");
}

// Shared shape of both for loops: an internal counter from `start` while `keep_going`,
// the target assigned from the counter at the top of each iteration, `continue` jumping
// to the increment.
void FunctionLowering::counted_loop(const For* s, const Type* counter_type, llvm::Value* start, llvm::Value* step,
                                    const std::function<llvm::Value*(llvm::Value*)>& keep_going,
                                    const std::function<void(llvm::Value*)>& assign_target) {
    llvm::Type* cty = value_type(mod.ctx, counter_type);
    llvm::AllocaInst* counter = entry_alloca(cty, "for.counter");
    b.CreateStore(start, counter);
    llvm::BasicBlock* header = new_block("for.cond");
    llvm::BasicBlock* body = new_block("for.body");
    llvm::BasicBlock* latch = new_block("for.inc");
    llvm::BasicBlock* else_bb = s->orelse.empty() ? nullptr : new_block("for.else");
    llvm::BasicBlock* done = new_block("for.end");
    b.CreateBr(header);

    b.SetInsertPoint(header);
    llvm::Value* i = b.CreateLoad(cty, counter, "i");
    b.CreateCondBr(keep_going(i), body, else_bb ? else_bb : done);

    b.SetInsertPoint(body);
    assign_target(i);
    loops_.push_back({latch, done});
    block(s->body);
    loops_.pop_back();
    b.CreateBr(latch);

    b.SetInsertPoint(latch);
    // nsw: Python's range never wraps, and LLVM then knows the trip count.
    llvm::Value* cur = b.CreateLoad(cty, counter);
    b.CreateStore(counter_type->is_signed() ? b.CreateNSWAdd(cur, step) : b.CreateAdd(cur, step), counter);
    b.CreateBr(header);

    else_then_continue(else_bb, s->orelse, done);
}

// Python evaluates the arguments once, before the loop.
FunctionLowering::RangeArgs FunctionLowering::range_args(const Call* range, const Type* et) {
    llvm::Type* ety = value_type(mod.ctx, et);
    RangeArgs r{llvm::ConstantInt::get(ety, 0), nullptr, llvm::ConstantInt::get(ety, 1), 1};
    if (range->args.size() == 1) {
        r.stop = expr_as(range->args[0], et);
        return r;
    }
    r.start = expr_as(range->args[0], et);
    r.stop = expr_as(range->args[1], et);
    if (range->args.size() == 3) {
        r.const_step = const_int(range->args[2]);
        r.step = expr_as(range->args[2], et);
        if (!r.const_step || *r.const_step == 0)
            check_error(b.CreateICmpEQ(r.step, llvm::ConstantInt::get(ety, 0)),
                        static_cast<int>(RuntimeError::ValueError), range->loc);  // range() arg 3 must not be zero
    }
    return r;
}

void FunctionLowering::for_range(const For* s, const Call* range) {
    if (range->args.empty() || range->args.size() > 3)
        unsupported(range->loc, fmt::format("range expected 1 to 3 arguments, got {}", range->args.size()));
    const std::vector<const Type*>* ops = fn.operands_of(range);
    const Type* et = ops && !ops->empty() ? (*ops)[0] : types::int64();
    llvm::Type* ety = value_type(mod.ctx, et);
    bool is_signed = et->is_signed();

    RangeArgs args = range_args(range, et);
    if (PrangePlan plan; runs_in_parallel(s, range, plan)) return for_prange(s, et, args, plan);
    llvm::Value *start = args.start, *stop = args.stop, *step = args.step;
    std::optional<int64_t> const_step = args.const_step;
    auto keep_going = [&](llvm::Value* i) -> llvm::Value* {  // a constant step (below)
        if (*const_step > 0) return is_signed ? b.CreateICmpSLT(i, stop) : b.CreateICmpULT(i, stop);
        return is_signed ? b.CreateICmpSGT(i, stop) : b.getFalse();
    };
    if (mod.target.runs_grid_stride_loops_block_wide())
        if (GridStrideForm form = grid_stride_form(fn, *s); form != GridStrideForm::None)
            return block_wide_grid_stride_loop(s, form, et, start, stop, step);
    if (mod.target.vectorizes_grid_stride_loops() && is_signed && ety->isIntegerTy(64))
        if (std::optional<GridStrideVectorPlan> plan = grid_stride_vector_plan(fn, *s))
            start = vector_grid_stride_loop(s, *plan, start, stop, step);
    const Expr* target = s->target;
    if (!const_step) {
        // A step known only at run time (a grid-stride loop's cuda.gridsize(1)): the loop
        // counts len(range) items while the item advances beside the count. LLVM then has
        // the trip count without a division of its own, which it will not pay for, and
        // unrolls the loop (on a GPU: several loads in flight per thread, as nvcc's code has).
        // The item's last advance may pass the type's range: never read, so nsw holds.
        llvm::Value* n = range_length(start, stop, step, is_signed);
        llvm::AllocaInst* item = entry_alloca(ety, "range.item");
        b.CreateStore(start, item);
        counted_loop(
            s, types::uint64(), b.getInt64(0), b.getInt64(1), [&](llvm::Value* k) { return b.CreateICmpULT(k, n); },
            [&](llvm::Value* k) {
                (void)k;
                llvm::Value* i = b.CreateLoad(ety, item);
                b.CreateStore(is_signed ? b.CreateNSWAdd(i, step) : b.CreateAdd(i, step), item);
                assign_to(target, i, et);
            });
        return;
    }
    counted_loop(s, et, start, step, keep_going, [&](llvm::Value* i) { assign_to(target, i, et); });
}

// codegen/grid_stride.hpp: thread x == 0 runs the loop for its whole row; the row's other
// threads skip it. `start` is thread 0's (this code runs only there), `step` > 0 (the
// grid's size).
void FunctionLowering::block_wide_grid_stride_loop(const For* s, GridStrideForm form, const Type* et,
                                                   llvm::Value* start, llvm::Value* stop, llvm::Value* step) {
    llvm::Type* ety = start->getType();
    bool is_signed = et->is_signed();
    auto lt = [&](llvm::Value* a, llvm::Value* c) { return is_signed ? b.CreateICmpSLT(a, c) : b.CreateICmpULT(a, c); };
    auto min = [&](llvm::Value* a, llvm::Value* c) { return b.CreateSelect(lt(a, c), a, c); };
    auto cuda_value = [&](types::BuiltinId id) { return mod.target.emit_cuda_builtin(b, id, {}, {}, types::int32()); };
    llvm::BasicBlock* done = new_block("gridstride.end");
    llvm::BasicBlock* row_leader = new_block("gridstride.leader");
    b.CreateCondBr(b.CreateICmpEQ(cuda_value(types::BuiltinId::CudaThreadIdxX), b.getInt32(0)), row_leader, done);
    b.SetInsertPoint(row_leader);

    // The body for i in [first, first + count), count > 0; leaves the builder after it.
    // first >= 0 (the grid's indices are): said to LLVM, so an index i needs no wrapping
    // of negative values and the loop vectorizes.
    auto run_body = [&](llvm::Value* first, llvm::Value* count) {
        if (is_signed) b.CreateAssumption(b.CreateICmpSGE(first, llvm::ConstantInt::get(ety, 0)));
        llvm::BasicBlock* from = b.GetInsertBlock();
        llvm::BasicBlock* head = new_block("gridstride.lane");
        llvm::BasicBlock* latch = new_block("gridstride.lane.inc");
        llvm::BasicBlock* after = new_block("gridstride.lanes.end");
        b.CreateBr(head);
        b.SetInsertPoint(head);
        llvm::PHINode* lane = b.CreatePHI(ety, 2, "lane");
        lane->addIncoming(llvm::ConstantInt::get(ety, 0), from);
        assign_to(s->target, b.CreateNSWAdd(first, lane), et);
        loops_.push_back({latch, done});  // `break` never reaches here (grid_stride.cpp)
        block(s->body);
        loops_.pop_back();
        b.CreateBr(latch);
        b.SetInsertPoint(latch);
        llvm::Value* next = b.CreateAdd(lane, llvm::ConstantInt::get(ety, 1), "", /*HasNUW=*/true, /*HasNSW=*/true);
        lane->addIncoming(next, latch);
        b.CreateCondBr(lt(next, count), head, after);
        b.SetInsertPoint(after);
    };

    if (form == GridStrideForm::Partitioned) {
        // The grid covers range(0, stop) once; block b takes the b-th of gridDim.x parts.
        llvm::Value* parts = b.CreateZExtOrTrunc(cuda_value(types::BuiltinId::CudaGridDimX), ety);
        llvm::Value* part = b.CreateZExtOrTrunc(cuda_value(types::BuiltinId::CudaBlockIdxX), ety);
        llvm::Value* zero = llvm::ConstantInt::get(ety, 0);
        llvm::BasicBlock* some = new_block("gridstride.part");
        b.CreateCondBr(lt(zero, stop), some, done);
        b.SetInsertPoint(some);
        llvm::Value* rounded_up = b.CreateZExt(b.CreateICmpNE(b.CreateURem(stop, parts), zero), ety);
        llvm::Value* per = b.CreateAdd(b.CreateUDiv(stop, parts), rounded_up);
        llvm::Value* first = b.CreateMul(part, per);  // < stop + per: no overflow
        llvm::BasicBlock* nonempty = new_block("gridstride.part.body");
        b.CreateCondBr(lt(first, stop), nonempty, done);
        b.SetInsertPoint(nonempty);
        run_body(first, min(per, b.CreateSub(stop, first)));
        b.CreateBr(done);
        b.SetInsertPoint(done);
        return;
    }

    // Stride by stride: lanes [base, base + min(blockDim.x, stop - base)).
    llvm::Value* lanes = b.CreateZExtOrTrunc(cuda_value(types::BuiltinId::CudaBlockDimX), ety);
    llvm::BasicBlock* entry = b.GetInsertBlock();
    llvm::BasicBlock* stride_head = new_block("gridstride.cond");
    llvm::BasicBlock* stride_body = new_block("gridstride.body");
    b.CreateBr(stride_head);
    b.SetInsertPoint(stride_head);
    llvm::PHINode* base = b.CreatePHI(ety, 2, "base");
    base->addIncoming(start, entry);
    b.CreateCondBr(lt(base, stop), stride_body, done);
    b.SetInsertPoint(stride_body);
    run_body(base, min(lanes, b.CreateSub(stop, base)));
    // base + step could pass the type's range only past stop: compare before adding.
    llvm::BasicBlock* stride_next = new_block("gridstride.next");
    b.CreateCondBr(lt(step, b.CreateSub(stop, base)), stride_next, done);
    b.SetInsertPoint(stride_next);
    base->addIncoming(b.CreateAdd(base, step), stride_next);
    b.CreateBr(stride_head);
    b.SetInsertPoint(done);
}

void FunctionLowering::for_array(const For* s) {
    const Type* at = type_of(s->iter);
    llvm::Value* arr = expr(s->iter);
    RebindTest rebound = loop_rebinds(s);
    hold_iterable(s->iter, arr, &rebound);
    llvm::Value* n = array_dim(b, arr, 0);
    const Expr* target = s->target;
    counted_loop(
        s, types::int64(), b.getInt64(0), b.getInt64(1), [&](llvm::Value* i) { return b.CreateICmpSLT(i, n); },
        [&](llvm::Value* i) {
            const Type* et = nullptr;
            llvm::Value* v = array_item0(arr, at, i, &et);
            assign_to(target, v, et);
        });
}

void FunctionLowering::return_stmt(const Return* s) {
    if (fn.def->is_generator) return generator_return(s);  // lower_generators.cpp: yield, return
    const Type* rt = fn.return_type;
    if (rt->is_none()) {
        if (s->value && !isa<NoneLit>(s->value)) expr(s->value);
        release_temporaries(0, /*forget=*/false);
        release_locals();
        leave_try_frames(s, 0);
        b.CreateRetVoid();
    } else {
        if (!s->value && !rt->is_optional()) unsupported(s->loc, "a bare return in a function returning " + rt->str());
        // The caller gets one reference (the contract of every function returning arrays).
        llvm::Value* v = s->value ? expr_as(s->value, rt) : zero_value(b, rt);  // Optional's zero: None
        count_update(true, v, rt);
        release_temporaries(0, /*forget=*/false);
        release_locals();
        leave_try_frames(s, 0);
        b.CreateRet(v);
    }
    start_dead_block();
}

}  // namespace ujit::codegen
