#include <catch2/catch.hpp>

#include <complex>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/npy.hpp"
#include "runtime/scalar.hpp"

using namespace ujit;
using namespace ujit::runtime;

namespace {

// Builds .npy bytes the way numpy.save lays them out, from a header dict written by hand.
std::string npy_bytes(const std::string& dict, const std::string& data, int major = 1) {
    size_t len_bytes = major == 1 ? 2 : 4;
    size_t prelude = 8 + len_bytes;
    std::string header = dict;
    size_t pad = 64 - (prelude + header.size() + 1) % 64;
    header += std::string(pad, ' ') + "\n";
    std::string out = std::string("\x93NUMPY", 6) + char(major) + '\0';
    for (size_t i = 0; i < len_bytes; ++i) out += char((header.size() >> (8 * i)) & 0xFF);
    return out + header + data;
}

template <class T> std::string raw(std::initializer_list<T> xs) {
    std::string s;
    for (T x : xs) s.append(reinterpret_cast<const char*>(&x), sizeof x);
    return s;
}

void fill_pattern(Array& a) {
    auto* p = static_cast<unsigned char*>(a.ref().data);
    int64_t n = a.size() * itemsize(a.dtype());
    for (int64_t i = 0; i < n; ++i) p[i] = static_cast<unsigned char>(i * 37 + 11);
    if (a.dtype() == DType::Bool)
        for (int64_t i = 0; i < n; ++i) p[i] &= 1;
}

std::string error_of(const std::string& bytes) {
    try {
        parse_npy(bytes, "t.npy");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Argument);
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("npy: encode matches numpy.save byte for byte", "[runtime]") {
    // np.save(f, np.arange(3, dtype=np.int32)) with numpy >= 1.24.
    std::string expected = std::string("\x93NUMPY\x01\x00\x76\x00", 10) +
                           "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }" + std::string(60, ' ') + "\n" +
                           raw<int32_t>({0, 1, 2});
    REQUIRE(expected.size() == 128 + 12);
    Array a(DType::Int32, {3});
    for (int i = 0; i < 3; ++i) a.data<int32_t>()[i] = i;
    CHECK(encode_npy(a.ref()) == expected);
    Array b = parse_npy(expected);
    CHECK(b.dtype() == DType::Int32);
    CHECK(b.shape() == std::vector<int64_t>{3});
    CHECK(b.data<int32_t>()[2] == 2);

    // A 0-d float64: np.save(f, np.float64(2.5)); shape () gets no growth padding.
    std::string zero_d = std::string("\x93NUMPY\x01\x00\x76\x00", 10) +
                         "{'descr': '<f8', 'fortran_order': False, 'shape': (), }" + std::string(62, ' ') + "\n" +
                         raw<double>({2.5});
    Array s(DType::Float64, {});
    *s.data<double>() = 2.5;
    CHECK(encode_npy(s.ref()) == zero_d);
    CHECK(*parse_npy(zero_d).data<double>() == 2.5);

    CHECK(npy_descr(DType::Bool) == "|b1");
    CHECK(npy_descr(DType::Int8) == "|i1");
    CHECK(npy_descr(DType::UInt8) == "|u1");
    CHECK(npy_descr(DType::UInt64) == "<u8");
    CHECK(npy_descr(DType::Complex128) == "<c16");
    CHECK(npy_descr(DType::Float16) == "<f2");
}

TEST_CASE("npy: round trip of every dtype, order and rank", "[runtime]") {
    const std::vector<std::vector<int64_t>> shapes = {
        {}, {0}, {5}, {2, 3}, {3, 0, 2}, {2, 3, 4}, {1, 2, 1, 2, 1, 2, 1, 2}};
    for (int t = 0; t < kNumDTypes; ++t) {
        for (const auto& shape : shapes) {
            for (bool fortran : {false, true}) {
                DType dt = static_cast<DType>(t);
                Array a(dt, shape, fortran);
                fill_pattern(a);
                std::string bytes = encode_npy(a.ref());
                CHECK(bytes.size() % 64 == size_t(a.size() * itemsize(dt)) % 64);
                Array b = parse_npy(bytes);
                INFO(dtype_name(dt) << " ndim " << shape.size() << " fortran " << fortran);
                CHECK(b.dtype() == dt);
                CHECK(b.shape() == shape);
                if (a.size() > 0) CHECK(b.ref().strides == a.ref().strides);
                CHECK(std::memcmp(a.ref().data, b.ref().data, a.size() * itemsize(dt)) == 0);
            }
        }
    }
}

TEST_CASE("npy: F-order files and strided views", "[runtime]") {
    // np.asfortranarray(np.arange(6.).reshape(2, 3)): data in column order.
    std::string f =
        npy_bytes("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", raw<double>({0, 3, 1, 4, 2, 5}));
    Array a = parse_npy(f);
    CHECK(a.ref().is_f_contiguous());
    const char* base = static_cast<const char*>(a.ref().data);
    auto at = [&](int i, int j) {
        return *reinterpret_cast<const double*>(base + i * a.ref().strides[0] + j * a.ref().strides[1]);
    };
    CHECK(at(0, 0) == 0);
    CHECK(at(0, 2) == 2);
    CHECK(at(1, 0) == 3);
    CHECK(at(1, 2) == 5);
    CHECK(encode_npy(a.ref()).find("'fortran_order': True") != std::string::npos);

    // A strided, reversed view is gathered in C order.
    std::vector<int16_t> buf = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    ArrayRef v;
    v.data = buf.data() + 11;
    v.dtype = DType::Int16;
    v.shape = {2, 3};
    v.strides = {-12, -4};  // x[::-1, ::-2] of a (2, 6) array
    Array g = parse_npy(encode_npy(v));
    CHECK(g.shape() == std::vector<int64_t>{2, 3});
    std::vector<int16_t> got(g.data<int16_t>(), g.data<int16_t>() + 6);
    CHECK(got == std::vector<int16_t>{11, 9, 7, 5, 3, 1});
}

TEST_CASE("npy: header variants numpy can produce", "[runtime]") {
    std::string data = raw<float>({1.5f, -2.0f});
    // Older numpy: 16-byte alignment, no growth padding, Python 2 longs, other key order.
    for (std::string dict : {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
                             "{'shape': (2L,), 'fortran_order': False, 'descr': '<f4'}",
                             "{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (2,)}",
                             "{'descr':'=f4','fortran_order':False,'shape':(2,)}"}) {
        INFO(dict);
        Array a = parse_npy(npy_bytes(dict, data));
        CHECK(a.dtype() == DType::Float32);
        CHECK(a.data<float>()[1] == -2.0f);
    }
    for (int major : {2, 3}) {
        Array a = parse_npy(npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2), }", data, major));
        CHECK(a.shape() == std::vector<int64_t>{1, 2});
        CHECK(a.data<float>()[0] == 1.5f);
    }
    // Bool bytes other than 0/1 are read as True and normalized.
    Array b = parse_npy(
        npy_bytes("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", std::string("\x00\x07\x01", 3)));
    CHECK(b.data<uint8_t>()[0] == 0);
    CHECK(b.data<uint8_t>()[1] == 1);
    // Extra trailing bytes are ignored, as numpy does.
    CHECK(parse_npy(npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }", "xyz")).data<uint8_t>()[0] ==
          'x');
    Array c = parse_npy(npy_bytes("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
                                  raw<std::complex<float>>({{1.0f, -3.0f}})));
    CHECK(c.data<std::complex<float>>()[0] == std::complex<float>(1, -3));
}

TEST_CASE("npy: precise errors for bad files", "[runtime]") {
    auto with = [](const std::string& dict, const std::string& data = std::string(64, '\0')) {
        return error_of(npy_bytes(dict, data));
    };
    CHECK_THAT(error_of("hello world, not numpy"), Catch::Contains("bad magic"));
    CHECK_THAT(error_of(""), Catch::Contains("bad magic"));
    CHECK_THAT(error_of(std::string("\x93NUMPY\x04\x00\x10\x00", 10)), Catch::Contains("version 4.0"));
    CHECK_THAT(error_of(std::string("\x93NUMPY\x01\x00\x40", 9)), Catch::Contains("truncated .npy header"));
    CHECK_THAT(error_of(std::string("\x93NUMPY\x01\x00\x40\x00{'descr'", 17)),
               Catch::Contains("truncated .npy header"));
    CHECK_THAT(error_of(npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", raw<double>({1, 2, 3}))),
               Catch::Contains("truncated data: expected 32 bytes, found 24"));
    CHECK_THAT(with("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }"),
               Catch::Contains("unsupported dtype '>f8' (big-endian data)"));
    CHECK_THAT(with("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"), Catch::Contains("object arrays"));
    CHECK_THAT(with("{'descr': '<U5', 'fortran_order': False, 'shape': (1,), }"),
               Catch::Contains("unsupported dtype '<U5'"));
    CHECK_THAT(with("{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }"),
               Catch::Contains("unsupported dtype '<f16'"));
    CHECK_THAT(with("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1,), }"),
               Catch::Contains("structured"));
    CHECK_THAT(with("{'descr': '<f8', 'shape': (1,), }"), Catch::Contains("lacks"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}"),
               Catch::Contains("unexpected key 'x'"));
    CHECK_THAT(with("{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (1,)}"),
               Catch::Contains("duplicate key"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,), }"),
               Catch::Contains("expected True or False"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }"),
               Catch::Contains("expected a non-negative integer"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1), }"),
               Catch::Contains("more than 8 dimensions"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }"),
               Catch::Contains("too large"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"),
               Catch::Contains("too large"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), } junk"),
               Catch::Contains("trailing characters"));
    CHECK_THAT(with("{'descr': '<f8, 'fortran_order': False, 'shape': (1,), }"),
               Catch::Contains("malformed .npy header"));
    CHECK_THAT(with("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), "),
               Catch::Contains("malformed .npy header"));
    CHECK_THAT(error_of(std::string("\x93NUMPY\x02\x00\xff\xff\xff\x7f", 12)), Catch::Contains("implausibly large"));
}

