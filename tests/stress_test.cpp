// Concurrency stress (issue 7): 8 threads create, compile, initialize, bind and execute operators on one device for a
// bounded time (VKDML_STRESS_SECONDS, default 10), each with its own binding tables and buffers (binding tables are
// single-threaded), and compare every output bit for bit with a reference computed here. vkdmlExecute serializes on
// the device's queue; everything else runs concurrently. Every call must succeed; the validation layer (threading
// checks included) must stay silent; under the asan preset AddressSanitizer/LeakSanitizer watch it too.
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <thread>

using vkdml_test::SharedDevice;
using vkdml_test::TensorDesc;

namespace {

int Threads() {
    const char* env = std::getenv("VKDML_STRESS_THREADS");   // default 8
    return env ? std::max(1, std::atoi(env)) : 8;
}

DML_TENSOR_DATA_TYPE TypeOfWidth(uint32_t bytes) {
    switch (bytes) {
        case 1: return DML_TENSOR_DATA_TYPE_UINT8;
        case 2: return DML_TENSOR_DATA_TYPE_FLOAT16;
        case 4: return DML_TENSOR_DATA_TYPE_INT32;
        default: return DML_TENSOR_DATA_TYPE_UINT64;
    }
}

// One case: the desc (with storage), its inputs, and the outputs it must produce.
struct Case {
    std::string name;
    std::vector<TensorDesc> tensors;         // storage for every desc below
    std::vector<DML_TENSOR_DESC> array;      // SPLIT outputs / JOIN inputs
    std::shared_ptr<void> desc;
    DML_OPERATOR_DESC op{};
    std::vector<std::vector<uint8_t>> inputs, expected;
    uint32_t width = 0;   // element bytes: outputs are compared over their elements, not the round-up to 4 bytes
};

std::vector<uint8_t> RandomBytes(std::mt19937& rng, size_t n) {
    std::vector<uint8_t> bytes(n);
    for (auto& b : bytes) b = uint8_t(rng());
    return bytes;
}

// Copies element `from` of `src` to element `to` of `dst` (w bytes each).
void Move(const std::vector<uint8_t>& src, uint64_t from, std::vector<uint8_t>& dst, uint64_t to, uint32_t w) {
    std::memcpy(dst.data() + to * w, src.data() + from * w, w);
}

Case MakeCase(std::mt19937& rng) {
    Case c;
    const uint32_t w = 1u << (rng() % 4);
    const auto type = TypeOfWidth(w);
    c.width = w;
    const uint32_t rows = 1 + rng() % 24, cols = 1 + rng() % 24;
    c.tensors.reserve(4);
    c.name = " (" + std::to_string(rows) + "x" + std::to_string(cols) + ", " + std::to_string(w) + "-byte)";
    switch (rng() % 5) {
        case 0: {   // IDENTITY from a column-major input: a transpose
            c.name = "IDENTITY transpose" + c.name;
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols}, std::vector<uint32_t>{1, rows});
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols});
            auto d = std::make_shared<DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC>();
            *d = {c.tensors[0].Get(), c.tensors[1].Get(), nullptr};
            c.desc = d;
            c.op = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, d.get()};
            c.inputs.push_back(RandomBytes(rng, c.tensors[0].Bytes()));
            c.expected.emplace_back(c.tensors[1].Bytes(), 0);
            for (uint32_t r = 0; r < rows; ++r)
                for (uint32_t k = 0; k < cols; ++k) Move(c.inputs[0], r + uint64_t(k) * rows, c.expected[0], uint64_t(r) * cols + k, w);
            break;
        }
        case 1: {   // SLICE1 with a negative stride: reverse the columns
            c.name = "SLICE1 reverse" + c.name;
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols});
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols});
            struct Storage {
                DML_SLICE1_OPERATOR_DESC desc;
                uint32_t offsets[2], sizes[2];
                int32_t strides[2];
            };
            auto s = std::make_shared<Storage>();
            s->offsets[0] = s->offsets[1] = 0;
            s->sizes[0] = rows, s->sizes[1] = cols;
            s->strides[0] = 1, s->strides[1] = -1;
            s->desc = {c.tensors[0].Get(), c.tensors[1].Get(), 2, s->offsets, s->sizes, s->strides};
            c.desc = s;
            c.op = {DML_OPERATOR_SLICE1, &s->desc};
            c.inputs.push_back(RandomBytes(rng, c.tensors[0].Bytes()));
            c.expected.emplace_back(c.tensors[1].Bytes(), 0);
            for (uint32_t r = 0; r < rows; ++r)
                for (uint32_t k = 0; k < cols; ++k)
                    Move(c.inputs[0], uint64_t(r) * cols + (cols - 1 - k), c.expected[0], uint64_t(r) * cols + k, w);
            break;
        }
        case 2: {   // GATHER rows by in-range UINT32 indices
            c.name = "GATHER rows" + c.name;
            const uint32_t picks = 1 + rng() % 16;
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols});
            c.tensors.emplace_back(DML_TENSOR_DATA_TYPE_UINT32, std::vector<uint32_t>{1, picks});
            c.tensors.emplace_back(type, std::vector<uint32_t>{picks, cols});
            auto d = std::make_shared<DML_GATHER_OPERATOR_DESC>();
            *d = {c.tensors[0].Get(), c.tensors[1].Get(), c.tensors[2].Get(), 0, 1};
            c.desc = d;
            c.op = {DML_OPERATOR_GATHER, d.get()};
            c.inputs.push_back(RandomBytes(rng, c.tensors[0].Bytes()));
            std::vector<uint32_t> indices(picks);
            for (auto& i : indices) i = rng() % rows;
            c.inputs.push_back(vkdml_test::Bytes(indices, c.tensors[1].Bytes()));
            c.expected.emplace_back(c.tensors[2].Bytes(), 0);
            for (uint32_t p = 0; p < picks; ++p)
                for (uint32_t k = 0; k < cols; ++k)
                    Move(c.inputs[0], uint64_t(indices[p]) * cols + k, c.expected[0], uint64_t(p) * cols + k, w);
            break;
        }
        case 3: {   // SPLIT along the columns
            c.name = "SPLIT columns" + c.name;
            const uint32_t left = 1 + rng() % cols, right = cols + 1 - left;   // cols+1 columns in all
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols + 1});
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, left});
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, right});
            c.array = {*c.tensors[1].Get(), *c.tensors[2].Get()};
            auto d = std::make_shared<DML_SPLIT_OPERATOR_DESC>();
            *d = {c.tensors[0].Get(), 2, c.array.data(), 1};
            c.desc = d;
            c.op = {DML_OPERATOR_SPLIT, d.get()};
            c.inputs.push_back(RandomBytes(rng, c.tensors[0].Bytes()));
            c.expected.emplace_back(c.tensors[1].Bytes(), 0);
            c.expected.emplace_back(c.tensors[2].Bytes(), 0);
            for (uint32_t r = 0; r < rows; ++r)
                for (uint32_t k = 0; k <= cols; ++k) {
                    uint64_t from = uint64_t(r) * (cols + 1) + k;
                    if (k < left) Move(c.inputs[0], from, c.expected[0], uint64_t(r) * left + k, w);
                    else Move(c.inputs[0], from, c.expected[1], uint64_t(r) * right + (k - left), w);
                }
            break;
        }
        default: {   // JOIN along the rows
            c.name = "JOIN rows" + c.name;
            const uint32_t more = 1 + rng() % 8;
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows, cols});
            c.tensors.emplace_back(type, std::vector<uint32_t>{more, cols});
            c.tensors.emplace_back(type, std::vector<uint32_t>{rows + more, cols});
            c.array = {*c.tensors[0].Get(), *c.tensors[1].Get()};
            auto d = std::make_shared<DML_JOIN_OPERATOR_DESC>();
            *d = {2, c.array.data(), c.tensors[2].Get(), 0};
            c.desc = d;
            c.op = {DML_OPERATOR_JOIN, d.get()};
            c.inputs.push_back(RandomBytes(rng, c.tensors[0].Bytes()));
            c.inputs.push_back(RandomBytes(rng, c.tensors[1].Bytes()));
            c.expected.emplace_back(c.tensors[2].Bytes(), 0);
            uint64_t first = uint64_t(rows) * cols;
            for (uint64_t e = 0; e < first; ++e) Move(c.inputs[0], e, c.expected[0], e, w);
            for (uint64_t e = 0; e < uint64_t(more) * cols; ++e) Move(c.inputs[1], e, c.expected[0], first + e, w);
            break;
        }
    }
    return c;
}

