// cudadrv/ptx_routines.hpp: a quick module's expensive instructions made calls of routines
// compiled at build time. The rewrite is checked as text; with the CUDA toolkit (no GPU
// needed) the rewritten PTX is linked with the routines the build embedded
// (cmake/EmbedPtxRoutines.cmake) by nvJitLink, so every call the rewrite writes has a
// definition of the same shape. On a GPU, gpu_tiered_load_test.cpp checks that a routed quick
// module computes the full level's bits.
#include <catch2/catch.hpp>

#include <string>

#include "../cudalink/toolkit_check.hpp"
#include "cudadrv/ptx_routines.hpp"
#include "cudalink/device_link.hpp"

using ujit::cuda::detail::embedded_ptx_routines;
using ujit::cuda::detail::ptx_routines_compiler;
using ujit::cuda::detail::route_expensive_instructions;

namespace {

std::string kernel(const std::string& body) {
    return ".version 7.8\n.target sm_90\n.address_size 64\n\n.visible .entry k(.param .u64 p)\n{\n"
           "\t.reg .pred %p<2>;\n\t.reg .f32 %f<8>;\n\t.reg .f64 %fd<8>;\n\t.reg .b64 %rd<8>;\n"
           "\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
           "\tld.global.f32 %f1, [%rd2];\n\tld.global.f32 %f2, [%rd2+4];\n"
           "\tld.global.f64 %fd1, [%rd2+8];\n\tld.global.f64 %fd2, [%rd2+16];\n"
           "\tld.global.u64 %rd3, [%rd2+24];\n\tld.global.u64 %rd4, [%rd2+32];\n" +
           body + "\tret;\n}\n";
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + what.size())) ++n;
    return n;
}

const char* kEveryKind =
    "\tdiv.rn.f32 \t%f3, %f1, %f2;\n"
    "\tdiv.rn.ftz.f32 \t%f4, %f1, 0f40400000;\n"
    "\tdiv.rn.f64 \t%fd3, 0d4008000000000000, %fd2;\n"
    "\tsqrt.rn.f32 \t%f5, %f1;\n"
    "\tsqrt.rn.f64 \t%fd4, %fd1;\n"
    "\trcp.rn.f32 \t%f6, %f2;\n"
    "\trcp.rn.f64 \t%fd5, %fd2;\n"
    "\tdiv.s64 \t%rd5, %rd3, %rd4;\n"
    "\tdiv.u64 \t%rd6, %rd3, 7;\n"
    "\trem.s64 \t%rd7, -9, %rd4;\n"
    "\trem.u64 \t%rd7, %rd7, %rd4;\n"
    "\tst.global.f32 [%rd2], %f3;\n\tst.global.f32 [%rd2+4], %f4;\n\tst.global.f32 [%rd2+40], %f5;\n"
    "\tst.global.f32 [%rd2+44], %f6;\n\tst.global.f64 [%rd2+8], %fd3;\n\tst.global.f64 [%rd2+16], %fd4;\n"
    "\tst.global.f64 [%rd2+48], %fd5;\n\tst.global.u64 [%rd2+24], %rd5;\n\tst.global.u64 [%rd2+32], %rd6;\n"
    "\tst.global.u64 [%rd2+56], %rd7;\n";

}  // namespace

