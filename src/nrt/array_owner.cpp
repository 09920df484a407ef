// ujit::ArrayOwner (include/ujit/ujit.hpp): the C++ handle on one reference to a block that
// compiled code allocated, counted with the runtime's own incref/decref.
#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

namespace ujit {

namespace {
ujit_nrt_meminfo* header(void* mi) { return static_cast<ujit_nrt_meminfo*>(mi); }
}  // namespace

ArrayOwner::ArrayOwner(const ArrayOwner& o) noexcept : mi_(o.mi_) { ujit_nrt_incref(header(mi_)); }

ArrayOwner& ArrayOwner::operator=(const ArrayOwner& o) noexcept {
    ujit_nrt_incref(header(o.mi_));  // first: o may be *this
    ujit_nrt_decref(header(mi_));
    mi_ = o.mi_;
    return *this;
}

ArrayOwner& ArrayOwner::operator=(ArrayOwner&& o) noexcept {
    if (this != &o) {
        ujit_nrt_decref(header(mi_));
        mi_ = o.mi_;
        o.mi_ = nullptr;
    }
    return *this;
}

ArrayOwner::~ArrayOwner() { ujit_nrt_decref(header(mi_)); }

}  // namespace ujit
