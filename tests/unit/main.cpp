// The one Catch2 main of the test suite. ctest gives every test UJIT_CACHE_DIR in the
// build tree (tests/CMakeLists.txt); run by hand, ujit_tests uses a directory under the
// system's temporary directory, never the user's ~/.cache/ujit.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

int main(int argc, char* argv[]) {
    if (const char* d = std::getenv("UJIT_CACHE_DIR"); !d || !*d) {
        std::filesystem::path tmp = std::filesystem::temp_directory_path() / "ujit-tests-cache";
        ::setenv("UJIT_CACHE_DIR", tmp.c_str(), 1);
    }
    return Catch::Session().run(argc, argv);
}
