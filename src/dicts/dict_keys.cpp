// Keys of dicts and sets: Python's hash (so that tables, and what depends on their order,
// behave as CPython's and Numba's) and equality, one case per field kind. A new key type
// is one kind here and one case in codegen/lower_dicts.cpp's number_fields.
#include "dicts/dict_keys.hpp"

#include "strings/str_abi.h"

#include <cmath>
#include <cstring>

namespace ujit::dicts {

namespace {

constexpr uint64_t kModulus = (uint64_t{1} << 61) - 1;  // CPython's _PyHASH_MODULUS
constexpr int kHashBits = 61;

int64_t fix_minus_one(int64_t h) { return h == -1 ? -2 : h; }

// The modulo only past the modulus: a small key is its own hash, without a division (as
// CPython's and Numba's int hash).
int64_t hash_unsigned(uint64_t v) { return fix_minus_one(static_cast<int64_t>(v < kModulus ? v : v % kModulus)); }

int64_t hash_signed(int64_t v) {
    if (v >= 0) return static_cast<uint64_t>(v) < kModulus ? v : hash_unsigned(static_cast<uint64_t>(v));
    uint64_t mag = 0 - static_cast<uint64_t>(v);
    return fix_minus_one(-static_cast<int64_t>(mag % kModulus));
}

// CPython's _Py_HashDouble (NaN hashes to 0, as Numba's does).
int64_t hash_double(double v) {
    if (std::isinf(v)) return v > 0 ? 314159 : -314159;
    if (std::isnan(v)) return 0;
    int e = 0;
    double m = std::frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m != 0) {
        x = ((x << 28) & kModulus) | x >> (kHashBits - 28);
        m *= 268435456.0;
        e -= 28;
        auto y = static_cast<uint64_t>(m);
        m -= static_cast<double>(y);
        x += y;
        if (x >= kModulus) x -= kModulus;
    }
    e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
    x = ((x << e) & kModulus) | x >> (kHashBits - e);
    return fix_minus_one(static_cast<int64_t>(x) * sign);
}

template <class T> T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

}  // namespace

int64_t hash_field(int64_t kind, const char* p) {
    switch (kind) {
    case UJIT_DK_BOOL: return load<uint8_t>(p) ? 1 : 0;
    case UJIT_DK_I8: return hash_signed(load<int8_t>(p));
    case UJIT_DK_I16: return hash_signed(load<int16_t>(p));
    case UJIT_DK_I32: return hash_signed(load<int32_t>(p));
    case UJIT_DK_I64: return hash_signed(load<int64_t>(p));
    case UJIT_DK_U8: return hash_unsigned(load<uint8_t>(p));
    case UJIT_DK_U16: return hash_unsigned(load<uint16_t>(p));
    case UJIT_DK_U32: return hash_unsigned(load<uint32_t>(p));
    case UJIT_DK_U64: return hash_unsigned(load<uint64_t>(p));
    case UJIT_DK_F32: return hash_double(static_cast<double>(load<float>(p)));
    case UJIT_DK_F64: return hash_double(load<double>(p));
    case UJIT_DK_STR: return ujit_str_hash(reinterpret_cast<const ujit_str*>(p));
    default: return 0;
    }
}

bool field_equal(int64_t kind, const char* a, const char* b) {
    switch (kind) {
    case UJIT_DK_BOOL: return (load<uint8_t>(a) != 0) == (load<uint8_t>(b) != 0);
    case UJIT_DK_I8:
    case UJIT_DK_U8: return load<uint8_t>(a) == load<uint8_t>(b);
    case UJIT_DK_I16:
    case UJIT_DK_U16: return load<uint16_t>(a) == load<uint16_t>(b);
    case UJIT_DK_I32:
    case UJIT_DK_U32: return load<uint32_t>(a) == load<uint32_t>(b);
    case UJIT_DK_I64:
    case UJIT_DK_U64: return load<uint64_t>(a) == load<uint64_t>(b);
    case UJIT_DK_F32: return load<float>(a) == load<float>(b);
    case UJIT_DK_F64: return load<double>(a) == load<double>(b);
    case UJIT_DK_STR: return ujit_str_equal(reinterpret_cast<const ujit_str*>(a), reinterpret_cast<const ujit_str*>(b));
    default: return false;
    }
}

namespace {

// CPython's tuple hash (3.8+, xxHash's rounds) over the items' hashes, as Numba's _tuple_hash.
class TupleHash {
public:
    void add(int64_t lane) {
        acc_ += static_cast<uint64_t>(lane) * kPrime2;
        acc_ = (acc_ << 31) | (acc_ >> 33);
        acc_ *= kPrime1;
    }
    int64_t finish(int64_t n) const {
        uint64_t acc = acc_ + (static_cast<uint64_t>(n) ^ (kPrime5 ^ 3527539ULL));
        return acc == ~uint64_t{0} ? 1546275796 : static_cast<int64_t>(acc);
    }

private:
    static constexpr uint64_t kPrime1 = 11400714785074694791ULL, kPrime2 = 14029467366897019727ULL,
                              kPrime5 = 2870177450012600261ULL;
    uint64_t acc_ = kPrime5;
};

}  // namespace

int64_t hash_tuple(const int64_t* fields, int64_t n, const char* key) {
    TupleHash h;
    for (int64_t i = 0; i < n; ++i) h.add(hash_field(fields[2 * i + 1], key + fields[2 * i]));
    return h.finish(n);
}

}  // namespace ujit::dicts

extern "C" {

int64_t ujit_hash_double(double v) { return ujit::dicts::hash_double(v); }

int64_t ujit_hash_tuple_lanes(const int64_t* lanes, int64_t n) {
    ujit::dicts::TupleHash h;
    for (int64_t i = 0; i < n; ++i) h.add(lanes[i]);
    return h.finish(n);
}

}  // extern "C"
