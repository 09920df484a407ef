// Which cache directories and entry files ujit trusts. Compiled code is loaded from the cache
// and run, and a checksum proves nothing against someone who writes the file on purpose: so,
// as ssh treats its keys, only what the current user owns and no one else may write is used.
// A directory shared with others (one UJIT_CACHE_DIR for several users' Dask workers) is
// refused, and compilation goes on without the disk cache; an entry that fails is a miss.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <string>

namespace ujit::cache {

// Why a directory or entry file with this status may not be used, or "" when it may:
// "owned by uid 1000, not by this user (uid 0)", "writable by others (mode 0777)".
std::string distrust_reason(const struct stat& st);

// Creates `dir` mode 0700 where it is missing (its parents with the default mode), then
// checks it. Unavailable (it cannot be made: a read-only HOME) is a quiet miss; Refused
// (someone else's, or writable by others) is worth a warning. `why` says which reason.
enum class DirState { Usable, Unavailable, Refused };
DirState prepare_dir(const std::filesystem::path& dir, std::string& why);

// Says on stderr, once per process and path, why the cache did not use `path`:
//   ujit: warning: compilation cache directory 'D' not used: writable by others (mode 0777)
void warn_refused(const char* what, const std::filesystem::path& path, const std::string& reason);

}  // namespace ujit::cache
