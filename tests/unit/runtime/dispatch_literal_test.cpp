#include <catch2/catch.hpp>

#include <cmath>

#include "runtime/pyliteral.hpp"
#include "runtime/ufunc_dispatch.hpp"

using namespace ujit;
using namespace ujit::runtime;
using D = DType;

TEST_CASE("can_cast safe follows numpy.can_cast", "[runtime]") {
    for (int t = 0; t < 13; ++t) {
        CHECK(can_cast_safe(D::Bool, D(t)));
        CHECK(can_cast_safe(D(t), D(t)));
        if (D(t) != D::Bool) CHECK_FALSE(can_cast_safe(D(t), D::Bool));
    }
    CHECK(can_cast_safe(D::Int8, D::Int16));
    CHECK(can_cast_safe(D::Int8, D::Float32));
    CHECK(can_cast_safe(D::Int8, D::Complex64));
    CHECK_FALSE(can_cast_safe(D::Int8, D::UInt8));
    CHECK_FALSE(can_cast_safe(D::Int8, D::UInt64));
    CHECK(can_cast_safe(D::Int16, D::Float32));
    CHECK(can_cast_safe(D::Int32, D::Int64));
    CHECK(can_cast_safe(D::Int32, D::Float64));
    CHECK_FALSE(can_cast_safe(D::Int32, D::Float32));
    CHECK_FALSE(can_cast_safe(D::Int32, D::Complex64));
    CHECK(can_cast_safe(D::Int32, D::Complex128));
    CHECK(can_cast_safe(D::Int64, D::Float64));
    CHECK_FALSE(can_cast_safe(D::Int64, D::Int32));
    CHECK_FALSE(can_cast_safe(D::Int64, D::UInt64));
    CHECK(can_cast_safe(D::UInt8, D::Int16));
    CHECK(can_cast_safe(D::UInt8, D::UInt16));
    CHECK_FALSE(can_cast_safe(D::UInt8, D::Int8));
    CHECK(can_cast_safe(D::UInt16, D::Float32));
    CHECK(can_cast_safe(D::UInt32, D::Int64));
    CHECK_FALSE(can_cast_safe(D::UInt32, D::Float32));
    CHECK_FALSE(can_cast_safe(D::UInt64, D::Int64));
    CHECK(can_cast_safe(D::UInt64, D::Float64));
    CHECK(can_cast_safe(D::Float32, D::Float64));
    CHECK(can_cast_safe(D::Float32, D::Complex64));
    CHECK_FALSE(can_cast_safe(D::Float64, D::Float32));
    CHECK_FALSE(can_cast_safe(D::Float64, D::Complex64));
    CHECK(can_cast_safe(D::Float64, D::Complex128));
    CHECK_FALSE(can_cast_safe(D::Float32, D::Int64));
    CHECK(can_cast_safe(D::Complex64, D::Complex128));
    CHECK_FALSE(can_cast_safe(D::Complex128, D::Complex64));
    CHECK_FALSE(can_cast_safe(D::Complex64, D::Float64));
}

