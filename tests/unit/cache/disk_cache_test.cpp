#include "cache_test_support.hpp"

#include <catch2/catch.hpp>

#include "cache/cache_dir.hpp"
#include "cache/cache_key.hpp"
#include "cache/disk_cache.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

using namespace ujit::cache;
using namespace ujit::cache::test;
namespace fs = std::filesystem;

TEST_CASE("disk cache: store then load, directory made on demand", "[cache]") {
    TempDir tmp;
    DiskCache dc(tmp.path() / "a" / "b");
    CHECK_FALSE(fs::exists(dc.dir()));
    CHECK_FALSE(dc.load("key 1").has_value());  // no directory yet: a miss
    REQUIRE(dc.store("key 1", "payload one"));
    REQUIRE(dc.store("key 2", std::string("\0binary\0", 8)));
    CHECK(dc.load("key 1") == std::optional<std::string>("payload one"));
    CHECK(dc.load("key 2") == std::optional<std::string>(std::string("\0binary\0", 8)));
    CHECK_FALSE(dc.load("key 3").has_value());
    CHECK(dc.path_for("key 1").parent_path() == dc.dir());
    CHECK(dc.path_for("key 1").extension() == ".ujc");
    CHECK(dc.path_for("key 1") != dc.path_for("key 2"));
}

TEST_CASE("disk cache: an overwrite replaces the entry", "[cache]") {
    TempDir tmp;
    DiskCache dc(tmp.path());
    REQUIRE(dc.store("k", "old"));
    REQUIRE(dc.store("k", "new"));
    CHECK(dc.load("k") == std::optional<std::string>("new"));
}

TEST_CASE("disk cache: atomic writes leave no temporary files", "[cache]") {
    TempDir tmp;
    DiskCache dc(tmp.path());
    for (int i = 0; i < 20; ++i) REQUIRE(dc.store("key " + std::to_string(i % 5), std::string(1000 + i, 'x')));
    size_t entries = 0;
    for (auto& e : fs::directory_iterator(tmp.path())) {
        std::string name = e.path().filename().string();
        CHECK(name.find(".tmp") == std::string::npos);
        if (e.path().extension() == ".ujc") ++entries;
    }
    CHECK(entries == 5);
    CHECK(dc.stats().temp_files == 0);
}

TEST_CASE("disk cache: bad files are misses, deleted, then rebuilt", "[cache]") {
    TempDir tmp;
    DiskCache dc(tmp.path());
    const std::string key = "ujit-cache-key 1\nfunction=f\n";
    const std::string payload = "// PTX\n.version 8.5\n.target sm_90\n";
    REQUIRE(dc.store(key, payload));
    const fs::path p = dc.path_for(key);
    const std::string good = slurp(p);

    auto rejected_then_rebuilt = [&](const std::string& bad_bytes) {
        spit(p, bad_bytes);
        CacheCounters c0 = DiskCache::process_counters();
        CHECK_FALSE(dc.load(key).has_value());
        CacheCounters c1 = DiskCache::process_counters();
        CHECK(c1.misses == c0.misses + 1);
        CHECK(fs::exists(p) == false);  // never trusted, gone
        REQUIRE(dc.store(key, payload));  // the caller rebuilds
        CHECK(dc.load(key) == std::optional<std::string>(payload));
    };
    SECTION("corrupted payload") {
        std::string bad = good;
        bad[bad.size() - 3] ^= 0x20;
        rejected_then_rebuilt(bad);
    }
    SECTION("truncated") { rejected_then_rebuilt(good.substr(0, good.size() - 10)); }
    SECTION("truncated to nothing") { rejected_then_rebuilt(""); }
    SECTION("header only") { rejected_then_rebuilt(good.substr(0, kHeaderSize)); }
    SECTION("foreign file") {
        rejected_then_rebuilt(std::string("\x7f"
                                          "ELF\x02\x01\x01",
                                          7) +
                              std::string(200, '\0'));
    }
    SECTION("raw PTX, no header") { rejected_then_rebuilt(payload); }
    SECTION("an entry of another key under this name") { rejected_then_rebuilt(encode_entry("another key", payload)); }
    SECTION("trailing garbage") { rejected_then_rebuilt(good + "garbage"); }
}

