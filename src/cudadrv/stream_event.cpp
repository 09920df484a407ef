// Streams and events. Each remembers its device and the context generation it was made in,
// so that after a context reset (kernel fault) its destructor does not touch a dead handle.
// Those of the host device (cudadrv/host_device.hpp) hold no handle: work there is done when
// it is enqueued, so they have nothing to wait for, and an event records the host clock.
#include <fmt/format.h>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/host_device.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {
namespace detail {

struct StreamState {
    DeviceContext* dc = nullptr;  // null on the host device
    uint64_t generation = 0;
    CUstream stream = nullptr;
    bool owned = true;  // false for an external stream (another library's), never destroyed here
    ~StreamState() {
        if (stream && owned && dc->generation.load() == generation) driver().cuStreamDestroy(stream);
    }
};

struct EventState {
    DeviceContext* dc = nullptr;  // null on the host device
    uint64_t generation = 0;
    CUevent event = nullptr;
    bool recorded = false;
    bool timing = true;
    double host_ms = 0;  // on the host device: the host clock when recorded
    ~EventState() {
        if (event && dc->generation.load() == generation) driver().cuEventDestroy(event);
    }
};

}  // namespace detail

namespace {

// A stream of the host device (the default stream is, where CUDA is unavailable).
bool on_host(const detail::StreamState* s) { return s ? !s->dc : uses_host_device(); }

void check_generation(const DeviceContext& dc, uint64_t gen, const char* what) {
    if (dc.generation.load() != gen)
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: this CUDA {} belonged to device {}'s context, which was reset after a "
                                "kernel fault; create a new one",
                                what, dc.ordinal));
}

// Binds the stream's device (the current one for the default stream).
DeviceContext& bind_for(const detail::StreamState* s) {
    if (!s) return bind();
    check_generation(*s->dc, s->generation, "stream");
    bind(*s->dc);
    return *s->dc;
}

}  // namespace

// ------------------------------------------------------------------ Stream

Stream::Stream() = default;

Stream Stream::create() {
    Stream st;
    if (uses_host_device()) {
        st.s_ = std::make_shared<detail::StreamState>();
        return st;
    }
    DeviceContext& dc = bind();
    auto s = std::make_shared<detail::StreamState>();
    s->dc = &dc;
    s->generation = dc.generation.load();
    check(driver().cuStreamCreate(&s->stream, CU_STREAM_DEFAULT), "cuStreamCreate");
    st.s_ = std::move(s);
    return st;
}

Stream Stream::external(void* cu_stream) {
    Stream st;
    auto s = std::make_shared<detail::StreamState>();
    if (!uses_host_device()) {
        DeviceContext& dc = bind();
        s->dc = &dc;
        s->generation = dc.generation.load();
        s->stream = static_cast<CUstream>(cu_stream);
        s->owned = false;
    }
    st.s_ = std::move(s);
    return st;
}

void Stream::synchronize() const {
    if (on_host(s_.get())) return;
    bind_for(s_.get());
    check(driver().cuStreamSynchronize(s_ ? s_->stream : nullptr), "cuStreamSynchronize");
}

bool Stream::query() const {
    if (on_host(s_.get())) return true;
    bind_for(s_.get());
    CUresult r = driver().cuStreamQuery(s_ ? s_->stream : nullptr);
    if (r == CUDA_ERROR_NOT_READY) return false;
    check(r, "cuStreamQuery");
    return true;
}

void* Stream::handle() const {
    if (!s_ || !s_->dc) return nullptr;
    check_generation(*s_->dc, s_->generation, "stream");
    return s_->stream;
}

int Stream::device() const {
    if (on_host(s_.get())) return 0;
    return s_ ? s_->dc->ordinal : current_device();
}

// ------------------------------------------------------------------ Event

Event::Event(bool timing) {
    if (uses_host_device()) {
        s_ = std::make_shared<detail::EventState>();
        s_->timing = timing;
        return;
    }
    DeviceContext& dc = bind();
    auto s = std::make_shared<detail::EventState>();
    s->dc = &dc;
    s->generation = dc.generation.load();
    check(driver().cuEventCreate(&s->event, timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING), "cuEventCreate");
    s_ = std::move(s);
}

void Event::record(const Stream& stream) {
    // One process has host streams and events or CUDA ones, never both (host_device.hpp).
    if (!s_->dc) {
        s_->host_ms = host_clock_ms();
        s_->recorded = true;
        return;
    }
    check_generation(*s_->dc, s_->generation, "event");
    bind(*s_->dc);
    if (stream.device() != s_->dc->ordinal)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: cannot record an event of device {} on a stream of device {}", s_->dc->ordinal,
                                stream.device()));
    check(driver().cuEventRecord(s_->event, static_cast<CUstream>(stream.handle())), "cuEventRecord");
    s_->recorded = true;
}

void Event::synchronize() const {
    if (!s_->dc) return;
    check_generation(*s_->dc, s_->generation, "event");
    bind(*s_->dc);
    check(driver().cuEventSynchronize(s_->event), "cuEventSynchronize");
}

bool Event::query() const {
    if (!s_->dc) return true;
    check_generation(*s_->dc, s_->generation, "event");
    bind(*s_->dc);
    CUresult r = driver().cuEventQuery(s_->event);
    if (r == CUDA_ERROR_NOT_READY) return false;
    check(r, "cuEventQuery");
    return true;
}

float Event::elapsed_ms_since(const Event& start) const {
    if (!s_->recorded || !start.s_->recorded)
        throw Error(Error::Kind::Argument, "error: elapsed time needs both events recorded");
    if (!s_->dc) {
        if (!s_->timing || !start.s_->timing)
            throw Error(Error::Kind::Argument, "error: elapsed time needs both events created with timing");
        return float(s_->host_ms - start.s_->host_ms);
    }
    check_generation(*s_->dc, s_->generation, "event");
    bind(*s_->dc);
    float ms = 0;
    check(driver().cuEventElapsedTime(&ms, start.s_->event, s_->event), "cuEventElapsedTime");
    return ms;
}

void Event::make_wait(const Stream& stream) const {
    if (!s_->dc) return;  // the host device's work is done when it is enqueued
    check_generation(*s_->dc, s_->generation, "event");
    bind(device_context(stream.device()));
    check(driver().cuStreamWaitEvent(static_cast<CUstream>(stream.handle()), s_->event, 0), "cuStreamWaitEvent");
}

void synchronize() {
    if (uses_host_device()) return;
    DeviceContext& dc = bind();
    check(driver().cuCtxSynchronize(), "cuCtxSynchronize", [&] { return fmt::format("device {}", dc.ordinal); });
}

}  // namespace ujit::cuda
