// `for x in literal_unroll(t)` unrolled (types/literal_unroll.hpp): the tuple stored once, then
// each copy of the body in turn; `continue` goes on to the next copy (after the last, to the
// else block), `break` past them all and the else block, as the loop they stand for.
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

void FunctionLowering::for_unrolled(const syntax::For* s, const types::UnrolledLoop& loop) {
    stmt(loop.tuple_store);
    llvm::BasicBlock* else_bb = s->orelse.empty() ? nullptr : new_block("unroll.else");
    llvm::BasicBlock* done = new_block("unroll.end");
    llvm::BasicBlock* after_last = else_bb ? else_bb : done;
    for (size_t k = 0; k < loop.copies.size(); ++k) {
        llvm::BasicBlock* next = k + 1 < loop.copies.size() ? new_block("unroll.item") : after_last;
        loops_.push_back({next, done});
        block(loop.copies[k]);
        loops_.pop_back();
        b.CreateBr(next);
        b.SetInsertPoint(next);
    }
    if (loop.copies.empty()) b.CreateBr(after_last);
    else_then_continue(else_bb, s->orelse, done);
}

}  // namespace ujit::codegen
