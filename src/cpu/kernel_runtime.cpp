// Running a CUDA kernel compiled for the CPU: blocks in parallel on the thread pool, the
// work-items of one block on the pool thread that took it.
//
// Most kernels come with a block function (cpu/kernel_block.hpp): one call runs the whole
// block, its work-items as compiled loops, barriers by loop fission. The others: a kernel
// without any barrier (known at compile time: KernelInfo::uses_barrier) runs its block's
// work-items one after the other as a plain loop of calls: no work-item can observe the
// order, because without a barrier CUDA promises nothing about it either. With barriers
// each work-item is a fiber (cpu/fiber.hpp says why fibers): they run round-robin, each
// until it reaches the next barrier or ends; when all have, the round is over and the
// barrier's result (syncthreads_count/and/or) is known to all. A finished work-item counts
// as arrived, as on Volta and later GPUs.
#include "cpu/kernel_runtime.hpp"
#include "cpu/kernel_warp.hpp"

#include "codegen/abi.hpp"
#include "cpu/fiber.hpp"
#include "cpu/helper_errors.hpp"
#include "cpu/kernel_signals.hpp"
#include "runtime/kernel_raise_error.hpp"
#include "runtime/thread_pool.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csetjmp>
#include <cstddef>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <vector>

namespace ujit::cpu {

namespace {

thread_local KernelContext* current_context = nullptr;

// The first error of a launch (bounds checking, a fault), and whether any block failed;
// and the first raise of a debug=True kernel (codegen/kernel_raise.hpp), which fails nothing.
struct LaunchErrors {
    std::mutex mu;
    std::atomic<bool> failed{false};
    std::string message;
    std::atomic<bool> raised{false};
    codegen::RaiseSite raise;
    int32_t raise_tid[3] = {0, 0, 0}, raise_ctaid[3] = {0, 0, 0};
    const KernelLaunch* launch = nullptr;
    const LaunchSignals* signals = nullptr;
    // Whether blocks not yet started should not run: a block failed, or Ctrl-C was pressed.
    bool stopping() const { return failed.load(std::memory_order_relaxed) || signals->interrupted(); }
    void record(std::string what) {
        std::lock_guard lock(mu);
        if (failed.load()) return;
        message = std::move(what);
        failed.store(true);
    }
};
thread_local LaunchErrors* current_errors = nullptr;
// Where a failed work-item of a block run as a loop leaves to (the pool thread's chunk):
// setjmp returns kEscapeFailed there when it failed the launch, kEscapeExited when it
// ended itself (a raise) and the block goes on with the next work-item.
thread_local std::jmp_buf* current_escape = nullptr;
constexpr int kEscapeFailed = 1, kEscapeExited = 2;

constexpr int64_t kMaxThreadsPerBlock = 1024;  // CUDA's limit, kept so launches port both ways
// The block's shared memory and its dynamic part start page-aligned: a dynamic shared
// array's alignment= (up to a page) then holds without moving it past the launch's bytes.
constexpr size_t kSharedAlign = 4096;

struct WorkItem;

// One block's barrier state, while its work-items run as fibers.
struct BlockRun {
    bool failed = false;                  // a work-item raised: the block stops
    int32_t count = 0, all = 1, any = 0;  // the predicates of the work-items at the barrier
    int32_t result[3] = {0, 1, 0};        // the last completed barrier's count/and/or
    WarpSlot* warp_slots = nullptr;       // one per work-item, in linear thread order
};

// Where a suspended work-item waits: at a block barrier, or at a warp function (its warp's
// work-items meet there, kernel_warp.hpp).
enum class Wait : uint8_t { Running, Barrier, Warp };

struct WorkItem {
    KernelContext ctx;
    Fiber fiber;
    const KernelLaunch* launch = nullptr;
    BlockRun* block = nullptr;
    bool done = false;
    Wait wait = Wait::Running;
    uint32_t index = 0;  // linear thread index in the block
};
// ujit_rt_kernel_barrier_op finds the running work-item from its context, the first member.
static_assert(std::is_standard_layout_v<WorkItem> && offsetof(WorkItem, ctx) == 0);

void run_work_item(const KernelLaunch& l) {
    if (l.body)
        l.body();
    else
        l.packed(l.args, nullptr);
}

void work_item_main(void* p) {
    auto* w = static_cast<WorkItem*>(p);
    run_work_item(*w->launch);
    w->done = true;
    for (;;) w->fiber.suspend();  // never resumed again
}

// The block's shared memory for this pool thread, reused across blocks: static arrays
// first, then the dynamic part (both page-aligned). CUDA leaves it uninitialized.
char* thread_shared_memory(size_t bytes) {
    thread_local std::vector<char> storage;
    if (storage.size() < bytes + kSharedAlign) storage.resize(bytes + kSharedAlign);
    auto addr = reinterpret_cast<uintptr_t>(storage.data());
    return storage.data() + ((kSharedAlign - addr % kSharedAlign) % kSharedAlign);
}

size_t align_up(size_t n) { return (n + kSharedAlign - 1) / kSharedAlign * kSharedAlign; }

void set_block_index(KernelContext& ctx, const KernelLaunch& l, int64_t linear_block) {
    ctx.ctaid[0] = uint32_t(linear_block % l.grid[0]);
    ctx.ctaid[1] = uint32_t(linear_block / l.grid[0] % l.grid[1]);
    ctx.ctaid[2] = uint32_t(linear_block / (int64_t(l.grid[0]) * l.grid[1]));
}

KernelContext base_context(const KernelLaunch& l, char* shared) {
    KernelContext ctx{};
    for (int d = 0; d < 3; ++d) {
        ctx.ntid[d] = l.block[d];
        ctx.nctaid[d] = l.grid[d];
    }
    ctx.shared = shared;
    ctx.dynamic_shared = shared + align_up(size_t(l.info->static_shared_bytes));
    ctx.dynamic_shared_bytes = l.dynamic_shared;
    return ctx;
}

// Whether one call of the kernel's block function runs a whole block, its work-items as
// loops compiled in (cpu/kernel_block.hpp); the ufunc loop kernel (`body`) has none.
bool runs_whole_blocks(const KernelLaunch& l) { return l.info->block && !l.body; }

// Barrier-free: the block's work-items as a loop, x fastest (CUDA's linear thread order),
// from linear thread index `from` on.
void run_block_loop(const KernelLaunch& l, int64_t linear_block, KernelContext& ctx, uint64_t from) {
    set_block_index(ctx, l, linear_block);
    current_context = &ctx;  // reset by ujit_rt_kernel_raise's longjmp too: restored below
    if (runs_whole_blocks(l)) {
        l.info->block(l.args);
        current_context = nullptr;
        return;
    }
    const uint64_t threads = uint64_t(l.block[0]) * l.block[1] * l.block[2];
    for (uint64_t i = from; i < threads; ++i) {
        ctx.tid[0] = uint32_t(i % l.block[0]);
        ctx.tid[1] = uint32_t(i / l.block[0] % l.block[1]);
        ctx.tid[2] = uint32_t(i / (uint64_t(l.block[0]) * l.block[1]));
        run_work_item(l);
    }
    current_context = nullptr;
}

void run_blocks(const KernelLaunch& l, int64_t& block, int64_t last, KernelContext& base, const LaunchErrors& errors,
                uint64_t from) {
    for (; block < last && !errors.stopping(); ++block, from = 0) run_block_loop(l, block, base, from);
}

// The linear index of the work-item `ctx` names, in its block.
uint64_t linear_thread(const KernelLaunch& l, const KernelContext& ctx) {
    return ctx.tid[0] + uint64_t(l.block[0]) * (ctx.tid[1] + uint64_t(l.block[1]) * ctx.tid[2]);
}

// A failed check in a block run as a loop longjmps back here: the same stack, and the
// frames it skips (the block loop's, the kernel's) hold nothing to destroy. A work-item that
// ended itself (kEscapeExited) comes back here too, and its block goes on after it.
void run_blocks_escapable(const KernelLaunch& l, int64_t first, int64_t last, KernelContext& base,
                          const LaunchErrors& errors, int64_t& block) {
    std::jmp_buf escape;
    std::jmp_buf* saved = current_escape;
    current_escape = &escape;
    block = first;
    // Read after a longjmp: only what lives in memory (block, base) decides where to go on.
    int how = setjmp(escape);
    if (how == 0) {
        run_blocks(l, block, last, base, errors, 0);
    } else if (how == kEscapeExited) {
        uint64_t next = linear_thread(l, base) + 1;
        if (next == uint64_t(l.block[0]) * l.block[1] * l.block[2]) {
            ++block;
            next = 0;
        }
        run_blocks(l, block, last, base, errors, next);
    }
    current_escape = saved;
}

// The GPU's words for the same fault (cudadrv/fault_check.cpp), then what the host saw.
std::string fault_message(const KernelLaunch& l, const KernelFault& fault, int64_t linear_block) {
    KernelContext ctx{};
    set_block_index(ctx, l, linear_block);
    return fmt::format("error: CUDA error: kernel launch failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory "
                       "access was encountered); kernel '{}' faulted on the host device ({} at address {} in block "
                       "({}, {}, {}))",
                       l.name, signal_name(fault.signal), fault.address, ctx.ctaid[0], ctx.ctaid[1], ctx.ctaid[2]);
}

// A warp function executed by a lane its mask leaves out: PTX leaves it undefined and the GPU
// stops the kernel with an illegal instruction, so the host device refuses it too. (A mask
// naming lanes past a partial warp's end is fine on the GPU: numba-cuda's test_sync does it.)
// False after recording the error.
bool check_warp_mask(const KernelContext& ctx, const WarpSlot& slot, uint32_t lane) {
    if (WarpOp(slot.op) == WarpOp::Activemask || (slot.mask >> lane & 1)) return true;
    LaunchErrors* errors = current_errors;
    errors->record(fmt::format(
        "error: CUDA error: kernel launch failed: CUDA_ERROR_ILLEGAL_INSTRUCTION (an illegal instruction was "
        "encountered); kernel '{}': thread ({}, {}, {}) of block ({}, {}, {}), lane {} of its warp, called a warp "
        "function whose mask {:#010x} leaves that lane out",
        errors->launch->name, ctx.tid[0], ctx.tid[1], ctx.tid[2], ctx.ctaid[0], ctx.ctaid[1], ctx.ctaid[2], lane,
        slot.mask));
    return false;
}

// Releases the work-items waiting at warp functions: a warp whose every live work-item has
// arrived, or with `partial` (nothing else can move: a warp's work-items split between a
// barrier and a warp function, which would hang a GPU) each warp with what arrived. A lane
// its own mask leaves out fails the block (check_warp_mask).
bool release_warps(std::vector<WorkItem>& items, BlockRun& block, bool partial) {
    bool released = false;
    for (size_t first = 0; first < items.size(); first += kWarpLanes) {
        size_t end = std::min(items.size(), first + kWarpLanes);
        bool waiting = false, complete = true;
        for (size_t i = first; i < end; ++i) {
            if (items[i].done) continue;
            waiting |= items[i].wait == Wait::Warp;
            complete &= items[i].wait == Wait::Warp;
        }
        if (!waiting || !(complete || partial)) continue;
        for (size_t i = first; i < end; ++i)
            if (!items[i].done && items[i].wait == Wait::Warp &&
                !check_warp_mask(items[i].ctx, block.warp_slots[i], uint32_t(i - first))) {
                block.failed = true;
                return true;
            }
        resolve_warp(block.warp_slots + first, int(end - first));
        for (size_t i = first; i < end; ++i)
            if (!items[i].done && items[i].wait == Wait::Warp) items[i].wait = Wait::Running;
        released = true;
    }
    return released;
}

// Releases the block barrier when every live work-item waits there.
bool release_barrier(std::vector<WorkItem>& items, BlockRun& block) {
    for (const WorkItem& w : items)
        if (!w.done && w.wait != Wait::Barrier) return false;
    block.result[0] = block.count;
    block.result[1] = block.all;
    block.result[2] = block.any;
    block.count = 0;
    block.all = 1;
    block.any = 0;
    for (WorkItem& w : items) w.wait = Wait::Running;
    return true;
}

void run_block_fibers(const KernelLaunch& l, int64_t linear_block, const KernelContext& base,
                      std::vector<WorkItem>& items) {
    BlockRun block;
    thread_local std::vector<WarpSlot> slots;
    slots.assign(items.size(), WarpSlot{});
    block.warp_slots = slots.data();
    std::vector<FiberStack*>& stacks = thread_fiber_stacks(items.size(), size_t(l.info->local_array_bytes));
    size_t i = 0;
    for (uint32_t z = 0; z < l.block[2]; ++z)
        for (uint32_t y = 0; y < l.block[1]; ++y)
            for (uint32_t x = 0; x < l.block[0]; ++x, ++i) {
                WorkItem& w = items[i];
                w.ctx = base;
                set_block_index(w.ctx, l, linear_block);
                w.ctx.tid[0] = x;
                w.ctx.tid[1] = y;
                w.ctx.tid[2] = z;
                w.ctx.block = &block;
                w.launch = &l;
                w.block = &block;
                w.done = false;
                w.wait = Wait::Running;
                w.index = uint32_t(i);
                w.fiber.start(*stacks[i], &work_item_main, &w);
            }
    // Each pass runs every running work-item to its next barrier, warp function or end; then
    // the warps whose work-items all arrived go on, else the barrier opens once all are there.
    KernelContext* saved = current_context;
    for (size_t live = items.size(); live > 0;) {
        live = 0;
        for (WorkItem& w : items) {
            if (w.done || w.wait != Wait::Running) continue;
            current_context = &w.ctx;
            w.fiber.resume();
            if (block.failed) {  // the other work-items are abandoned; their stacks are reused
                current_context = saved;
                return;
            }
        }
        for (const WorkItem& w : items) live += !w.done;
        if (live && !release_warps(items, block, false) && !release_barrier(items, block))
            release_warps(items, block, true);
        if (block.failed) break;
    }
    current_context = saved;
}

void check_launch(const KernelLaunch& l) {
    for (int d = 0; d < 3; ++d)
        if (l.grid[d] == 0 || l.block[d] == 0)
            throw Error(Error::Kind::Argument,
                        fmt::format("error: launching '{}': grid and block dimensions must be at least 1", l.name));
    int64_t threads = int64_t(l.block[0]) * l.block[1] * l.block[2];
    if (threads > kMaxThreadsPerBlock)
        throw Error(Error::Kind::Argument, fmt::format("error: launching '{}': {} threads per block; at most {}",
                                                       l.name, threads, kMaxThreadsPerBlock));
}

}  // namespace

void run_kernel(const KernelLaunch& l) {
    check_launch(l);
    const int64_t blocks = int64_t(l.grid[0]) * l.grid[1] * l.grid[2];
    const size_t threads = size_t(l.block[0]) * l.block[1] * l.block[2];
    const size_t shared_bytes = align_up(size_t(l.info->static_shared_bytes)) + l.dynamic_shared;
    const bool fibers = l.info->uses_barrier && threads > 1 && !runs_whole_blocks(l);

    runtime::ThreadPool& pool = runtime::ThreadPool::global();
    // A few chunks per pool thread balance blocks of uneven cost; each chunk is a range of
    // consecutive blocks, so neighbouring blocks (neighbouring data) share a cache.
    const int64_t chunks = std::min<int64_t>(blocks, int64_t(pool.size()) * 8);
    LaunchSignals signals;
    LaunchErrors errors;
    errors.launch = &l;
    errors.signals = &signals;
    pool.parallel_for(chunks, [&](int64_t c) {
        int64_t first = blocks * c / chunks, last = blocks * (c + 1) / chunks;
        KernelContext base = base_context(l, thread_shared_memory(shared_bytes));
        LaunchErrors* saved_errors = current_errors;
        KernelContext* saved_context = current_context;
        std::jmp_buf* saved_escape = current_escape;
        current_errors = &errors;
        std::vector<WorkItem> items(fibers ? threads : 0);
        KernelFault fault;
        int64_t block = first;  // the block running when a fault leaves run_catching_faults
        bool ran = run_catching_faults(
            [&] {
                if (!fibers) return run_blocks_escapable(l, first, last, base, errors, block);
                for (; block < last && !errors.stopping(); ++block) run_block_fibers(l, block, base, items);
            },
            fault);
        current_context = saved_context;
        current_escape = saved_escape;
        if (!ran) errors.record(fault_message(l, fault, block));
        current_errors = saved_errors;
    });
    if (errors.failed) throw Error(Error::Kind::Runtime, errors.message);
    if (errors.raised) throw runtime::kernel_raise_error(errors.raise, errors.raise_tid, errors.raise_ctaid);
    if (signals.interrupted())
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: KeyboardInterrupt: kernel '{}' interrupted by SIGINT on the host device "
                                "(blocks not started were skipped)",
                                l.name));
}

}  // namespace ujit::cpu

