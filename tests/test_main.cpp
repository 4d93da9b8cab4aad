// The test binaries' main: gtest, plus a listener that fails any test during which the Vulkan validation layer
// reported something.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace {

// Prints each validation message with the test it happened in; main() then fails the run.
class ValidationGuard : public testing::EmptyTestEventListener {
    size_t seen_ = 0;
    void OnTestStart(const testing::TestInfo&) override { seen_ = vkdml_test::ValidationMessages().size(); }
    void OnTestEnd(const testing::TestInfo& test) override {
        std::vector<std::string> messages = vkdml_test::ValidationMessages();
        for (size_t i = seen_; i < messages.size(); ++i)
            std::printf("[VALIDATION] %s.%s: %s\n", test.test_suite_name(), test.name(), messages[i].c_str());
        seen_ = messages.size();
    }
};

}  // namespace

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    testing::UnitTest::GetInstance()->listeners().Append(new ValidationGuard);
    int result = RUN_ALL_TESTS();
    // Destroying the device runs the validation layer's object tracker over every Vulkan object vkdml made.
    size_t before = vkdml_test::ValidationMessages().size();
    uint32_t left = vkdml_test::ReleaseSharedDevice();
    std::vector<std::string> after = vkdml_test::ValidationMessages();
    for (size_t i = before; i < after.size(); ++i) std::printf("[VALIDATION] at device release: %s\n", after[i].c_str());
    if (left) {
        std::printf("FAILED: %u reference(s) to the shared device remain after the tests: a test or vkdml leaked a "
                    "handle\n", left);
        result = 1;
    }
    size_t messages = vkdml_test::ValidationMessages().size();
    if (messages) {
        std::printf("FAILED: the Vulkan validation layer reported %zu message(s) (see [VALIDATION] lines)\n", messages);
        return 1;
    }
    return result;
}
