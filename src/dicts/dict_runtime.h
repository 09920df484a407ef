/* The dict and set runtime: Numba's typed dict (numba/typed/dictobject.py, CPython's compact
 * dict) and set as memory compiled code owns.
 *
 * A dict is an nrt header (src/nrt/nrt.h: counted like an array's) whose data is one
 * ujit_dict_payload: an open-addressing index (CPython's probe sequence) into a compact table
 * of entries kept in insertion order, so iteration, popitem and printing follow Python's
 * order. A set is the same table with no values (value_size 0).
 *
 * An entry is {int64 hash, key bytes, value bytes}, the key at offset 8 and the value at
 * ujit_dict_value_offset(key_size), each in LLVM's storage layout of its type. What a key
 * is made of is described field by field (ujit_dict_key_kind): hashing and equality are one
 * switch over the kinds (dict_keys.cpp), so a new key type is one case there. Values that
 * hold references (arrays, tuples of arrays) are owned by the dict: the layout lists the
 * byte offsets of the nrt headers in a value, and the dict releases them when the value is
 * replaced, removed or the dict dies. */
#ifndef UJIT_DICT_RUNTIME_H
#define UJIT_DICT_RUNTIME_H

#include "nrt/nrt.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of key (and comparable value) fields. */
enum ujit_dict_key_kind {
    UJIT_DK_BOOL = 0,
    UJIT_DK_I8,
    UJIT_DK_I16,
    UJIT_DK_I32,
    UJIT_DK_I64,
    UJIT_DK_U8,
    UJIT_DK_U16,
    UJIT_DK_U32,
    UJIT_DK_U64,
    UJIT_DK_F32,
    UJIT_DK_F64,
    /* A str (strings/str_abi.h's ujit_str): hashed and compared by code points. A key of
     * this kind holds a reference the dict owns (to the string's owner, a null one for
     * literals), taken when its entry is made and released when the entry goes. */
    UJIT_DK_STR
};

/* The layout compiled code passes to ujit_dict_new (copied into the payload), as int64s:
 * [key_size, value_size, n_key_fields, n_value_fields, n_value_owners, is_tuple_key,
 *  key fields (offset, kind) x n_key_fields, value fields (offset, kind) x n_value_fields,
 *  value owner offsets x n_value_owners]. A value field of kind -1 is not comparable. */
enum { UJIT_DICT_LAYOUT_HEAD = 6 };

typedef struct ujit_dict_payload {
    int64_t used;       /* offset 0: live entries (len) */
    int64_t nentries;   /* offset 8: entries written, deleted ones included */
    char* entries;      /* offset 16 */
    int64_t entry_size; /* offset 24 */
    int64_t index_size; /* a power of two */
    void* indices;      /* entry number, or -1 empty, -2 deleted: int32 or int64 (index_width) */
    int64_t entries_cap;
    int64_t* layout; /* a copy of the layout */
    int64_t index_width; /* bytes per index slot: 4 while entry numbers fit (half the cache misses), else 8 */
    ujit_nrt_meminfo* header; /* the dict's own (what a key stored in it escapes into: nrt.h) */
} ujit_dict_payload;

/* Where the value starts in an entry. */
static inline int64_t ujit_dict_value_offset(int64_t key_size) { return 8 + ((key_size + 7) & ~(int64_t)7); }

/* A new empty dict (one reference). NULL when out of memory. */
ujit_nrt_meminfo* ujit_dict_new(const int64_t* layout);
/* A new dict holding what `d` holds (its own references to the values). */
ujit_nrt_meminfo* ujit_dict_copy(const ujit_dict_payload* d);

/* The entry of `key`, or NULL. */
char* ujit_dict_find(const ujit_dict_payload* d, const void* key);
/* Inserts or replaces; the dict takes the references `value` holds and releases a replaced
 * value's. Returns 0, or -1 when out of memory (nothing changed). */
int32_t ujit_dict_insert(ujit_dict_payload* d, const void* key, const void* value);
/* Removes `key`: 1 and its value copied to value_out (the caller gets its references), or 0. */
int32_t ujit_dict_pop(ujit_dict_payload* d, const void* key, void* value_out);
/* Removes the last entry into key_out/value_out: 1, or 0 when empty. */
int32_t ujit_dict_popitem(ujit_dict_payload* d, void* key_out, void* value_out);
void ujit_dict_clear(ujit_dict_payload* d);
/* After a raise, which freed what its call allocated whatever its count (nrt.h): forgets every
   entry without releasing it, but for the references (of keys and values) to what
   `made_before(owner, ctx)` says outlives the call, which it releases. */
void ujit_dict_forget_after_raise(ujit_dict_payload* d, int32_t (*made_before)(const ujit_nrt_meminfo*, void*),
                                  void* ctx);
/* Drops deleted entries so that live entry k is entries[k] (iteration reads them by number). */
void ujit_dict_compact(ujit_dict_payload* d);
/* a == b: the same keys, equal values. */
int32_t ujit_dict_equal(const ujit_dict_payload* a, const ujit_dict_payload* b);

/* d.update(other) of the same layout: other's entries inserted in order, their values with
 * references of d's own. 0, or -1 when out of memory. */
int32_t ujit_dict_update(ujit_dict_payload* d, const ujit_dict_payload* other);

/* Sets: a |= b, a &= b, a -= b, a ^= b (the same key layout). 0, or -1 when out of memory. */
int32_t ujit_set_update(ujit_dict_payload* a, const ujit_dict_payload* b);
void ujit_set_intersection_update(ujit_dict_payload* a, const ujit_dict_payload* b);
void ujit_set_difference_update(ujit_dict_payload* a, const ujit_dict_payload* b);
int32_t ujit_set_symmetric_difference_update(ujit_dict_payload* a, const ujit_dict_payload* b);

/* Python's hash of a key of this dict (dict_keys.cpp). */
int64_t ujit_dict_hash_key(const int64_t* layout, const void* key);
/* Python's hash() of a float (CPython's _Py_HashDouble) and of a tuple whose items hash to
 * lanes[0..n) (CPython's tuplehash): what the keys above hash with, for compiled hash(). */
int64_t ujit_hash_double(double v);
int64_t ujit_hash_tuple_lanes(const int64_t* lanes, int64_t n);

#ifdef __cplusplus
}
#endif

#endif /* UJIT_DICT_RUNTIME_H */
