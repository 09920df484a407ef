// Numba's conversion kinds between numbers are the transitive closure of the edges in
// numba/core/typeconv/rules.py (bool -> int8 safe; intN -> int2N and float32 -> float64
// promotions; uint8 -> int16, uint16 -> int32, uint32 -> int64, int16 -> float32,
// int32 -> float64, int64 -> float64 and uint64 -> float64 safe (rules.py's safe_unsafe(a, b):
// a -> b safe, b -> a unsafe); float -> complex of its width safe; every reverse edge unsafe), the kind of a path being its worst edge and of a pair its best path.
// Written out as rules below: the closure of that graph, not a table of it.
#include "types/overload_rating.hpp"

#include <algorithm>
#include <array>

namespace ujit::types {
namespace {

int rank(Conversion c) { return static_cast<int>(c); }
Conversion worst(Conversion a, Conversion b) { return rank(a) > rank(b) ? a : b; }

// The largest integer width a float holds exactly, as the safe edges above allow it:
// float32 takes int16 (so int8, uint8), float64 int32 (so uint16).
int exact_int_bits(const Type* f) { return f->bits() == 32 ? 16 : 32; }

// An integer's width as a signed integer needs it (uint8 fits int16).
int signed_bits(const Type* i) { return i->is_signed() ? i->bits() : i->bits() * 2; }

Conversion int_to_int(const Type* from, const Type* to) {
    if (from->is_signed() == to->is_signed())
        return to->bits() > from->bits() ? Conversion::Promote : Conversion::Unsafe;
    if (!from->is_signed() && to->bits() > from->bits()) return Conversion::Safe;  // uint8 -> int16
    return Conversion::Unsafe;
}

Conversion to_float(const Type* from, const Type* to) {
    if (from->is_float())
        return to->bits() == from->bits()  ? Conversion::Exact
               : to->bits() > from->bits() ? Conversion::Promote
                                           : Conversion::Unsafe;
    if (from->is_bool()) return Conversion::Safe;
    if (to->bits() == 64) return Conversion::Safe;  // every int reaches int64 or uint64 safely, then float64
    return signed_bits(from) <= exact_int_bits(to) ? Conversion::Safe : Conversion::Unsafe;  // an int
}

}  // namespace

Conversion conversion(const Type* from, const Type* to) {
    if (from == to) return Conversion::Exact;
    if (from->is_array() && to->is_array()) {
        // Numba's Array.can_convert_to: the same dtype and ndim; into layout 'A' or a
        // read-only parameter safely; never a read-only array into a mutable parameter.
        if (from->dtype() != to->dtype() || from->ndim() != to->ndim()) return Conversion::None;
        if (from->is_readonly() && !to->is_readonly()) return Conversion::None;
        if (from->layout() != to->layout() && to->layout() != Layout::A) return Conversion::None;
        return Conversion::Safe;
    }
    if (!from->is_number() || !to->is_number()) return Conversion::None;
    if (from->is_complex()) {  // nothing leads from complex to a real type
        if (!to->is_complex()) return Conversion::None;
        return to->bits() > from->bits() ? Conversion::Promote : Conversion::Unsafe;
    }
    if (to->is_bool()) return Conversion::Unsafe;  // int8 -> bool is the reverse of a safe edge
    if (to->is_complex()) return worst(to_float(from, to->dtype()), Conversion::Safe);
    if (to->is_float()) return to_float(from, to);
    if (from->is_bool()) return Conversion::Safe;  // bool -> int8 safe, then promotions
    if (from->is_float()) return Conversion::Unsafe;  // the reverse of int64 -> float64
    return int_to_int(from, to);
}

bool rateable(const std::vector<const Type*>& args) {
    return std::all_of(args.begin(), args.end(), [](const Type* t) { return t->is_number() || t->is_array(); });
}

const Signature* choose_declared(const std::vector<Signature>& sigs, const std::vector<const Type*>& args,
                                 size_t* tied) {
    const Signature* best = nullptr;
    std::array<int, 3> best_rating{};
    size_t ties = 0;
    for (const Signature& sig : sigs) {
        if (sig.args.size() != args.size()) continue;
        std::array<int, 3> rating{};  // unsafe, safe, promote
        bool ok = true;
        for (size_t i = 0; i < args.size() && ok; ++i) {
            switch (conversion(args[i], sig.args[i])) {
            case Conversion::Exact: break;
            case Conversion::Promote: ++rating[2]; break;
            case Conversion::Safe: ++rating[1]; break;
            case Conversion::Unsafe: ++rating[0]; break;
            case Conversion::None: ok = false; break;
            }
        }
        if (ok && (!best || rating < best_rating)) {  // strictly better: a tie keeps the first
            best = &sig;
            best_rating = rating;
            ties = 1;
        } else if (ok && rating == best_rating) {
            ++ties;
        }
    }
    if (tied) *tied = ties;
    return best;
}

}  // namespace ujit::types
