// Writing files so that a failure is never silent and never leaves a truncated file where
// the user asked for a new one (`ujit run -o`, `--save`, `rng-states`, the disk cache).
#pragma once

#include <string>
#include <string_view>

namespace ujit::runtime {

// Writes all of `data` to `fd`, retrying short writes and EINTR; false (errno set) when
// the system refuses (ENOSPC, EIO, EPIPE...).
bool write_all(int fd, std::string_view data);

// Makes `path` hold `data`. A regular file (or a new name) is written to a temporary file
// in the same directory and renamed over `path`, so a reader sees the old file or the
// whole new one, never a truncated one; a symbolic link is followed and the file it names
// replaced. Anything else (/dev/null, /dev/full, a FIFO) is written in place, as a shell
// redirection would. Throws Error::Kind::Argument "cannot write 'PATH': REASON" (strerror's
// words) when any step fails, with no temporary file left behind.
void write_file(const std::string& path, std::string_view data);

}  // namespace ujit::runtime
