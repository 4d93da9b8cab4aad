// vkdml-bench --profile: each case's operator alone, repeated.
#include "profile_cases.h"

#include "stats.h"
#include "text_format.h"

#include <cstdio>
#include <string>

namespace vkdml_bench {

bool ProfileCases(VkContext& ctx, VkdmlDevice device, const std::vector<const CaseSpec*>& cases,
                  const std::vector<uint32_t>& sizesMiB, const WorkBuffers& buffers, int warmup, int repeat,
                  DML_EXECUTION_FLAGS compileFlags) {
    bool ok = true;
    std::printf("%-30s %8s %28s %8s\n", "case", "MiB", "ms: median [min-max]", "GB/s");
    for (uint32_t sizeMiB : sizesMiB)
        for (const CaseSpec* spec : cases) {
            auto built = spec->build(sizeMiB);
            std::string error;
            BoundOperator bound;
            bound.compileFlags = compileFlags;
            std::vector<Timing> timings;
            if (bound.Prepare(ctx, device, *built, buffers, &error) &&
                ctx.TimeInterleaved({[&](VkCommandBuffer cb, std::string* e) { return bound.Record(cb, e); }}, warmup,
                                    repeat, &timings, &error)) {
                const Timing& t = timings[0];
                std::printf("%-30s %8u %28s %8.2f\n", built->name.c_str(), sizeMiB,
                            Range(t.gpuValid ? t.gpu : t.wall, Ms).c_str(),
                            Gbps(double(built->bytesRead + built->bytesWritten), t.Seconds()));
            } else {
                std::printf("%-30s %8u error: %s\n", built->name.c_str(), sizeMiB, error.c_str());
                ok = false;
            }
        }
    return ok;
}

}  // namespace vkdml_bench
