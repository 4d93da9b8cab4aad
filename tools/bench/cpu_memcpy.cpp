// vkdml-bench: the 2-thread memcpy baseline.
#include "cpu_memcpy.h"

#include "stats.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace vkdml_bench {

void MeasureMemcpy(uint64_t bytes, int warmup, int repeat, BaselineResult* out) {
    out->name = kMemcpy;
    out->bytes = bytes;
    out->repeat = repeat;
    const size_t size = (bytes + 4095) / 4096 * 4096;
    char* src = static_cast<char*>(std::aligned_alloc(4096, size));
    char* dst = static_cast<char*>(std::aligned_alloc(4096, size));
    if (!src || !dst) {
        std::free(src);
        std::free(dst);
        out->error = "out of host memory";
        return;
    }
    std::memset(src, 0x5a, size);
    std::memset(dst, 0, size);
    // 16 chunks (at least 64 KiB each): enough to balance two threads, few enough to cost nothing.
    const uint64_t chunk = std::max<uint64_t>((bytes / 16 + 4095) / 4096 * 4096, 65536);
    const uint64_t chunks = (bytes + chunk - 1) / chunk;

    std::atomic<uint64_t> next{chunks}, finished{chunks};
    std::atomic<int> round{0};
    std::atomic<bool> stop{false};
    auto work = [&] {
        for (uint64_t k; (k = next.fetch_add(1, std::memory_order_acq_rel)) < chunks;) {
            uint64_t begin = k * chunk, n = std::min(chunk, bytes - begin);
            std::memcpy(dst + begin, src + begin, n);
            finished.fetch_add(1, std::memory_order_acq_rel);
        }
    };
    std::thread helper([&] {
        int seen = 0;
        while (!stop.load(std::memory_order_acquire)) {
            int now = round.load(std::memory_order_acquire);
            if (now == seen) {
                std::this_thread::yield();
                continue;
            }
            seen = now;
            work();
        }
    });
    std::vector<double> times;
    for (int i = 1; i <= warmup + repeat; ++i) {
        double t0 = WallSeconds();
        finished.store(0, std::memory_order_relaxed);
        next.store(0, std::memory_order_release);
        round.store(i, std::memory_order_release);
        work();
        while (finished.load(std::memory_order_acquire) != chunks) std::this_thread::yield();
        double t1 = WallSeconds();
        if (i > warmup) times.push_back(t1 - t0);
    }
    stop.store(true, std::memory_order_release);
    helper.join();
    std::free(src);
    std::free(dst);
    for (double t : times) out->time.Add(0, t);
    out->time.Finish();
    out->gbps = Gbps(2.0 * double(bytes), out->time.Seconds());
}

}  // namespace vkdml_bench
