#include "cache/trust.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>

namespace ujit::cache {

namespace fs = std::filesystem;

std::string distrust_reason(const struct stat& st) {
    if (st.st_uid != ::geteuid())
        return "owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " + std::to_string(::geteuid()) +
               ")";
    bool group = st.st_mode & S_IWGRP, others = st.st_mode & S_IWOTH;
    if (!group && !others) return "";
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", unsigned(st.st_mode & 07777));
    return std::string("writable by ") +
           (group && others ? "group and others"
            : group         ? "group"
                            : "others") +
           " (mode " + mode + ")";
}

DirState prepare_dir(const fs::path& dir, std::string& why) {
    struct stat st{};
    if (::stat(dir.c_str(), &st) != 0) {
        std::error_code ec;
        if (dir.has_parent_path()) fs::create_directories(dir.parent_path(), ec);
        if ((::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) || ::stat(dir.c_str(), &st) != 0) {
            why = std::string("cannot create it: ") + std::strerror(errno);
            return DirState::Unavailable;
        }
    }
    why = S_ISDIR(st.st_mode) ? distrust_reason(st) : "not a directory";
    return why.empty() ? DirState::Usable : DirState::Refused;
}

void warn_refused(const char* what, const fs::path& path, const std::string& reason) {
    static std::mutex mu;
    static std::set<std::string> warned;
    std::lock_guard<std::mutex> lock(mu);
    if (!warned.insert(path.string()).second) return;
    std::fprintf(stderr, "ujit: warning: compilation cache %s '%s' not used: %s\n", what, path.c_str(), reason.c_str());
}

}  // namespace ujit::cache
