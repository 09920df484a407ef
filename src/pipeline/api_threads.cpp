// ujit::set_num_threads / get_num_threads / get_thread_id: the public face of the thread
// counts that cpu/parallel_runtime.hpp keeps.
#include "cpu/parallel_runtime.hpp"

#include <ujit/threads.hpp>
#include <ujit/ujit.hpp>

#include <stdexcept>

namespace ujit {

void set_num_threads(int n) {
    try {
        cpu::set_num_threads(n);
    } catch (const std::invalid_argument& e) {
        throw Error(Error::Kind::Argument, std::string("ValueError: ") + e.what())
            .with_exception("ValueError", e.what());
    }
}

int get_num_threads() { return cpu::num_threads(); }
int get_thread_id() { return cpu::thread_id(); }

}  // namespace ujit