// The element count of output j: its desc is the last tensors (SPLIT: the last two).
size_t ElementsOfOutput(const Case& c, size_t j) {
    const TensorDesc& t = c.tensors[c.tensors.size() - c.expected.size() + j];
    size_t n = 1;
    for (uint32_t s : t.sizes) n *= s;
    return n;
}

struct Totals {
    std::atomic<uint64_t> executed{0}, bytesCompared{0};
    std::mutex mutex;
    std::vector<std::string> failures;
    void Fail(std::string what) {
        std::lock_guard lock(mutex);
        if (failures.size() < 20) failures.push_back(std::move(what));
    }
};

// One iteration of one thread: everything is created and released here, nothing is shared but the device.
void RunOnce(VkdmlDevice device, std::mt19937& rng, Totals& totals) {
    Case c = MakeCase(rng);
    auto check = [&](VKDML_STATUS s, const char* call) {
        if (s != VKDML_SUCCESS) totals.Fail(c.name + ": " + call + " -> " + vkdmlStatusName(s) + ": " + vkdmlGetLastErrorMessage());
        return s == VKDML_SUCCESS;
    };
    std::vector<void*> handles;
    std::vector<VkBuffer> buffers;
    auto cleanup = [&] {
        for (auto it = handles.rbegin(); it != handles.rend(); ++it) vkdmlRelease(*it, nullptr);
        for (VkBuffer b : buffers) vkdmlDestroyBuffer(device, b);
    };
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlOperatorInitializer init = nullptr;
    VkdmlBindingTable table = nullptr;
    bool ok = check(vkdmlCreateOperator(device, &c.op, &op), "vkdmlCreateOperator");
    if (ok) handles.push_back(op);
    ok = ok && check(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), "vkdmlCompileOperator");
    if (ok) handles.push_back(compiled);
    ok = ok && check(vkdmlCreateOperatorInitializer(device, 1, &compiled, &init), "vkdmlCreateOperatorInitializer");
    if (ok) handles.push_back(init);
    DML_BINDING_TABLE_DESC tableDesc{init, VK_NULL_HANDLE, 0, 0};
    ok = ok && check(vkdmlCreateBindingTable(device, &tableDesc, &table), "vkdmlCreateBindingTable");
    if (ok) handles.push_back(table);
    ok = ok && check(vkdmlExecute(device, init, table), "vkdmlExecute(initializer)");
    tableDesc.Dispatchable = compiled;
    ok = ok && check(vkdmlResetBindingTable(table, &tableDesc), "vkdmlResetBindingTable");
    if (!ok) return cleanup();

    auto bind = [&](const std::vector<std::vector<uint8_t>>& contents, bool outputs) {
        std::vector<DML_BUFFER_BINDING> b(contents.size());
        std::vector<DML_BINDING_DESC> d(contents.size());
        for (size_t i = 0; i < contents.size(); ++i) {
            VkBuffer buffer = VK_NULL_HANDLE;
            if (!check(vkdmlCreateBuffer(device, contents[i].size(), &buffer), "vkdmlCreateBuffer")) return false;
            buffers.push_back(buffer);
            std::vector<uint8_t> fill = outputs ? std::vector<uint8_t>(contents[i].size(), 0xCD) : contents[i];
            if (!check(vkdmlWriteBuffer(device, buffer, 0, fill.size(), fill.data()), "vkdmlWriteBuffer")) return false;
            b[i] = {buffer, 0, contents[i].size()};
            d[i] = {DML_BINDING_TYPE_BUFFER, &b[i]};
        }
        return check(outputs ? vkdmlBindOutputs(table, uint32_t(d.size()), d.data())
                             : vkdmlBindInputs(table, uint32_t(d.size()), d.data()),
                     outputs ? "vkdmlBindOutputs" : "vkdmlBindInputs");
    };
    size_t firstOutput = c.inputs.size();
    ok = bind(c.inputs, false) && bind(c.expected, true) && check(vkdmlExecute(device, compiled, table), "vkdmlExecute");
    for (size_t j = 0; ok && j < c.expected.size(); ++j) {
        std::vector<uint8_t> got(c.expected[j].size());
        ok = check(vkdmlReadBuffer(device, buffers[firstOutput + j], 0, got.size(), got.data()), "vkdmlReadBuffer");
        // The elements' bytes; TotalTensorSizeInBytes rounds up to 4, and DirectML lets an operator write there.
        const size_t elements = ElementsOfOutput(c, j);
        got.resize(elements * c.width);
        std::vector<uint8_t> want(c.expected[j].begin(), c.expected[j].begin() + elements * c.width);
        if (ok && got != want) {
            size_t k = 0;
            while (got[k] == want[k]) ++k;
            totals.Fail(c.name + ": output " + std::to_string(j) + " differs first at byte " + std::to_string(k) +
                        " of " + std::to_string(got.size()));
        }
        totals.bytesCompared += got.size();
    }
    if (ok) ++totals.executed;
    cleanup();
}

TEST(Stress, EightThreadsCreateCompileExecute) {
    const char* env = std::getenv("VKDML_STRESS_SECONDS");
    const double seconds = env ? std::atof(env) : 10.0;
    VkdmlDevice device = SharedDevice();
    Totals totals;
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    const int kThreads = Threads();
    std::vector<uint64_t> perThread(kThreads);
    const auto start = std::chrono::steady_clock::now();
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            std::mt19937 rng(0x5EED0000u + t);
            while (!stop) {
                RunOnce(device, rng, totals);
                ++perThread[t];
            }
        });
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
    for (auto& t : threads) t.join();
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const std::string& f : totals.failures) ADD_FAILURE() << f;
    uint64_t total = 0;
    for (int t = 0; t < kThreads; ++t) {
        total += perThread[t];
        EXPECT_GT(perThread[t], 0u) << "thread " << t << " never finished an iteration";
    }
    EXPECT_EQ(totals.executed.load(), total);
    std::printf("[stress] %d threads, %.1f s: %llu operators created, compiled, initialized and executed, %llu output "
                "bytes compared, %zu mismatches\n", kThreads, elapsed, (unsigned long long)total,
                (unsigned long long)totals.bytesCompared.load(), totals.failures.size());
}

}  // namespace
