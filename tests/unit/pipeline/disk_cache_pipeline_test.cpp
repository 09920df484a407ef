// The disk cache through ujit::Module: a second Module (as a new process would) finds
// what the first one compiled, for CUDA (PTX) and the CPU (object code).
#include "unit/cache/cache_test_support.hpp"

#include <catch2/catch.hpp>

#include "cache/disk_cache.hpp"
#include "support/source_dir.hpp"
#include "ujit/ujit.hpp"

#include <thread>
#include <vector>

using namespace ujit::cache;
using namespace ujit::cache::test;
namespace fs = std::filesystem;

namespace {

const std::string kGaussian = ujit::test::source_dir() + "/lang/examples/gaussian_pdf.py";
const std::string kHypot = ujit::test::source_dir() + "/lang/examples/hypot.py";

ujit::Options cuda_sm90() {
    ujit::Options o;
    o.target = ujit::Target::CUDA;
    o.arch = "sm_90";
    return o;
}

std::string gaussian_ptx() {
    auto m = ujit::Module::from_file(kGaussian);
    return m.function("gaussian_pdf").compile("float32(float32, float32, float32)", cuda_sm90()).ptx();
}

std::vector<fs::path> entry_files(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
        if (it->path().extension() == ".ujc") out.push_back(it->path());
    return out;
}

struct Cached {
    TempDir tmp;
    ScopedEnv dir{"UJIT_CACHE_DIR", tmp.path().string()};
    ScopedEnv on{"UJIT_CACHE", std::nullopt};
};

}  // namespace

TEST_CASE("disk cache: PTX of a second Module comes from disk, identical", "[cache][driver]") {
    Cached c;
    CacheCounters c0 = DiskCache::process_counters();
    std::string first = gaussian_ptx();
    CacheCounters c1 = DiskCache::process_counters();
    CHECK(c1.misses == c0.misses + 1);
    CHECK(c1.stores == c0.stores + 1);
    REQUIRE(entry_files(c.tmp.path()).size() == 1);
    CHECK(first.find(".target sm_90") != std::string::npos);

    std::string second = gaussian_ptx();  // a fresh Module: not in memory
    CacheCounters c2 = DiskCache::process_counters();
    CHECK(c2.hits == c1.hits + 1);
    CHECK(c2.stores == c1.stores);
    CHECK(second == first);

    // Another arch, another entry.
    auto m = ujit::Module::from_file(kGaussian);
    ujit::Options o = cuda_sm90();
    o.arch = "sm_80";
    std::string sm80 = m.function("gaussian_pdf").compile("float32(float32, float32, float32)", o).ptx();
    CHECK(sm80.find(".target sm_80") != std::string::npos);
    CHECK(entry_files(c.tmp.path()).size() == 2);
}

TEST_CASE("disk cache: a corrupted PTX entry is rebuilt, not used", "[cache][driver]") {
    Cached c;
    std::string good = gaussian_ptx();
    auto files = entry_files(c.tmp.path());
    REQUIRE(files.size() == 1);
    std::string bytes = slurp(files[0]);
    size_t at = bytes.find(".target sm_90");
    REQUIRE(at != std::string::npos);
    bytes.replace(at, 14, ".target sm_35");  // same length, wrong content: checksum catches it
    spit(files[0], bytes);

    CacheCounters c0 = DiskCache::process_counters();
    std::string rebuilt = gaussian_ptx();
    CacheCounters c1 = DiskCache::process_counters();
    CHECK(c1.rejected == c0.rejected + 1);
    CHECK(c1.stores == c0.stores + 1);
    CHECK(rebuilt == good);
    CHECK(gaussian_ptx() == good);  // and the rewritten entry is good
    CHECK(DiskCache::process_counters().hits == c1.hits + 1);
}

TEST_CASE("disk cache: CPU object code of a second Module comes from disk and runs", "[cache][driver]") {
    Cached c;
    CacheCounters c0 = DiskCache::process_counters();
    {
        auto m = ujit::Module::from_file(kHypot);
        CHECK(m.function("hypot").compile("float64(float64, float64)").call({3.0, 4.0}).as<double>() == 5.0);
    }
    CacheCounters c1 = DiskCache::process_counters();
    CHECK(c1.stores == c0.stores + 1);
    CHECK(c1.misses == c0.misses + 1);
    {
        auto m = ujit::Module::from_file(kHypot);
        auto spec = m.function("hypot").compile("float64(float64, float64)");
        CHECK(DiskCache::process_counters().hits == c1.hits + 1);
        CHECK(spec.pointer<double(double, double)>()(6.0, 8.0) == 10.0);
        CHECK(spec.call({ujit::Value(5.0), ujit::Value(12.0)}).as<double>() == 13.0);
    }
    // The lazy call path (no declared return type) is another specialization, cached too.
    for (int round = 0; round < 2; ++round) {
        auto m = ujit::Module::from_file(kHypot);
        CHECK(m.function("hypot")(3.0, 4.0).as<double>() == 5.0);
    }
    CHECK(DiskCache::process_counters().hits == c1.hits + 2);
    // A CPU ufunc loop with a runtime math call (exp) through the cache.
    {
        auto m = ujit::Module::from_file(kGaussian);
        auto v = m.function("gaussian_pdf")(0.0f, 0.0f, 1.0f);
        auto m2 = ujit::Module::from_file(kGaussian);
        auto w = m2.function("gaussian_pdf")(0.0f, 0.0f, 1.0f);
        CHECK(v.as<float>() == Approx(0.3989423f));
        CHECK(w.as<float>() == v.as<float>());
    }
}

