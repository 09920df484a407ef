/* Device memory beyond ujit's pool. ujit_cuda_set_device_allocator: device arrays take their
 * memory from an external allocator (an arena carved out of a device array that ujit's pool
 * made before it was set) and give it back there, on a GPU and on the host device alike.
 * ujit_cuda_ipc_*: a handle of an allocation on a GPU, a refusal on the host device (opening
 * needs another process: tests/python/test_cuda_ipc.py). */
#include "capi_test.h"

typedef struct {
    uint64_t base;
    size_t used;
    int allocations, releases, fail;
    uint64_t last_ptr;
    size_t last_bytes;
} Arena;

static ujit_status arena_allocate(void* user, int device, size_t bytes, uint64_t* ptr) {
    Arena* a = user;
    (void)device;
    if (a->fail) return UJIT_ERROR_RUNTIME;
    ++a->allocations;
    *ptr = a->base + a->used;
    a->used += (bytes + 255) / 256 * 256;
    a->last_ptr = *ptr;
    a->last_bytes = bytes;
    return UJIT_OK;
}

static void arena_release(void* user, int device, uint64_t ptr, size_t bytes) {
    Arena* a = user;
    (void)device;
    ++a->releases;
    CHECK(ptr == a->last_ptr && bytes == a->last_bytes);
}

static void test_ipc_handles(const ujit_device_array* memory, const DLTensor* view) {
    unsigned char handle[64];
    uint64_t offset = 7;
    const char* reason = NULL;
    uint64_t address = (uint64_t)(uintptr_t)view->data;
    if (!ujit_cuda_available(&reason)) {
        CHECK(ujit_cuda_ipc_get_handle(address, handle, &offset) == UJIT_ERROR_RUNTIME);
        CHECK(strstr(ujit_last_error(), "needs a CUDA device") != NULL);
        return;
    }
    CHECK(ujit_cuda_ipc_get_handle(address, handle, &offset) == UJIT_OK && offset == 0);
    CHECK(ujit_cuda_ipc_get_handle(address + 512, handle, &offset) == UJIT_OK && offset == 512);
    (void)memory;
    CHECK(ujit_cuda_ipc_get_handle(address, NULL, &offset) == UJIT_ERROR_ARGUMENT);
}

void test_device_allocator(void) {
    int64_t arena_shape[1] = {1 << 16};
    ujit_device_array* memory = NULL;
    CHECK(ujit_device_array_new(arena_shape, 1, UJIT_UINT8, 0, &memory) == UJIT_OK && memory);
    if (!memory) return;
    const DLTensor* view = NULL;
    CHECK(ujit_device_array_dltensor(memory, &view) == UJIT_OK);
    Arena arena = {(uint64_t)(uintptr_t)view->data, 0, 0, 0, 0, 0, 0};
    ujit_device_allocator alloc = {sizeof(ujit_device_allocator), arena_allocate, arena_release, &arena};
    CHECK(ujit_cuda_set_device_allocator(-1, &alloc) == UJIT_OK);

    /* A round trip through memory the arena gave. */
    double x[6] = {1.5, 2.5, 3.5, 4.5, 5.5, 6.5}, back[6] = {0};
    int64_t shape[1] = {6};
    DLTensor tx = tensor(x, 1, shape, NULL, kDLFloat, 64), tback = tensor(back, 1, shape, NULL, kDLFloat, 64);
    ujit_device_array* d = NULL;
    CHECK(ujit_device_array_from_host(&tx, NULL, &d) == UJIT_OK && d);
    CHECK(arena.allocations == 1 && arena.last_bytes == sizeof x);
    CHECK(ujit_device_array_copy_to_host(d, &tback, NULL) == UJIT_OK && memcmp(x, back, sizeof x) == 0);
    ujit_device_array_release(d);
    CHECK(arena.releases == 1);

    /* A failing allocator fails the call with UJIT_ERROR_RUNTIME and a message. */
    arena.fail = 1;
    d = NULL;
    CHECK(ujit_device_array_new(shape, 1, UJIT_FLOAT32, 0, &d) == UJIT_ERROR_RUNTIME && !d);
    CHECK(strstr(ujit_last_error(), "external device allocator failed") != NULL);
    arena.fail = 0;

    /* Bad arguments; then NULL gives the pool back. */
    ujit_device_allocator half = {sizeof(ujit_device_allocator), arena_allocate, NULL, &arena};
    CHECK(ujit_cuda_set_device_allocator(-1, &half) == UJIT_ERROR_ARGUMENT);
    ujit_device_allocator small = {1, arena_allocate, arena_release, &arena};
    CHECK(ujit_cuda_set_device_allocator(-1, &small) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_cuda_set_device_allocator(-1, NULL) == UJIT_OK);
    CHECK(ujit_device_array_new(shape, 1, UJIT_FLOAT32, 0, &d) == UJIT_OK);
    CHECK(arena.allocations == 1);
    ujit_device_array_release(d);
    CHECK(arena.releases == 1);
    test_ipc_handles(memory, view);
    ujit_device_array_release(memory);
}
