#include "examples_dir.hpp"

#include "ujit/ujit.hpp"

#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace ujit::cli {

std::vector<std::string> examples_dir_candidates(const std::optional<std::string>& option) {
    if (option) return {*option};  // an explicit directory is the only one tried
    std::vector<std::string> dirs;
    // Next to the binary first: an installed or unpacked (relocated) bundle uses its own
    // examples even where the source tree it was built from exists. A build-tree binary has
    // no ../share/ujit/examples and falls through to the source tree.
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) dirs.push_back((exe.parent_path().parent_path() / "share/ujit/examples").string());
#ifdef UJIT_SOURCE_DIR
    dirs.push_back(std::string(UJIT_SOURCE_DIR) + "/lang/examples");
#endif
#ifdef UJIT_INSTALL_DATADIR
    dirs.push_back(std::string(UJIT_INSTALL_DATADIR) + "/ujit/examples");
#endif
    return dirs;
}

std::string find_examples_dir(const std::optional<std::string>& option) {
    std::vector<std::string> dirs = examples_dir_candidates(option);
    std::string tried;
    for (const std::string& d : dirs) {
        std::error_code ec;
        if (fs::is_regular_file(fs::path(d) / "hypot.py", ec)) return d;
        tried += "\n  " + d;
    }
    throw ujit::Error(ujit::Error::Kind::Argument, "error: cannot find the examples (hypot.py, ...); tried:" + tried +
                                                       "\n(give the lang/examples directory with --examples DIR)");
}

}  // namespace ujit::cli
