// Reference counts of the memory compiled code owns (lower_context.hpp, "alloc"): which
// values hold references, the temporaries of a statement, the variables' references, and
// the count updates, emitted as markers that codegen/refcount_pass.cpp prunes and lowers.
#include "codegen/lower_context.hpp"

#include "codegen/llvm_types.hpp"
#include "codegen/refcount_pass.hpp"

#include <algorithm>

namespace ujit::codegen {

using types::Type;

namespace {

bool holds_owners(const Type* t) {
    if (t->is_array() || t->is_list() || t->is_str() || t->is_dict() || t->is_set() || t->is_generator() ||
        t->is_jitclass())
        return true;
    if (t->is_tuple()) return std::any_of(t->elements().begin(), t->elements().end(), holds_owners);
    if (t->is_optional()) return holds_owners(t->optional_of());  // a None's payload is zero: null owners
    return false;
}

}  // namespace

bool FunctionLowering::counts_references(const Type* t) const {
    return t && mod.target.counts_references() && holds_owners(t);
}

void FunctionLowering::owners_in(llvm::Value* v, const Type* t, std::vector<llvm::Value*>& out) {
    if (t->is_list()) return out.push_back(b.CreateExtractValue(v, 0, "list.meminfo"));
    if (t->is_dict() || t->is_set()) return out.push_back(b.CreateExtractValue(v, 0, "dict.meminfo"));
    if (t->is_generator()) return out.push_back(b.CreateExtractValue(v, 0, "gen.meminfo"));
    if (t->is_jitclass()) return out.push_back(b.CreateExtractValue(v, 0, "jitclass.meminfo"));
    if (t->is_array() || t->is_str()) {  // a str's owner is its last field too (llvm_types.hpp)
        llvm::Value* owner = t->is_str() ? b.CreateExtractValue(v, 2, "owner") : array_owner(b, v);
        if (!llvm::isa<llvm::ConstantPointerNull>(owner)) out.push_back(owner);  // statically borrowed
        return;
    }
    if (t->is_tuple())
        for (unsigned i = 0; i < t->elements().size(); ++i)
            if (holds_owners(t->elements()[i])) owners_in(b.CreateExtractValue(v, i), t->elements()[i], out);
    if (t->is_optional()) owners_in(b.CreateExtractValue(v, 0), t->optional_of(), out);
}

void FunctionLowering::count_update(bool increment, llvm::Value* v, const Type* t) {
    if (!counts_references(t)) return;
    std::vector<llvm::Value*> owners;
    owners_in(v, t, owners);
    llvm::Function* marker = refcount_marker(mod.m, increment);
    for (llvm::Value* owner : owners) b.CreateCall(marker, {owner});
}

// What a list, dict or jitclass instance stores may outlive a raise that frees the allocations
// made since its guard or try began (a list made before the `try`, an instance made before the
// call holds it): its owners leave the log then (nrt.h). `container` is the container's value.
void FunctionLowering::escape_owners(llvm::Value* v, const Type* t, llvm::Value* container) {
    if (!counts_references(t)) return;
    std::vector<llvm::Value*> owners;
    owners_in(v, t, owners);
    llvm::FunctionCallee escape = runtime_call("ujit_nrt_escape_into", b.getVoidTy(), {b.getPtrTy(), b.getPtrTy()});
    llvm::Value* header = b.CreateExtractValue(container, 0, "container.meminfo");  // lists, dicts, instances
    for (llvm::Value* owner : owners) b.CreateCall(escape, {owner, header});
}

// Each owner goes to a slot (an entry-block alloca, null at entry), so that a temporary made
// on one branch of `x if c else y` is released after the join, and a loop's next iteration
// never sees the last one's.
void FunctionLowering::own_temporary(llvm::Value* v, const Type* t) {
    if (!counts_references(t)) return;
    std::vector<llvm::Value*> owners;
    owners_in(v, t, owners);
    Temporary temp{{}, v};
    for (llvm::Value* owner : owners) {
        llvm::AllocaInst* slot = entry_alloca(b.getPtrTy(), "temp.owner");
        llvm::IRBuilder<> eb(alloca_block_);  // the entry block is open until lower_body ends it
        eb.CreateStore(llvm::ConstantPointerNull::get(b.getPtrTy()), slot);
        b.CreateStore(owner, slot);
        temp.slots.push_back(slot);
    }
    temps_.push_back(std::move(temp));
}

// The entry stays, emptied: erasing it would shift the later ones below a mark taken after
// it was made (a comprehension's item is made before its iteration's mark and taken after),
// and that iteration's own temporaries would then be released only once, after the loop.
bool FunctionLowering::take_temporary(llvm::Value* v) {
    if (!v) return false;  // (emptied entries hold null)
    for (auto it = temps_.rbegin(); it != temps_.rend(); ++it) {
        if (it->value != v) continue;
        for (llvm::AllocaInst* slot : it->slots) b.CreateStore(llvm::ConstantPointerNull::get(b.getPtrTy()), slot);
        it->slots.clear();
        it->value = nullptr;
        return true;
    }
    return false;
}

void FunctionLowering::release_temporaries(size_t mark, bool forget) {
    llvm::Function* decref = nullptr;
    for (size_t k = temps_.size(); k > mark; --k)
        for (llvm::AllocaInst* slot : temps_[k - 1].slots) {
            if (!decref) decref = refcount_marker(mod.m, false);
            b.CreateCall(decref, {b.CreateLoad(b.getPtrTy(), slot)});
            b.CreateStore(llvm::ConstantPointerNull::get(b.getPtrTy()), slot);
        }
    if (forget) temps_.resize(std::min(mark, temps_.size()));
}

void FunctionLowering::release_locals() {
    for (const types::Variable& v : fn.variables) {
        if (!counts_references(v.type)) continue;
        auto it = vars_.find(v.name);
        if (it == vars_.end()) continue;
        count_update(false, b.CreateLoad(value_type(mod.ctx, v.type), it->second), v.type);
    }
}

}  // namespace ujit::codegen
