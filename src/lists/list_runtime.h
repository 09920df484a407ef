/* The list runtime: Numba's list (numba/cpython/listobj.py) as memory compiled code owns.
 *
 * A list is an nrt header (src/nrt/nrt.h: counted like an array's) whose data is one
 * ujit_list_payload: the items in a separate buffer that grows by doubling, so that appends are
 * amortized O(1). Compiled code holds the pair {header, payload} and reads and writes the
 * payload inline (codegen/lower_lists*.cpp): an append that fits its capacity is a store and
 * an increment, no call; only growth calls ujit_list_reserve.
 *
 * Items are stored as compiled code stores them (LLVM's storage layout of the item type).
 * Items that hold references (arrays, tuples of arrays, lists) are owned by the list: the
 * payload lists the byte offsets, inside an item, of the nrt headers each item holds, and
 * the last reference to the list releases them. */
#ifndef UJIT_LIST_RUNTIME_H
#define UJIT_LIST_RUNTIME_H

#include "nrt/nrt.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ujit_list_payload {
    int64_t size;      /* offset 0: items in use */
    int64_t capacity;  /* offset 8: items the buffer holds */
    char* items;       /* offset 16 */
    int64_t itemsize;  /* bytes per item */
    int64_t n_owners;  /* headers per item, at owner_offsets[0 .. n_owners) */
    int64_t owner_offsets[];
} ujit_list_payload;

/* A new empty list (one reference) with room for `capacity` items; `owner_offsets` has
 * `n_owners` entries (may be NULL when 0). Returns the header; its data is the ujit_list_payload.
 * NULL when out of memory. */
ujit_nrt_meminfo* ujit_list_new(int64_t itemsize, int64_t capacity, const int64_t* owner_offsets, int64_t n_owners);

/* Makes room for at least `min_capacity` items (capacity doubles: amortized appends).
 * 0 on success, -1 when out of memory (nothing changed). */
int32_t ujit_list_reserve(ujit_list_payload* l, int64_t min_capacity);

/* Releases the references item i holds (before it is overwritten or removed). */
void ujit_list_release_item(const ujit_list_payload* l, int64_t i);

#ifdef __cplusplus
}
#endif

#endif /* UJIT_LIST_RUNTIME_H */
