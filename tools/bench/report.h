// vkdml-bench: what one run measured. Filled by the measuring files, read by the target check and the two outputs.
// Times are seconds, sizes bytes; NaN = not measured.
#pragma once

#include "command_counter.h"
#include "stats.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace vkdml_bench {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One repeated measurement: GPU timestamps (when the queue has them) and wall clock (submit + wait).
struct Timing {
    Summary gpu;
    Summary wall;
    bool gpuValid = false;
    std::vector<double> gpuSamples, wallSamples;
    // The time ratios and GB/s use: the GPU median when timestamps work, else the wall-clock median.
    double Seconds() const { return gpuValid ? gpu.median : wall.median; }
    // The samples Seconds() is the median of, in the order they were taken.
    const std::vector<double>& Samples() const { return gpuValid ? gpuSamples : wallSamples; }
    void Add(double gpuSeconds, double wallSeconds) {
        if (gpuValid) gpuSamples.push_back(gpuSeconds);
        wallSamples.push_back(wallSeconds);
    }
    void Finish() {
        gpu = Summarize(gpuSamples);
        wall = Summarize(wallSamples);
    }
    // Adds another measurement's samples and re-summarizes.
    void Pool(const Timing& other) {
        gpuValid = gpuValid && other.gpuValid;
        gpuSamples.insert(gpuSamples.end(), other.gpuSamples.begin(), other.gpuSamples.end());
        wallSamples.insert(wallSamples.end(), other.wallSamples.begin(), other.wallSamples.end());
        if (!gpuValid) gpuSamples.clear();
        Finish();
    }
};

struct DeviceReport {
    uint32_t index = 0;
    uint32_t deviceCount = 0;
    std::string name;
    std::string driver;               // "llvmpipe, Mesa 22.3.6 (LLVM 15.0.6)"
    std::string type;
    std::string apiVersion;
    std::string chosenBy;             // "--device", "VKDML_DEVICE", "ranking"
    bool timestamps = false;
    uint32_t timestampValidBits = 0;
    double timestampPeriodNs = 0;
    uint64_t maxStorageBufferRange = 0;
};

struct Settings {
    std::vector<uint32_t> sizesMiB;
    int repeat = 0;                   // timed repetitions below 64 MiB
    int repeatLarge = 0;              // timed repetitions at 64 MiB and more
    bool repeatGiven = false;
    double caseBudgetSeconds = 0;     // without --repeat: fewer repetitions (>= minRepeat) once a case took this
    int minRepeat = 0;
    int warmup = 1;
    std::string filter;
    bool numpy = true;
    std::string python;
    bool transfer = true;             // operators compiled with VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS (--no-transfer)
    bool texel = true;                // operators compiled with VKDML_EXECUTION_FLAG_TEXEL_INPUTS (--no-texel)
    bool int64Loads = false;          // vkdml moves quads as 64-bit words (shaderInt64 enabled; --no-int64)
    uint32_t targetSizeMiB = 0;       // the size the targets are judged at (64, or the largest size run)
};

// A raw path copying `bytes` bytes: vkCmdCopyBuffer, the compute copy kernel, or CPU memcpy on 2 threads.
// The GPU baselines of a size pool the repetitions interleaved with every case of that size; memcpy pools a
// measurement before and one after the cases.
struct BaselineResult {
    std::string name;
    uint32_t sizeMiB = 0;
    uint64_t bytes = 0;               // copied; moved = 2 * bytes
    int repeat = 0;                   // samples pooled
    Timing time;
    double gbps = kNaN;
    std::string error;
};

enum class TargetClass {
    ContiguousRuns,   // >= 0.9 x vkCmdCopyBuffer
    Other,            // >= 0.8 x compute copy
};

