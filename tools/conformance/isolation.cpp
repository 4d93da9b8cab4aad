#include "isolation.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace conformance {
namespace {

// The worker's side: every event is one line on the pipe. "B i", "L text", "E i kind category", "D text", "X text".
class PipeEvents : public Events {
public:
    explicit PipeEvents(int fd) : fd_(fd) {}
    void Begin(size_t i) override { Send("B " + std::to_string(i)); }
    void Line(const std::string& text) override { Send("L " + text); }
    void End(size_t i, CaseResult::Kind kind, const std::string& category) override {
        Send("E " + std::to_string(i) + " " + std::to_string(int(kind)) + " " + category);
    }
    void Device(const std::string& description) override { Send("D " + description); }
    void Fatal(const std::string& message) override { Send("X " + message); }

private:
    void Send(std::string line) {
        for (char& c : line)
            if (c == '\n') c = ' ';
        line += '\n';
        const char* p = line.data();
        size_t left = line.size();
        while (left > 0) {
            ssize_t n = write(fd_, p, left);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) _exit(3);   // the parent is gone
            p += n;
            left -= size_t(n);
        }
    }
    int fd_;
};

std::string DescribeStatus(int status) {
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        return "signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    return "status " + std::to_string(status);
}

}  // namespace

bool RunIsolated(const std::vector<TestCase>& cases, const RunOptions& options, Report* report) {
    using Clock = std::chrono::steady_clock;
    size_t next = 0;
    int fruitlessWorkers = 0;
    while (next < cases.size()) {
        int fds[2];
        if (pipe(fds) != 0) {
            report->Fatal(std::string("pipe: ") + std::strerror(errno));
            return false;
        }
        std::fflush(stdout);
        std::fflush(stderr);
        pid_t pid = fork();
        if (pid < 0) {
            report->Fatal(std::string("fork: ") + std::strerror(errno));
            return false;
        }
        if (pid == 0) {
            close(fds[0]);
            signal(SIGPIPE, SIG_DFL);
            bool ok;
            {
                PipeEvents events(fds[1]);
                ok = RunCases(cases, next, options, &events);
            }
            _exit(ok ? 0 : 4);
        }
        close(fds[1]);

        long current = -1;          // the case the worker is in, -1 between cases
        Clock::time_point caseStart{};
        bool fatal = false, timedOut = false, progressed = false;
        std::string pending;
        char buffer[4096];
        for (;;) {
            int waitMs = -1;
            if (current >= 0 && options.timeoutSeconds > 0) {
                double left = options.timeoutSeconds * 1000.0 -
                              std::chrono::duration<double, std::milli>(Clock::now() - caseStart).count();
                waitMs = left <= 0 ? 0 : int(left) + 1;
            }
            pollfd p{fds[0], POLLIN, 0};
            int ready = poll(&p, 1, waitMs);
            if (ready < 0 && errno == EINTR) continue;
            if (ready == 0) {
                timedOut = true;
                kill(pid, SIGKILL);
                break;
            }
            ssize_t n = read(fds[0], buffer, sizeof(buffer));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            pending.append(buffer, size_t(n));
            size_t newline;
            while ((newline = pending.find('\n')) != std::string::npos) {
                std::string line = pending.substr(0, newline);
                pending.erase(0, newline + 1);
                if (line.size() < 2) continue;
                const char kind = line[0];
                std::string rest = line.substr(2);
                if (kind == 'B') {
                    current = std::strtol(rest.c_str(), nullptr, 10);
                    caseStart = Clock::now();
                } else if (kind == 'L') {
                    report->Line(rest);
                } else if (kind == 'E') {
                    char* end = nullptr;
                    size_t index = std::strtoul(rest.c_str(), &end, 10);
                    int k = int(std::strtol(end, &end, 10));
                    std::string category = *end == ' ' ? std::string(end + 1) : std::string();
                    report->End(index, CaseResult::Kind(k), category);
                    current = -1;
                    next = index + 1;
                    progressed = true;
                } else if (kind == 'D') {
                    report->Device(rest);
                } else if (kind == 'X') {
                    report->Fatal(rest);
                    fatal = true;
                }
            }
        }
        close(fds[0]);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (fatal) return false;
        if (current >= 0) {
            const TestCase& c = cases[size_t(current)];
            std::string reason =
                timedOut ? "did not finish within " + std::to_string(int(options.timeoutSeconds)) +
                               " s (worker killed; see --timeout)"
                         : "the worker process died while running this case: " + DescribeStatus(status) +
                               " (run the repro with --no-fork under a debugger)";
            report->Line(CaseLine(c, CaseResult::kFail, reason, options));
            report->End(size_t(current), CaseResult::kFail, "");
            next = size_t(current) + 1;
            fruitlessWorkers = 0;
            continue;
        }
        if (next < cases.size()) {
            // Died between cases (e.g. while tearing down): retry, but not forever.
            fruitlessWorkers = progressed ? 0 : fruitlessWorkers + 1;
            report->Line("# the worker exited with " + DescribeStatus(status) + " before " + cases[next].name +
                         (fruitlessWorkers >= 2 ? "; stopping here" : "; starting another"));
            if (fruitlessWorkers >= 2) {
                report->Fatal("the run stopped at " + cases[next].name + ": workers keep dying outside any case");
                return false;
            }
        }
    }
    return true;
}

}  // namespace conformance
