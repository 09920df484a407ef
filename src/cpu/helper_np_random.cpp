#include "cpu/helper_np_random.hpp"

#include "cpu/helper_random.hpp"

#include <cmath>
#include <cstring>
#include <vector>

namespace ujit::cpu {
namespace {

// The fewest low bits that hold v (a mask of them); 0 for v == 0.
uint64_t low_mask(uint64_t v) {
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    v |= v >> 32;
    return v;
}

uint64_t bounded(MersenneTwister& g, uint64_t n) {
    if (n <= 1) return 0;  // no draw, as NumPy (rng == 0) and Numba (n == 1)
    const uint64_t last = n - 1;
    const uint64_t mask = low_mask(last);
    uint64_t r;
    if (last <= 0xFFFFFFFFu) {
        do r = g.next_uint32() & mask;
        while (r > last);
    } else {
        do {
            uint64_t hi = g.next_uint32();
            r = ((hi << 32) | g.next_uint32()) & mask;
        } while (r > last);
    }
    return r;
}

}  // namespace
}  // namespace ujit::cpu

extern "C" {

double ujit_rt_np_random_gauss(void) { return ujit::cpu::thread_np_random().next_gauss(); }

int64_t ujit_rt_np_random_randint(int64_t low, int64_t n) {
    uint64_t r = ujit::cpu::bounded(ujit::cpu::thread_np_random(), static_cast<uint64_t>(n));
    return static_cast<int64_t>(static_cast<uint64_t>(low) + r);
}

void ujit_rt_np_random_fill(int32_t kind, double* out, int64_t n, double a, double b) {
    ujit::cpu::MersenneTwister& g = ujit::cpu::thread_np_random();
    for (int64_t i = 0; i < n; ++i) {
        switch (kind) {
        case UJIT_NP_UNIFORM: out[i] = a + (b - a) * g.next_double(); break;
        case UJIT_NP_NORMAL: out[i] = a + b * g.next_gauss(); break;
        case UJIT_NP_EXPONENTIAL: out[i] = a * -std::log(1.0 - g.next_double()); break;
        default: out[i] = g.next_double(); break;
        }
    }
}

void ujit_rt_np_random_fill_int(void* out, int64_t n, int32_t itemsize, int64_t low, int64_t range) {
    ujit::cpu::MersenneTwister& g = ujit::cpu::thread_np_random();
    char* p = static_cast<char*>(out);
    for (int64_t i = 0; i < n; ++i) {
        uint64_t v = static_cast<uint64_t>(low) + ujit::cpu::bounded(g, static_cast<uint64_t>(range));
        std::memcpy(p + i * itemsize, &v, static_cast<size_t>(itemsize));  // little-endian: the low bytes
    }
}

void ujit_rt_np_random_shuffle(void* data, int64_t n, int64_t stride, int64_t itemsize) {
    ujit::cpu::MersenneTwister& g = ujit::cpu::thread_np_random();
    char* p = static_cast<char*>(data);
    std::vector<char> tmp(static_cast<size_t>(itemsize));
    for (int64_t i = n - 1; i > 0; --i) {
        int64_t j = static_cast<int64_t>(ujit::cpu::bounded(g, static_cast<uint64_t>(i) + 1));
        if (j == i) continue;
        std::memcpy(tmp.data(), p + i * stride, tmp.size());
        std::memcpy(p + i * stride, p + j * stride, tmp.size());
        std::memcpy(p + j * stride, tmp.data(), tmp.size());
    }
}

namespace {
// src's item k into dst (8-byte k itself for a null src: the population arange(n)).
void item_at(const void* src, int64_t k, int64_t stride, int64_t itemsize, char* dst) {
    if (src)
        std::memcpy(dst, static_cast<const char*>(src) + k * stride, static_cast<size_t>(itemsize));
    else
        std::memcpy(dst, &k, sizeof k);
}
}  // namespace

void ujit_rt_np_random_permute(const void* src, int64_t n, int64_t stride, int64_t itemsize, void* out) {
    char* o = static_cast<char*>(out);
    for (int64_t k = 0; k < n; ++k) item_at(src, k, stride, itemsize, o + k * itemsize);
    ujit_rt_np_random_shuffle(out, n, itemsize, itemsize);
}

int32_t ujit_rt_np_random_choice(const void* src, int64_t n, int64_t stride, int64_t itemsize, void* out, int64_t m,
                                 int32_t replace) {
    ujit::cpu::MersenneTwister& g = ujit::cpu::thread_np_random();
    char* o = static_cast<char*>(out);
    if (replace) {
        if (m > 0 && n <= 0) return 1;
        for (int64_t i = 0; i < m; ++i) {
            int64_t j = static_cast<int64_t>(ujit::cpu::bounded(g, static_cast<uint64_t>(n)));
            item_at(src, j, stride, itemsize, o + i * itemsize);
        }
        return 0;
    }
    if (m > n) return 2;
    std::vector<char> pool(static_cast<size_t>(n * itemsize));
    for (int64_t k = 0; k < n; ++k) item_at(src, k, stride, itemsize, pool.data() + k * itemsize);
    std::vector<char> tmp(static_cast<size_t>(itemsize));
    for (int64_t i = 0; i < m; ++i) {  // Numba: j = np.random.randint(i, n); swap; out[i] = pool[i]
        int64_t j = i + static_cast<int64_t>(ujit::cpu::bounded(g, static_cast<uint64_t>(n - i)));
        char* pi = pool.data() + i * itemsize;
        char* pj = pool.data() + j * itemsize;
        std::memcpy(tmp.data(), pi, tmp.size());
        std::memcpy(pi, pj, tmp.size());
        std::memcpy(pj, tmp.data(), tmp.size());
        std::memcpy(o + i * itemsize, pi, tmp.size());
    }
    return 0;
}
}
