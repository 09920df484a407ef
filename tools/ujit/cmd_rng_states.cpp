// ujit rng-states N SEED [--subsequence-start K] -o STATES.npy: numba.cuda.random's states
// as a .npy for `ujit run` (create_xoroshiro128p_states on the host, ujit's uint64 (N, 2)).
#include "commands.hpp"

#include "runtime/npy.hpp"
#include "ujit/cuda.hpp"

#include <charconv>
#include <cstdio>

namespace ujit::cli {

namespace {

// A decimal integer in [lo, 2^64); a negative one wraps to uint64 as Numba's uint64(seed).
uint64_t parse_u64(const std::string& what, const std::string& text, bool allow_negative) {
    const bool negative = !text.empty() && text[0] == '-';
    uint64_t v = 0;
    const char* first = text.data() + (negative ? 1 : 0);
    const char* last = text.data() + text.size();
    auto [end, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || end != last || first == last || (negative && !allow_negative) ||
        (negative && v > (uint64_t{1} << 63)))
        throw UsageError("invalid " + what + " '" + text + "'");
    return negative ? ~v + 1 : v;
}

}  // namespace

int run_rng_states(const ParsedArgs& args) {
    auto out = args.get("-o");
    if (!out) throw UsageError("rng-states needs -o STATES.npy");
    const uint64_t n = parse_u64("number of states", args.positional[0], false);
    if (n > (uint64_t{1} << 40)) throw UsageError("too many states '" + args.positional[0] + "'");
    const uint64_t seed = parse_u64("seed", args.positional[1], true);
    const uint64_t start = parse_u64("subsequence start", args.get_or("--subsequence-start", "0"), false);
    Array states = cuda::create_xoroshiro128p_states(static_cast<int64_t>(n), seed, start);
    runtime::write_npy(*out, states.ref());
    return 0;
}

}  // namespace ujit::cli
