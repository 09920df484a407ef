// A main for a libFuzzer target without libFuzzer: runs LLVMFuzzerTestOneInput once on each
// file named, or on each file of each directory named, in name order. Built with the target
// in the ordinary builds (tools/CMakeLists.txt), it replays the committed seeds and the
// regressions under the build's own checks: ctest's fuzz.compile_seeds runs fuzz_compile's
// under ASan + UBSan, where CI's fuzz smoke (tools/scripts/fuzz.sh) would otherwise need a
// second, clang-built copy of the whole compiler.
//   ujit_fuzz_compile_replay PATH...
// Prints how many inputs ran; a failing input aborts, as under libFuzzer.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& p) {
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::is_directory(p)) return {p};
    for (const auto& e : std::filesystem::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

int main(int argc, char** argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    size_t ran = 0;
    for (int i = 1; i < argc; ++i) {
        for (const std::filesystem::path& file : inputs_of(argv[i])) {
            std::ifstream in(file, std::ios::binary);
            if (!in) {
                std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
                return 2;
            }
            std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            std::fprintf(stderr, "replay: %s\n", file.c_str());
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
            ++ran;
        }
    }
    std::printf("replay: %zu inputs\n", ran);
    return ran ? 0 : 2;
}
