// What kind of memory a pointer is, as the driver sees it (unified addressing): how a kernel
// argument's ArrayRef is told apart as device memory (passed as is) or host memory (copied).
#pragma once

namespace ujit::cuda {

bool is_device_pointer(const void* p);
// Page-locked host memory (cuMemAllocHost / registered): asynchronous copies are safe.
bool is_pinned_host_pointer(const void* p);

}  // namespace ujit::cuda