TEST_CASE("disk cache: a well-formed entry whose object code does not link is rebuilt", "[cache][driver]") {
    Cached c;
    auto compile_hypot = [] {
        auto m = ujit::Module::from_file(kHypot);
        return m.function("hypot").compile("float64(float64, float64)").call({3.0, 4.0}).as<double>();
    };
    CHECK(compile_hypot() == 5.0);
    DiskCache dc(c.tmp.path());
    auto entries = dc.list();
    REQUIRE(entries.size() == 1);
    const std::string key = entries[0].key;
    const std::string good = *dc.load(key);
    REQUIRE(dc.store(key, "not an ELF object"));  // valid header and checksum, bad payload

    CacheCounters c0 = DiskCache::process_counters();
    CHECK(compile_hypot() == 5.0);
    CacheCounters c1 = DiskCache::process_counters();
    CHECK(c1.stores == c0.stores + 1);          // rebuilt and stored again
    CHECK(dc.load(key) == std::optional<std::string>(good));
}

TEST_CASE("disk cache: a CPU runtime error raised from cached code", "[cache][driver]") {
    Cached c;
    const std::string src = "from numba import njit\n"
                            "@njit\n"
                            "def div(a, b):\n"
                            "    return a // b\n";
    for (int round = 0; round < 2; ++round) {
        auto m = ujit::Module::from_string(src, "div.py");
        CHECK(m.function("div")(int64_t(7), int64_t(2)).as<int64_t>() == 3);
        CHECK_THROWS_WITH(m.function("div")(int64_t(1), int64_t(0)), Catch::Contains("ZeroDivisionError"));
    }
}

TEST_CASE("disk cache: UJIT_CACHE=0 writes nothing and reads nothing", "[cache][driver]") {
    TempDir tmp;
    ScopedEnv dir("UJIT_CACHE_DIR", tmp.path().string());
    ScopedEnv off("UJIT_CACHE", std::string("0"));
    CacheCounters c0 = DiskCache::process_counters();
    std::string a = gaussian_ptx();
    std::string b = gaussian_ptx();
    auto m = ujit::Module::from_file(kHypot);
    CHECK(m.function("hypot")(3.0, 4.0).as<double>() == 5.0);
    CacheCounters c1 = DiskCache::process_counters();
    CHECK(a == b);
    CHECK(c1.hits == c0.hits);
    CHECK(c1.misses == c0.misses);
    CHECK(c1.stores == c0.stores);
    CHECK(count_files(tmp.path()) == 0);
}

TEST_CASE("disk cache: other source text, other entry", "[cache][driver]") {
    Cached c;
    auto one = ujit::Module::from_string("from numba import njit\n@njit\ndef f(x):\n    return x + 1\n", "f.py");
    auto two = ujit::Module::from_string("from numba import njit\n@njit\ndef f(x):\n    return x + 2\n", "f.py");
    CHECK(one.function("f")(int64_t(1)).as<int64_t>() == 2);
    CHECK(two.function("f")(int64_t(1)).as<int64_t>() == 3);
    CHECK(entry_files(c.tmp.path()).size() == 2);
}

TEST_CASE("specialization cache: concurrent callers compile once", "[cache][driver][threads]") {
    TempDir tmp;
    ScopedEnv dir("UJIT_CACHE_DIR", tmp.path().string());
    ScopedEnv off("UJIT_CACHE", std::string("0"));  // the in-memory cache alone
    auto m = ujit::Module::from_file(kHypot);
    auto f = m.function("hypot");
    std::vector<void*> addresses(8);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < addresses.size(); ++i)
        threads.emplace_back([&, i] { addresses[i] = f.compile("float64(float64, float64)").address(); });
    for (auto& t : threads) t.join();
    for (void* a : addresses) CHECK(a == addresses[0]);  // one specialization, one code address
    CHECK(f.compile("float64(float64, float64)").address() == addresses[0]);
    CHECK(f.compile("float32(float32, float32)").address() != addresses[0]);
}

TEST_CASE("disk cache: concurrent Modules compiling one PTX specialization", "[cache][driver][threads]") {
    Cached c;
    std::vector<std::string> ptx(6);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < ptx.size(); ++i) threads.emplace_back([&, i] { ptx[i] = gaussian_ptx(); });
    for (auto& t : threads) t.join();
    for (const auto& p : ptx) CHECK(p == ptx[0]);
    CHECK(entry_files(c.tmp.path()).size() == 1);
    CHECK(DiskCache(c.tmp.path()).stats().temp_files == 0);
}
