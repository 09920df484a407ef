// The dynamic call's fast path: per function, the specializations recently called, keyed
// by a small code per argument type and the options that pick the code. A hit skips
// typing the arguments, choosing the signature and the module's locked specialization
// cache; it reads a few atomics and compares a few integers (Numba's dispatcher keeps the
// same kind of cache, keyed by the argument type codes, in C).
//
// Entries are immutable once published and live as long as the module, so a reader holds
// no lock and no reference count.
#pragma once

#include "types/typed_function.hpp"
#include "ujit/ujit.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace ujit::pipeline {

inline constexpr size_t kMaxCachedArgs = 8;   // more arguments: the slow path
inline constexpr size_t kCallCacheSlots = 8;  // recently used argument-type combinations

// An argument's type as one integer: scalars by dtype, arrays by dtype, ndim, layout and
// read-only (what type_of_value derives: a read-only array types differently, and so does
// a view of it returned). 0: not cacheable (None, tuples).
inline uint32_t scalar_code(DType t) { return 1 + uint32_t(t); }
enum class CodeLayout : uint32_t { C = 0, F = 1, A = 2 };
inline uint32_t array_code(DType t, int ndim, CodeLayout layout, bool readonly) {
    return 0x10000u | (readonly ? 0x20000u : 0u) | (uint32_t(t) << 8) | (uint32_t(ndim) << 2) | uint32_t(layout);
}
inline bool is_array_code(uint32_t code) { return (code & 0x10000u) != 0; }
inline DType array_code_dtype(uint32_t code) { return DType((code >> 8) & 0xff); }
inline int array_code_ndim(uint32_t code) { return int((code >> 2) & 0x3f); }
uint32_t array_code(const ArrayRef& a);
inline uint32_t arg_code(const Value& v) {
    if (v.is_scalar()) return scalar_code(v.scalar().type);
    if (v.is_array()) return array_code(v.array());
    return 0;
}

// What a call needs of the chosen options, as the cache compares it.
struct CallOptions {
    Target target = Target::CPU;  // Parallel is CPU for scalar calls
    int opt_level = 3;
    bool fastmath = false;
    static CallOptions of(const Options& o) {
        return {o.target == Target::Parallel ? Target::CPU : o.target, o.opt_level, o.fastmath};
    }
    static const CallOptions& defaults() {
        static const CallOptions d;
        return d;
    }
    bool operator==(const CallOptions& o) const {
        return target == o.target && opt_level == o.opt_level && fastmath == o.fastmath;
    }
};

struct CallEntry {
    uint32_t n_args = 0;
    std::array<uint32_t, kMaxCachedArgs> codes{};
    CallOptions options;
    void* packed = nullptr;                       // the packed wrapper (abi.hpp)
    void* generator_next = nullptr;               // a generator result's `$next` (abi.hpp)
    const types::TypedFunction* typed = nullptr;  // parameter and return types
    // Every parameter a scalar: arguments are stored straight into 16-byte slots.
    bool scalar_params = false;
    std::array<DType, kMaxCachedArgs> param_dtypes{};
    size_t result_bytes = 0;  // c_size(return type)
    bool scalar_result = false;
    DType result_dtype = DType::Float64;  // when scalar_result
    // The scalar paths (Function::operator()'s plain numbers, the C API): the entry's codes
    // as one integer (scalar_call_key; 0: not an entry those take), and whether each
    // Function::ScalarArg's 8 bytes are its parameter's value as they are.
    uint64_t scalar_key = 0;
    bool args_in_place = false;
    // The C API's path for arrays (capi_call.cpp): every array argument of these codes is
    // of its parameter's dtype and ndim, so its view goes in as it is, and every scalar
    // parameter's dtype is in param_dtypes.
    bool direct_arrays = false;

    bool matches(const uint32_t* c, size_t n, const CallOptions& o) const {
        if (n != n_args || !(o == options)) return false;
        for (size_t i = 0; i < n; ++i)
            if (c[i] != codes[i]) return false;
        return true;
    }
};

// The codes of up to 7 scalar arguments as one integer, nonzero; 0 when they don't fit
// (then the codes path decides). A scalar's code fits in a byte.
template <class Arg> inline uint64_t scalar_call_key(const Arg* args, size_t n) {
    if (n > 7) return 0;
    uint64_t key = n + 1;
    for (size_t i = 0; i < n; ++i) key |= uint64_t(scalar_code(args[i].type)) << (8 * (i + 1));
    return key;
}

class CallCache {
public:
    // The entry for these codes, or null. Lock-free.
    const CallEntry* find(const uint32_t* codes, size_t n, const CallOptions& o) const {
        for (const auto& slot : slots_) {
            const CallEntry* e = slot.load(std::memory_order_acquire);
            if (!e) return nullptr;  // slots fill in order
            if (e->matches(codes, n, o)) return e;
        }
        return nullptr;
    }
    // The entry Function::operator()'s plain numbers take: one comparison a slot.
    const CallEntry* find_scalar(uint64_t key) const {
        if (!key) return nullptr;  // 0 marks the entries this path doesn't take
        for (const auto& slot : slots_) {
            const CallEntry* e = slot.load(std::memory_order_acquire);
            if (!e) return nullptr;
            if (e->scalar_key == key) return e;
        }
        return nullptr;
    }
    // Publishes `e` (codes filled in by the caller; scalar_key set here); returns the
    // stored entry.
    const CallEntry* insert(std::unique_ptr<CallEntry> e);

private:
    std::array<std::atomic<const CallEntry*>, kCallCacheSlots> slots_{};
    std::mutex mutex_;  // writers
    size_t next_ = 0;   // the slot to overwrite once all are used
    std::vector<std::unique_ptr<CallEntry>> owned_;
};

// Fills an entry's call data from its specialization's compiled code.
void describe_call(CallEntry& e, void* packed, const types::TypedFunction& typed, void* generator_next = nullptr);
// Whether arguments of these codes always convert to e's parameters, so that a cache hit
// may skip the checks (a complex scalar for a real parameter never does). Only such
// entries are cached.
bool converts_always(const CallEntry& e, const uint32_t* codes, size_t n);

}  // namespace ujit::pipeline
