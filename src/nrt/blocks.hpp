// Where the array runtime's blocks come from (nrt.cpp asks) and the allocation counters.
//
// Compiled code that makes a small temporary per loop iteration spends most of the loop in
// the allocation (issue 18: a 3-element np.empty per iteration ran 1.35x Numba's time):
//   - counters are per thread, plain increments (no lock-prefixed add per allocation and
//     per release: Numba's are off by default); ujit_nrt_get_stats sums the threads';
//   - small blocks (header and data together, <= 256 bytes) are kept on a per-thread free
//     list when released, and taken from it first;
//   - large blocks (>= 4 MiB, NumPy's huge-page threshold) are mapped with their data on a
//     2 MiB boundary and advised to be huge pages end to end: the fresh output of
//     `a * x + y` faults 2 MiB at a time, not 4 KiB at its unaligned ends; the last one a
//     thread released (up to 256 MiB) is kept, lazily freed (MADV_FREE), for its next one
//     of the same size, so a function called again and again with arrays of one size does
//     not fault and zero its result's pages on every call (glibc keeps blocks below 32 MiB
//     in its heap for the same reason; NumPy's 80 MB arrays are mapped anew every time).
// Under AddressSanitizer every block is malloc's, so use-after-free and leaks stay visible.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ujit::nrt {

enum class BlockKind : uint8_t { Malloc, Small, Mapped };

// A block for a header of `header` bytes followed by `nbytes` of data aligned to `align` (a
// power of two >= 16): the block's start (the header goes there), *data and *kind set;
// nullptr when out of memory. Counts an allocation.
void* get_block(size_t header, size_t nbytes, size_t align, void** data, BlockKind* kind);
// Gives back a block get_block made for `nbytes` of data. Counts a release.
void put_block(void* block, BlockKind kind, size_t nbytes);

// Headers that adopt memory someone else owns (ujit_nrt_adopt): made / released.
void count_adopted(bool made);

// The process's totals: blocks allocated and freed, adopted headers made and released.
struct BlockTotals {
    uint64_t alloc, free, adopt, adopt_free;
};
BlockTotals block_totals();

}  // namespace ujit::nrt
