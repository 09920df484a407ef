#include "cpu/helper_symbols.hpp"

#include "cpu/helper_bf16.hpp"
#include "cpu/helper_binning.hpp"
#include "cpu/helper_covariance.hpp"
#include "cpu/helper_errors.hpp"
#include "cpu/helper_f16.hpp"
#include "cpu/helper_lapack.hpp"
#include "cpu/helper_lapack_decomp.hpp"
#include "cpu/helper_linalg.hpp"
#include "cpu/helper_matmul.hpp"
#include "cpu/helper_np_distributions.hpp"
#include "cpu/helper_np_random.hpp"
#include "cpu/helper_partition.hpp"
#include "cpu/helper_print.hpp"
#include "cpu/helper_raise_format.hpp"
#include "cpu/helper_random.hpp"
#include "cpu/helper_random_module.hpp"
#include "cpu/helper_sort.hpp"
#include "cpu/helper_stats.hpp"
#include "cpu/helper_vexp.hpp"
#include "cpu/kernel_runtime.hpp"
#include "cpu/kernel_warp.hpp"
#include "cpu/parallel_runtime.hpp"
#include "dicts/dict_runtime.h"
#include "lists/list_runtime.h"
#include "nrt/nrt.h"
#include "strings/str_abi.h"

namespace ujit::cpu {

const std::vector<RuntimeSymbol>& runtime_symbols() {
    static const std::vector<RuntimeSymbol> table = {
        {"ujit_rt_raise", reinterpret_cast<void*>(&ujit_rt_raise)},
        {"ujit_rt_raise_values", reinterpret_cast<void*>(&ujit_rt_raise_values)},
        {"ujit_rt_format_raise", reinterpret_cast<void*>(&ujit_rt_format_raise)},
        {"ujit_rt_try_enter", reinterpret_cast<void*>(&ujit_rt_try_enter)},
        {"ujit_rt_try_leave", reinterpret_cast<void*>(&ujit_rt_try_leave)},
        {"ujit_rt_try_caught", reinterpret_cast<void*>(&ujit_rt_try_caught)},
        {"ujit_rt_try_reraise", reinterpret_cast<void*>(&ujit_rt_try_reraise)},
        {"ujit_nrt_unwind_refs", reinterpret_cast<void*>(&ujit_nrt_unwind_refs)},  // lang4: nrt/unwind_refs.cpp
        {"ujit_nrt_unwind_reserve", reinterpret_cast<void*>(&ujit_nrt_unwind_reserve)},
        {"ujit_rt_print", reinterpret_cast<void*>(&ujit_rt_print)},
        {"ujit_rt_random", reinterpret_cast<void*>(&ujit_rt_random)},
        {"ujit_rt_random_seed", reinterpret_cast<void*>(&ujit_rt_random_seed)},
        {"ujit_rt_random_uniform", reinterpret_cast<void*>(&ujit_rt_random_uniform)},
        {"ujit_rt_kernel_context", reinterpret_cast<void*>(&ujit_rt_kernel_context)},
        {"ujit_rt_kernel_thread_index", reinterpret_cast<void*>(&ujit_rt_kernel_thread_index)},
        {"ujit_rt_kernel_barrier", reinterpret_cast<void*>(&ujit_rt_kernel_barrier)},
        {"ujit_rt_kernel_barrier_op", reinterpret_cast<void*>(&ujit_rt_kernel_barrier_op)},
        {"ujit_rt_kernel_raise", reinterpret_cast<void*>(&ujit_rt_kernel_raise)},
        {"ujit_rt_kernel_exit", reinterpret_cast<void*>(&ujit_rt_kernel_exit)},
        {"ujit_rt_kernel_warp_op", reinterpret_cast<void*>(&ujit_rt_kernel_warp_op)},
        {"ujit_rt_random_state", reinterpret_cast<void*>(&ujit_rt_random_state)},
        {"ujit_rt_random_refill", reinterpret_cast<void*>(&ujit_rt_random_refill)},
        {"ujit_rt_np_random_seed", reinterpret_cast<void*>(&ujit_rt_np_random_seed)},
        {"ujit_rt_np_random_state", reinterpret_cast<void*>(&ujit_rt_np_random_state)},
        {"ujit_rt_exp_d4", reinterpret_cast<void*>(&ujit_rt_exp_d4)},
        {"ujit_rt_exp_f8", reinterpret_cast<void*>(&ujit_rt_exp_f8)},
        // bf16: LLVM's libcalls for fptrunc to bfloat (cpu/helper_bf16.hpp)
        {"__truncsfbf2", reinterpret_cast<void*>(&ujit_rt_truncsfbf2)},
        {"__truncdfbf2", reinterpret_cast<void*>(&ujit_rt_truncdfbf2)},
        {"__truncdfhf2", reinterpret_cast<void*>(&ujit_rt_truncdfhf2)},  // float64 -> float16 (cpu/helper_f16.hpp)
        // NumPy's library (src/nplib lowers the calls): sorting, dot products, norms.
        {"ujit_rt_sort", reinterpret_cast<void*>(&ujit_rt_sort)},
        {"ujit_rt_argsort", reinterpret_cast<void*>(&ujit_rt_argsort)},
        {"ujit_rt_unique", reinterpret_cast<void*>(&ujit_rt_unique)},
        {"ujit_rt_partition", reinterpret_cast<void*>(&ujit_rt_partition)},        // nparray: np.partition
        {"ujit_rt_argpartition", reinterpret_cast<void*>(&ujit_rt_argpartition)},  // np.argpartition
        {"ujit_rt_quantile", reinterpret_cast<void*>(&ujit_rt_quantile)},  // nplib4: median, percentile
        {"ujit_rt_interp", reinterpret_cast<void*>(&ujit_rt_interp)},      // nplib4: np.interp
        // nplib6: np.histogram, np.digitize (cpu/helper_binning)
        {"ujit_rt_histogram_uniform", reinterpret_cast<void*>(&ujit_rt_histogram_uniform)},
        {"ujit_rt_histogram_edges", reinterpret_cast<void*>(&ujit_rt_histogram_edges)},
        {"ujit_rt_monotonicity", reinterpret_cast<void*>(&ujit_rt_monotonicity)},
        {"ujit_rt_digitize", reinterpret_cast<void*>(&ujit_rt_digitize)},
        {"ujit_rt_dot", reinterpret_cast<void*>(&ujit_rt_dot)},
        {"ujit_rt_norm", reinterpret_cast<void*>(&ujit_rt_norm)},
        {"ujit_rt_matmul", reinterpret_cast<void*>(&ujit_rt_matmul)},
        {"ujit_rt_np_random_gauss", reinterpret_cast<void*>(&ujit_rt_np_random_gauss)},
        {"ujit_rt_np_random_randint", reinterpret_cast<void*>(&ujit_rt_np_random_randint)},
        {"ujit_rt_np_random_fill", reinterpret_cast<void*>(&ujit_rt_np_random_fill)},
        {"ujit_rt_np_random_fill_int", reinterpret_cast<void*>(&ujit_rt_np_random_fill_int)},
        // nplib5
        {"ujit_rt_np_random_shuffle", reinterpret_cast<void*>(&ujit_rt_np_random_shuffle)},
        {"ujit_rt_np_random_permute", reinterpret_cast<void*>(&ujit_rt_np_random_permute)},
        {"ujit_rt_np_random_choice", reinterpret_cast<void*>(&ujit_rt_np_random_choice)},
        {"ujit_rt_np_distribution", reinterpret_cast<void*>(&ujit_rt_np_distribution)},
        {"ujit_rt_np_multinomial", reinterpret_cast<void*>(&ujit_rt_np_multinomial)},
        {"ujit_rt_random_randrange", reinterpret_cast<void*>(&ujit_rt_random_randrange)},
        {"ujit_rt_random_getrandbits", reinterpret_cast<void*>(&ujit_rt_random_getrandbits)},
        {"ujit_rt_random_gauss", reinterpret_cast<void*>(&ujit_rt_random_gauss)},
        {"ujit_rt_linalg_inv", reinterpret_cast<void*>(&ujit_rt_linalg_inv)},
        {"ujit_rt_linalg_slogdet", reinterpret_cast<void*>(&ujit_rt_linalg_slogdet)},
        {"ujit_rt_linalg_solve", reinterpret_cast<void*>(&ujit_rt_linalg_solve)},
        // nplib7: np.linalg's factorizations (cpu/helper_lapack_decomp)
        {"ujit_rt_linalg_cholesky", reinterpret_cast<void*>(&ujit_rt_linalg_cholesky)},
        {"ujit_rt_linalg_qr", reinterpret_cast<void*>(&ujit_rt_linalg_qr)},
        {"ujit_rt_linalg_eigh", reinterpret_cast<void*>(&ujit_rt_linalg_eigh)},
        {"ujit_rt_linalg_eig", reinterpret_cast<void*>(&ujit_rt_linalg_eig)},
        {"ujit_rt_linalg_svd", reinterpret_cast<void*>(&ujit_rt_linalg_svd)},
        {"ujit_rt_linalg_lstsq", reinterpret_cast<void*>(&ujit_rt_linalg_lstsq)},
        {"ujit_rt_linalg_pinv", reinterpret_cast<void*>(&ujit_rt_linalg_pinv)},
        {"ujit_rt_linalg_matrix_rank", reinterpret_cast<void*>(&ujit_rt_linalg_matrix_rank)},
        {"ujit_rt_linalg_cond", reinterpret_cast<void*>(&ujit_rt_linalg_cond)},
        {"ujit_rt_linalg_matrix_power", reinterpret_cast<void*>(&ujit_rt_linalg_matrix_power)},
        {"ujit_rt_covariance", reinterpret_cast<void*>(&ujit_rt_covariance)},  // nplib7: np.cov, np.corrcoef
        {"ujit_rt_triangle", reinterpret_cast<void*>(&ujit_rt_triangle)},
        // parallel=True (cpu/parallel_runtime.hpp): prange loops on the pool, the thread functions.
        {"ujit_rt_parallel_chunks", reinterpret_cast<void*>(&ujit_rt_parallel_chunks)},
        {"ujit_rt_parallel_chunks_balanced", reinterpret_cast<void*>(&ujit_rt_parallel_chunks_balanced)},
        {"ujit_rt_parallel_for", reinterpret_cast<void*>(&ujit_rt_parallel_for)},
        {"ujit_rt_prange_copies", reinterpret_cast<void*>(&ujit_rt_prange_copies)},
        {"ujit_rt_get_num_threads", reinterpret_cast<void*>(&ujit_rt_get_num_threads)},
        {"ujit_rt_set_num_threads", reinterpret_cast<void*>(&ujit_rt_set_num_threads)},
        {"ujit_rt_get_thread_id", reinterpret_cast<void*>(&ujit_rt_get_thread_id)},
        // The array runtime (src/nrt): memory compiled code owns.
        {"ujit_nrt_allocate", reinterpret_cast<void*>(&ujit_nrt_allocate)},
        {"ujit_nrt_incref", reinterpret_cast<void*>(&ujit_nrt_incref)},
        {"ujit_nrt_decref", reinterpret_cast<void*>(&ujit_nrt_decref)},
        {"ujit_nrt_release_last", reinterpret_cast<void*>(&ujit_nrt_release_last)},
        {"ujit_nrt_escape_into", reinterpret_cast<void*>(&ujit_nrt_escape_into)},
        {"ujit_nrt_data", reinterpret_cast<void*>(&ujit_nrt_data)},
        {"ujit_nrt_allocate_finalized", reinterpret_cast<void*>(&ujit_nrt_allocate_finalized)},  // gen
        // Lists (src/lists): creation and growth; everything else is inline.
        {"ujit_list_new", reinterpret_cast<void*>(&ujit_list_new)},
        {"ujit_list_reserve", reinterpret_cast<void*>(&ujit_list_reserve)},
        // Strings (src/strings/str_abi.h): the helpers str's operators and methods call.
        {"ujit_str_concat", reinterpret_cast<void*>(&ujit_str_concat)},
        {"ujit_str_join", reinterpret_cast<void*>(&ujit_str_join)},
        {"ujit_str_join_chars", reinterpret_cast<void*>(&ujit_str_join_chars)},
        {"ujit_str_split", reinterpret_cast<void*>(&ujit_str_split)},
        {"ujit_str_splitlines", reinterpret_cast<void*>(&ujit_str_splitlines)},
        {"ujit_str_repeat", reinterpret_cast<void*>(&ujit_str_repeat)},
        {"ujit_str_slice", reinterpret_cast<void*>(&ujit_str_slice)},
        {"ujit_str_from_int", reinterpret_cast<void*>(&ujit_str_from_int)},
        {"ujit_str_from_float", reinterpret_cast<void*>(&ujit_str_from_float)},
        {"ujit_str_chr", reinterpret_cast<void*>(&ujit_str_chr)},
        {"ujit_str_case", reinterpret_cast<void*>(&ujit_str_case)},
        {"ujit_str_strip", reinterpret_cast<void*>(&ujit_str_strip)},
        {"ujit_str_replace", reinterpret_cast<void*>(&ujit_str_replace)},
        {"ujit_str_pad", reinterpret_cast<void*>(&ujit_str_pad)},
        {"ujit_str_compare", reinterpret_cast<void*>(&ujit_str_compare)},
        {"ujit_str_equal", reinterpret_cast<void*>(&ujit_str_equal)},
        {"ujit_str_find", reinterpret_cast<void*>(&ujit_str_find)},
        {"ujit_str_count", reinterpret_cast<void*>(&ujit_str_count)},
        {"ujit_str_affix", reinterpret_cast<void*>(&ujit_str_affix)},
        {"ujit_str_is", reinterpret_cast<void*>(&ujit_str_is)},
        {"ujit_str_hash", reinterpret_cast<void*>(&ujit_str_hash)},
        {"ujit_hash_double", reinterpret_cast<void*>(&ujit_hash_double)},
        {"ujit_hash_tuple_lanes", reinterpret_cast<void*>(&ujit_hash_tuple_lanes)},
        // Dicts and sets (src/dicts): every operation is a call, as Numba's dictobject.
        {"ujit_dict_new", reinterpret_cast<void*>(&ujit_dict_new)},
        {"ujit_dict_copy", reinterpret_cast<void*>(&ujit_dict_copy)},
        {"ujit_dict_find", reinterpret_cast<void*>(&ujit_dict_find)},
        {"ujit_dict_insert", reinterpret_cast<void*>(&ujit_dict_insert)},
        {"ujit_dict_pop", reinterpret_cast<void*>(&ujit_dict_pop)},
        {"ujit_dict_popitem", reinterpret_cast<void*>(&ujit_dict_popitem)},
        {"ujit_dict_clear", reinterpret_cast<void*>(&ujit_dict_clear)},
        {"ujit_dict_compact", reinterpret_cast<void*>(&ujit_dict_compact)},
        {"ujit_dict_equal", reinterpret_cast<void*>(&ujit_dict_equal)},
        {"ujit_dict_update", reinterpret_cast<void*>(&ujit_dict_update)},
        {"ujit_set_update", reinterpret_cast<void*>(&ujit_set_update)},
        {"ujit_set_intersection_update", reinterpret_cast<void*>(&ujit_set_intersection_update)},
        {"ujit_set_difference_update", reinterpret_cast<void*>(&ujit_set_difference_update)},
        {"ujit_set_symmetric_difference_update", reinterpret_cast<void*>(&ujit_set_symmetric_difference_update)},
    };
    return table;
}

}  // namespace ujit::cpu
