#include "runtime/file_write.hpp"

#include "ujit/ujit.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace ujit::runtime {

namespace {

[[noreturn]] void fail(const std::string& path, int err) {
    throw Error(Error::Kind::Argument, "cannot write '" + path + "': " + std::strerror(err));
}

// Closes `fd`; the errno of whichever of the write and the close failed first, or 0.
// close() matters: NFS and some full disks report the lost data only there.
int finish(int fd, bool wrote) {
    int err = wrote ? 0 : errno;
    if (::close(fd) != 0 && err == 0) err = errno;
    return err;
}

void write_in_place(const std::string& path, std::string_view data) {
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) fail(path, errno);
    if (int err = finish(fd, write_all(fd, data))) fail(path, err);
}

// The file a symbolic link names, so that the link stays and its target is replaced.
std::string resolve_link(const std::string& path) {
    struct stat st{};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    char* real = ::realpath(path.c_str(), nullptr);
    if (!real) return path;  // dangling: the new file takes the link's place
    std::string out = real;
    std::free(real);
    return out;
}

}  // namespace

bool write_all(int fd, std::string_view data) {
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) {
            errno = EIO;
            return false;
        }
        done += size_t(n);
    }
    return true;
}

void write_file(const std::string& path, std::string_view data) {
    struct stat st{};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) fail(path, EISDIR);
        if (!S_ISREG(st.st_mode)) return write_in_place(path, data);
    }
    static std::atomic<unsigned long> serial{0};
    std::string target = resolve_link(path);
    std::string temp = target + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(serial++);
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) fail(path, errno);
    int err = finish(fd, write_all(fd, data));
    if (err == 0 && ::rename(temp.c_str(), target.c_str()) != 0) err = errno;
    if (err != 0) {
        ::unlink(temp.c_str());
        fail(path, err);
    }
}

}  // namespace ujit::runtime
