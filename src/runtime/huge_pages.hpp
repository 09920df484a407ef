// Large array buffers asked to be backed by transparent huge pages, as NumPy's allocator
// asks for its arrays (madvise(MADV_HUGEPAGE) from 4 MiB, numpy/_core/src/multiarray/
// alloc.c). Where the kernel gives huge pages only on request (transparent_hugepage
// "madvise", the common default), a loop streaming a 4 KB-paged array misses the TLB once
// per page: a.max() of a 10M float64 array took about 1.5x as long here as on NumPy's.
#pragma once

#include <cstddef>

namespace ujit::runtime {

constexpr size_t kHugePageMinBytes = size_t(1) << 22;  // 4 MiB, NumPy's threshold

// Asks for huge pages for every page [p, p + bytes) touches when bytes >= 4 MiB; a hint,
// so nothing happens where the system has no transparent huge pages (or is not Linux).
void advise_huge_pages(void* p, size_t bytes);

}  // namespace ujit::runtime