TEST_CASE("ufunc signature selection", "[runtime]") {
    const std::vector<UfuncSignature> fsigs = {{{D::Float32, D::Float32}, D::Float32},
                                               {{D::Float64, D::Float64}, D::Float64}};
    auto pick = [&](const std::vector<UfuncSignature>& sigs, std::vector<UfuncOperand> args) {
        return select_ufunc_signature("f", sigs, args);
    };
    CHECK(pick(fsigs, {{D::Float32}, {D::Float32}}) == 0);
    CHECK(pick(fsigs, {{D::Float64}, {D::Float64}}) == 1);
    CHECK(pick(fsigs, {{D::Float32}, {D::Float64}}) == 1);
    CHECK(pick(fsigs, {{D::Int16}, {D::Float32}}) == 0);
    CHECK(pick(fsigs, {{D::Int32}, {D::Float32}}) == 1);  // int32 → float32 is not safe
    CHECK(pick(fsigs, {{D::Int64}, {D::Int64}}) == 1);
    CHECK(pick(fsigs, {{D::Bool}, {D::Bool}}) == 0);
    // A Python float scalar goes along with a float32 array; a typed float64 does not.
    CHECK(pick(fsigs, {{D::Float32}, {D::Float64, true}}) == 0);
    CHECK(pick(fsigs, {{D::Float32}, {D::Int64, true}}) == 0);
    CHECK(pick(fsigs, {{D::Float32}, {D::Float64, false}}) == 1);

    // Exact match wins over an earlier safe cast.
    const std::vector<UfuncSignature> isigs = {
        {{D::Int64}, D::Int64}, {{D::Int32}, D::Int32}, {{D::Float64}, D::Float64}};
    CHECK(pick(isigs, {{D::Int32}}) == 1);
    CHECK(pick(isigs, {{D::Int16}}) == 0);
    CHECK(pick(isigs, {{D::UInt64}}) == 2);
    CHECK(pick(isigs, {{D::Int64, true}}) == 0);
    CHECK(pick(isigs, {{D::Float64, true}}) == 2);
    const std::vector<UfuncSignature> u8 = {{{D::UInt8}, D::UInt8}};
    CHECK(pick(u8, {{D::Int64, true}}) == 0);  // a Python int joins any integer type
    CHECK_THROWS_AS(pick(u8, {{D::Float64, true}}), Error);
    CHECK_THROWS_AS(pick(u8, {{D::Int64}}), Error);

    CHECK_THROWS_WITH(pick(fsigs, {{D::Complex128}, {D::Float32}}),
                      "ufunc 'f' not supported for the input types (complex128, float32); declared "
                      "signatures: float32(float32, float32), float64(float64, float64)");
    CHECK_THROWS_WITH(pick(fsigs, {{D::Float32}}), Catch::Contains("takes 2 arguments, got 1"));
    CHECK_THROWS_WITH(pick({}, {{D::Float32}}), Catch::Contains("declared signatures: none"));
    CHECK(format_signature({{D::Int16, D::Bool}, D::Complex64}) == "complex64(int16, bool)");
}

namespace {
Value::Scalar scalar_of(const char* text) {
    Value v = parse_literal(text);
    REQUIRE(v.is_scalar());
    return v.scalar();
}
}  // namespace

TEST_CASE("Python literals from the command line", "[runtime]") {
    CHECK(scalar_of("3").type == D::Int64);
    CHECK(scalar_of("3").i == 3);
    CHECK(scalar_of("-3").i == -3);
    CHECK(scalar_of("+3").i == 3);
    CHECK(scalar_of(" 42 ").i == 42);
    CHECK(scalar_of("0x10").i == 16);
    CHECK(scalar_of("0XfF").i == 255);
    CHECK(scalar_of("0o17").i == 15);
    CHECK(scalar_of("0b101").i == 5);
    CHECK(scalar_of("1_000_000").i == 1000000);
    CHECK(scalar_of("0").i == 0);
    CHECK(scalar_of("000").i == 0);
    CHECK(scalar_of("9223372036854775807").i == INT64_MAX);
    CHECK(scalar_of("-9223372036854775808").i == INT64_MIN);
    auto big = scalar_of("18446744073709551615");
    CHECK(big.type == D::UInt64);
    CHECK(uint64_t(big.i) == UINT64_MAX);

    CHECK(scalar_of("3.0").type == D::Float64);
    CHECK(scalar_of("3.0").f == 3.0);
    CHECK(scalar_of("1e-3").f == 0.001);
    CHECK(scalar_of("1E3").f == 1000.0);
    CHECK(scalar_of("-2.5e+2").f == -250.0);
    CHECK(scalar_of(".5").f == 0.5);
    CHECK(scalar_of("5.").f == 5.0);
    CHECK(scalar_of("1_0.5").f == 10.5);
    CHECK(scalar_of("0.1").f == 0.1);
    CHECK(scalar_of("inf").f == INFINITY);
    CHECK(scalar_of("-inf").f == -INFINITY);
    CHECK(std::isnan(scalar_of("nan").f));
    CHECK(scalar_of("1e999").f == INFINITY);
    CHECK(scalar_of("1e-999").f == 0.0);
    CHECK(scalar_of("007.5").f == 7.5);  // leading zeros are fine in floats

    CHECK(scalar_of("True").type == D::Bool);
    CHECK(scalar_of("True").i == 1);
    CHECK(scalar_of("False").i == 0);
    CHECK(parse_literal("None").is_none());

    CHECK(scalar_of("2j").type == D::Complex128);
    CHECK(scalar_of("2j").c == std::complex<double>(0, 2));
    CHECK(scalar_of("1+2j").c == std::complex<double>(1, 2));
    CHECK(scalar_of("-1.5-2J").c == std::complex<double>(-1.5, -2));
    CHECK(scalar_of("1e3+1e-3j").c == std::complex<double>(1000, 0.001));
    CHECK(scalar_of("-2j").c == std::complex<double>(0, -2));
    CHECK(scalar_of("(1+2j)").c == std::complex<double>(1, 2));

    Value t = parse_literal("(1, 2.0)");
    REQUIRE(t.is_tuple());
    CHECK(t.repr() == "(1, 2.0)");
    CHECK(parse_literal("(3,)").repr() == "(3,)");
    CHECK(parse_literal("()").repr() == "()");
    CHECK(parse_literal("(3)").repr() == "3");
    CHECK(parse_literal(" ( 1 , (True, -0.5) , 2j, ) ").repr() == "(1, (True, -0.5), 2j)");
}

