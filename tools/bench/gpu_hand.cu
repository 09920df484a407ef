// Hand-written CUDA C++ peers of tools/bench/bench_gpu.cpp, printing the same row names
// (impl "hand"). Built on the device machine by tools/bench/run_gpu.sh:
//
//   nvcc -O3 -arch=sm_90 -o gpu_hand tools/bench/gpu_hand.cu && ./gpu_hand
//
// Rows: launch.empty (<<<1, 32>>>, µs), ufunc.add.1K (grid-stride add on 1024 elements, µs),
// copy.d2d.100M (cudaMemcpyAsync device to device, GB/s), kernel.add.100M (grid-stride add,
// SMs×32 blocks of 256, GB/s; "hand-vec4": float4 loads, for the bound), ufunc.gaussian.100M
// ("hand": Numba's float64 promotion of lang/examples/gaussian_pdf.py; "hand-f32": all
// float32), transpose.8192 (32×8 threads per 32×32 tile, padded shared tile, GB/s).
// Same methods as bench_gpu: launches queued back to back then one synchronize; device
// work timed with events around 10 back-to-back operations, median of the reps.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#define CK(call)                                                                                                       \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            std::printf("gpu_hand: error: %s failed: %s (%s:%d)\n", #call, cudaGetErrorString(e_), __FILE__,           \
                        __LINE__);                                                                                     \
            std::exit(1);                                                                                              \
        }                                                                                                              \
    } while (0)

static const float kSqrt2Pi = 2.5066282746310002f;  // np.float32((2 * math.pi) ** 0.5)

__global__ void empty_kernel() {}

__global__ void add_gs(const float* __restrict__ x, const float* __restrict__ y, float* __restrict__ out, long long n) {
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = x[i] + y[i];
}

__global__ void add_vec4(const float4* __restrict__ x, const float4* __restrict__ y, float4* __restrict__ out,
                         long long n4) {
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 a = x[i], b = y[i];
        out[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
}

// Numba's typing of gaussian_pdf.py: (x - mean) / sigma and its square in float32; -0.5 is
// a float64 literal, so the product and exp are float64; sigma * SQRT_2PI (a float32
// constant) is float32; float64 / float32 is float64; the result is stored as float32.
__global__ void gaussian_f64(const float* __restrict__ x, const float* __restrict__ mean,
                             const float* __restrict__ sigma, float* __restrict__ out, long long n) {
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float s = sigma[i];
        float d = (x[i] - mean[i]) / s;
        float d2 = d * d;
        double num = exp(-0.5 * (double)d2);
        float den = s * 2.5066282746310002f;
        out[i] = (float)(num / (double)den);
    }
}

// Everything in float32 (what one would write by hand without Numba's promotion).
__global__ void gaussian_f32(const float* __restrict__ x, const float* __restrict__ mean,
                             const float* __restrict__ sigma, float* __restrict__ out, long long n) {
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float s = sigma[i];
        float d = (x[i] - mean[i]) / s;
        out[i] = expf(-0.5f * d * d) / (s * 2.5066282746310002f);
    }
}

// out (cols × rows) = in (rows × cols)ᵀ; block 32×8, each thread moves 4 elements of a tile.
// The course's batch_matrix_mult by hand: one thread per 2x2 matrix, float64 accumulator
// as Numba types `tmp = 0.`, loads and stores as float4.
__global__ void matmul2x2(const float4* __restrict__ a, const float4* __restrict__ b, float4* __restrict__ c,
                          long long n) {
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < n;
         t += (long long)gridDim.x * blockDim.x) {
        float4 x = a[t], y = b[t];
        float4 r;
        // __fmul_rn: each product rounded to float32 as Numba's float32 * float32 is. With a plain
        // `*`, nvcc narrows the double sum of two floats to a float add (exact) and then fuses
        // product and add into an FMA, which skips that rounding and fails the host check.
        r.x = float(double(__fmul_rn(x.x, y.x)) + double(__fmul_rn(x.y, y.z)));
        r.y = float(double(__fmul_rn(x.x, y.y)) + double(__fmul_rn(x.y, y.w)));
        r.z = float(double(__fmul_rn(x.z, y.x)) + double(__fmul_rn(x.w, y.z)));
        r.w = float(double(__fmul_rn(x.z, y.y)) + double(__fmul_rn(x.w, y.w)));
        c[t] = r;
    }
}

