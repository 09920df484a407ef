// The dict and set runtime (dict_runtime.h): CPython's compact dict. The index holds entry
// numbers and is probed with CPython's perturbed sequence; entries are appended in order
// and deleted entries stay as holes (hash -1, which no Python hash is) until a resize or
// ujit_dict_compact drops them.
#include "dicts/dict_runtime.h"

#include "dicts/dict_keys.hpp"
#include "strings/str_abi.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>

static_assert(offsetof(ujit_dict_payload, used) == 0 && offsetof(ujit_dict_payload, nentries) == 8 &&
                  offsetof(ujit_dict_payload, entries) == 16 && offsetof(ujit_dict_payload, entry_size) == 24,
              "compiled code reads these fields at fixed offsets (codegen/lower_dicts.cpp)");

namespace {

using ujit::dicts::field_equal;

constexpr int64_t kEmpty = -1, kDeleted = -2, kHole = -1;  // index slots; an entry's hash when deleted
constexpr int64_t kMinIndex = 8;

struct Layout {
    const int64_t* l;
    int64_t key_size() const { return l[0]; }
    int64_t value_size() const { return l[1]; }
    int64_t n_key() const { return l[2]; }
    int64_t n_value() const { return l[3]; }
    int64_t n_owners() const { return l[4]; }
    bool tuple_key() const { return l[5] != 0; }
    const int64_t* key_fields() const { return l + UJIT_DICT_LAYOUT_HEAD; }
    const int64_t* value_fields() const { return key_fields() + 2 * n_key(); }
    const int64_t* owners() const { return value_fields() + 2 * n_value(); }
    int64_t words() const { return UJIT_DICT_LAYOUT_HEAD + 2 * n_key() + 2 * n_value() + n_owners(); }
};

Layout layout(const ujit_dict_payload* d) { return {d->layout}; }
int64_t value_offset(const ujit_dict_payload* d) { return ujit_dict_value_offset(d->layout[0]); }
char* entry(const ujit_dict_payload* d, int64_t i) { return d->entries + i * d->entry_size; }
int64_t entry_hash(const char* e) {
    int64_t h;
    std::memcpy(&h, e, sizeof h);
    return h;
}
void set_hash(char* e, int64_t h) { std::memcpy(e, &h, sizeof h); }

// Index slots are int32 while every entry number fits (CPython's and Numba's compact
// indices: a 1M-entry dict's index is 8 MB instead of 16, the random probes miss the cache
// half as much), int64 beyond.
int64_t width_for(int64_t index_size) { return index_size <= (int64_t{1} << 31) ? 4 : 8; }
int64_t get_ix(const ujit_dict_payload* d, uint64_t i) {
    if (d->index_width == 4) return static_cast<const int32_t*>(d->indices)[i];
    return static_cast<const int64_t*>(d->indices)[i];
}
void set_ix(ujit_dict_payload* d, uint64_t i, int64_t v) {
    if (d->index_width == 4)
        static_cast<int32_t*>(d->indices)[i] = static_cast<int32_t>(v);
    else
        static_cast<int64_t*>(d->indices)[i] = v;
}
// Every slot empty: kEmpty is -1, all bits set in either width.
void clear_index(ujit_dict_payload* d) {
    std::memset(d->indices, 0xff, static_cast<size_t>(d->index_size * d->index_width));
}

// Each nrt header the value of entry `e` holds (the dict's own references).
template <class F> void for_each_owner(const ujit_dict_payload* d, const char* e, F&& f) {
    Layout l = layout(d);
    for (int64_t k = 0; k < l.n_owners(); ++k) {
        ujit_nrt_meminfo* mi = nullptr;
        std::memcpy(&mi, e + value_offset(d) + l.owners()[k], sizeof mi);
        f(mi);
    }
}

void release_value(const ujit_dict_payload* d, const char* e) { for_each_owner(d, e, ujit_nrt_decref); }
void retain_value(const ujit_dict_payload* d, const char* e) { for_each_owner(d, e, ujit_nrt_incref); }

// Each reference the key of entry `e` holds: its str fields' owners (UJIT_DK_STR).
template <class F> void for_each_key_owner(const ujit_dict_payload* d, const char* e, F&& f) {
    Layout l = layout(d);
    for (int64_t i = 0; i < l.n_key(); ++i) {
        const int64_t* field = l.key_fields() + 2 * i;
        if (field[1] != UJIT_DK_STR) continue;
        ujit_nrt_meminfo* mi = nullptr;
        std::memcpy(&mi, e + 8 + field[0] + offsetof(ujit_str, owner), sizeof mi);
        f(mi);
    }
}

void release_key(const ujit_dict_payload* d, const char* e) { for_each_key_owner(d, e, ujit_nrt_decref); }
// A str key the dict keeps may outlive a raise that frees what its call made (nrt.h).
void retain_key(const ujit_dict_payload* d, const char* e) {
    for_each_key_owner(d, e, [d](ujit_nrt_meminfo* mi) {
        ujit_nrt_incref(mi);
        ujit_nrt_escape_into(mi, d->header);
    });
}

bool keys_equal(const ujit_dict_payload* d, const char* a, const char* b) {
    Layout l = layout(d);
    for (int64_t i = 0; i < l.n_key(); ++i) {
        const int64_t* f = l.key_fields() + 2 * i;
        if (!field_equal(f[1], a + f[0], b + f[0])) return false;
    }
    return true;
}

int64_t hash_of(const ujit_dict_payload* d, const void* key) { return ujit_dict_hash_key(d->layout, key); }

// The index slot holding `key`'s entry number, or the empty slot where it would go (*found false).
int64_t probe(const ujit_dict_payload* d, const void* key, int64_t hash, bool* found) {
    auto mask = static_cast<uint64_t>(d->index_size - 1);
    auto perturb = static_cast<uint64_t>(hash);
    uint64_t i = perturb & mask;
    for (;;) {
        int64_t ix = get_ix(d, i);
        if (ix == kEmpty) {
            *found = false;
            return static_cast<int64_t>(i);
        }
        if (ix >= 0) {
            const char* e = entry(d, ix);
            if (entry_hash(e) == hash && keys_equal(d, e + 8, static_cast<const char*>(key))) {
                *found = true;
                return static_cast<int64_t>(i);
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

int64_t empty_slot(const ujit_dict_payload* d, int64_t hash) {
    auto mask = static_cast<uint64_t>(d->index_size - 1);
    auto perturb = static_cast<uint64_t>(hash);
    uint64_t i = perturb & mask;
    while (get_ix(d, i) != kEmpty) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    return static_cast<int64_t>(i);
}

int64_t usable(int64_t index_size) { return index_size * 2 / 3; }

// A new index of `index_size` slots over the live entries, moved to the front in order.
int resize(ujit_dict_payload* d, int64_t index_size) {
    int64_t cap = usable(index_size);
    const int64_t width = width_for(index_size);
    void* indices = std::malloc(static_cast<size_t>(index_size * width));
    if (!indices) return -1;
    char* entries = d->entries;
    if (cap > d->entries_cap) {
        entries = static_cast<char*>(std::realloc(d->entries, static_cast<size_t>(cap * d->entry_size)));
        if (!entries) {
            std::free(indices);
            return -1;
        }
    }
    d->entries = entries;
    d->entries_cap = cap > d->entries_cap ? cap : d->entries_cap;
    int64_t n = 0;
    for (int64_t i = 0; i < d->nentries; ++i) {
        char* e = entry(d, i);
        if (entry_hash(e) == kHole) continue;
        if (n != i) std::memmove(entry(d, n), e, static_cast<size_t>(d->entry_size));
        ++n;
    }
    d->nentries = n;
    std::free(d->indices);
    d->indices = indices;
    d->index_size = index_size;
    d->index_width = width;
    clear_index(d);
    for (int64_t i = 0; i < n; ++i) set_ix(d, static_cast<uint64_t>(empty_slot(d, entry_hash(entry(d, i)))), i);
    return 0;
}

int64_t index_size_for(int64_t used) {
    int64_t size = kMinIndex;
    while (usable(size) <= used * 3 / 2) size *= 2;  // CPython grows to hold used*3 slots
    return size;
}

void destroy(void* data, void*) {
    auto* d = static_cast<ujit_dict_payload*>(data);
    ujit_dict_clear(d);
    std::free(d->entries);
    std::free(d->indices);
    std::free(d->layout);
    std::free(d);
}

ujit_nrt_meminfo* make(const int64_t* l, int64_t used_hint) {
    Layout lay{l};
    auto* d = static_cast<ujit_dict_payload*>(std::calloc(1, sizeof(ujit_dict_payload)));
    if (!d) return nullptr;
    size_t words = static_cast<size_t>(lay.words());
    d->layout = static_cast<int64_t*>(std::malloc(words * sizeof(int64_t)));
    d->entry_size = ujit_dict_value_offset(lay.key_size()) + ((lay.value_size() + 7) & ~int64_t{7});
    if (!d->layout || resize(d, index_size_for(used_hint)) != 0) {
        std::free(d->layout);
        std::free(d);
        return nullptr;
    }
    std::memcpy(d->layout, l, words * sizeof(int64_t));
    ujit_nrt_meminfo* mi = ujit_nrt_adopt(d, sizeof *d, destroy, nullptr);
    if (!mi)
        destroy(d, nullptr);
    else
        d->header = mi;
    return mi;
}

// Removes the entry at index `slot`; its key's references are released unless they move to
// the caller (popitem).
void remove_at(ujit_dict_payload* d, int64_t slot, bool release) {
    int64_t ix = get_ix(d, static_cast<uint64_t>(slot));
    if (release) release_key(d, entry(d, ix));
    set_ix(d, static_cast<uint64_t>(slot), kDeleted);
    set_hash(entry(d, ix), kHole);
    --d->used;
}

}  // namespace

extern "C" {

int64_t ujit_dict_hash_key(const int64_t* layout, const void* key) {
    Layout l{layout};
    const auto* k = static_cast<const char*>(key);
    if (l.tuple_key()) return ujit::dicts::hash_tuple(l.key_fields(), l.n_key(), k);
    return ujit::dicts::hash_field(l.key_fields()[1], k + l.key_fields()[0]);
}

ujit_nrt_meminfo* ujit_dict_new(const int64_t* layout) { return make(layout, 0); }

ujit_nrt_meminfo* ujit_dict_copy(const ujit_dict_payload* d) {
    ujit_nrt_meminfo* mi = make(d->layout, d->used);
    if (!mi) return nullptr;
    auto* c = static_cast<ujit_dict_payload*>(ujit_nrt_data(mi));
    for (int64_t i = 0; i < d->nentries; ++i) {
        const char* e = entry(d, i);
        if (entry_hash(e) == kHole) continue;
        char* to = entry(c, c->nentries);
        std::memcpy(to, e, static_cast<size_t>(d->entry_size));
        retain_key(c, to);
        retain_value(c, to);
        set_ix(c, static_cast<uint64_t>(empty_slot(c, entry_hash(e))), c->nentries++);
        ++c->used;
    }
    return mi;
}

char* ujit_dict_find(const ujit_dict_payload* d, const void* key) {
    bool found = false;
    int64_t slot = probe(d, key, hash_of(d, key), &found);
    return found ? entry(d, get_ix(d, static_cast<uint64_t>(slot))) : nullptr;
}

int32_t ujit_dict_insert(ujit_dict_payload* d, const void* key, const void* value) {
    int64_t hash = hash_of(d, key);
    bool found = false;
    int64_t slot = probe(d, key, hash, &found);
    int64_t vsize = d->layout[1];
    if (found) {
        char* e = entry(d, get_ix(d, static_cast<uint64_t>(slot)));
        release_value(d, e);
        if (vsize) std::memcpy(e + value_offset(d), value, static_cast<size_t>(vsize));
        return 0;
    }
    if (d->nentries >= usable(d->index_size)) {
        if (resize(d, index_size_for(d->used + 1)) != 0) return -1;
        slot = empty_slot(d, hash);
    }
    char* e = entry(d, d->nentries);
    std::memset(e, 0, static_cast<size_t>(d->entry_size));
    set_hash(e, hash);
    std::memcpy(e + 8, key, static_cast<size_t>(d->layout[0]));
    retain_key(d, e);
    if (vsize) std::memcpy(e + value_offset(d), value, static_cast<size_t>(vsize));
    set_ix(d, static_cast<uint64_t>(slot), d->nentries++);
    ++d->used;
    return 0;
}

int32_t ujit_dict_pop(ujit_dict_payload* d, const void* key, void* value_out) {
    bool found = false;
    int64_t slot = probe(d, key, hash_of(d, key), &found);
    if (!found) return 0;
    const char* e = entry(d, get_ix(d, static_cast<uint64_t>(slot)));
    if (value_out && d->layout[1])
        std::memcpy(value_out, e + value_offset(d), static_cast<size_t>(d->layout[1]));
    else
        release_value(d, e);
    remove_at(d, slot, true);
    return 1;
}

int32_t ujit_dict_popitem(ujit_dict_payload* d, void* key_out, void* value_out) {
    if (d->used == 0) return 0;
    int64_t last = d->nentries - 1;
    while (entry_hash(entry(d, last)) == kHole) --last;
    const char* e = entry(d, last);
    std::memcpy(key_out, e + 8, static_cast<size_t>(d->layout[0]));
    if (value_out && d->layout[1]) std::memcpy(value_out, e + value_offset(d), static_cast<size_t>(d->layout[1]));
    bool found = false;
    int64_t slot = probe(d, e + 8, entry_hash(e), &found);
    remove_at(d, slot, false);  // key_out has the key's references
    d->nentries = last;  // CPython's popitem also gives the slot back
    return 1;
}

void ujit_dict_clear(ujit_dict_payload* d) {
    for (int64_t i = 0; i < d->nentries; ++i)
        if (entry_hash(entry(d, i)) != kHole) {
            release_key(d, entry(d, i));
            release_value(d, entry(d, i));
        }
    clear_index(d);
    d->nentries = 0;
    d->used = 0;
}

void ujit_dict_forget_after_raise(ujit_dict_payload* d, int32_t (*made_before)(const ujit_nrt_meminfo*, void*),
                                  void* ctx) {
    auto release_if_made_before = [&](ujit_nrt_meminfo* mi) {
        if (mi && made_before(mi, ctx)) ujit_nrt_decref(mi);
    };
    for (int64_t i = 0; i < d->nentries; ++i)
        if (entry_hash(entry(d, i)) != kHole) {
            for_each_key_owner(d, entry(d, i), release_if_made_before);
            for_each_owner(d, entry(d, i), release_if_made_before);
        }
    clear_index(d);
    d->nentries = 0;
    d->used = 0;
}

void ujit_dict_compact(ujit_dict_payload* d) {
    if (d->nentries != d->used) resize(d, d->index_size);  // same size: cannot fail to allocate entries
}

int32_t ujit_dict_equal(const ujit_dict_payload* a, const ujit_dict_payload* b) {
    if (a->used != b->used) return 0;
    Layout l = layout(a);
    int64_t voff = value_offset(a);
    for (int64_t i = 0; i < a->nentries; ++i) {
        const char* e = entry(a, i);
        if (entry_hash(e) == kHole) continue;
        const char* f = ujit_dict_find(b, e + 8);
        if (!f) return 0;
        for (int64_t k = 0; k < l.n_value(); ++k) {
            const int64_t* fld = l.value_fields() + 2 * k;
            if (!field_equal(fld[1], e + voff + fld[0], f + voff + fld[0])) return 0;
        }
    }
    return 1;
}

int32_t ujit_dict_update(ujit_dict_payload* d, const ujit_dict_payload* other) {
    int64_t voff = value_offset(d);
    for (int64_t i = 0; i < other->nentries; ++i) {
        const char* e = entry(other, i);
        if (entry_hash(e) == kHole) continue;
        retain_value(other, e);  // d's references to the value
        if (ujit_dict_insert(d, e + 8, e + voff) != 0) {
            release_value(other, e);
            return -1;
        }
    }
    return 0;
}

int32_t ujit_set_update(ujit_dict_payload* a, const ujit_dict_payload* b) {
    for (int64_t i = 0; i < b->nentries; ++i) {
        const char* e = entry(b, i);
        if (entry_hash(e) != kHole && ujit_dict_insert(a, e + 8, nullptr) != 0) return -1;
    }
    return 0;
}

void ujit_set_intersection_update(ujit_dict_payload* a, const ujit_dict_payload* b) {
    for (int64_t i = 0; i < a->nentries; ++i) {
        const char* e = entry(a, i);
        if (entry_hash(e) != kHole && !ujit_dict_find(b, e + 8)) ujit_dict_pop(a, e + 8, nullptr);
    }
}

void ujit_set_difference_update(ujit_dict_payload* a, const ujit_dict_payload* b) {
    for (int64_t i = 0; i < b->nentries; ++i) {
        const char* e = entry(b, i);
        if (entry_hash(e) != kHole) ujit_dict_pop(a, e + 8, nullptr);
    }
}

int32_t ujit_set_symmetric_difference_update(ujit_dict_payload* a, const ujit_dict_payload* b) {
    for (int64_t i = 0; i < b->nentries; ++i) {
        const char* e = entry(b, i);
        if (entry_hash(e) == kHole) continue;
        if (!ujit_dict_pop(a, e + 8, nullptr) && ujit_dict_insert(a, e + 8, nullptr) != 0) return -1;
    }
    return 0;
}

}  // extern "C"
