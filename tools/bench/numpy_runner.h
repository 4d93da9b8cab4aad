// vkdml-bench: numpy_bench.py with Debian's /usr/bin/python3 (python3-numpy) as a subprocess that stays up for the
// run, driven line by line: a case's arrays are made once, then each repetition is asked for in turn with the
// case's and its baselines' rounds on the device (never while the device works: each round waits for its
// submissions), so that numpy's time is paired with the case's round by round, as the GPU baselines are.
#pragma once

#include <cstdio>
#include <string>
#include <sys/types.h>

namespace vkdml_bench {

class NumpySession {
public:
    NumpySession() = default;
    NumpySession(const NumpySession&) = delete;
    NumpySession& operator=(const NumpySession&) = delete;
    ~NumpySession();   // ends the subprocess (the end of its stdin) and waits for it

    // Starts `python script`; false, with Problem() set, where either is missing, numpy is not importable or the
    // script does not answer.
    bool Start(const std::string& python, const std::string& script);
    bool Running() const { return in_ != nullptr; }
    const std::string& Version() const { return version_; }
    // Why the session is not running (empty while it is).
    const std::string& Problem() const { return problem_; }

    // Makes the arrays of `spec` (a case's JSON object for numpy_bench.py) and frees the last case's. False with
    // *caseError set where numpy cannot do that case (the session goes on), or where the session ended (Problem()).
    bool Prepare(const std::string& spec, std::string* caseError);
    // One repetition of the prepared case: its seconds (time.perf_counter around it), or false as Prepare.
    bool RunOnce(double* seconds, std::string* caseError);

private:
    // Sends one command line and reads the reply: its first word and the rest of the line.
    bool Ask(const std::string& command, std::string* kind, std::string* rest);
    // Reads lines up to the next reply (collecting any other output, such as a traceback, for Problem()).
    bool Reply(std::string* kind, std::string* rest);
    void End(const std::string& why);

    pid_t pid_ = -1;
    FILE* in_ = nullptr;   // the script's stdout and stderr
    int out_ = -1;         // its stdin
    std::string version_, problem_, other_;
};

}  // namespace vkdml_bench