TEST_CASE("each expensive instruction becomes a call of its routine, declared once", "[ptx_routines]") {
    std::string ptx = kernel(kEveryKind);
    std::optional<std::string> routed = route_expensive_instructions(ptx);
    REQUIRE(routed);
    for (const char* op : {"div.rn.f32 ", "div.rn.ftz.f32 ", "div.rn.f64 ", "sqrt.rn.f32 ", "sqrt.rn.f64 ",
                           "rcp.rn.f32 ", "rcp.rn.f64 ", "div.s64 ", "div.u64 ", "rem.s64 ", "rem.u64 "}) {
        INFO(op);
        CHECK(count(*routed, std::string("\t") + op) == 0);  // no instruction left
        CHECK(count(*routed, std::string("// ") + op) == 1);  // the comment of its call
    }
    CHECK(count(*routed, ".extern .func") == 11);
    CHECK(count(*routed, "call.uni (__ujit_r), __ujit_rem_u64, (__ujit_a, __ujit_b);") == 1);
    CHECK(count(*routed, "call.uni (__ujit_r), __ujit_sqrt_rn_f64, (__ujit_a);") == 1);
    // Operands as written, immediates included; the result read back into the destination.
    CHECK(count(*routed, "st.param.f32 \t[__ujit_b], 0f40400000;") == 1);
    CHECK(count(*routed, "st.param.f64 \t[__ujit_a], 0d4008000000000000;") == 1);
    CHECK(count(*routed, "st.param.b64 \t[__ujit_a], -9;") == 1);
    CHECK(count(*routed, "ld.param.f64 \t%fd3, [__ujit_r];") == 1);
    // The declarations come after the header, before the kernel.
    CHECK(routed->find(".extern .func") > routed->find(".address_size"));
    CHECK(routed->find(".extern .func") < routed->find(".visible .entry"));
    // Everything else is as it was.
    CHECK(count(*routed, "st.global.u64 [%rd2+56], %rd7;") == 1);
}

TEST_CASE("what the link would not pay for stays as it is", "[ptx_routines]") {
    // Nothing to route; one cheap instruction; a predicated one (left inline); debug sections.
    CHECK_FALSE(route_expensive_instructions(kernel("\tadd.f32 \t%f3, %f1, %f2;\n")));
    CHECK_FALSE(route_expensive_instructions(kernel("\tsqrt.rn.f32 \t%f3, %f1;\n")));
    CHECK_FALSE(
        route_expensive_instructions(kernel("\tsetp.lt.f32 %p1, %f1, %f2;\n\t@%p1 div.rn.f32 \t%f3, %f1, %f2;\n")));
    CHECK_FALSE(route_expensive_instructions(kernel("\tdiv.rn.f32 \t%f3, %f1, %f2;\n") +
                                             "\t.section\t.debug_info\n\t{\n\t}\n"));
    // One division pays for the link; two cheap ones do too.
    CHECK(route_expensive_instructions(kernel("\tdiv.rn.f32 \t%f3, %f1, %f2;\n")));
    CHECK(route_expensive_instructions(kernel("\tsqrt.rn.f32 \t%f3, %f1;\n\tsqrt.rn.f32 \t%f4, %f2;\n")));
}

TEST_CASE("the build embeds the routines for the architectures ujit targets, and they link with the calls",
          "[ptx_routines][cudalink]") {
    // The build's ptxas (UJIT_PTXAS, CUDA 12 or 13 here) compiles sm_75 to sm_90 at least.
    for (const char* arch : {"sm_75", "sm_80", "sm_86", "sm_89", "sm_90"}) {
        INFO(arch << " (ptxas " << ptx_routines_compiler() << ")");
        std::string_view cubin = embedded_ptx_routines(arch);
        REQUIRE(cubin.size() > 64);
        CHECK(cubin.substr(1, 3) == "ELF");
    }
    CHECK(embedded_ptx_routines("sm_1").empty());
    if (!ujit::test::has_cuda_toolkit()) return;
    namespace cl = ujit::cudalink;
    std::optional<std::string> routed = route_expensive_instructions(kernel(kEveryKind));
    REQUIRE(routed);
    cl::LinkOptions lo;
    lo.arch = "sm_90";
    std::string routines(embedded_ptx_routines("sm_90"));
    std::string cubin = cl::link_cubin(
        {{cl::LinkKind::Ptx, *routed, "routed.ptx"}, {cl::LinkKind::Cubin, routines, "ujit_ptx_routines.cubin"}}, lo);
    CHECK(cubin.compare(1, 3, "ELF") == 0);
    // Without the routines the calls are undefined: the link says so.
    CHECK_THROWS_WITH(cl::link_cubin({{cl::LinkKind::Ptx, *routed, "routed.ptx"}}, lo), Catch::Contains("__ujit_"));
}
