#include "cache/disk_cache.hpp"

#include "cache/cache_dir.hpp"
#include "cache/hash.hpp"
#include "cache/hit_counters.hpp"
#include "cache/trust.hpp"
#include "runtime/file_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

namespace ujit::cache {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTempMarker = ".tmp-";
constexpr off_t kMaxEntryBytes = off_t(1) << 30;

std::atomic<uint64_t> g_hits{0}, g_misses{0}, g_stores{0}, g_rejected{0};

bool is_entry_name(const std::string& name) {
    const std::string suffix = DiskCache::kEntrySuffix;
    return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool is_temp_name(const std::string& name) { return name.find(kTempMarker) != std::string::npos; }

// An entry file as read: its bytes, or why it was refused (it is never read then).
struct EntryFile {
    std::optional<std::string> bytes;  // nullopt: missing, unreadable or refused
    std::string refused;               // non-empty: present but not trusted
};

// O_NONBLOCK: a FIFO in an entry's place opens at once (and is refused) instead of waiting
// for a writer; O_NOFOLLOW: a symbolic link is refused, not followed somewhere else.
EntryFile read_entry_file(const fs::path& p) {
    int fd = ::open(p.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return {std::nullopt, errno == ELOOP ? "a symbolic link" : ""};
    struct stat st{};
    EntryFile out;
    if (::fstat(fd, &st) != 0)
        out.refused = std::string("cannot stat it: ") + std::strerror(errno);
    else if (!S_ISREG(st.st_mode))
        out.refused = "not a regular file";
    else
        out.refused = distrust_reason(st);
    if (out.refused.empty()) {
        // Larger than any artifact ujit makes: not ours; read as empty, which is rejected.
        std::string data(st.st_size > kMaxEntryBytes ? 0 : size_t(st.st_size), '\0');
        size_t got = 0;
        while (got < data.size()) {
            ssize_t n = ::read(fd, data.data() + got, data.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            got += size_t(n);
        }
        data.resize(got);  // a file that shrank meanwhile reads short and fails validation
        out.bytes = std::move(data);
    }
    ::close(fd);
    return out;
}

template <class F> void for_each_file(const fs::path& dir, F&& f) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        std::error_code ec2;
        if (!it->is_directory(ec2)) f(it->path());  // FIFOs and links too: listed, refused, cleared
    }
}

}  // namespace

DiskCache::DiskCache(fs::path dir) : dir_(std::move(dir)) {}

std::optional<DiskCache> DiskCache::from_env() {
    if (!disk_cache_enabled()) return std::nullopt;
    auto dir = configured_cache_dir();
    if (!dir) return std::nullopt;
    return DiskCache(*dir);
}

fs::path DiskCache::path_for(const std::string& key) const { return dir_ / (hex64(fnv1a64(key)) + kEntrySuffix); }

// The directory, created 0700 when missing; false when the cache must not use it (said
// once on stderr when it is someone else's or writable by others).
bool DiskCache::usable_dir() const {
    std::string why;
    DirState state = prepare_dir(dir_, why);
    if (state == DirState::Refused) warn_refused("directory", dir_, why);
    return state == DirState::Usable;
}

std::optional<std::string> DiskCache::load(const std::string& key) const {
    if (!usable_dir()) {
        ++g_misses;
        return std::nullopt;
    }
    fs::path p = path_for(key);
    EntryFile file = read_entry_file(p);
    if (!file.refused.empty()) warn_refused("entry", p, file.refused);  // the store replaces it
    if (file.bytes) {
        DecodedEntry e = decode_entry(*file.bytes, key);
        if (e.ok()) {
            ++g_hits;
            record_counts(dir_, 1, 0);
            return std::move(e.payload);
        }
        // Never trusted: gone, and rebuilt by the caller.
        ++g_rejected;
        ::unlink(p.c_str());
    }
    ++g_misses;
    record_counts(dir_, 0, 1);
    return std::nullopt;
}

bool DiskCache::store(const std::string& key, std::string_view payload) const {
    static std::atomic<uint64_t> serial{0};
    if (!usable_dir()) return false;
    fs::path final_path = path_for(key);
    fs::path temp = final_path;
    temp += std::string(kTempMarker) + std::to_string(::getpid()) + "-" + std::to_string(serial++);
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    bool ok = runtime::write_all(fd, encode_entry(key, payload));
    ok = ::close(fd) == 0 && ok;
    if (ok) ok = ::rename(temp.c_str(), final_path.c_str()) == 0;
    if (!ok) {
        ::unlink(temp.c_str());
        return false;
    }
    ++g_stores;
    return true;
}

std::vector<EntryInfo> DiskCache::list() const {
    std::vector<EntryInfo> out;
    for_each_file(dir_, [&](const fs::path& p) {
        std::string name = p.filename().string();
        if (!is_entry_name(name) || is_temp_name(name)) return;
        EntryInfo info;
        info.path = p;
        EntryFile file = read_entry_file(p);
        info.refused = std::move(file.refused);
        const std::optional<std::string>& bytes = file.bytes;
        info.bytes = bytes ? bytes->size() : 0;
        DecodedEntry e = bytes ? decode_entry(*bytes) : DecodedEntry{};
        info.status = e.status;
        // The name must be the key's hash, or the entry can never be found (a renamed file).
        if (e.ok() && path_for(e.key).filename() != p.filename()) info.status = DecodeStatus::WrongKey;
        if (info.status == DecodeStatus::Ok) {
            info.key = std::move(e.key);
            info.payload_bytes = e.payload.size();
        }
        out.push_back(std::move(info));
    });
    std::sort(out.begin(), out.end(), [](const EntryInfo& a, const EntryInfo& b) { return a.path < b.path; });
    return out;
}

DirStats DiskCache::stats() const {
    DirStats s;
    struct stat st{};
    if (::stat(dir_.c_str(), &st) == 0) s.dir_refused = S_ISDIR(st.st_mode) ? distrust_reason(st) : "not a directory";
    for (const EntryInfo& e : list()) {
        if (!e.refused.empty()) {
            ++s.refused;
        } else if (e.status == DecodeStatus::Ok) {
            ++s.entries;
            s.bytes += e.bytes;
        } else {
            ++s.invalid;
        }
    }
    for_each_file(dir_, [&](const fs::path& p) {
        if (is_temp_name(p.filename().string())) ++s.temp_files;
    });
    RecordedCounts rc = read_counts(dir_);
    s.recorded.hits = rc.hits;
    s.recorded.misses = rc.misses;
    return s;
}

size_t DiskCache::clear() const {
    size_t removed = 0;
    std::vector<fs::path> doomed;
    for_each_file(dir_, [&](const fs::path& p) {
        std::string name = p.filename().string();
        if (is_entry_name(name) || is_temp_name(name) || name == kStatsFile) doomed.push_back(p);
    });
    for (const fs::path& p : doomed) {
        std::string name = p.filename().string();
        if (::unlink(p.c_str()) == 0 && is_entry_name(name) && !is_temp_name(name)) ++removed;
    }
    return removed;
}

CacheCounters DiskCache::process_counters() {
    return CacheCounters{g_hits.load(), g_misses.load(), g_stores.load(), g_rejected.load()};
}

}  // namespace ujit::cache
