#include "cudalink/nvrtc_compile.hpp"

#include <atomic>
#include <optional>
#include <regex>

#include <unistd.h>

#include <fmt/format.h>

#include "cache/disk_cache.hpp"
#include "cache/hash.hpp"
#include "cudalink/toolkit_libs.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cudalink {
namespace {

std::atomic<size_t> compilations{0};

// "sm_90" / "compute_90" / "90" → "90"; anything else is refused before NVRTC sees it.
std::string arch_number(const std::string& arch) {
    std::string digits = arch;
    for (const char* prefix : {"sm_", "compute_", "lto_"})
        if (digits.rfind(prefix, 0) == 0) digits = digits.substr(std::char_traits<char>::length(prefix));
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: '{}' is not a CUDA architecture (expected sm_NN)", arch));
    return digits;
}

std::vector<std::string> nvrtc_options(const CudaCompileOptions& o) {
    std::string n = arch_number(o.arch);
    std::vector<std::string> opts;
    // PTX and LTO-IR are for a virtual architecture; a cubin for the real one.
    opts.push_back(o.output == CudaOutput::Cubin ? "--gpu-architecture=sm_" + n : "--gpu-architecture=compute_" + n);
    if (o.output == CudaOutput::LtoIr) opts.push_back("-dlto");
    if (o.relocatable || o.output == CudaOutput::LtoIr) opts.push_back("-rdc=true");
    if (std::string inc = cuda_include_dir(); !inc.empty()) {
        opts.push_back("-I" + inc);
        // CUDA 13 keeps libcu++/CUB/Thrust (CCCL) apart, and the toolkit's own headers
        // (curand_kernel.h: <cuda/std/type_traits>) include them; numba-cuda adds it too.
        if (std::string cccl = inc + "/cccl"; access((cccl + "/cuda/std/type_traits").c_str(), R_OK) == 0)
            opts.push_back("-I" + cccl);
    }
    opts.insert(opts.end(), o.extra.begin(), o.extra.end());
    return opts;
}

const char* output_name(CudaOutput o) {
    switch (o) {
    case CudaOutput::Ptx: return "ptx";
    case CudaOutput::Cubin: return "cubin";
    case CudaOutput::LtoIr: return "ltoir";
    }
    return "?";
}

// Everything the output depends on that ujit can see: headers the source #includes are not
// part of it (as in CuPy's cache); the NVRTC library is (its builtin headers ship with it),
// by its file's identity, so that a hit loads no library.
std::string cache_key(const CudaSource& s, const std::vector<std::string>& opts, CudaOutput out,
                      const std::string& nvrtc_id) {
    std::string key =
        fmt::format("kind=nvrtc\noutput={}\nnvrtc={}\nname={}\nsource={}\nsource_bytes={}\n", output_name(out),
                    nvrtc_id, s.name, cache::hex64(cache::fnv1a64(s.text)), s.text.size());
    for (const std::string& o : opts) key += "option=" + o + "\n";
    return key;
}

std::string program_log(const NvrtcApi& api, nvrtcProgram prog) {
    size_t size = 0;
    if (api.GetProgramLogSize(prog, &size) != NVRTC_SUCCESS || size <= 1) return {};
    std::string log(size, '\0');
    if (api.GetProgramLog(prog, log.data()) != NVRTC_SUCCESS) return {};
    log.resize(size - 1);  // the terminating NUL
    return log;
}

std::string program_code(const NvrtcApi& api, nvrtcProgram prog, CudaOutput out) {
    auto get = [&](auto size_fn, auto data_fn, bool text) {
        size_t size = 0;
        std::string code;
        if (size_fn(prog, &size) == NVRTC_SUCCESS) {
            code.resize(size);
            if (data_fn(prog, code.data()) != NVRTC_SUCCESS) code.clear();
        }
        if (text && !code.empty() && code.back() == '\0') code.pop_back();
        return code;
    };
    switch (out) {
    case CudaOutput::Ptx: return get(api.GetPTXSize, api.GetPTX, true);
    case CudaOutput::Cubin: return get(api.GetCUBINSize, api.GetCUBIN, false);
    case CudaOutput::LtoIr: return get(api.GetLTOIRSize, api.GetLTOIR, false);
    }
    return {};
}

// The first located error of a formatted log, for Error's file/line/column.
void first_location(const std::string& formatted, std::string* file, int* line, int* col) {
    static const std::regex loc(R"(^(.*):(\d+):(\d+): (?:fatal )?error: )");
    std::smatch m;
    size_t start = 0;
    while (start < formatted.size()) {
        size_t end = formatted.find('\n', start);
        std::string l = formatted.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (std::regex_search(l, m, loc)) {
            *file = m[1];
            *line = std::stoi(m[2]);
            *col = std::stoi(m[3]);
            return;
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }
}

}  // namespace

std::string format_nvrtc_log(const std::string& log) {
    // NVRTC: "NAME(LINE): error: MSG" (also "warning #177-D:", "catastrophic error:"), then
    // the source line indented by two spaces and a caret line under the column.
    static const std::regex head(R"(^(.*)\((\d+)\): (error|warning|catastrophic error)( #[0-9A-Za-z-]+)?: (.*)$)");
    std::vector<std::string> lines;
    for (size_t start = 0; start <= log.size();) {
        size_t end = log.find('\n', start);
        if (end == std::string::npos) end = log.size();
        lines.push_back(log.substr(start, end - start));
        start = end + 1;
    }
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_match(lines[i], m, head)) {
            // NVRTC's summary lines ("1 error detected...", "Remark: ...") add nothing.
            continue;
        }
        int col = 1;
        std::string source_line;
        if (i + 2 < lines.size() && lines[i + 2].find_first_not_of(' ') != std::string::npos &&
            lines[i + 2][lines[i + 2].find_first_not_of(' ')] == '^') {
            size_t caret = lines[i + 2].find('^');
            col = caret >= 2 ? static_cast<int>(caret) - 1 : 1;  // the 2-space indent
            source_line = lines[i + 1].size() >= 2 ? lines[i + 1].substr(2) : lines[i + 1];
            i += 2;
        }
        std::string kind = m[3] == "catastrophic error" ? "fatal error" : std::string(m[3]);
        out += fmt::format("{}:{}:{}: {}: {}\n", std::string(m[1]), std::string(m[2]), col, kind, std::string(m[5]));
        if (!source_line.empty()) out += fmt::format("  {}\n  {}^\n", source_line, std::string(col - 1, ' '));
    }
    if (out.empty()) return log;  // an unrecognized log: as NVRTC wrote it
    if (out.back() == '\n') out.pop_back();
    return out;
}

