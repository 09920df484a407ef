// Python's hash and equality of one key field (dict_keys.cpp), and of a tuple of them.
#pragma once

#include "dicts/dict_runtime.h"

namespace ujit::dicts {

int64_t hash_field(int64_t kind, const char* p);
bool field_equal(int64_t kind, const char* a, const char* b);
// `fields` holds n (offset, kind) pairs.
int64_t hash_tuple(const int64_t* fields, int64_t n, const char* key);

}  // namespace ujit::dicts
