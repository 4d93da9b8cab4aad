// vkdml-bench: the numpy subprocess.
#include "numpy_runner.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace vkdml_bench {

NumpySession::~NumpySession() { End(""); }

bool NumpySession::Start(const std::string& python, const std::string& script) {
    if (access(python.c_str(), X_OK) != 0) {
        problem_ = python + " not found (Debian: python3)";
        return false;
    }
    if (access(script.c_str(), R_OK) != 0) {
        problem_ = script + " not found";
        return false;
    }
    // A write to a script that has ended must fail, not end the bench.
    std::signal(SIGPIPE, SIG_IGN);
    int toScript[2], fromScript[2];
    if (pipe2(toScript, O_CLOEXEC) != 0) {
        problem_ = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    if (pipe2(fromScript, O_CLOEXEC) != 0) {
        problem_ = std::string("pipe: ") + std::strerror(errno);
        close(toScript[0]);
        close(toScript[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toScript[0], 0);
    posix_spawn_file_actions_adddup2(&actions, fromScript[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fromScript[1], 2);
    std::string argv0 = python, argv1 = script;
    char* argv[] = {argv0.data(), argv1.data(), nullptr};
    int spawned = posix_spawn(&pid_, python.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(toScript[0]);
    close(fromScript[1]);
    if (spawned != 0) {
        pid_ = -1;
        close(toScript[1]);
        close(fromScript[0]);
        problem_ = "cannot run " + python + ": " + std::strerror(spawned);
        return false;
    }
    out_ = toScript[1];
    in_ = fdopen(fromScript[0], "r");
    if (!in_) {
        close(fromScript[0]);
        End("fdopen failed");
        return false;
    }
    std::string kind, rest;
    if (!Reply(&kind, &rest)) return false;
    if (kind == "VERSION") {
        version_ = rest;
        return true;
    }
    End(kind == "UNAVAILABLE" ? "numpy is not importable: " + rest + " (Debian: python3-numpy)"
                              : python + " " + script + " answered " + kind + " " + rest + " at start");
    return false;
}

bool NumpySession::Prepare(const std::string& spec, std::string* caseError) {
    std::string kind, rest, line = spec;
    for (char& c : line)   // one command a line
        if (c == '\n' || c == '\r') c = ' ';
    if (!Ask("CASE " + line, &kind, &rest)) {
        *caseError = "numpy: " + problem_;
        return false;
    }
    if (kind == "READY") return true;
    *caseError = "numpy: " + rest;
    return false;
}

bool NumpySession::RunOnce(double* seconds, std::string* caseError) {
    std::string kind, rest;
    if (!Ask("RUN", &kind, &rest)) {
        *caseError = "numpy: " + problem_;
        return false;
    }
    char* end = nullptr;
    *seconds = kind == "TIME" ? std::strtod(rest.c_str(), &end) : 0;
    if (kind == "TIME" && end != rest.c_str()) return true;
    *caseError = "numpy: " + (kind == "TIME" ? "unreadable time " + rest : rest);
    return false;
}

bool NumpySession::Ask(const std::string& command, std::string* kind, std::string* rest) {
    if (!Running()) return false;
    const std::string line = command + "\n";
    for (size_t sent = 0; sent < line.size();) {
        ssize_t n = write(out_, line.data() + sent, line.size() - sent);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            End(std::string("numpy_bench.py stopped reading: ") + std::strerror(errno));
            return false;
        }
        sent += size_t(n);
    }
    return Reply(kind, rest);
}

bool NumpySession::Reply(std::string* kind, std::string* rest) {
    char buffer[4096];
    while (std::fgets(buffer, sizeof(buffer), in_)) {
        std::string line = buffer;
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        const size_t space = line.find(' ');
        *kind = line.substr(0, space);
        *rest = space == std::string::npos ? "" : line.substr(space + 1);
        for (const char* known : {"VERSION", "UNAVAILABLE", "READY", "TIME", "ERROR"})
            if (*kind == known) return true;
        if (!line.empty() && other_.size() < 300) other_ += (other_.empty() ? "" : " | ") + line;
    }
    End("numpy_bench.py ended" + (other_.empty() ? std::string() : ": " + other_.substr(0, 300)));
    return false;
}

void NumpySession::End(const std::string& why) {
    if (problem_.empty()) problem_ = why;
    if (out_ >= 0) close(out_);   // the end of the script's stdin: it returns
    out_ = -1;
    if (in_) std::fclose(in_);
    in_ = nullptr;
    if (pid_ > 0) {
        int status = 0;
        while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    pid_ = -1;
}

}  // namespace vkdml_bench