TEST_CASE("disk cache: concurrent writers and readers of one key", "[cache][threads]") {
    TempDir tmp;
    DiskCache dc(tmp.path());
    const std::string key = "shared key";
    const std::string payload(200000, 'p');  // large enough that writes take a while
    std::atomic<int> wrong{0}, failed_stores{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 25; ++i) {
                if (t % 2 == 0) {
                    if (!dc.store(key, payload)) ++failed_stores;
                } else if (auto got = dc.load(key); got && *got != payload) {
                    ++wrong;  // a reader sees a whole entry or none
                }
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(wrong == 0);
    CHECK(failed_stores == 0);
    CHECK(dc.load(key) == std::optional<std::string>(payload));
    CHECK(count_files(tmp.path()) <= 2);  // the entry (and the recorded counters)
    CHECK(dc.stats().temp_files == 0);
}

TEST_CASE("disk cache: concurrent writers from several processes", "[cache]") {
    TempDir tmp;
    const std::string key = "process key";
    const std::string payload(100000, 'q');
    std::vector<pid_t> kids;
    for (int k = 0; k < 4; ++k) {
        pid_t pid = ::fork();
        if (pid == 0) {
            DiskCache dc(tmp.path());
            bool ok = true;
            for (int i = 0; i < 20; ++i) ok = dc.store(key, payload) && ok;
            ::_exit(ok ? 0 : 1);
        }
        kids.push_back(pid);
    }
    for (pid_t pid : kids) {
        int status = 0;
        ::waitpid(pid, &status, 0);
        CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }
    DiskCache dc(tmp.path());
    CHECK(dc.load(key) == std::optional<std::string>(payload));
    CHECK(dc.stats().temp_files == 0);
}

TEST_CASE("disk cache: list, stats, clear", "[cache]") {
    TempDir tmp;
    DiskCache dc(tmp.path());
    REQUIRE(dc.store("ujit-cache-key 1\nkind=ptx\nfunction=f\n", std::string(100, 'a')));
    REQUIRE(dc.store("ujit-cache-key 1\nkind=object\nfunction=g\n", std::string(50, 'b')));
    spit(tmp.path() / "0000000000000000.ujc", "junk");              // invalid entry
    spit(tmp.path() / "0000000000000001.ujc.tmp-1-0", "half");      // interrupted write
    spit(tmp.path() / "unrelated.txt", "not ours");

    CHECK(dc.load("ujit-cache-key 1\nkind=ptx\nfunction=f\n").has_value());  // a hit
    CHECK_FALSE(dc.load("missing").has_value());                             // a miss

    std::vector<EntryInfo> entries = dc.list();
    REQUIRE(entries.size() == 3);
    int valid = 0;
    for (const EntryInfo& e : entries) {
        if (e.status != DecodeStatus::Ok) continue;
        ++valid;
        CHECK((key_field(e.key, "function") == "f" || key_field(e.key, "function") == "g"));
    }
    CHECK(valid == 2);

    DirStats s = dc.stats();
    CHECK(s.entries == 2);
    CHECK(s.invalid == 1);
    CHECK(s.temp_files == 1);
    CHECK(s.bytes == fs::file_size(dc.path_for("ujit-cache-key 1\nkind=ptx\nfunction=f\n")) +
                         fs::file_size(dc.path_for("ujit-cache-key 1\nkind=object\nfunction=g\n")));
    CHECK(s.recorded.hits == 1);
    CHECK(s.recorded.misses == 1);

    CHECK(dc.clear() == 3);
    CHECK(dc.list().empty());
    CHECK(dc.stats().recorded.hits == 0);
    CHECK(fs::exists(tmp.path() / "unrelated.txt"));  // only ujit's files go
    CHECK(count_files(tmp.path()) == 1);
}

TEST_CASE("disk cache: configured from the environment", "[cache]") {
    TempDir tmp;
    ScopedEnv dir("UJIT_CACHE_DIR", (tmp.path() / "c").string());
    {
        ScopedEnv on("UJIT_CACHE", std::nullopt);
        auto dc = DiskCache::from_env();
        REQUIRE(dc);
        CHECK(dc->dir() == tmp.path() / "c");
    }
    for (const char* off : {"0", "off", "false", "no"}) {
        ScopedEnv disabled("UJIT_CACHE", std::string(off));
        CHECK_FALSE(DiskCache::from_env().has_value());
        CHECK_FALSE(disk_cache_enabled());
    }
    {
        ScopedEnv on("UJIT_CACHE", std::string("1"));
        CHECK(DiskCache::from_env().has_value());
    }
    {
        ScopedEnv no_dir("UJIT_CACHE_DIR", std::nullopt);
        ScopedEnv xdg("XDG_CACHE_HOME", (tmp.path() / "xdg").string());
        CHECK(configured_cache_dir() == tmp.path() / "xdg" / "ujit");
        ScopedEnv no_xdg("XDG_CACHE_HOME", std::nullopt);
        ScopedEnv home("HOME", (tmp.path() / "home").string());
        CHECK(configured_cache_dir() == tmp.path() / "home" / ".cache" / "ujit");
    }
}

TEST_CASE("disk cache: an unwritable directory only misses", "[cache]") {
    TempDir tmp;
    spit(tmp.path() / "file", "x");
    DiskCache dc(tmp.path() / "file" / "sub");  // a path below a regular file
    CHECK_FALSE(dc.store("k", "v"));
    CHECK_FALSE(dc.load("k").has_value());
}
