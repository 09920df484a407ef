// The array runtime's blocks and counters (blocks.hpp says why each path exists).
#include "nrt/blocks.hpp"

#include "runtime/huge_pages.hpp"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <utility>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace ujit::nrt {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kRecycle = false;  // ASan sees every malloc and free
#else
constexpr bool kRecycle = true;
#endif

constexpr size_t kSmallBytes = 256;  // a small block's size, header and data together
constexpr size_t kSmallKept = 64;    // small blocks a thread keeps for reuse
constexpr size_t kPage = 4096;
constexpr size_t kHugePage = size_t(1) << 21;
constexpr size_t kLargeKeptMax = size_t(256) << 20;  // the largest block a thread keeps

enum Event { kAlloc, kFree, kAdopt, kAdoptFree, kEvents };

struct FreeBlock {
    FreeBlock* next;
};

// One per thread. Only the owning thread writes its counters (relaxed load and store, no
// read-modify-write); block_totals reads them under g_registry. Trivially destructible, so
// that reaching it costs one thread-local lookup (a destructor adds a guard lookup to every
// use; in a dlopen'ed library each lookup is a call): ThreadExit cleans up.
struct ThreadBlocks {
    std::atomic<uint64_t> counts[kEvents] = {};
    FreeBlock* small = nullptr;
    size_t n_small = 0;
    // The last large (mapped) block released, kept for the next of the same size: its pages
    // stay faulted in, where a new mapping faults and zeroes every one again (most of the
    // cost of a*x+y over 10M float64 after the loop itself). Lazily freed (MADV_FREE), so
    // under memory pressure the kernel takes the pages back instead of swapping them.
    char* large = nullptr;
    size_t large_body = 0;
    ThreadBlocks* prev = nullptr;
    ThreadBlocks* next = nullptr;
    bool listed = false;
    bool gone = false;  // its thread is exiting: counts go to g_retired, blocks to free()
    void retire();
};

// Made on a thread's first counted event: at the thread's exit, retires its ThreadBlocks.
struct ThreadExit {
    bool armed = false;
    ~ThreadExit();
};

std::mutex g_registry;  // guards g_threads and the listed threads' links
ThreadBlocks* g_threads = nullptr;
std::atomic<uint64_t> g_retired[kEvents] = {};  // exited threads' counts

constinit thread_local ThreadBlocks t_blocks;
thread_local ThreadExit t_exit;

// The calling thread's blocks, looked up once: the empty asm keeps the compiler from
// looking the address up again at each use.
ThreadBlocks& this_thread() {
    ThreadBlocks* t = &t_blocks;
    asm("" : "+r"(t));
    return *t;
}

ThreadExit::~ThreadExit() {
    if (armed) t_blocks.retire();
}

void ThreadBlocks::retire() {
    {
        std::lock_guard<std::mutex> lock(g_registry);
        for (int k = 0; k < kEvents; ++k) {
            g_retired[k].fetch_add(counts[k].load(std::memory_order_relaxed), std::memory_order_relaxed);
            counts[k].store(0, std::memory_order_relaxed);
        }
        if (listed) {
            (prev ? prev->next : g_threads) = next;
            if (next) next->prev = prev;
            listed = false;
        }
        gone = true;
    }
    while (small) {
        FreeBlock* next_block = small->next;
        std::free(small);
        small = next_block;
    }
    n_small = 0;
#ifdef __linux__
    if (large) munmap(large, kPage + large_body);
#endif
    large = nullptr;
}

[[gnu::always_inline]] inline void count(ThreadBlocks& t, Event e) {
    if (t.gone) {
        g_retired[e].fetch_add(1, std::memory_order_relaxed);
        return;
    }
    if (!t.listed) {
        t_exit.armed = true;
        std::lock_guard<std::mutex> lock(g_registry);
        t.next = g_threads;
        if (g_threads) g_threads->prev = &t;
        g_threads = &t;
        t.listed = true;
    }
    t.counts[e].store(t.counts[e].load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

char* align_up(char* p, size_t align) {
    return reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(p) + align - 1) & ~(uintptr_t{align} - 1));
}

