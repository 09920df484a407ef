// np.cov and np.corrcoef (typed by nplib/combine_typing.cpp), as Numba's np_cov: m (and y) as
// 2-D views with one variable per row (transposed for rowvar=False), gathered into one new
// matrix of the result dtype, whose covariance the runtime computes (cpu/helper_covariance).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_covariance.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

// A 2-D view of variables (rows) by observations (columns).
struct Variables {
    TypedValue view;
    llvm::Value* rows;
    llvm::Value* cols;
};

}  // namespace

llvm::Value* FunctionLowering::covariance(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                          SourceLoc loc) {
    const bool cov = id == BuiltinId::NpCov;
    const TypedValue& m = args[0];
    const TypedValue& y = args[1];
    llvm::Value* rowvar = args[2].v ? args[2].v : b.getTrue();
    if (m.t->ndim() == 2)
        raise_if(b.CreateICmpEQ(array_dim(b, m.v, 0), b.getInt64(1)), "RuntimeError",
                 "2D array containing a single row is unsupported due to ambiguity in type inference. To use "
                 "numpy.cov in this case simply pass the row as a 1D array, i.e. m[0].",
                 loc);
    llvm::Value* ddof = nullptr;
    if (cov && args[4].v) {  // Numba's _handle_ddof
        ddof = args[4].v;
        llvm::Value* whole = intrinsic(b, llvm::Intrinsic::trunc, {ddof});
        llvm::Value* zero = llvm::ConstantFP::get(b.getDoubleTy(), 0.0);
        raise_if(b.CreateNot(b.CreateFCmpOEQ(b.CreateFSub(ddof, ddof), zero)), "ValueError",
                 "Cannot convert non-finite ddof to integer", loc);
        raise_if(b.CreateFCmpONE(ddof, whole), "ValueError", "ddof must be integral value", loc);
    } else {
        llvm::Value* bias = cov && args[3].v ? args[3].v : b.getFalse();
        ddof = b.CreateSelect(bias, llvm::ConstantFP::get(b.getDoubleTy(), 0.0),
                              llvm::ConstantFP::get(b.getDoubleTy(), 1.0));
    }
    // np.atleast_2d, then transposed where rowvar is false (with y: unless it is one row, as NumPy)
    auto variables = [&](TypedValue a, bool keep_one_row) {
        const Type* t2 = types::array(a.t->dtype(), 2, types::Layout::A);
        TypedValue v{at_least(BuiltinId::NpAtleast2d, a, t2), t2};
        llvm::Value* r = array_dim(b, v.v, 0);
        llvm::Value* c = array_dim(b, v.v, 1);
        llvm::Value* flip = b.CreateNot(rowvar);
        if (keep_one_row) flip = b.CreateAnd(flip, b.CreateICmpNE(r, b.getInt64(1)));
        llvm::Value* s0 = array_stride(b, v.v, 0);
        llvm::Value* s1 = array_stride(b, v.v, 1);
        std::vector<llvm::Value*> dims{b.CreateSelect(flip, c, r), b.CreateSelect(flip, r, c)};
        std::vector<llvm::Value*> strides{b.CreateSelect(flip, s1, s0), b.CreateSelect(flip, s0, s1)};
        return Variables{{make_view(b, v.v, t2, array_data(b, v.v), dims, strides), t2}, dims[0], dims[1]};
    };
    std::vector<Variables> parts{variables(m, y.v != nullptr)};
    if (y.v) {
        parts.push_back(variables(y, true));
        raise_if(b.CreateICmpNE(parts[0].cols, parts[1].cols), "ValueError", "m and y have incompatible dimensions",
                 loc);
    }
    const Type* dt = rt->dtype();
    llvm::Value* rows = parts[0].rows;
    if (y.v) rows = b.CreateAdd(rows, parts[1].rows);
    llvm::Value* cols = parts[0].cols;
    const std::string what = std::string(types::builtin_name(id)) + "()";
    const Type* gathered_t = types::array(dt, 2, types::Layout::C);
    llvm::Value* gathered = allocate_array(gathered_t, {rows, cols}, loc, what);
    const Type* slab_t = types::array(dt, 2, types::Layout::A);
    llvm::Value* data = array_data(b, gathered);
    llvm::Value* row_bytes = b.CreateMul(cols, b.getInt64(dt->itemsize()));
    for (const Variables& p : parts) {
        llvm::Value* slab =
            make_view(b, gathered, slab_t, data, {p.rows, cols}, {row_bytes, b.getInt64(dt->itemsize())});
        copy_array({slab, slab_t}, p.view, loc);
        data = b.CreateGEP(b.getInt8Ty(), data, b.CreateMul(p.rows, row_bytes));
    }
    std::vector<llvm::Value*> shape;
    if (rt->ndim() == 2) shape = {rows, rows};
    llvm::Value* out = allocate_array(rt, shape, loc, what);
    int32_t correlation = cov ? 0 : rt->ndim() == 0 ? 2 : 1;
    llvm::FunctionCallee f = runtime_call(
        "ujit_rt_covariance", b.getVoidTy(),
        {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getDoubleTy(), b.getInt32Ty(), b.getInt32Ty(), b.getPtrTy()});
    b.CreateCall(f, {array_data(b, gathered), rows, cols, ddof, b.getInt32(dt->is_complex()), b.getInt32(correlation),
                     array_data(b, out)});
    return out;
}

}  // namespace ujit::codegen