__global__ void transpose_32x8(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8) out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

static double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static int failures = 0;

static void row(const char* name, const char* impl, double value, const char* unit, const std::string& note = {}) {
    std::printf("%-30s | %-12s | %12.3f | %-9s | %s\n", name, impl, value, unit, note.c_str());
    std::fflush(stdout);
}

static void verify(bool ok, const std::string& what) {
    if (!ok) ++failures;
    std::printf("%s: %s\n", ok ? "check ok" : "CHECK FAILED", what.c_str());
    std::fflush(stdout);
}

static double per_call_us(int reps, int n, const std::function<void()>& f) {
    for (int i = 0; i < 100; ++i) f();
    CK(cudaDeviceSynchronize());
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        double t0 = now_ms();
        for (int i = 0; i < n; ++i) f();
        CK(cudaDeviceSynchronize());
        t.push_back((now_ms() - t0) * 1000.0 / n);
    }
    return median(t);
}

static double device_ms(int reps, int k, const std::function<void()>& f) {
    f();
    CK(cudaDeviceSynchronize());
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        CK(cudaEventRecord(e0));
        for (int i = 0; i < k; ++i) f();
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        t.push_back(double(ms) / k);
    }
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
    return median(t);
}

// The same inputs as bench_gpu.cpp.
static float gen_x(long long i) { return float((long long)(i * 2654435761ull % 100003)) * 6e-5f - 3.0f; }
static float gen_y(long long i) { return float((long long)(i * 40503ull % 65521)) * 1e-3f; }
static float gen_mean(long long i) { return float(i % 7) * 0.125f - 0.375f; }
static float gen_sigma(long long i) { return 0.5f + float(i % 5) * 0.25f; }

static float gaussian_ref(float x, float mean, float sigma) {
    float d = (x - mean) / sigma;
    float d2 = d * d;
    double num = std::exp(-0.5 * double(d2));
    float den = sigma * kSqrt2Pi;
    return float(num / double(den));
}