TEST_CASE("npy: a small file claiming a huge array is refused before allocating", "[runtime][hostile]") {
    // 2^37 float64 = 1 TiB: allocating first would throw bad_alloc, or with ASan abort.
    CHECK_THAT(error_of(npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (131072, 1048576), }", "")),
               Catch::Contains("truncated data: expected 1099511627776 bytes, found 0"));
    // An empty array of an absurd other dimension needs no data.
    Array empty = parse_npy(npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4294967296), }", ""));
    CHECK(empty.size() == 0);
    // Found by fuzz_npy: empty, but the other dimensions' product overflows the strides.
    CHECK_THAT(error_of(npy_bytes("{'descr': '>i1', 'fortran_order': False, 'shape': (2, 3, 9196, 3, "
                                  "433433666, 3, 433433666, 0), }",
                                  "")),
               Catch::Contains("is too large"));
}

TEST_CASE("npy: corrupted files give errors, never crashes", "[runtime]") {
    Array a(DType::Float32, {3, 4});
    fill_pattern(a);
    const std::string good = encode_npy(a.ref());
    std::mt19937 rng(1234);
    const std::string alphabet = "{}()[]',:\"<>|=fiucbO0123456789LTrueFalse \n\x93";
    int errors = 0, parsed = 0;
    for (int iter = 0; iter < 3000; ++iter) {
        std::string b = good;
        int edits = 1 + int(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            if (b.empty()) break;
            size_t pos = rng() % std::min<size_t>(128, b.size());  // the prelude and header
            switch (rng() % 4) {
            case 0: b[pos] = static_cast<char>(rng()); break;
            case 1: b[pos] = alphabet[rng() % alphabet.size()]; break;
            case 2: b.erase(pos, 1 + rng() % 8); break;
            case 3: b.resize(rng() % b.size()); break;
            }
        }
        try {
            Array r = parse_npy(b, "fuzz.npy");
            ++parsed;
            CHECK(r.size() * itemsize(r.dtype()) <= int64_t(b.size()));
        } catch (const Error& e) {
            ++errors;
            CHECK(std::string(e.what()).rfind("fuzz.npy: ", 0) == 0);
        }
    }
    CHECK(errors > 1000);
    CHECK(errors + parsed == 3000);
}

