// gen: a generator result crossing to the host (ujit::Generator, include/ujit/ujit.hpp):
// the call that makes it and the state its next() resumes.
#pragma once

#include "pipeline/call_cache.hpp"
#include "pipeline/marshal.hpp"

#include <memory>

namespace ujit::pipeline {

// Calls e's packed wrapper (a function returning a generator, e.generator_next set) with
// packed `args`, or with `kept`'s, which the generator then keeps for as long as it lives:
// its body reads the strs and lists they made, lazily.
Value start_generator(const CallEntry& e, void** args, std::unique_ptr<PackedArgs> kept);

}  // namespace ujit::pipeline
