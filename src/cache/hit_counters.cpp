#include "cache/hit_counters.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace ujit::cache {

namespace {

RecordedCounts parse(const std::string& text) {
    RecordedCounts c;
    unsigned long long h = 0, m = 0;
    if (std::sscanf(text.c_str(), "hits %llu\nmisses %llu", &h, &m) == 2) {
        c.hits = h;
        c.misses = m;
    }
    return c;
}

std::string read_all(int fd) {
    std::string text;
    char buf[256];
    ssize_t n;
    off_t off = 0;
    while ((n = ::pread(fd, buf, sizeof buf, off)) > 0) {
        text.append(buf, size_t(n));
        off += n;
    }
    return text;
}

// The stats file, opened as the entries are (a FIFO or a link there is no file of ours).
int open_stats(const std::filesystem::path& dir, int flags) {
    int fd = ::open((dir / kStatsFile).c_str(), flags | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0600);
    struct stat st{};
    if (fd >= 0 && (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        ::close(fd);
        return -1;
    }
    return fd;
}

}  // namespace

void record_counts(const std::filesystem::path& dir, uint64_t hits, uint64_t misses) {
    int fd = open_stats(dir, O_RDWR | O_CREAT);
    if (fd < 0) return;
    if (::flock(fd, LOCK_EX) == 0) {
        RecordedCounts c = parse(read_all(fd));
        std::string text =
            "hits " + std::to_string(c.hits + hits) + "\nmisses " + std::to_string(c.misses + misses) + "\n";
        if (::pwrite(fd, text.data(), text.size(), 0) == ssize_t(text.size())) {
            if (::ftruncate(fd, off_t(text.size())) != 0) { /* a longer old text stays parseable */
            }
        }
        ::flock(fd, LOCK_UN);
    }
    ::close(fd);
}

RecordedCounts read_counts(const std::filesystem::path& dir) {
    int fd = open_stats(dir, O_RDONLY);
    if (fd < 0) return {};
    RecordedCounts c;
    if (::flock(fd, LOCK_SH) == 0) {
        c = parse(read_all(fd));
        ::flock(fd, LOCK_UN);
    }
    ::close(fd);
    return c;
}

}  // namespace ujit::cache