using ujit::cpu::BlockRun;
using ujit::cpu::KernelContext;

extern "C" KernelContext* ujit_rt_kernel_context() { return ujit::cpu::current_context; }

extern "C" uint32_t ujit_rt_kernel_thread_index(int32_t dim) { return ujit::cpu::current_context->tid[dim]; }

extern "C" int32_t ujit_rt_kernel_barrier_op(int32_t predicate, int32_t op) {
    KernelContext* ctx = ujit::cpu::current_context;
    auto* block = ctx ? static_cast<BlockRun*>(ctx->block) : nullptr;
    if (!block) {
        // A block of one work-item (run as a plain loop): it meets only itself.
        return predicate != 0;
    }
    block->count += predicate != 0;
    block->all &= predicate != 0;
    block->any |= predicate != 0;
    auto* w = reinterpret_cast<ujit::cpu::WorkItem*>(ctx);
    w->wait = ujit::cpu::Wait::Barrier;
    w->fiber.suspend();
    return block->result[op < 0 || op > 2 ? 0 : op];
}

extern "C" uint64_t ujit_rt_kernel_warp_op(int32_t op, uint32_t mask, uint64_t value, int32_t operand) {
    KernelContext* ctx = ujit::cpu::current_context;
    auto* block = ctx ? static_cast<BlockRun*>(ctx->block) : nullptr;
    ujit::cpu::WarpSlot own{op, mask, value, operand, 0, true};
    if (!block) {  // a block of one work-item: a warp of one lane
        if (ctx && !ujit::cpu::check_warp_mask(*ctx, own, 0))
            std::longjmp(*ujit::cpu::current_escape, ujit::cpu::kEscapeFailed);
        ujit::cpu::resolve_warp(&own, 1);
        return own.result;
    }
    auto* w = reinterpret_cast<ujit::cpu::WorkItem*>(ctx);
    ujit::cpu::WarpSlot& slot = block->warp_slots[w->index];
    slot = own;
    w->wait = ujit::cpu::Wait::Warp;
    w->fiber.suspend();
    return slot.result;
}

