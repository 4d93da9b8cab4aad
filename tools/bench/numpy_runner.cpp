// vkdml-bench: the numpy subprocess.
#include "numpy_runner.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <unistd.h>

namespace vkdml_bench {
namespace {

std::string ShellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

}  // namespace

NumpyOutcome RunNumpy(const std::string& python, const std::string& script, const std::vector<NumpyJob>& jobs) {
    NumpyOutcome out;
    if (jobs.empty()) return out;
    if (access(python.c_str(), X_OK) != 0) {
        out.error = python + " not found (Debian: python3)";
        return out;
    }
    if (access(script.c_str(), R_OK) != 0) {
        out.error = script + " not found";
        return out;
    }
    const char* tmp = std::getenv("TMPDIR");
    std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/vkdml-bench-numpy-XXXXXX";
    std::vector<char> name(path.begin(), path.end());
    name.push_back('\0');
    int fd = mkstemp(name.data());
    if (fd < 0) {
        out.error = "cannot create a temporary file in " + std::string(tmp && *tmp ? tmp : "/tmp");
        return out;
    }
    std::string spec = "[";
    for (size_t i = 0; i < jobs.size(); ++i) {
        const NumpyJob& j = jobs[i];
        // The spec object without its closing brace, then id, warmup and repeat.
        spec += (i ? ",\n" : "") + j.spec.substr(0, j.spec.size() - 1) + ",\"id\":\"" + j.id +
                "\",\"warmup\":" + std::to_string(j.warmup) + ",\"repeat\":" + std::to_string(j.repeat) + "}";
    }
    spec += "]\n";
    bool written = write(fd, spec.data(), spec.size()) == ssize_t(spec.size());
    close(fd);
    if (!written) {
        out.error = "cannot write " + std::string(name.data());
        unlink(name.data());
        return out;
    }
    std::string command = ShellQuote(python) + " " + ShellQuote(script) + " " + ShellQuote(name.data()) + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) {
        out.error = "cannot run " + python;
        unlink(name.data());
        return out;
    }
    std::string text;
    char buffer[4096];
    while (size_t n = fread(buffer, 1, sizeof(buffer), pipe)) text.append(buffer, n);
    int status = pclose(pipe);
    unlink(name.data());

    std::istringstream lines(text);
    std::string line, other;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string kind, id;
        words >> kind;
        if (kind == "VERSION") {
            words >> out.version;
            out.ran = true;
        } else if (kind == "UNAVAILABLE") {
            std::getline(words, out.error);
            out.error = "numpy is not importable:" + out.error + " (Debian: python3-numpy)";
        } else if (kind == "RESULT") {
            Summary s;
            words >> id >> s.median >> s.min >> s.max >> s.count;
            if (words) out.results[id] = s;
        } else if (kind == "ERROR") {
            words >> id;
            std::string message;
            std::getline(words, message);
            out.errors[id] = message.empty() ? "error" : message.substr(1);
        } else if (!line.empty()) {
            other += (other.empty() ? "" : " | ") + line;
        }
    }
    if (!out.ran && out.error.empty())
        out.error = python + " " + script + " failed (status " + std::to_string(status) + ")" +
                    (other.empty() ? "" : ": " + other.substr(0, 300));
    return out;
}

}  // namespace vkdml_bench
