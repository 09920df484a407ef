// Numba's conversion kinds (numba/core/typeconv/rules.py, closed transitively) and its choice
// among declared signatures (resolve_overload: the fewest unsafe, then safe, then promoting
// conversions; a tie to the first declared).
#include "types/overload_rating.hpp"
#include "types_test_util.hpp"

using namespace ujit::types;

namespace {
const Type* i16() { return integer(16, true); }
const Type* u8() { return integer(8, false); }
const Type* u16() { return integer(16, false); }
const Type* u32() { return integer(32, false); }
const Type* u64() { return integer(64, false); }
Signature sig(std::vector<const Type*> args) { return Signature{std::move(args), nullptr}; }
}  // namespace

TEST_CASE("overload rating: Numba's conversion kinds between numbers", "[types]") {
    CHECK(conversion(int32(), int32()) == Conversion::Exact);
    CHECK(conversion(int32(), int64()) == Conversion::Promote);
    CHECK(conversion(float32(), float64()) == Conversion::Promote);
    CHECK(conversion(complex(64), complex(128)) == Conversion::Promote);
    CHECK(conversion(u8(), i16()) == Conversion::Safe);
    CHECK(conversion(u32(), int64()) == Conversion::Safe);
    CHECK(conversion(u64(), int64()) == Conversion::Unsafe);
    CHECK(conversion(int32(), u32()) == Conversion::Unsafe);
    CHECK(conversion(int64(), int32()) == Conversion::Unsafe);
    CHECK(conversion(i16(), float32()) == Conversion::Safe);
    CHECK(conversion(u8(), float32()) == Conversion::Safe);
    CHECK(conversion(int32(), float32()) == Conversion::Unsafe);
    CHECK(conversion(u16(), float32()) == Conversion::Unsafe);
    CHECK(conversion(int32(), float64()) == Conversion::Safe);
    CHECK(conversion(u16(), float64()) == Conversion::Safe);
    CHECK(conversion(u32(), float64()) == Conversion::Safe);  // numba/tests/test_typeconv.py
    CHECK(conversion(int64(), float64()) == Conversion::Safe);
    CHECK(conversion(u64(), float64()) == Conversion::Safe);
    CHECK(conversion(float64(), int64()) == Conversion::Unsafe);
    CHECK(conversion(float64(), float32()) == Conversion::Unsafe);
    CHECK(conversion(boolean(), int64()) == Conversion::Safe);
    CHECK(conversion(boolean(), float64()) == Conversion::Safe);
    CHECK(conversion(integer(8, true), boolean()) == Conversion::Unsafe);
    CHECK(conversion(float32(), complex(64)) == Conversion::Safe);
    CHECK(conversion(float32(), complex(128)) == Conversion::Safe);
    CHECK(conversion(float64(), complex(64)) == Conversion::Unsafe);
    CHECK(conversion(int32(), complex(128)) == Conversion::Safe);
    CHECK(conversion(int64(), complex(128)) == Conversion::Safe);  // int64 -> float64 -> complex128, both safe
    CHECK(conversion(complex(128), float64()) == Conversion::None);
    CHECK(conversion(complex(64), boolean()) == Conversion::None);
}

TEST_CASE("overload rating: arrays convert to layout A and to read-only, not back", "[types]") {
    CHECK(conversion(array(float64(), 1, Layout::C), array(float64(), 1, Layout::A)) == Conversion::Safe);
    CHECK(conversion(array(float64(), 1, Layout::A), array(float64(), 1, Layout::C)) == Conversion::None);
    CHECK(conversion(array(float64(), 1, Layout::C), array(float32(), 1, Layout::C)) == Conversion::None);
    CHECK(conversion(array(float64(), 2, Layout::C), array(float64(), 1, Layout::A)) == Conversion::None);
}

TEST_CASE("overload rating: the fewest unsafe conversions win, a tie goes to the first", "[types]") {
    std::vector<Signature> ints_or_floats{sig({int64(), int64()}), sig({float64(), float64()})};
    CHECK(choose_declared(ints_or_floats, {int32(), float64()}) == &ints_or_floats[1]);  // safe beats unsafe
    CHECK(choose_declared(ints_or_floats, {int32(), int32()}) == &ints_or_floats[0]);    // promote beats safe
    CHECK(choose_declared(ints_or_floats, {complex(128), complex(128)}) == nullptr);
    std::vector<Signature> widths{sig({float32()}), sig({float64()})};
    CHECK(choose_declared(widths, {int64()}) == &widths[1]);            // int64 -> float64 safe, -> float32 unsafe
    CHECK(choose_declared(widths, {integer(16, true)}) == &widths[0]);  // safe both ways: the first declared
    CHECK(choose_declared(widths, {float64()}) == &widths[1]);
    CHECK(choose_declared(widths, {float32(), float32()}) == nullptr);  // no signature of two
}

TEST_CASE("overload rating: how many signatures tie at the best (a top-level call's ambiguity)", "[types]") {
    std::vector<Signature> widths{sig({float32()}), sig({float64()})};
    size_t tied = 0;
    CHECK(choose_declared(widths, {integer(16, true)}, &tied) == &widths[0]);
    CHECK(tied == 2);  // int16 -> float32 and -> float64 both safe
    CHECK(choose_declared(widths, {float64()}, &tied) == &widths[1]);
    CHECK(tied == 1);
    widths.push_back(sig({int64()}));
    CHECK(choose_declared(widths, {integer(16, true)}, &tied) == &widths[2]);  // a promotion beats them
    CHECK(tied == 1);
    std::vector<Signature> mixed{sig({float32(), float64()}), sig({float64(), float32()}), sig({int64(), int64()})};
    CHECK(choose_declared(mixed, {float64(), float64()}, &tied) == &mixed[0]);
    CHECK(tied == 2);  // numba-cuda's test_explicit_signatures_ambiguous_resolution
    CHECK(choose_declared(mixed, {complex(128), float64()}, &tied) == nullptr);
    CHECK(tied == 0);
}
