// The fuzz targets' inputs in the normal suite: every seed of tests/fuzz/corpus/operator_desc_fuzzer/ and every
// crash the fuzzer ever found (tests/fuzz/regressions/operator_desc_fuzzer/, one file per finding, named after it)
// go through the same decoder and checks as the fuzzer (tests/fuzz/desc_fuzzing.h), on the shared debug device and
// on devices capped at the feature levels the encoding selects.
#include "fuzz/desc_fuzzing.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> Inputs(const char* subdirectory) {
    std::vector<fs::path> files;
    fs::path dir = fs::path(VKDML_FUZZ_DIR) / subdirectory / "operator_desc_fuzzer";
    if (fs::is_directory(dir))
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

void Replay(const char* subdirectory, size_t minimum) {
    std::vector<fs::path> files = Inputs(subdirectory);
    EXPECT_GE(files.size(), minimum) << "in " << VKDML_FUZZ_DIR << "/" << subdirectory;
    std::map<std::pair<DML_FEATURE_LEVEL, bool>, VkdmlDevice> devices;   // (level, zero-volume tensors allowed)
    vkdml_fuzz::RunStats stats;
    for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        vkdml_fuzz::DecodedOperator op = vkdml_fuzz::Decode(bytes.data(), bytes.size());
        const bool shared = op.level == DML_FEATURE_LEVEL_6_4 && !op.zeroVolume;
        VkdmlDevice& device = devices[{op.level, op.zeroVolume}];
        if (!device)
            device = shared ? vkdml_test::SharedDevice()
                            : vkdml_test::CreateDevice(op.level, op.zeroVolume ? VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS
                                                                               : DML_CREATE_DEVICE_FLAG_NONE);
        EXPECT_EQ(vkdml_fuzz::Run(device, op, vkdml_fuzz::RunLimits{}, &stats), "") << file.filename();
    }
    for (auto& [key, device] : devices)
        if (device != vkdml_test::SharedDevice()) vkdmlRelease(device, nullptr);
    std::printf("[fuzz replay] %zu inputs: %llu created, %llu compiled, %llu executed, %llu guard bytes checked\n",
                files.size(), (unsigned long long)stats.created, (unsigned long long)stats.compiled,
                (unsigned long long)stats.executed, (unsigned long long)stats.guardBytesChecked);
}

TEST(FuzzReplay, SeedCorpus) { Replay("corpus", 40); }

TEST(FuzzReplay, EveryCrashFound) { Replay("regressions", 0); }

}  // namespace
