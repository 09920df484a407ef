// A grid-stride loop's 16-byte vector version (codegen/grid_stride_vector.hpp says when it
// applies and why it computes the same as the scalar loop):
//
//     if every array is 16-byte aligned with unit stride and no written array partially
//        overlaps another over the loop's elements:
//         for (j = start; j < n / W; j += step)          // whole vectors of W elements
//             each statement A[i] = EXPR in order: vector j of every B it reads, loaded
//             whole; EXPR per lane with i = j * W + lane; A's vector j stored whole
//         first = (n / W) * W + start                    // this thread's first tail element
//     else
//         first = start
//     the scalar loop from `first`, by `step` (for_range's own loop)
#include "codegen/ast_walk.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <map>

namespace ujit::codegen {

using namespace syntax;

namespace {

// The array items B[i] an expression reads (the plan allows no other subscript).
std::vector<const Subscript*> array_items(const Expr* e) {
    std::vector<const Subscript*> out;
    any_expr(e, [&](const Expr* x) {
        if (auto* s = dyn_cast<Subscript>(x)) out.push_back(s);
        return false;
    });
    return out;
}

const std::string& array_name(const Subscript* item) { return cast<Name>(item->value)->id; }

}  // namespace

llvm::Value* FunctionLowering::vector_grid_stride_loop(const For* s, const GridStrideVectorPlan& plan,
                                                       llvm::Value* start, llvm::Value* stop, llvm::Value* step) {
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Value* zero = b.getInt64(0);
    const llvm::Align vector_align(kGridStrideVectorBytes);
    // The elements the loop covers, [0, count), and their bytes in each array.
    llvm::Value* count = b.CreateSelect(b.CreateICmpSGT(stop, zero), stop, zero, "gridstride.count");
    llvm::Value* extent = b.CreateMul(count, b.getInt64(plan.itemsize));

    // The run-time choice, uniform over the grid: alignment, unit strides, no partial overlap.
    std::map<std::string, llvm::Value*> data;
    std::vector<llvm::Value*> address;
    llvm::Value* vectors_fit = b.getTrue();
    for (const GridStrideVectorPlan::ArrayUse& use : plan.arrays) {
        llvm::Value* array = expr(use.name);
        llvm::Value* p = array_data(b, array);
        data[use.name->id] = p;
        address.push_back(b.CreatePtrToInt(p, i64));
        llvm::Value* offset = b.CreateAnd(address.back(), b.getInt64(kGridStrideVectorBytes - 1));
        vectors_fit = b.CreateAnd(vectors_fit, b.CreateICmpEQ(offset, zero));
        vectors_fit = b.CreateAnd(vectors_fit, b.CreateICmpEQ(array_stride(b, array, 0), b.getInt64(plan.itemsize)));
    }
    for (size_t k = 0; k < plan.arrays.size(); ++k)
        for (size_t m = k + 1; m < plan.arrays.size(); ++m) {
            if (!plan.arrays[k].stored && !plan.arrays[m].stored) continue;
            llvm::Value* d = b.CreateSub(address[k], address[m]);
            llvm::Value* distance = b.CreateSelect(b.CreateICmpSLT(d, zero), b.CreateNeg(d), d);
            llvm::Value* apart = b.CreateOr(b.CreateICmpEQ(d, zero), b.CreateICmpSGE(distance, extent));
            vectors_fit = b.CreateAnd(vectors_fit, apart);
        }
    llvm::BasicBlock* choose = b.GetInsertBlock();
    llvm::BasicBlock* vectors = new_block("gridstride.vectors");
    llvm::BasicBlock* body = new_block("gridstride.vector");
    llvm::BasicBlock* vectors_done = new_block("gridstride.vectors.end");
    llvm::BasicBlock* tail = new_block("gridstride.tail");
    b.CreateCondBr(vectors_fit, vectors, tail);

    b.SetInsertPoint(vectors);
    llvm::Value* width = b.getInt64(plan.width);
    llvm::Value* whole = b.CreateUDiv(count, width, "gridstride.whole");
    llvm::Value* rest = b.CreateNSWAdd(b.CreateNSWMul(whole, width), start, "gridstride.rest");
    b.CreateCondBr(b.CreateICmpSLT(start, whole), body, vectors_done);

    b.SetInsertPoint(body);
    llvm::PHINode* j = b.CreatePHI(i64, 2, "gridstride.j");
    j->addIncoming(start, vectors);
    llvm::Value* first_item = b.CreateMul(j, width, "", /*HasNUW=*/true, /*HasNSW=*/true);
    for (const Stmt* st : s->body) {
        auto* a = cast<Assign>(st);
        auto* target = cast<Subscript>(a->targets[0]);
        const Type* elem = type_of(target->value)->dtype();
        llvm::Type* vty = llvm::FixedVectorType::get(value_type(mod.ctx, elem), unsigned(plan.width));
        std::vector<const Subscript*> items = array_items(a->value);
        std::map<std::string, llvm::Value*> loaded;  // after the previous statement's store
        for (const Subscript* item : items)
            if (!loaded.count(array_name(item)))
                loaded[array_name(item)] = b.CreateAlignedLoad(
                    vty, b.CreateInBoundsGEP(vty->getScalarType(), data.at(array_name(item)), first_item),
                    vector_align);
        llvm::Value* out = llvm::PoisonValue::get(vty);
        for (int lane = 0; lane < plan.width; ++lane) {
            for (const Subscript* item : items)
                lane_values_[item] = b.CreateExtractElement(loaded.at(array_name(item)), uint64_t(lane));
            assign_to(s->target, b.CreateNSWAdd(first_item, b.getInt64(lane)), types::int64());
            out = b.CreateInsertElement(out, expr_as(a->value, elem), uint64_t(lane));
            lane_values_.clear();
        }
        b.CreateAlignedStore(
            out, b.CreateInBoundsGEP(vty->getScalarType(), data.at(cast<Name>(target->value)->id), first_item),
            vector_align);
    }
    llvm::Value* next = b.CreateNSWAdd(j, step);
    j->addIncoming(next, b.GetInsertBlock());
    b.CreateCondBr(b.CreateICmpSLT(next, whole), body, vectors_done);

    b.SetInsertPoint(vectors_done);
    b.CreateBr(tail);
    b.SetInsertPoint(tail);
    llvm::PHINode* first = b.CreatePHI(i64, 2, "gridstride.first");
    first->addIncoming(start, choose);
    first->addIncoming(rest, vectors_done);
    return first;
}

}  // namespace ujit::codegen