TEST_CASE("npy: files on disk", "[runtime]") {
    namespace fs = std::filesystem;
    fs::path p = fs::temp_directory_path() / ("ujit_npy_test_" + std::to_string(::getpid()) + ".npy");
    Array a(DType::Complex128, {2, 2}, true);
    fill_pattern(a);
    write_npy(p.string(), a.ref());
    Array b = read_npy(p.string());
    CHECK(b.ref().is_f_contiguous());
    CHECK(std::memcmp(a.ref().data, b.ref().data, 64) == 0);
    // Truncate the data on disk.
    fs::resize_file(p, fs::file_size(p) - 1);
    CHECK_THROWS_WITH(read_npy(p.string()), Catch::Contains("truncated data: expected 64 bytes, found 63"));
    fs::resize_file(p, 20);
    CHECK_THROWS_WITH(read_npy(p.string()), Catch::Contains("truncated .npy header"));
    fs::remove(p);
    CHECK_THROWS_WITH(read_npy(p.string()), Catch::Contains("cannot open"));
    CHECK_THROWS_WITH(read_npy(fs::temp_directory_path().string()), Catch::Contains("is a directory"));
}

// Issue 24 item 7: a write that fails (a full disk, /dev/full) said nothing and left an
// empty file. Now it is an error naming the file and the reason, and a regular file is
// replaced only by a whole new one.
TEST_CASE("npy: a failed write is an error and leaves the old file whole", "[runtime][npy-write]") {
    namespace fs = std::filesystem;
    Array a(DType::Float64, {1000}, false);
    fill_pattern(a);
    CHECK_THROWS_WITH(write_npy("/dev/full", a.ref()),
                      Catch::Equals("cannot write '/dev/full': No space left on device"));
    CHECK_THROWS_WITH(write_npy("/nonexistent-dir/y.npy", a.ref()),
                      Catch::Equals("cannot write '/nonexistent-dir/y.npy': No such file or directory"));
    CHECK_THROWS_WITH(write_npy(fs::temp_directory_path().string(), a.ref()), Catch::Contains("Is a directory"));

    fs::path dir = fs::temp_directory_path() / ("ujit_npy_write_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    fs::path p = dir / "y.npy";
    Array small(DType::Int8, {3}, false);
    write_npy(p.string(), small.ref());
    std::string before = encode_npy(small.ref());
    // A file size limit makes the write fail after it started (EFBIG), as a full disk would;
    // in a child, so that the limit and the ignored SIGXFSZ stay there.
    pid_t child = ::fork();
    if (child == 0) {
        ::signal(SIGXFSZ, SIG_IGN);
        struct rlimit lim{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &lim);
        try {
            write_npy(p.string(), a.ref());
        } catch (const Error& e) {
            ::_exit(std::string(e.what()) == "cannot write '" + p.string() + "': File too large" ? 0 : 2);
        }
        ::_exit(1);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    std::ifstream in(p, std::ios::binary);
    CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == before);  // untouched
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}) == 1);  // no temporary left

    // Through a symbolic link the file it names is replaced; the link stays.
    fs::path link = dir / "link.npy";
    fs::create_symlink(p, link);
    write_npy(link.string(), a.ref());
    CHECK(fs::is_symlink(link));
    CHECK(read_npy(p.string()).size() == 1000);
    fs::remove_all(dir);
}
