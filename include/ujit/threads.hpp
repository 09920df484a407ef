// Numba's thread functions (numba.set_num_threads, get_num_threads, get_thread_id), for the
// threads that parallel=True code and the 'parallel' ufuncs and gufuncs run on.
//
// The pool has NUMBA_NUM_THREADS threads, else UJIT_NUM_THREADS, else one per core, read once
// at first use. set_num_threads sets how many of them the parallel work this thread launches
// uses: 1 to the pool's size, else ujit::Error (Kind::Argument) with Numba's ValueError
// (exception_class() "ValueError", "The number of threads must be between 1 and N"). A
// parallel region runs with the count of the thread that launched it. get_thread_id: 0 on
// the launching thread, 1 .. pool size - 1 on the pool's workers.
#pragma once

namespace ujit {

void set_num_threads(int n);
int get_num_threads();
int get_thread_id();

}  // namespace ujit
