// Internal compiler errors are ujit's faults: they say so, where in ujit, and where in the
// user's program; user errors stay plain `error:` diagnostics.
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "syntax/internal_error.hpp"
#include "types/builtins.hpp"
#include "ujit/ujit.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <source_location>

using namespace ujit;

TEST_CASE("internal errors: message, severity and rendering", "[codegen][errors]") {
    auto where = std::source_location::current();
    try {
        syntax::internal_error({3, 5}, "expression was not typed", where);
        FAIL("internal_error returned");
    } catch (const syntax::InternalError& e) {
        const syntax::Diagnostic& d = e.diagnostic();
        CHECK(d.severity == syntax::Severity::Internal);
        CHECK(d.loc.line == 3);
        CHECK(d.loc.col == 5);
        std::string expected =
            fmt::format("expression was not typed (in ujit at {}:{})", where.file_name(), where.line());
        CHECK(d.message == expected);
        syntax::SourceFile file("t.py", "def f(x):\n    y = 1\n    return x + y\n");
        std::string shown = syntax::render(d, &file);
        CHECK(shown.rfind("t.py:3:5: internal compiler error: " + expected + "\n", 0) == 0);
        CHECK(shown.find("unsupported") == std::string::npos);
        CHECK(shown.find(": error: ") == std::string::npos);  // not dressed as a user error
    }
}

TEST_CASE("internal errors: the assert names ujit's file and line below src/", "[codegen][errors]") {
    llvm::LLVMContext ctx;
    // A namespace never reaches generated code; asking for its LLVM type is a compiler bug.
    try {
        codegen::value_type(ctx, types::namespace_("math"));
        FAIL("value_type returned");
    } catch (const syntax::InternalError& e) {
        CHECK_THAT(e.diagnostic().message,
                   Catch::Matches("no LLVM value type for .* \\(in ujit at src/codegen/llvm_types\\.cpp:[0-9]+\\)"));
        CHECK_FALSE(e.diagnostic().loc.valid());
    }
    int x = 1;
    auto check = [&](int want) {
        UJIT_INTERNAL_ASSERT(x == want, syntax::SourceLoc{}, "x is not " + std::to_string(want));
    };
    CHECK_NOTHROW(check(1));
    CHECK_THROWS_AS(check(2), syntax::InternalError);
}

TEST_CASE("internal errors: a user's unsupported construct is still a plain error", "[codegen][errors]") {
    // Printing a range (not supported) is the user's construct.
    auto mod = Module::from_string("def f(a):\n    print(range(3))\n    return 0\n", "u.py");
    try {
        mod.function("f").compile("int64(float64[:])");
        FAIL("compiled");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Compile);
        std::string what = e.what();
        CHECK(what.rfind("u.py:2:", 0) == 0);
        CHECK(what.find(": error: ") != std::string::npos);
        CHECK(what.find("internal") == std::string::npos);
    }
}

TEST_CASE("builtins table: every Intrinsic name is an LLVM intrinsic", "[codegen][builtins]") {
    for (size_t i = 0; i < static_cast<size_t>(types::BuiltinId::Count_); ++i) {
        auto id = static_cast<types::BuiltinId>(i);
        INFO(types::builtin_name(id));
        bool named = types::builtin_info(id).intrinsic != nullptr;
        CHECK((codegen::builtin_intrinsic(id) != llvm::Intrinsic::not_intrinsic) == named);
    }
    CHECK(codegen::builtin_intrinsic(types::BuiltinId::NpRint) == llvm::Intrinsic::rint);
}
