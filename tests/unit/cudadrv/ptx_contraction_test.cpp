// cudadrv/ptx_contraction.hpp: which PTX a tiered load may run at -O0 first. Checked against
// ptxas itself (no GPU needed): where the scan says ptxas has nothing to contract, the full
// level's code is the same with --fmad=true and --fmad=false.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include <unistd.h>

#include "cudadrv/ptx_contraction.hpp"
#include "support/ptxas.hpp"
#include "support/source_dir.hpp"
#include "ujit/ujit.hpp"

using ujit::cuda::detail::ptx_may_contract;

namespace {

std::string kernel(const std::string& body) {
    return ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
           "\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
           "\tld.global.f32 %f1, [%rd2];\n\tld.global.f32 %f2, [%rd2+4];\n\tld.global.f32 %f3, [%rd2+8];\n" +
           body + "\tret;\n}\n";
}

// The .text sections of an ELF64 image, by name.
std::map<std::string, std::string> text_sections(const std::string& elf) {
    std::map<std::string, std::string> out;
    if (elf.size() < 0x40 || elf.compare(1, 3, "ELF") != 0) return out;
    auto u16 = [&](size_t at) { return uint16_t(uint8_t(elf[at]) | uint8_t(elf[at + 1]) << 8); };
    auto u64 = [&](size_t at) {
        uint64_t v = 0;
        for (int i = 7; i >= 0; --i) v = v << 8 | uint8_t(elf[at + size_t(i)]);
        return v;
    };
    uint64_t shoff = u64(0x28);
    uint16_t entsize = u16(0x3A), count = u16(0x3C), names = u16(0x3E);
    auto header = [&](uint16_t i) { return size_t(shoff) + size_t(i) * entsize; };
    uint64_t strtab = u64(header(names) + 0x18);
    for (uint16_t i = 0; i < count; ++i) {
        uint32_t name = uint32_t(uint8_t(elf[header(i)])) | uint32_t(uint8_t(elf[header(i) + 1])) << 8 |
                        uint32_t(uint8_t(elf[header(i) + 2])) << 16 | uint32_t(uint8_t(elf[header(i) + 3])) << 24;
        std::string n(elf.c_str() + strtab + name);
        if (n.rfind(".text", 0) == 0) out[n] = elf.substr(size_t(u64(header(i) + 0x18)), size_t(u64(header(i) + 0x20)));
    }
    return out;
}

// ptxas -O3 of `ptx` for sm_90 with --fmad=`fmad`: the cubin's .text sections.
std::map<std::string, std::string> full_level_code(const std::string& ptx, bool fmad) {
    char path[] = "/tmp/ujit-contract-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    std::ofstream(path) << ptx;
    std::string cubin = std::string(path) + ".cubin";
    std::string cmd = std::string(UJIT_PTXAS) + " -arch=sm_90 -O3 --fmad=" + (fmad ? "true" : "false") + " -o " +
                      cubin + " " + path + " > /dev/null 2>&1";
    int rc = std::system(cmd.c_str());
    std::ifstream in(cubin, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    std::remove(path);
    std::remove(cubin.c_str());
    REQUIRE(rc == 0);
    return text_sections(bytes);
}

// What the scan says against what ptxas does: "no contraction" must be true of ptxas.
void check_against_ptxas(const std::string& ptx, bool expect_may_contract) {
    bool may = ptx_may_contract(ptx);
    CHECK(may == expect_may_contract);
    if (!ujit::test::ptxas_available()) return;
    auto fused = full_level_code(ptx, true), unfused = full_level_code(ptx, false);
    REQUIRE_FALSE(fused.empty());
    if (!may) CHECK(fused == unfused);  // ptxas contracted nothing
}

// The hand samples that can contract do: what the scan guards against is real.
void check_ptxas_fuses(const std::string& ptx) {
    if (!ujit::test::ptxas_available()) return;
    CHECK(full_level_code(ptx, true) != full_level_code(ptx, false));
}

}  // namespace

TEST_CASE("ptx contraction: a product read only by adds may be fused at the full level", "[cudadrv][tiered]") {
    SECTION("one add") {
        std::string ptx =
            kernel("\tmul.f32 %f4, %f1, %f2;\n\tadd.f32 %f5, %f4, %f3;\n\tst.global.f32 [%rd2+12], %f5;\n");
        check_against_ptxas(ptx, true);
        check_ptxas_fuses(ptx);
    }
    SECTION("two adds, after a label and a comment") {
        std::string ptx = kernel("\tmul.f32 %f4, %f1, %f2; // product\n$L__BB0_1:\n\tadd.f32 %f5, %f4, %f3;\n"
                                 "\tsub.f32 %f6, %f1, %f4;\n\tst.global.f32 [%rd2+12], %f5;\n"
                                 "\tst.global.f32 [%rd2+16], %f6;\n");
        check_against_ptxas(ptx, true);
        check_ptxas_fuses(ptx);
    }
    SECTION("the add writes the product's register, which a store then reads") {
        std::string ptx =
            kernel("\tmul.f32 %f4, %f1, %f2;\n\tadd.f32 %f4, %f4, %f3;\n\tst.global.f32 [%rd2+12], %f4;\n");
        check_against_ptxas(ptx, true);
        check_ptxas_fuses(ptx);
    }
}

TEST_CASE("ptx contraction: rounded operations and products read elsewhere too are left alone", "[cudadrv][tiered]") {
    SECTION("the product is also stored") {
        check_against_ptxas(
            kernel("\tmul.f32 %f4, %f1, %f2;\n\tadd.f32 %f5, %f4, %f3;\n\tst.global.f32 [%rd2+12], %f5;\n"
                   "\tst.global.f32 [%rd2+16], %f4;\n"),
            false);
    }
    SECTION("mul.rn and add.rn") {
        check_against_ptxas(
            kernel("\tmul.rn.f32 %f4, %f1, %f2;\n\tadd.rn.f32 %f5, %f4, %f3;\n\tst.global.f32 [%rd2+12], %f5;\n"),
            false);
    }
    SECTION("no multiply") {
        check_against_ptxas(kernel("\tadd.f32 %f5, %f1, %f3;\n\tst.global.f32 [%rd2+12], %f5;\n"), false);
    }
}

TEST_CASE("ptx contraction: gaussian_pdf's loop tiers, a loop-carried product does not", "[cudadrv][tiered]") {
    ujit::Options o;
    o.target = ujit::Target::CUDA;
    o.arch = "sm_90";
    std::ifstream in(ujit::test::source_dir() + "/lang/examples/gaussian_pdf.py");
    std::string gaussian((std::istreambuf_iterator<char>(in)), {});
    REQUIRE_FALSE(gaussian.empty());
    ujit::Module g = ujit::Module::from_string(gaussian, "gaussian_pdf.py");
    check_against_ptxas(g.function("gaussian_pdf").compile("float32(float32, float32, float32)", o).ptx(), false);

    // LLVM keeps a*b apart from its add because the product is read again; the loop's
    // register holds several products, so which reader reads which is left unknown.
    ujit::Module p = ujit::Module::from_string("from numba import cuda\n\n@cuda.jit\ndef fma_probe(a, out):\n"
                                               "    t = a[0] * a[1]\n    for i in range(out.shape[0]):\n"
                                               "        out[i] = t + a[2]\n        t = t * a[1]\n",
                                               "fma_probe.py");
    std::string probe = p.function("fma_probe").compile("void(float32[:], float32[:])", o).ptx();
    CHECK(probe.find("add.f32") != std::string::npos);
    check_against_ptxas(probe, true);

    // Stored and added: LLVM writes the add as an fma.rn of its own beside the multiply, so
    // nothing is left to ptxas and this one tiers.
    ujit::Module q = ujit::Module::from_string("from numba import cuda\n\n@cuda.jit\ndef kept(a, out):\n"
                                               "    t = a[0] * a[1]\n    out[0] = t + a[2]\n    out[1] = t\n",
                                               "kept.py");
    std::string kept = q.function("kept").compile("void(float32[:], float32[:])", o).ptx();
    CHECK(kept.find("fma.rn.f32") != std::string::npos);
    check_against_ptxas(kept, false);
}
