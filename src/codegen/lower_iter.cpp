// For loops over enumerate, zip and reversed (of ranges, 1-D arrays, tuples of one item type
// and each other), and over lists, dicts, sets and tuples themselves: one
// counted loop over k in [0, n), the target assigned the k-th item. Each iterable is a
// length and a way to build its k-th item (types/infer_iter.cpp typed the items).
#include "codegen/ast_walk.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/array_typing.hpp"

#include "codegen/abi.hpp"
#include "codegen/llvm_types.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

// A call of Python's enumerate/zip/reversed (a function of the module by that name is a
// callee instead).
bool FunctionLowering::is_helper(const Expr* e, const char* name) const {
    auto* c = dyn_cast<Call>(e);
    auto* n = c ? dyn_cast<Name>(c->callee) : nullptr;
    return n && n->id == name && !fn.callees.count(c->id);
}

// Python's len(range(start, stop, step)) for a step that is not zero, as int64.
llvm::Value* FunctionLowering::range_length(llvm::Value* start, llvm::Value* stop, llvm::Value* step, bool is_signed) {
    llvm::Type* ety = start->getType();
    llvm::Value* one = llvm::ConstantInt::get(ety, 1);
    llvm::Value* zero = llvm::ConstantInt::get(ety, 0);
    // ceil((stop - start) / step) when the range goes the step's way, else 0.
    // The span and the step's size are non-negative where they count, and may not fit the
    // signed type (range(-2**63, 2**63 - 1)): divided unsigned.
    auto count = [&](llvm::Value* lo, llvm::Value* hi, llvm::Value* by) {
        llvm::Value* span = b.CreateSub(b.CreateSub(hi, lo), one);
        llvm::Value* n = b.CreateAdd(b.CreateUDiv(span, by), one);
        llvm::Value* nonempty = is_signed ? b.CreateICmpSLT(lo, hi) : b.CreateICmpULT(lo, hi);
        return b.CreateSelect(nonempty, n, zero);
    };
    llvm::Value* n = count(start, stop, step);
    if (is_signed) n = b.CreateSelect(b.CreateICmpSGT(step, zero), n, count(stop, start, b.CreateNeg(step)));
    return b.CreateZExtOrTrunc(n, b.getInt64Ty());
}

// A loop's own reference to what it iterates, as Numba's getiter increfs: the body may
// rebind the variable (`for x in L: L = ...`, `for s in s`) or replace the list item iterated
// (`for x in L[0]: L[0] = ...`), which would free the list, array or string still being read.
// Released with the for statement's temporaries. A variable the body leaves alone keeps it
// already (views of it too: `for x in a[1:]`), and then no count is taken: inside a try, a
// raise that lands there skips the release (lower_try.cpp), so a count would keep an older
// array alive for good. A try refuses to rebind a counted variable or store a counted item,
// so that leak remains only for a list item iterated inside a try whose body pops it.
void FunctionLowering::hold_iterable(const Expr* e, llvm::Value* v, const RebindTest* rebound) {
    const Type* t = type_of(e);
    if (!rebound || !counts_references(t)) return;
    const Expr* root = e;  // the variable a view's memory comes from
    while (type_of(root)->is_array()) {
        if (auto* sub = dyn_cast<Subscript>(root); sub && type_of(sub->value)->is_array())
            root = sub->value;
        else if (auto* a = dyn_cast<Attribute>(root); a && type_of(a->value)->is_array())
            root = a->value;
        else
            break;
    }
    if (auto* n = dyn_cast<Name>(root); n && !(*rebound)(n->id)) return;
    // An item (`for x in L[0]`) inside a try: held only where the body may take items out of
    // their containers (rebound("") says so), not to keep a count that a landing would leak.
    if (!isa<Name>(root) && !try_frames_.empty() && !(*rebound)("")) return;
    count_update(true, v, t);
    own_temporary(v, t);
}