size_t mapped_body(size_t nbytes) { return (nbytes + kHugePage - 1) & ~(kHugePage - 1); }

// [page of the header][data from a 2 MiB boundary, whole 2 MiB pages]: mapped with room to
// slide, then the parts before and after unmapped. nullptr where mmap fails (malloc then).
char* map_large(ThreadBlocks& t, size_t nbytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t body = mapped_body(nbytes);
    if (t.large && t.large_body == body) {
        char* kept = t.large;
        t.large = nullptr;
        return kept;
    }
    const size_t len = body + kHugePage;
    void* m = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    char* map = static_cast<char*>(m);
    char* start = align_up(map + kPage, kHugePage) - kPage;
    char* end = start + kPage + body;
    if (start > map) munmap(map, static_cast<size_t>(start - map));
    if (map + len > end) munmap(end, static_cast<size_t>(map + len - end));
    runtime::advise_huge_pages(start, kPage + body);
    return start;
#else
    (void)nbytes;
    return nullptr;
#endif
}

}  // namespace

void* get_block(size_t header, size_t nbytes, size_t align, void** data, BlockKind* kind) {
    ThreadBlocks& t = this_thread();
    const size_t need = header + (align - 16) + nbytes;  // malloc aligns to 16
    char* block = nullptr;
    if (kRecycle && need <= kSmallBytes && !t.gone) {
        if (t.small) {
            block = reinterpret_cast<char*>(t.small);
            t.small = t.small->next;
            --t.n_small;
        } else if (!(block = static_cast<char*>(std::malloc(kSmallBytes)))) {
            return nullptr;
        }
        *kind = BlockKind::Small;
    } else if (kRecycle && nbytes >= runtime::kHugePageMinBytes && header <= kPage && align <= kPage &&
               (block = map_large(t, nbytes))) {
        *kind = BlockKind::Mapped;
        *data = block + kPage;
        count(t, kAlloc);
        return block;
    } else {
        if (!(block = static_cast<char*>(std::malloc(need)))) return nullptr;
        *kind = BlockKind::Malloc;
    }
    *data = align_up(block + header, align);
    if (*kind == BlockKind::Malloc) runtime::advise_huge_pages(*data, nbytes);
    count(t, kAlloc);
    return block;
}

void put_block(void* block, BlockKind kind, size_t nbytes) {
    ThreadBlocks& t = this_thread();
    count(t, kFree);
    if (kind == BlockKind::Small && !t.gone && t.n_small < kSmallKept) {
        auto* f = static_cast<FreeBlock*>(block);
        f->next = t.small;
        t.small = f;
        ++t.n_small;
        return;
    }
#ifdef __linux__
    if (kind == BlockKind::Mapped) {
        char* unmap = static_cast<char*>(block);
        size_t body = mapped_body(nbytes);
        if (!t.gone && body <= kLargeKeptMax) {  // keep this one, unmap the one kept before
#ifdef MADV_FREE
            madvise(unmap + kPage, body, MADV_FREE);  // a hint: errors ignored
#endif
            std::swap(unmap, t.large);
            std::swap(body, t.large_body);
        }
        if (unmap) munmap(unmap, kPage + body);
        return;
    }
#endif
    std::free(block);
}

void count_adopted(bool made) { count(this_thread(), made ? kAdopt : kAdoptFree); }

BlockTotals block_totals() {
    std::lock_guard<std::mutex> lock(g_registry);
    uint64_t n[kEvents];
    for (int k = 0; k < kEvents; ++k) n[k] = g_retired[k].load(std::memory_order_relaxed);
    for (ThreadBlocks* t = g_threads; t; t = t->next)
        for (int k = 0; k < kEvents; ++k) n[k] += t->counts[k].load(std::memory_order_relaxed);
    return {n[kAlloc], n[kFree], n[kAdopt], n[kAdoptFree]};
}

}  // namespace ujit::nrt