static float* to_device(const std::vector<float>& h) {
    float* d = nullptr;
    CK(cudaMalloc(&d, h.size() * sizeof(float)));
    CK(cudaMemcpy(d, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
    return d;
}

static std::vector<float> filled(long long n, float (*gen)(long long)) {
    std::vector<float> v(static_cast<size_t>(n));
    for (long long i = 0; i < n; ++i) v[size_t(i)] = gen(i);
    return v;
}

static std::vector<float> to_host(const float* d, size_t n) {
    std::vector<float> h(n);
    CK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    return h;
}

int main() {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        std::printf("gpu_hand: no CUDA device: %s\n", e != cudaSuccess ? cudaGetErrorString(e) : "no device");
        return 0;
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int rt = 0, drv = 0;
    CK(cudaRuntimeGetVersion(&rt));
    CK(cudaDriverGetVersion(&drv));
    std::printf("gpu_hand: %s (sm_%d%d, %d SMs), runtime %d, driver %d\n", prop.name, prop.major, prop.minor,
                prop.multiProcessorCount, rt, drv);
    const unsigned gs_blocks = unsigned(prop.multiProcessorCount) * 32;
    CK(cudaFree(nullptr));  // context up

    // ---------------------------------------------------------------- launch overhead
    {
        double us = per_call_us(7, 10000, [] { empty_kernel<<<1, 32>>>(); });
        CK(cudaGetLastError());
        row("launch.empty", "hand", us, "us/launch", "empty_kernel<<<1, 32>>> (runtime API)");
    }
    {
        const long long n = 1024;
        auto hx = filled(n, gen_x), hy = filled(n, gen_y);
        float *x = to_device(hx), *y = to_device(hy), *o = nullptr;
        CK(cudaMalloc(&o, n * sizeof(float)));
        unsigned blocks = unsigned(std::min<long long>((n + 255) / 256, gs_blocks));
        double us = per_call_us(7, 10000, [&] { add_gs<<<blocks, 256>>>(x, y, o, n); });
        CK(cudaGetLastError());
        auto r = to_host(o, n);
        bool ok = true;
        for (long long i = 0; i < n; ++i) ok &= r[i] == hx[i] + hy[i];
        verify(ok, "add 1K exact");
        row("ufunc.add.1K", "hand", us, "us/call", "add_gs<<<4, 256>>> on 1024 elements");
        CK(cudaFree(x));
        CK(cudaFree(y));
        CK(cudaFree(o));
    }

    // ---------------------------------------------------------------- 100M bandwidth
    const long long n = 100000000;
    const size_t bytes = size_t(n) * sizeof(float);
    auto gbs = [](double b, double ms) { return b / (ms * 1e-3) / 1e9; };
    auto hx = filled(n, gen_x);
    float* x = to_device(hx);
    float* out = nullptr;
    CK(cudaMalloc(&out, bytes));
    double copy_gbs = 0;
    {
        auto hy = filled(n, gen_y);
        float* y = to_device(hy);
        double t = device_ms(15, 10, [&] { CK(cudaMemcpyAsync(out, x, bytes, cudaMemcpyDeviceToDevice)); });
        copy_gbs = gbs(2.0 * bytes, t);
        row("copy.d2d.100M", "hand", copy_gbs, "GB/s", "cudaMemcpyAsync D2D, read+write bytes");

        double ta = device_ms(15, 10, [&] { add_gs<<<gs_blocks, 256>>>(x, y, out, n); });
        CK(cudaGetLastError());
        auto r = to_host(out, size_t(n));
        bool ok = true;
        for (long long i = 0; i < n; ++i) ok &= r[i] == hx[i] + hy[i];
        verify(ok, "add 100M exact");
        double a = gbs(3.0 * bytes, ta);
        char note[160];
        std::snprintf(note, sizeof note, "%.3fx hand copy; %.4f ms; grid %ux256", a / copy_gbs, ta, gs_blocks);
        row("kernel.add.100M", "hand", a, "GB/s", note);

        CK(cudaMemset(out, 0, bytes));
        double tv = device_ms(
            15, 10, [&] { add_vec4<<<gs_blocks, 256>>>((const float4*)x, (const float4*)y, (float4*)out, n / 4); });
        CK(cudaGetLastError());
        r = to_host(out, size_t(n));
        ok = true;
        for (long long i = 0; i < n; ++i) ok &= r[i] == hx[i] + hy[i];
        verify(ok && n % 4 == 0, "add vec4 100M exact");
        double v = gbs(3.0 * bytes, tv);
        std::snprintf(note, sizeof note, "%.3fx hand copy; %.4f ms; float4", v / copy_gbs, tv);
        row("kernel.add.100M", "hand-vec4", v, "GB/s", note);
        CK(cudaFree(y));
    }
    {
        auto hm = filled(n, gen_mean), hs = filled(n, gen_sigma);
        float *mean = to_device(hm), *sigma = to_device(hs);
        double t = device_ms(15, 10, [&] { gaussian_f64<<<gs_blocks, 256>>>(x, mean, sigma, out, n); });
        CK(cudaGetLastError());
        auto r = to_host(out, size_t(n));
        long long bad = 0;
        for (long long i = 0; i < n; ++i) {
            float want = gaussian_ref(hx[i], hm[i], hs[i]);
            if (!(std::fabs(double(r[i]) - want) <= 2e-6 * std::fabs(double(want)) + 1e-30)) ++bad;
        }
        verify(bad == 0, "gaussian f64 semantics 100M vs host (rel 2e-6): " + std::to_string(bad) + " off");
        row("ufunc.gaussian.100M", "hand", t, "ms", "Numba's float64 promotion");
        double t32 = device_ms(15, 10, [&] { gaussian_f32<<<gs_blocks, 256>>>(x, mean, sigma, out, n); });
        CK(cudaGetLastError());
        r = to_host(out, size_t(n));
        bad = 0;
        for (long long i = 0; i < n; ++i) {
            float want = gaussian_ref(hx[i], hm[i], hs[i]);
            if (!(std::fabs(double(r[i]) - want) <= 1e-5 * std::fabs(double(want)) + 1e-30)) ++bad;
        }
        verify(bad == 0, "gaussian f32 100M vs host (rel 1e-5): " + std::to_string(bad) + " off");
        char note[80];
        std::snprintf(note, sizeof note, "all float32; %.3fx hand f64", t32 / t);
        row("ufunc.gaussian.100M", "hand-f32", t32, "ms", note);
        CK(cudaFree(mean));
        CK(cudaFree(sigma));
    }
    CK(cudaFree(x));
    CK(cudaFree(out));
    hx.clear();
    hx.shrink_to_fit();

    // ---------------------------------------------------------------- gufunc 4M 2x2
    {
        const long long n = 4000000;
        std::vector<float> ha(size_t(4 * n)), hb(size_t(4 * n));
        for (long long i = 0; i < 4 * n; ++i) {
            ha[size_t(i)] = gen_x(i);
            hb[size_t(i)] = gen_y(i);
        }
        float *a = to_device(ha), *b = to_device(hb), *c = nullptr;
        CK(cudaMalloc(&c, size_t(4 * n) * sizeof(float)));
        double t = device_ms(15, 10,
                             [&] { matmul2x2<<<gs_blocks, 256>>>((const float4*)a, (const float4*)b, (float4*)c, n); });
        CK(cudaGetLastError());
        auto r = to_host(c, size_t(4 * n));
        long long bad = 0;
        for (long long t4 = 0; t4 < n; ++t4)
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) {
                    double tmp = 0.0;
                    for (int k = 0; k < 2; ++k) tmp += ha[size_t(4 * t4 + i * 2 + k)] * hb[size_t(4 * t4 + k * 2 + j)];
                    bad += r[size_t(4 * t4 + i * 2 + j)] != float(tmp);
                }
        verify(bad == 0, "matmul2x2 4M exact vs host");
        row("gufunc.matmul2x2.4M", "hand", t, "ms", "one thread per matrix, float4 loads");
        CK(cudaFree(a));
        CK(cudaFree(b));
        CK(cudaFree(c));
    }

    // ---------------------------------------------------------------- transpose 8192²
    {
        const int N = 8192;
        const size_t nn = size_t(N) * N;
        std::vector<float> ha(nn);
        for (size_t i = 0; i < nn; ++i) ha[i] = float((i * 131) % 1000003);
        float* a = to_device(ha);
        float* b = nullptr;
        CK(cudaMalloc(&b, nn * sizeof(float)));
        dim3 grid(N / 32, N / 32), block(32, 8);
        double t = device_ms(15, 10, [&] { transpose_32x8<<<grid, block>>>(a, b, N, N); });
        CK(cudaGetLastError());
        auto r = to_host(b, nn);
        bool ok = true;
        for (size_t i = 0; i < size_t(N) && ok; ++i)
            for (size_t j = 0; j < size_t(N); ++j)
                if (r[j * N + i] != ha[i * N + j]) {
                    ok = false;
                    break;
                }
        verify(ok, "transpose 8192^2 exact");
        double g = gbs(2.0 * nn * sizeof(float), t);
        char note[120];
        std::snprintf(note, sizeof note, "%.3fx hand copy; %.4f ms; block 32x8, tile [32][33]", g / copy_gbs, t);
        row("transpose.8192", "hand", g, "GB/s", note);
        CK(cudaFree(a));
        CK(cudaFree(b));
    }
    std::printf("gpu_hand: %s\n", failures ? "SOME CHECKS FAILED" : "all checks ok");
    return failures ? 1 : 0;
}
