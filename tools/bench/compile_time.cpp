// vkdml-bench: create + compile time, cold and with a shared kernel.
#include "compile_time.h"

#include "stats.h"

#include <vector>

namespace vkdml_bench {
namespace {

struct Step {
    double create = 0, compile = 0, firstDispatch = 0;
};

bool TimeOne(VkContext& ctx, VkdmlDevice device, const BuiltCase& c, const WorkBuffers& buffers, BoundOperator* op,
             Step* step, std::string* error) {
    double t0 = WallSeconds();
    if (!op->Create(device, c, error)) return false;
    double t1 = WallSeconds();
    if (!op->Compile(error)) return false;
    double t2 = WallSeconds();
    step->create = t1 - t0;
    step->compile = t2 - t1;
    if (!c.indices.empty() && !ctx.Upload(buffers.indices, 0, c.indices.data(), c.indices.size() * 4, error))
        return false;
    if (!op->Initialize(ctx, error) || !op->Bind(c, buffers, error)) return false;
    Timing first;
    if (!ctx.TimeRecordSubmit([&](VkCommandBuffer cb, std::string* e) { return op->Record(cb, e); }, 0, 1, &first,
                              error))
        return false;
    step->firstDispatch = first.wall.median;
    return true;
}

}  // namespace

void MeasureCompile(VkContext& ctx, const VKDML_DEVICE_DESC& deviceDesc, const WorkBuffers& buffers,
                    const CompilePair& pair, int repeat, CompileResult* out) {
    out->name = pair.name;
    out->repeat = repeat;
    auto first = pair.first(), second = pair.second();
    out->first = first->name + " " + first->layout;
    out->second = second->name + " " + second->layout;
    std::vector<double> s[6];
    for (int r = 0; r < repeat; ++r) {
        VkdmlDevice device = nullptr;
        if (VKDML_STATUS st = vkdmlCreateDevice(&deviceDesc, &device)) {
            out->error = VkdmlError("vkdmlCreateDevice", st);
            return;
        }
        Step a, b;
        bool ok;
        {
            BoundOperator opA, opB;
            ok = TimeOne(ctx, device, *first, buffers, &opA, &a, &out->error) &&
                 TimeOne(ctx, device, *second, buffers, &opB, &b, &out->error);
        }
        vkdmlRelease(device, nullptr);
        if (!ok) return;
        s[0].push_back(a.create);
        s[1].push_back(a.compile);
        s[2].push_back(a.firstDispatch);
        s[3].push_back(b.create);
        s[4].push_back(b.compile);
        s[5].push_back(b.firstDispatch);
    }
    out->createFirst = Summarize(s[0]);
    out->compileCold = Summarize(s[1]);
    out->firstDispatchCold = Summarize(s[2]);
    out->createSecond = Summarize(s[3]);
    out->compileShared = Summarize(s[4]);
    out->firstDispatchShared = Summarize(s[5]);
}

}  // namespace vkdml_bench
