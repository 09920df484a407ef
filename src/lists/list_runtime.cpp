// The list runtime (list_runtime.h): creation, growth, and the destructor that releases the
// references the items hold.
#include "lists/list_runtime.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>

static_assert(offsetof(ujit_list_payload, size) == 0 && offsetof(ujit_list_payload, capacity) == 8 &&
                  offsetof(ujit_list_payload, items) == 16,
              "compiled code reads these fields at fixed offsets (codegen/lower_lists.cpp)");

namespace {

void release_items(const ujit_list_payload* l, int64_t from, int64_t to) {
    for (int64_t i = from; i < to; ++i)
        for (int64_t k = 0; k < l->n_owners; ++k) {
            ujit_nrt_meminfo* mi = nullptr;
            std::memcpy(&mi, l->items + i * l->itemsize + l->owner_offsets[k], sizeof mi);
            ujit_nrt_decref(mi);
        }
}

void destroy_list(void* data, void*) {
    auto* l = static_cast<ujit_list_payload*>(data);
    if (l->n_owners) release_items(l, 0, l->size);
    std::free(l->items);
    std::free(l);
}

}  // namespace

extern "C" {

ujit_nrt_meminfo* ujit_list_new(int64_t itemsize, int64_t capacity, const int64_t* owner_offsets, int64_t n_owners) {
    if (itemsize <= 0 || capacity < 0 || n_owners < 0) return nullptr;
    size_t bytes = sizeof(ujit_list_payload) + static_cast<size_t>(n_owners) * sizeof(int64_t);
    auto* l = static_cast<ujit_list_payload*>(std::malloc(bytes));
    if (!l) return nullptr;
    l->size = 0;
    l->capacity = 0;
    l->items = nullptr;
    l->itemsize = itemsize;
    l->n_owners = n_owners;
    if (n_owners) std::memcpy(l->owner_offsets, owner_offsets, static_cast<size_t>(n_owners) * sizeof(int64_t));
    if (capacity && ujit_list_reserve(l, capacity) != 0) {
        std::free(l);
        return nullptr;
    }
    ujit_nrt_meminfo* mi = ujit_nrt_adopt(l, bytes, destroy_list, nullptr);
    if (!mi) {
        std::free(l->items);
        std::free(l);
    }
    return mi;
}

int32_t ujit_list_reserve(ujit_list_payload* l, int64_t min_capacity) {
    if (min_capacity <= l->capacity) return 0;
    int64_t cap = l->capacity < 4 ? 4 : l->capacity;
    while (cap < min_capacity) {
        if (cap > INT64_MAX / 2) return -1;
        cap *= 2;
    }
    if (cap > INT64_MAX / l->itemsize) return -1;
    void* items = std::realloc(l->items, static_cast<size_t>(cap * l->itemsize));
    if (!items) return -1;
    l->items = static_cast<char*>(items);
    l->capacity = cap;
    return 0;
}

void ujit_list_release_item(const ujit_list_payload* l, int64_t i) { release_items(l, i, i + 1); }

}  // extern "C"