std::string compile_cuda(const CudaSource& source, const CudaCompileOptions& options) {
    std::vector<std::string> opts = nvrtc_options(options);
    std::string name = source.name.empty() ? "kernel.cu" : source.name;

    std::optional<cache::DiskCache> disk = cache::DiskCache::from_env();
    std::string key;
    if (disk) {
        std::string id = nvrtc_identity();
        if (id.empty()) id = fmt::format("version {}.{}", nvrtc().major, nvrtc().minor);
        key = cache_key(source, opts, options.output, id);
        if (std::optional<std::string> hit = disk->load(key)) return *hit;
    }

    const NvrtcApi& api = nvrtc();
    nvrtcProgram prog = nullptr;
    if (nvrtcResult r = api.CreateProgram(&prog, source.text.c_str(), name.c_str(), 0, nullptr, nullptr);
        r != NVRTC_SUCCESS)
        throw Error(Error::Kind::Runtime, fmt::format("error: nvrtcCreateProgram: {}", api.GetErrorString(r)));
    std::vector<const char*> argv;
    for (const std::string& o : opts) argv.push_back(o.c_str());
    nvrtcResult r = api.CompileProgram(prog, static_cast<int>(argv.size()), argv.data());
    compilations.fetch_add(1, std::memory_order_relaxed);
    std::string log = program_log(api, prog);
    std::string code = r == NVRTC_SUCCESS ? program_code(api, prog, options.output) : std::string();
    api.DestroyProgram(&prog);

    if (r == NVRTC_ERROR_INVALID_OPTION)
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: NVRTC refused the options of {} ({}): {}", name, fmt::join(opts, " "), log));
    if (r != NVRTC_SUCCESS) {
        std::string formatted = format_nvrtc_log(log);
        if (formatted.empty()) formatted = fmt::format("{}: error: {}", name, api.GetErrorString(r));
        std::string file;
        int line = 0, col = 0;
        first_location(formatted, &file, &line, &col);
        throw Error(Error::Kind::Compile, formatted, file, line, col);
    }
    if (code.empty())
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: NVRTC produced no {} for {}", output_name(options.output), name));
    if (disk) disk->store(key, code);
    return code;
}

size_t nvrtc_compilations() { return compilations.load(std::memory_order_relaxed); }

}  // namespace ujit::cudalink
