#include "conformance/gufunc_cases.hpp"

#include <cmath>
#include <complex>
#include <sstream>

#include "runtime/npy.hpp"
#include "runtime/scalar.hpp"
#include "support/json.hpp"
#include "support/source_dir.hpp"

namespace ujit::test {

namespace {

std::string dir() { return source_dir() + "/tests/conformance/gufunc"; }

// The oracle's views (gufunc_oracle.py `views`), as strided ArrayRefs of the loaded array.
ArrayRef view(const Array& a, const std::string& how) {
    ArrayRef r = a.ref();
    if (r.strides.empty()) r = ArrayRef::c_order(r.data, r.dtype, r.shape);
    size_t n = r.shape.size();
    if (how == "transpose") {
        std::swap(r.shape[n - 1], r.shape[n - 2]);
        std::swap(r.strides[n - 1], r.strides[n - 2]);
    } else if (how == "step2") {
        r.shape[n - 1] = (r.shape[n - 1] + 1) / 2;
        r.strides[n - 1] *= 2;
    } else if (how == "reversed") {
        r.data = static_cast<char*>(r.data) + (r.shape[0] - 1) * r.strides[0];
        r.strides[0] = -r.strides[0];
    } else if (!how.empty()) {
        throw std::runtime_error("unknown view '" + how + "' in expected.json");
    }
    return r;
}

std::complex<double> element(const Array& a, int64_t i) {
    const char* p = static_cast<const char*>(a.ref().data) + i * itemsize(a.dtype());
    return runtime::scalar_as<std::complex<double>>(runtime::load_scalar(a.dtype(), p));
}

}  // namespace

Module gufunc_module() { return Module::from_file(dir() + "/gufuncs.py"); }

std::vector<GufuncCase> load_gufunc_cases() {
    Json doc = load_json(dir() + "/expected.json");
    std::vector<GufuncCase> out;
    for (const Json& c : doc["cases"].items) {
        GufuncCase g;
        g.name = c["name"].str();
        g.function = c["function"].str();
        g.rtol = c["rtol"].number();
        for (const Json& in : c["inputs"].items) {
            if (in.has("int")) {
                g.inputs.emplace_back(static_cast<long long>(in["int"].integer()));
                continue;
            }
            g.storage.push_back(runtime::read_npy(dir() + "/data/" + in["npy"].str()));
            g.inputs.emplace_back(view(g.storage.back(), in["view"].str()));
        }
        for (const Json& o : c["outputs"].items) g.expected.push_back(runtime::read_npy(dir() + "/data/" + o.str()));
        out.push_back(std::move(g));
    }
    return out;
}

std::string compare_arrays(const Array& got, const Array& want, double rtol) {
    std::ostringstream why;
    if (got.dtype() != want.dtype()) {
        why << "dtype " << dtype_name(got.dtype()) << ", expected " << dtype_name(want.dtype());
        return why.str();
    }
    if (got.shape() != want.shape()) {
        why << "shape of " << got.shape().size() << " dims differs from the expected";
        return why.str();
    }
    // `got` is C-ordered (allocated by ujit); so are the oracle's files.
    for (int64_t i = 0; i < want.size(); ++i) {
        std::complex<double> g = element(got, i), w = element(want, i);
        if (std::abs(g - w) > rtol * std::abs(w) + (rtol > 0 ? 1e-300 : 0)) {
            why << "element " << i << ": " << g << ", expected " << w;
            return why.str();
        }
    }
    return {};
}

}  // namespace ujit::test
