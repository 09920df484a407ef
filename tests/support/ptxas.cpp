#include "support/ptxas.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace ujit::test {

bool ptxas_available() { return access(UJIT_PTXAS, X_OK) == 0; }

std::string ptxas_check(const std::string& ptx, const std::string& arch) {
    if (!ptxas_available()) {
        WARN("ptxas not found at " UJIT_PTXAS "; PTX not assembled");
        return "";
    }
    char path[] = "/tmp/ujit-ptx-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return "cannot create a temporary file";
    close(fd);
    std::ofstream(path) << ptx;
    std::string log_path = std::string(path) + ".log";
    std::string cmd = std::string(UJIT_PTXAS) + " -arch=" + arch + " -o /dev/null " + path + " > " + log_path + " 2>&1";
    int rc = std::system(cmd.c_str());
    std::ifstream log(log_path);
    std::stringstream msg;
    msg << log.rdbuf();
    std::remove(path);
    std::remove(log_path.c_str());
    return rc == 0 ? "" : "ptxas failed: " + msg.str();
}

}  // namespace ujit::test
