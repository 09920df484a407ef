// Where the disk cache lives and whether it is on, from the environment:
//   UJIT_CACHE=0 (or off/false/no)  disabled
//   UJIT_CACHE_DIR                  the directory, else $XDG_CACHE_HOME/ujit,
//                                   else $HOME/.cache/ujit (none of them: disabled)
// Read on every call, so a test can point a process at its own directory.
#pragma once

#include <filesystem>
#include <optional>

namespace ujit::cache {

bool disk_cache_enabled();

// The cache directory the environment names (whether or not the cache is enabled);
// nullopt when it names none.
std::optional<std::filesystem::path> configured_cache_dir();

}  // namespace ujit::cache