struct CaseResult {
    std::string name;                 // "identity.nchw_to_nhwc"
    std::string family;               // "identity"
    std::string layout;               // human description of shapes and strides
    uint32_t sizeMiB = 0;
    int repeat = 0;
    uint64_t bytesRead = 0, bytesWritten = 0;
    TargetClass targetClass = TargetClass::Other;
    bool numpyTarget = false;         // transposes and strided slices: >= 1.0 x numpy
    bool oneLaunchTarget = false;     // SPLIT/JOIN of N parts: one dispatch or one transfer command
    uint32_t parts = 0;
    CommandCounts commands;           // what one vkdmlRecordDispatch recorded
    uint32_t requiredDescriptors = 0;
    Timing time;
    double gbps = kNaN;
    // The GPU baselines of the same bytes, measured interleaved with this case's repetitions (op, kernel, copy,
    // op, kernel, copy, ...); vs*: the median of the rounds' ratios, so that a change in machine load between rounds
    // hits both sides of a ratio alike.
    // With shaderInt64, also the compute copy moving u64vec2, and that copy reading through a texel view
    // (informational: no target uses them).
    Timing copyBuffer, computeCopy, computeCopy64, computeCopyTexel;
    double vsCopyBuffer = kNaN, vsComputeCopy = kNaN, vsComputeCopy64 = kNaN, vsComputeCopyTexel = kNaN;
    double vsMemcpy = kNaN;
    Summary numpy;                    // seconds, numpy on the CPU (wall clock), when run
    double numpyGbps = kNaN, vsNumpy = kNaN;
    std::string numpyError;
    std::string error;
};

// Record + submit + wait of one tiny dispatch, wall clock; GPU time of the same command buffer.
struct DispatchOverhead {
    int repeat = 0;
    Timing emptySubmit;               // begin + end + submit + wait of an empty command buffer
    Timing raw;                       // bind pipeline + sets + push constants + 1 dispatch, recorded each time
    Timing vkdml;                     // vkdmlRecordDispatch of a 16-byte IDENTITY, recorded each time
    std::string error;
};

// CPU time (thread clock) of recording alone, per recording, over many recordings.
struct RecordOverhead {
    std::string name;                 // the operator recorded
    int recordingsPerBatch = 0;
    int batches = 0;
    std::string sequence;             // the commands one vkdmlRecordDispatch recorded, replayed by the raw side
    Summary raw;                      // seconds per recording
    Summary vkdml;
    double addedSeconds = kNaN;       // vkdml median - raw median
    std::string error;
};

// Create + compile of an operator on a new VkdmlDevice (cold), then of another operator using the same kernel.
struct CompileResult {
    std::string name;                 // "strided_copy", "gather"
    std::string first, second;        // the two operators
    int repeat = 0;
    Summary createFirst, compileCold, firstDispatchCold;   // first dispatch = submit + wait (lazy JIT shows here)
    Summary createSecond, compileShared, firstDispatchShared;
    std::string error;
};

enum class Verdict { Pass, Miss, Skip };

struct TargetVerdict {
    std::string subject;              // case name or "record overhead"
    uint32_t sizeMiB = 0;             // 0 = not a size case
    std::string target;               // ">= 0.9 x vkCmdCopyBuffer"
    double measured = kNaN;
    std::string unit;                 // "x", "us", "ms", "launches"
    Verdict verdict = Verdict::Skip;
    std::string note;
};

struct Report {
    std::string version;
    DeviceReport device;
    Settings settings;
    std::vector<BaselineResult> baselines;
    std::vector<CaseResult> cases;
    bool haveDispatch = false;
    DispatchOverhead dispatch;
    std::vector<RecordOverhead> records;
    std::vector<CompileResult> compile;
    std::vector<TargetVerdict> targets;
    std::vector<std::string> notes;
    double totalSeconds = 0;
};

// Baseline names.
inline const char* const kCopyBuffer = "vkCmdCopyBuffer";
inline const char* const kComputeCopy = "compute copy 4x uvec4";
// Informational (no target uses it): the same kernel moving u64vec2, where shaderInt64 is enabled.
inline const char* const kComputeCopyInt64 = "compute copy 4x u64vec2";
// Informational too: that kernel reading its source through an R32G32B32A32_UINT uniform texel buffer view.
inline const char* const kComputeCopyTexel = "compute copy 4x u64vec2, texel loads";
inline const char* const kMemcpy = "CPU memcpy, 2 threads";

void EvaluateTargets(Report* report);
void PrintText(const Report& report);
void PrintJson(const Report& report);

}  // namespace vkdml_bench
