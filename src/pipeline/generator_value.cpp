// gen: the host's side of a generator (Numba returns a generator object to Python, a
// Python generator that resumes the compiled code: numba/core/generators.py): the result
// {meminfo, coroutine handle} the packed wrapper writes, resumed through `$next` (codegen/abi.hpp)
// under the runtime-error guard, and released with the meminfo, whose destructor destroys
// a suspended body (releasing what it holds).
#include "pipeline/generator_value.hpp"

#include "nrt/alloc_log.hpp"
#include "nrt/nrt.h"
#include "pipeline/call.hpp"

#include <cstring>
#include <vector>

namespace ujit {

namespace detail {

struct GeneratorState {
    alignas(16) uint8_t result[16];  // {ujit_nrt_meminfo* owner, void* handle}: one reference
    using NextFn = uint8_t (*)(void* gen, void* item);
    NextFn next = nullptr;
    const types::Type* item_type = nullptr;
    std::string type_name;
    std::vector<uint8_t> item;  // the yielded value's bytes, 16-byte aligned inside
    std::unique_ptr<pipeline::PackedArgs> args;

    ~GeneratorState() {
        void* owner;
        std::memcpy(&owner, result, sizeof owner);
        ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(owner));  // before `args`: the body holds them
    }
    uint8_t* item_bytes() {
        return reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(item.data()) + 15) & ~uintptr_t(15));
    }
};

}  // namespace detail

std::optional<Value> Generator::next() const {
    detail::GeneratorState& s = *s_;
    uint8_t* item = s.item_bytes();
    uint8_t has = 0;
    cpu::RuntimeErrorInfo err;
    auto next = s.next;
    // A raise in the body releases the body's references itself (codegen/lower_try.cpp's
    // leave_by_raise) and, around the compiled calls it makes, records them for a raise below
    // (lower_unwind.cpp), records kept only under a try (nrt/alloc_log.hpp): this guard is one
    // for them, so that what the body made at earlier next()s goes with the raise too.
    ++nrt::t_unwind_refs.try_depth;
    bool returned = cpu::guarded_call([&] { has = next(s.result, item); }, err);
    --nrt::t_unwind_refs.try_depth;
    if (!returned) pipeline::throw_runtime_error(err);
    if (!has) return std::nullopt;
    return pipeline::read_value(item, s.item_type);  // takes the item's references
}

const std::string& Generator::type_name() const { return s_->type_name; }

namespace pipeline {

Value start_generator(const CallEntry& e, void** args, std::unique_ptr<PackedArgs> kept) {
    if (kept) args = kept->data();
    auto s = std::make_shared<detail::GeneratorState>();
    const types::Type* t = e.typed->return_type;
    s->next = reinterpret_cast<detail::GeneratorState::NextFn>(e.generator_next);
    s->item_type = t->yield_type();
    s->type_name = t->str();
    s->item.resize(c_size(s->item_type) + 16);
    std::memset(s->result, 0, sizeof s->result);  // no owner until the call has made one
    call_packed(e.packed, args, s->result);
    if (kept) kept->reflect_containers();  // the call returned: the normal release, later
    s->args = std::move(kept);
    return Value(Generator(std::move(s)));
}

}  // namespace pipeline

}  // namespace ujit
