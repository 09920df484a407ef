#include "cache/disk_cache.hpp"

#include "cache/cache_dir.hpp"
#include "cache/hash.hpp"
#include "cache/hit_counters.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
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

// The whole file, or nullopt when it cannot be read.
std::optional<std::string> read_file(const fs::path& p) {
    int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat st{};
    std::optional<std::string> out;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
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
        out = std::move(data);
    }
    ::close(fd);
    return out;
}

bool write_all(int fd, std::string_view data) {
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

template <class F> void for_each_file(const fs::path& dir, F&& f) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        std::error_code ec2;
        if (it->is_regular_file(ec2)) f(it->path());
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

std::optional<std::string> DiskCache::load(const std::string& key) const {
    fs::path p = path_for(key);
    std::optional<std::string> bytes = read_file(p);
    if (bytes) {
        DecodedEntry e = decode_entry(*bytes, key);
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
    std::error_code ec;
    fs::create_directories(dir_, ec);  // the caller stores next
    if (!ec) record_counts(dir_, 0, 1);
    return std::nullopt;
}

bool DiskCache::store(const std::string& key, std::string_view payload) const {
    static std::atomic<uint64_t> serial{0};
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) return false;
    fs::path final_path = path_for(key);
    fs::path temp = final_path;
    temp += std::string(kTempMarker) + std::to_string(::getpid()) + "-" + std::to_string(serial++);
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    bool ok = write_all(fd, encode_entry(key, payload));
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
        std::optional<std::string> bytes = read_file(p);
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
    for (const EntryInfo& e : list()) {
        if (e.status == DecodeStatus::Ok) {
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