TEST_CASE("bad literals are precise errors", "[runtime]") {
    auto err = [](const char* text) {
        try {
            parse_literal(text);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Argument);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(err("") == "invalid literal '': expected a value");
    CHECK_THAT(err("abc"), Catch::Contains("invalid number 'abc'"));
    CHECK_THAT(err("true"), Catch::Contains("invalid number 'true'"));
    CHECK_THAT(err("1 2"), Catch::Contains("unexpected '2'"));
    CHECK_THAT(err("012"), Catch::Contains("leading zeros"));
    CHECK_THAT(err("1__0"), Catch::Contains("misplaced '_'"));
    CHECK_THAT(err("_1"), Catch::Contains("invalid literal"));
    CHECK_THAT(err("1_"), Catch::Contains("misplaced '_'"));
    CHECK_THAT(err("1.2.3"), Catch::Contains("invalid number"));
    CHECK_THAT(err("1e"), Catch::Contains("invalid number"));
    CHECK_THAT(err("0x"), Catch::Contains("invalid number"));
    CHECK_THAT(err("0xg"), Catch::Contains("invalid number"));
    CHECK_THAT(err("1+2"), Catch::Contains("only a real and an imaginary"));
    CHECK_THAT(err("2j+1"), Catch::Contains("unexpected '+1'"));
    CHECK_THAT(err("99999999999999999999"), Catch::Contains("does not fit in 64 bits"));
    CHECK_THAT(err("-9223372036854775809"), Catch::Contains("too small"));
    CHECK_THAT(err("(1, 2"), Catch::Contains("expected ',' or ')'"));
    CHECK_THAT(err("(1 2)"), Catch::Contains("expected ',' or ')'"));
    CHECK_THAT(err("(,)"), Catch::Contains("expected a number"));
    CHECK_THAT(err("--3"), Catch::Contains("expected a number"));
    CHECK_THAT(err("x.npy"), Catch::Contains("invalid"));
    CHECK_THAT(err("[1, 2"), Catch::Contains("expected ',' or ']'"));  // [1, 2] is a list (issue 19)
    CHECK_THAT(err("'s"), Catch::Contains("unterminated string"));  // 's' is a str (issue 19)
    CHECK_THAT(err("'\\xZZ'"), Catch::Contains("invalid hexadecimal escape"));
    CHECK_THAT(err("'\\U00110000'"), Catch::Contains("escape past U+10FFFF"));
}

TEST_CASE("npy path detection", "[runtime]") {
    CHECK(is_npy_path("x.npy"));
    CHECK(is_npy_path("data/in.npy"));
    CHECK(is_npy_path("/tmp/a b.npy"));
    CHECK_FALSE(is_npy_path(".npy"));
    CHECK_FALSE(is_npy_path("x.npz"));
    CHECK_FALSE(is_npy_path("3.0"));
    CHECK_FALSE(is_npy_path("x.npy.txt"));
}
