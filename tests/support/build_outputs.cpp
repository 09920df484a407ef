// Paths of files this build made (tests/CMakeLists.txt defines them for this file alone): every
// other test object's compile command is then the same in any build directory, so ccache
// serves build/static (tools/scripts/gpu_pack.sh) what build/release compiled.
#include "support/source_dir.hpp"

namespace ujit::test {

const char* built_cli_path() { return UJIT_CLI_PATH; }
const char* built_fake_blas64() { return UJIT_FAKE_BLAS64; }

}  // namespace ujit::test