FunctionLowering::IterSource FunctionLowering::iter_source(const Expr* e, const RebindTest* rebound) {
    const Type* t = type_of(e);
    if (is_nd_iterator(e)) return nd_iter_source(e, rebound);  // nplib/lower_nditer.cpp
    if (t->kind() == types::Kind::FlatIter) return flat_iter_source(e, rebound);  // the same place
    if (is_helper(e, "zip")) {
        auto* c = cast<Call>(e);
        std::vector<IterSource> parts;
        llvm::Value* n = nullptr;
        bool live = false;
        for (const Expr* a : c->args) {
            parts.push_back(iter_source(a, rebound));
            n = n ? b.CreateSelect(b.CreateICmpSLT(parts.back().length, n), parts.back().length, n)
                  : parts.back().length;
            live = live || parts.back().live_length;
        }
        IterSource out{n, t, [this, parts, t](llvm::Value* k) {
                           llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
                           for (unsigned i = 0; i < parts.size(); ++i)
                               out = b.CreateInsertValue(out, parts[i].item(k), i);
                           return out;
                       }};
        if (live)  // the shortest, as each part's iterator is asked in turn
            out.live_length = [this, parts] {
                llvm::Value* n = nullptr;
                for (const IterSource& p : parts) {
                    llvm::Value* m = p.live_length ? p.live_length() : p.length;
                    n = n ? b.CreateSelect(b.CreateICmpSLT(m, n), m, n) : m;
                }
                return n;
            };
        return out;
    }
    if (is_helper(e, "enumerate")) {
        auto* c = cast<Call>(e);
        IterSource inner = iter_source(c->args[0], rebound);
        llvm::Value* start = c->args.size() == 2 ? expr_as(c->args[1], types::int64()) : b.getInt64(0);
        return {inner.length, t,
                [this, inner, start, t](llvm::Value* k) {
                    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
                    out = b.CreateInsertValue(out, b.CreateAdd(start, k), 0);
                    return b.CreateInsertValue(out, inner.item(k), 1);
                },
                inner.live_length};
    }
    if (is_helper(e, "reversed")) {
        IterSource inner = iter_source(cast<Call>(e)->args[0], rebound);
        llvm::Value* last = b.CreateSub(inner.length, b.getInt64(1));
        return {inner.length, t, [this, inner, last](llvm::Value* k) { return inner.item(b.CreateSub(last, k)); }};
    }
    if (t->is_list()) return list_iter_source(e, rebound);
    if (t->is_dict() || t->is_set() || t->kind() == types::Kind::DictView) return dict_iter_source(e, rebound);
    if (t->is_array()) {
        llvm::Value* arr = expr(e);
        hold_iterable(e, arr, rebound);
        std::string unused;  // an element of a 1-D array, a row of an N-D one (array_item0)
        const Type* item = nplib::basic_index_type(t, {nplib::IndexItem::Integer}, &unused);
        return {array_dim(b, arr, 0), item, [this, arr, t](llvm::Value* k) {
                    const Type* et = nullptr;
                    return array_item0(arr, t, k, &et);
                }};
    }
    if (t->is_uniform_tuple()) {  // the tuple evaluated once, spilled to the stack, read at k
        const Type* et = t->elements()[0];
        llvm::Value* tup = expr(e);
        hold_iterable(e, tup, rebound);
        llvm::AllocaInst* slot = entry_alloca(tup->getType(), "tuple.iter");
        b.CreateStore(tup, slot);
        uint64_t n = t->elements().size();
        return {b.getInt64(n), et, [this, slot, et](llvm::Value* k) {
                    llvm::Type* ety = value_type(mod.ctx, et);
                    return b.CreateLoad(ety, b.CreateGEP(slot->getAllocatedType(), slot, {b.getInt64(0), k}));
                }};
    }
    if (t->is_str()) {  // each character a new string (a temporary that the target takes)
        llvm::Value* text = expr(e);
        hold_iterable(e, text, rebound);
        return {str_length(text), t,
                [this, text](llvm::Value* k) { return str_slice(text, k, b.getInt64(1), b.getInt64(1)); }};
    }
    if (!t->is_range()) unsupported(e->loc, "cannot iterate over " + t->str());
    return range_iter_source(e);
}

namespace {

bool deletes_in(const Block& block) {  // `del L[i]`, `del L[a:b]`
    for (const Stmt* s : block) {
        if (auto* a = dyn_cast<Assign>(s); a && a->deletes) return true;
        for (const Block* nested : nested_blocks(s))
            if (deletes_in(*nested)) return true;
    }
    return false;
}

}  // namespace

// For "" (no variable's name): may the body take an item out of a container (pop, clear,
// remove, del, or a call of a module function, which could)?
FunctionLowering::RebindTest FunctionLowering::loop_rebinds(const For* s) {
    return [this, s](const std::string& name) {
        if (!name.empty()) return binds(s->target, name) || rebinds(s->body, name);
        static const char* const kRemovers[] = {"pop", "popitem", "clear", "remove"};
        return !fn.unrolled_loops.empty() ||  // literal_unroll's copies run, not the tree walked here
               any_expr_in_block(s->body,
                                 [&](const Expr* e) {
                                     auto* c = dyn_cast<Call>(e);
                                     auto* m = c ? dyn_cast<Attribute>(c->callee) : nullptr;
                                     return (c && fn.callees.count(c->id)) ||
                                            (m && std::any_of(std::begin(kRemovers), std::end(kRemovers),
                                                              [&](const char* r) { return m->attr == r; }));
                                 }) ||
               deletes_in(s->body);
    };
}

void FunctionLowering::for_helper(const For* s) {
    RebindTest rebound = loop_rebinds(s);
    IterSource src = iter_source(s->iter, &rebound);
    const Expr* target = s->target;
    counted_loop(
        s, types::int64(), b.getInt64(0), b.getInt64(1),
        [&](llvm::Value* k) { return b.CreateICmpSLT(k, src.live_length ? src.live_length() : src.length); },
        [&](llvm::Value* k) {
            size_t mark = temporaries_mark();  // an item's new strings: each iteration releases its own
            assign_to(target, src.item(k), src.item_type);
            release_temporaries(mark);
        });
}

}  // namespace ujit::codegen
