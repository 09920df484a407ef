// ujit::cuda's numba.cuda.random host functions: argument checks around the runtime's
// state initializer (runtime/xoroshiro128p.cpp).
#include "runtime/xoroshiro128p.hpp"
#include "ujit/cuda.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ujit::cuda {

namespace {

void check_states(DType dtype, const std::vector<int64_t>& shape) {
    if (dtype != DType::UInt64 || shape.size() != 2 || shape[1] != 2)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: xoroshiro128p states must be a uint64 array of shape (n, 2), not {} of shape "
                                "({})",
                                dtype_name(dtype), fmt::join(shape, ", ")));
}

}  // namespace

Array create_xoroshiro128p_states(int64_t n, uint64_t seed, uint64_t subsequence_start) {
    if (n < 0) throw Error(Error::Kind::Argument, fmt::format("error: negative number of states: {}", n));
    Array states(DType::UInt64, {n, 2});
    init_xoroshiro128p_states(states.ref(), seed, subsequence_start);
    return states;
}

void init_xoroshiro128p_states(const ArrayRef& states, uint64_t seed, uint64_t subsequence_start) {
    check_states(states.dtype, states.shape);
    if (states.shape[0] > 0 && !states.data)
        throw Error(Error::Kind::Argument, "error: xoroshiro128p states have no data");
    const int64_t row = states.strides.empty() ? 16 : states.strides[0];
    const int64_t column = states.strides.empty() ? 8 : states.strides[1];
    runtime::init_xoroshiro128p_states(static_cast<char*>(states.data), states.shape[0], row, column, seed,
                                       subsequence_start);
}

void init_xoroshiro128p_states(DeviceArray& states, uint64_t seed, uint64_t subsequence_start, const Stream& stream) {
    check_states(states.dtype(), states.shape());
    Array host = create_xoroshiro128p_states(states.shape()[0], seed, subsequence_start);
    states.copy_from_host(host.ref(), stream);
}

}  // namespace ujit::cuda
