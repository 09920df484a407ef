#include "codegen/lower_heapq.hpp"

#include "codegen/llvm_types.hpp"

namespace ujit::codegen {

namespace {

using types::Type;

// A slot of the list takes an item that another slot (or a local) held: no count changes.
void move_item(HeapqLowering& L, llvm::Value* list, llvm::Value* i, llvm::Value* v) {
    L.b.CreateStore(to_storage(L.b, v, L.list_type->item()), L.slot(list, i));
}

// A sift loop's state: the position (a stack slot; `at` its value at the loop's head, where the
// builder is left) and the item that was at the start, which the loop carries to its place.
struct Sift {
    llvm::AllocaInst* pos;
    llvm::Value* item;
    llvm::Value* at;
};

Sift enter_sift(HeapqLowering& L, llvm::Value* list, llvm::Value* pos0, llvm::BasicBlock* head) {
    llvm::IRBuilder<>& b = L.b;
    Sift s{L.entry_alloca(b.getInt64Ty(), "heap.pos"), L.load(list, pos0), nullptr};
    b.CreateStore(pos0, s.pos);
    b.CreateBr(head);
    b.SetInsertPoint(head);
    s.at = b.CreateLoad(b.getInt64Ty(), s.pos);
    return s;
}

// CPython's _siftdown(heap, startpos, pos): the item at pos moves up past larger parents.
void sift_down(HeapqLowering& L, llvm::Value* list, llvm::Value* start, llvm::Value* pos0) {
    llvm::IRBuilder<>& b = L.b;
    llvm::BasicBlock* head = L.new_block("siftdown.head");
    llvm::BasicBlock* body = L.new_block("siftdown.body");
    llvm::BasicBlock* moved = L.new_block("siftdown.move");
    llvm::BasicBlock* done = L.new_block("siftdown.done");
    Sift s = enter_sift(L, list, pos0, head);
    b.CreateCondBr(b.CreateICmpSGT(s.at, start), body, done);
    b.SetInsertPoint(body);
    llvm::Value* parentpos = b.CreateAShr(b.CreateSub(s.at, b.getInt64(1)), 1);
    llvm::Value* parent = L.load(list, parentpos);
    b.CreateCondBr(L.less(s.item, parent), moved, done);
    b.SetInsertPoint(moved);
    move_item(L, list, s.at, parent);
    b.CreateStore(parentpos, s.pos);
    b.CreateBr(head);
    b.SetInsertPoint(done);
    move_item(L, list, s.at, s.item);
}

// CPython's _siftup(heap, pos): the smaller child moves up until a leaf, where the item that
// was at pos goes, then sifts down.
void sift_up(HeapqLowering& L, llvm::Value* list, llvm::Value* pos0) {
    llvm::IRBuilder<>& b = L.b;
    llvm::Value* end = L.size(list);
    llvm::BasicBlock* head = L.new_block("siftup.head");
    llvm::BasicBlock* body = L.new_block("siftup.body");
    llvm::BasicBlock* compare = L.new_block("siftup.compare");
    llvm::BasicBlock* pick = L.new_block("siftup.pick");
    llvm::BasicBlock* done = L.new_block("siftup.done");
    Sift s = enter_sift(L, list, pos0, head);
    llvm::Value* p = s.at;
    llvm::Value* child = b.CreateAdd(b.CreateShl(p, 1), b.getInt64(1));
    b.CreateCondBr(b.CreateICmpSLT(child, end), body, done);
    b.SetInsertPoint(body);
    // The right child where there is one and the left is not smaller than it.
    llvm::Value* right = b.CreateAdd(child, b.getInt64(1));
    b.CreateCondBr(b.CreateICmpSLT(right, end), compare, pick);
    b.SetInsertPoint(compare);
    llvm::Value* chosen = b.CreateSelect(L.less(L.load(list, child), L.load(list, right)), child, right);
    llvm::BasicBlock* compared = b.GetInsertBlock();
    b.CreateBr(pick);
    b.SetInsertPoint(pick);
    llvm::PHINode* c = b.CreatePHI(b.getInt64Ty(), 2);
    c->addIncoming(child, body);
    c->addIncoming(chosen, compared);
    move_item(L, list, p, L.load(list, c));
    b.CreateStore(c, s.pos);
    b.CreateBr(head);
    b.SetInsertPoint(done);
    move_item(L, list, p, s.item);
    sift_down(L, list, pos0, p);
}

// A value from two branches: `a` from block `from_a`, `c` from `from_c`, into the current block.
llvm::Value* merge(llvm::IRBuilder<>& b, llvm::Value* a, llvm::BasicBlock* from_a, llvm::Value* c,
                   llvm::BasicBlock* from_c) {
    llvm::PHINode* v = b.CreatePHI(a->getType(), 2);
    v->addIncoming(a, from_a);
    v->addIncoming(c, from_c);
    return v;
}

// Numba's nsmallest and nlargest equal sorted(iterable)[:n] and the first n of its reverse (as
// CPython documents them); a negative n gives [], as CPython's.
llvm::Value* first_sorted(HeapqLowering& L, bool largest) {
    llvm::IRBuilder<>& b = L.b;
    llvm::Value* n = L.arg(0, types::int64());
    llvm::Value* out = L.sorted_items();
    if (largest) L.reverse(out);
    llvm::Value* size = L.size(out);
    llvm::Value* keep = b.CreateSelect(b.CreateICmpSLT(n, b.getInt64(0)), b.getInt64(0), n);
    keep = b.CreateSelect(b.CreateICmpSLT(keep, size), keep, size);
    L.counted_range(b.CreateSub(size, keep), [&](llvm::Value* k) { L.release_item(out, b.CreateAdd(keep, k)); });
    L.set_size(out, keep);
    return out;
}

}  // namespace

llvm::Value* lower_heapq_call(HeapqLowering& L, const std::string& name) {
    if (name == "nsmallest" || name == "nlargest") return first_sorted(L, name == "nlargest");
    llvm::IRBuilder<>& b = L.b;
    llvm::Value* list = L.arg(0, L.list_type);
    const bool two = name == "heappush" || name == "heapreplace" || name == "heappushpop";
    llvm::Value* pushed = two ? L.arg(1, L.list_type->item()) : nullptr;
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* one = b.getInt64(1);
    if (name == "heappush") {  // heap.append(item); _siftdown(heap, 0, len(heap) - 1)
        L.append(list, pushed);
        sift_down(L, list, zero, b.CreateSub(L.size(list), one));
        return nullptr;
    }
    if (name == "heapify") {  // for i in reversed(range(n // 2)): _siftup(x, i)
        llvm::Value* half = b.CreateSDiv(L.size(list), b.getInt64(2));
        L.counted_range(half, [&](llvm::Value* k) { sift_up(L, list, b.CreateSub(b.CreateSub(half, one), k)); });
        return nullptr;
    }
    if (name == "heappop") {  // lastelt = heap.pop(); if heap: swap it with heap[0] and _siftup(heap, 0)
        llvm::Value* n = L.size(list);
        L.raise_if(b.CreateICmpEQ(n, zero), "IndexError", "pop from empty list");
        llvm::Value* rest = b.CreateSub(n, one);
        llvm::Value* last = L.load(list, rest);  // the list's reference goes with it
        L.set_size(list, rest);
        llvm::BasicBlock* popped = b.GetInsertBlock();
        llvm::BasicBlock* reorder = L.new_block("heappop.reorder");
        llvm::BasicBlock* done = L.new_block("heappop.done");
        b.CreateCondBr(b.CreateICmpSGT(rest, zero), reorder, done);
        b.SetInsertPoint(reorder);
        llvm::Value* first = L.load(list, zero);
        move_item(L, list, zero, last);
        sift_up(L, list, zero);
        llvm::BasicBlock* reordered = b.GetInsertBlock();
        b.CreateBr(done);
        b.SetInsertPoint(done);
        llvm::Value* v = merge(b, last, popped, first, reordered);
        L.own(v);
        return v;
    }
    if (name == "heapreplace") {  // returnitem = heap[0]; heap[0] = item; _siftup(heap, 0)
        L.raise_if(b.CreateICmpEQ(L.size(list), zero), "IndexError", "list index out of range");
        llvm::Value* first = L.load(list, zero);  // the list's reference goes to the statement
        L.store_new(list, zero, pushed);
        sift_up(L, list, zero);
        L.own(first);
        return first;
    }
    // heappushpop: if heap and heap[0] < item: item, heap[0] = heap[0], item; _siftup(heap, 0)
    llvm::BasicBlock* check = L.new_block("heappushpop.check");
    llvm::BasicBlock* swap = L.new_block("heappushpop.swap");
    llvm::BasicBlock* keep = L.new_block("heappushpop.keep");
    llvm::BasicBlock* done = L.new_block("heappushpop.done");
    b.CreateCondBr(b.CreateICmpSGT(L.size(list), zero), check, keep);
    b.SetInsertPoint(check);
    llvm::Value* first = L.load(list, zero);
    b.CreateCondBr(L.less(first, pushed), swap, keep);
    b.SetInsertPoint(swap);
    L.store_new(list, zero, pushed);  // the list's reference to `first` goes to the statement
    sift_up(L, list, zero);
    llvm::BasicBlock* swapped = b.GetInsertBlock();
    b.CreateBr(done);
    b.SetInsertPoint(keep);
    L.incref(pushed);  // the pushed item comes back with one reference, as `first` does
    b.CreateBr(done);
    b.SetInsertPoint(done);
    llvm::Value* v = merge(b, first, swapped, pushed, keep);
    L.own(v);
    return v;
}

}  // namespace ujit::codegen