extern "C" void ujit_rt_kernel_barrier() { ujit_rt_kernel_barrier_op(1, 0); }

namespace {
// The launch's first error, recorded in a function of its own: nothing with a destructor may
// stay in ujit_rt_kernel_raise's frame, which ends by longjmp or by a fiber abandoned for good.
void record_kernel_error(KernelContext* ctx, int32_t code, const char* where) {
    ujit::cpu::LaunchErrors* errors = ujit::cpu::current_errors;
    std::string what = code == int32_t(ujit::codegen::RuntimeError::IndexOutOfBounds)
                           ? "IndexError: index out of bounds"
                           : ujit::cpu::runtime_error_message(code);
    std::lock_guard lock(errors->mu);
    if (!errors->failed.load()) {
        errors->message = fmt::format("error: {} (in {}; kernel '{}', thread ({}, {}, {}) of block ({}, {}, {}))", what,
                                      where, errors->launch->name, ctx->tid[0], ctx->tid[1], ctx->tid[2], ctx->ctaid[0],
                                      ctx->ctaid[1], ctx->ctaid[2]);
        errors->failed.store(true);
    }
}
}  // namespace

namespace {
// The launch's first raise (a debug=True kernel's), recorded in a function of its own as above.
void record_kernel_raise(const KernelContext* ctx, int32_t code, const char* where) {
    ujit::cpu::LaunchErrors* errors = ujit::cpu::current_errors;
    if (errors->raised.load()) return;
    auto [class_name, message] = ujit::cpu::RuntimeErrorInfo{code, where}.exception();
    std::lock_guard lock(errors->mu);
    if (errors->raised.load()) return;
    const char* at = where;  // Raised's payload ends with the place; the others are the place
    if (code == int32_t(ujit::codegen::RuntimeError::Raised))
        for (int part = 0; part < 2; ++part) at += std::strlen(at) + 1;
    errors->raise = {std::move(class_name), std::move(message), at};
    for (int d = 0; d < 3; ++d) {
        errors->raise_tid[d] = int32_t(ctx->tid[d]);
        errors->raise_ctaid[d] = int32_t(ctx->ctaid[d]);
    }
    errors->raised.store(true);
}
}  // namespace

extern "C" void ujit_rt_kernel_exit(int32_t code, const char* where) {
    KernelContext* ctx = ujit::cpu::current_context;
    if (where) record_kernel_raise(ctx, code, where);
    if (ctx->block) {  // a fiber: it ends as a returning work-item does
        auto* w = reinterpret_cast<ujit::cpu::WorkItem*>(ctx);
        w->done = true;
        for (;;) w->fiber.suspend();  // never resumed again
    }
    std::longjmp(*ujit::cpu::current_escape, ujit::cpu::kEscapeExited);
}

extern "C" void ujit_rt_kernel_raise(int32_t code, const char* where) {
    KernelContext* ctx = ujit::cpu::current_context;
    record_kernel_error(ctx, code, where);
    if (auto* block = static_cast<BlockRun*>(ctx->block)) {
        block->failed = true;
        auto* w = reinterpret_cast<ujit::cpu::WorkItem*>(ctx);
        for (;;) w->fiber.suspend();  // the scheduler abandons the block
    }
    std::longjmp(*ujit::cpu::current_escape, ujit::cpu::kEscapeFailed);
}
