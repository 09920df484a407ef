// A GPU kernel's raise sites table (codegen/kernel_raise.hpp) and the error the host makes of
// its record (runtime/kernel_raise_error.hpp): numba-cuda's message, threads and blocks z first.
#include <catch2/catch.hpp>

#include "codegen/abi.hpp"
#include "codegen/kernel_raise.hpp"
#include "runtime/kernel_raise_error.hpp"

#include <filesystem>

using namespace ujit;

namespace {
// The table as the CUDA target writes it: each site's payload and a '\0'.
std::string sites(const std::vector<std::string>& payloads) {
    std::string blob;
    for (const std::string& p : payloads) blob += p + '\0';
    return blob;
}
}  // namespace

TEST_CASE("kernel raise: the sites table gives each site its class, message and place", "[kernel-raise]") {
    std::string blob = sites({codegen::raised_payload("AssertionError", "", "f at k.py:3:5"),
                              codegen::raised_payload("ZeroDivisionError", "division by zero", "k at k.py:9:12"),
                              codegen::raised_payload("MyError", "foo", "k at k.py:11:9")});
    codegen::RaiseSite s2 = codegen::raise_site(blob, 2);
    CHECK(s2.class_name == "ZeroDivisionError");
    CHECK(s2.message == "division by zero");
    CHECK(s2.where == "k at k.py:9:12");
    codegen::RaiseSite s1 = codegen::raise_site(blob, 1);
    CHECK((s1.class_name == "AssertionError" && s1.message.empty() && s1.where == "f at k.py:3:5"));
    CHECK(codegen::raise_site(blob, 3).message == "foo");
    CHECK(codegen::raise_site(blob, 4).class_name.empty());
    CHECK(codegen::raise_site(blob, 0).class_name.empty());
}

TEST_CASE("kernel raise: the host's error is numba-cuda's class and message", "[kernel-raise]") {
    const int32_t tid[3] = {5, 1, 0}, ctaid[3] = {2, 0, 3};  // x, y, z
    Error e = runtime::kernel_raise_error({"ValueError", "negative", "halve at /src/k.py:12:9"}, tid, ctaid);
    CHECK(e.kind() == Error::Kind::Runtime);
    CHECK(e.exception_class() == "ValueError");
    CHECK(e.exception_message() ==
          "In function 'halve', file /src/k.py, line 12, tid=[0, 1, 5] ctaid=[3, 0, 2]: negative");
    CHECK(std::string(e.what()) == "error: ValueError: " + e.exception_message());
    // No message: the prefix alone; a relative file is made absolute, as numba-cuda's abspath.
    Error bare = runtime::kernel_raise_error({"MyError", "", "k at k.py:4:5"}, tid, ctaid);
    std::string abs = (std::filesystem::current_path() / "k.py").string();
    CHECK(bare.exception_message() == "In function 'k', file " + abs + ", line 4, tid=[0, 1, 5] ctaid=[3, 0, 2]");
    // exec'd code keeps its pseudo-file name.
    CHECK(runtime::kernel_raise_error({"KeyError", "x", "k at <string>:2:3"}, tid, ctaid).exception_message() ==
          "In function 'k', file <string>, line 2, tid=[0, 1, 5] ctaid=[3, 0, 2]: x");
}
