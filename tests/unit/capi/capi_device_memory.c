/* Device memory beyond ujit's pool. ujit_cuda_set_device_allocator: device arrays take their
 * memory from an external allocator (an arena carved out of a device array that ujit's pool
 * made before it was set) and give it back there, on a GPU and on the host device alike.
 * ujit_cuda_set_host_allocator: the same for pinned and mapped host memory, and pins.
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

/* Host memory from an arena of mapped memory that ujit made before the allocator was set. */
typedef struct {
    unsigned char* host;
    uint64_t device;
    size_t used;
    int allocations, releases, pins, unpins, fail;
    void* last;
    size_t last_bytes;
} HostArena;

static ujit_status host_allocate(void* user, int device, size_t bytes, int mapped, void** host, uint64_t* dp) {
    HostArena* a = user;
    (void)device;
    if (a->fail) return UJIT_ERROR_RUNTIME;
    ++a->allocations;
    *host = a->host + a->used;
    *dp = mapped ? a->device + a->used : 0;
    a->used += (bytes + 255) / 256 * 256;
    a->last = *host;
    a->last_bytes = bytes;
    return UJIT_OK;
}

static void host_release(void* user, int device, void* host, uint64_t dp, size_t bytes, int mapped) {
    HostArena* a = user;
    (void)device, (void)dp, (void)mapped;
    ++a->releases;
    CHECK(host == a->last && bytes == a->last_bytes);
}

static ujit_status host_pin(void* user, int device, void* data, size_t bytes, int mapped, uint64_t* dp) {
    HostArena* a = user;
    (void)device, (void)data, (void)bytes;
    ++a->pins;
    *dp = mapped ? a->device : 0;
    return UJIT_OK;
}

static void host_unpin(void* user, int device, void* data, size_t bytes, int mapped) {
    HostArena* a = user;
    (void)device, (void)data, (void)bytes, (void)mapped;
    ++a->unpins;
}

void test_host_allocator(int gpu) {
    ujit_host_memory* arena_memory = NULL;
    CHECK(ujit_host_memory_new(1 << 16, UJIT_MEMORY_MAPPED, &arena_memory) == UJIT_OK && arena_memory);
    if (!arena_memory) return;
    HostArena arena = {
        ujit_host_memory_data(arena_memory), ujit_host_memory_device_pointer(arena_memory), 0, 0, 0, 0, 0, 0, NULL, 0};
    ujit_host_allocator alloc = {
        sizeof(ujit_host_allocator), host_allocate, host_release, host_pin, host_unpin, &arena};
    CHECK(ujit_cuda_set_host_allocator(&alloc) == UJIT_OK);

    /* Pinned and mapped memory come from the arena; managed memory stays ujit's. */
    ujit_host_memory* m = NULL;
    CHECK(ujit_host_memory_new(100, UJIT_MEMORY_MAPPED, &m) == UJIT_OK && m);
    CHECK(arena.allocations == 1 && arena.last_bytes == 100 && ujit_host_memory_data(m) == arena.last);
    uint64_t expected = gpu ? arena.device : (uint64_t)(uintptr_t)arena.last;
    CHECK(ujit_host_memory_device_pointer(m) == expected);
    ujit_host_memory_release(m);
    CHECK(arena.releases == 1);
    CHECK(ujit_host_memory_new(64, UJIT_MEMORY_MANAGED, &m) == UJIT_OK && m);
    CHECK(arena.allocations == 1);
    ujit_host_memory_release(m);

    /* Registration pins through pin() and unpins at release. */
    static double buffer[64];
    CHECK(ujit_host_register(buffer, sizeof buffer, 1, &m) == UJIT_OK && m);
    CHECK(arena.pins == 1 && arena.unpins == 0);
    ujit_host_memory_release(m);
    CHECK(arena.unpins == 1);

    /* A failing allocator fails the call with UJIT_ERROR_RUNTIME and a message. */
    arena.fail = 1;
    m = NULL;
    CHECK(ujit_host_memory_new(16, UJIT_MEMORY_PINNED, &m) == UJIT_ERROR_RUNTIME && !m);
    CHECK(strstr(ujit_last_error(), "external host allocator failed to allocate 16 bytes") != NULL);
    arena.fail = 0;

    /* Bad arguments; then NULL gives the driver back. */
    ujit_host_allocator half = {sizeof(ujit_host_allocator), host_allocate, NULL, NULL, NULL, &arena};
    CHECK(ujit_cuda_set_host_allocator(&half) == UJIT_ERROR_ARGUMENT);
    ujit_host_allocator lone_pin = {sizeof(ujit_host_allocator), host_allocate, host_release, host_pin, NULL, &arena};
    CHECK(ujit_cuda_set_host_allocator(&lone_pin) == UJIT_ERROR_ARGUMENT);
    ujit_host_allocator small = {1, host_allocate, host_release, NULL, NULL, &arena};
    CHECK(ujit_cuda_set_host_allocator(&small) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_cuda_set_host_allocator(NULL) == UJIT_OK);
    CHECK(ujit_host_memory_new(16, UJIT_MEMORY_PINNED, &m) == UJIT_OK && m);
    CHECK(arena.allocations == 1);
    ujit_host_memory_release(m);
    ujit_host_memory_release(arena_memory);
}
