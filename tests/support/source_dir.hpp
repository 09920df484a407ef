// Where the tests find their data files (lang/examples, tests/e2e/expected, the
// conformance corpus, the test kernels' PTX), laid out as in the source tree:
//   1. $UJIT_SOURCE_DIR, when set;
//   2. ../share/ujit/testdata next to the executable, when it exists (the release bundle,
//      tools/scripts/bundle.sh: bin/ujit_tests, share/ujit/testdata/...);
//   3. the source tree the binary was built from (the compile-time UJIT_SOURCE_DIR).
// Header-only, so that any test binary can use it without tests/support/*.cpp.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace ujit::test {

namespace detail {
// The directory holding the running executable, "" if /proc/self/exe is unreadable.
inline std::filesystem::path exe_dir() {
    std::error_code ec;
    std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : exe.parent_path();
}

// share/ujit/testdata of an installed bundle, "" when not running from one.
inline const std::string& bundle_data_dir() {
    static const std::string dir = [] {
        std::filesystem::path e = exe_dir();
        if (e.empty()) return std::string();
        std::filesystem::path d = e.parent_path() / "share" / "ujit" / "testdata";
        std::error_code ec;
        return std::filesystem::is_directory(d, ec) ? d.string() : std::string();
    }();
    return dir;
}
}  // namespace detail

inline const std::string& source_dir() {
    static const std::string dir = [] {
        if (const char* e = std::getenv("UJIT_SOURCE_DIR"); e && *e) return std::string(e);
        if (!detail::bundle_data_dir().empty()) return detail::bundle_data_dir();
        return std::string(UJIT_SOURCE_DIR);
    }();
    return dir;
}

// The ujit CLI the conformance CLI test runs: $UJIT_CLI, else the bundle's bin/ujit next to
// ujit_tests, else the one built with this test binary (tests/support/build_outputs.cpp).
const char* built_cli_path();
// The stand-in for NumPy's ILP64 OpenBLAS this build made (tests/unit/cpu/blas_loader_test.cpp).
const char* built_fake_blas64();
inline const std::string& cli_path() {
    static const std::string path = [] {
        if (const char* e = std::getenv("UJIT_CLI"); e && *e) return std::string(e);
        if (!detail::bundle_data_dir().empty()) return (detail::exe_dir() / "ujit").string();
        return std::string(built_cli_path());
    }();
    return path;
}

}  // namespace ujit::test
