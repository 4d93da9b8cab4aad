// The transfer path (VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS): launches that only move long contiguous runs become
// vkCmdCopyBuffer regions. Bytes must be exactly those of the kernel path, at the run-length threshold and on both
// sides of it, with binding offsets that are not multiples of the device's alignment, mixed with kernel launches in
// one plan (barriers between them), and in place. Whether a launch went to the transfer path shows in
// RequiredDescriptorCount: a transfer copy needs no descriptor.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <random>

using namespace vkdml_test;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
constexpr auto U16 = DML_TENSOR_DATA_TYPE_UINT16;
constexpr uint64_t kThreshold = 4096;   // LoweringLimits::minTransferRunBytes (no VKDML_MIN_TRANSFER_RUN_BYTES here)
constexpr uint8_t kUntouched = 0x3C;

std::vector<uint8_t> Random(uint64_t count, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint8_t> bytes(count);
    for (auto& b : bytes) b = uint8_t(rng());
    return bytes;
}

RunOptions Transfer(uint64_t bindingOffset = 0) {
    RunOptions options;
    options.executionFlags = VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS;
    options.bindingOffset = bindingOffset;
    return options;
}

// A packed UINT8 IDENTITY of `bytes` bytes: a transfer from the threshold up, a kernel below it; the same bytes
// either way, at binding offsets 0, 16, 48 and 272 (not multiples of SwiftShader's 256-byte alignment).
TEST(TransferCopy, ContiguousIdentityAroundTheThreshold) {
    for (uint32_t bytes : {uint32_t(kThreshold - 4), uint32_t(kThreshold), uint32_t(kThreshold + 4), 1u << 20}) {
        for (uint64_t offset : {0, 16, 48, 272}) {
            SCOPED_TRACE(std::to_string(bytes) + " bytes at offset " + std::to_string(offset));
            TensorDesc in(U8, {bytes}), out(U8, {bytes});
            DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
            const DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d};
            const uint32_t withTransfer = RequiredDescriptors(desc, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS);
            EXPECT_EQ(withTransfer == 0, bytes >= kThreshold) << withTransfer << " descriptors";
            EXPECT_GT(RequiredDescriptors(desc, DML_EXECUTION_FLAG_NONE), 0u);
            std::vector<uint8_t> input = Random(bytes, bytes + uint32_t(offset));
            RunResult r = RunOperator(desc, {input}, {std::vector<uint8_t>(bytes, kUntouched)}, Transfer(offset));
            ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
            EXPECT_EQ(r.outputs[0], input);
        }
    }
}

// An odd-length sub-word run: the bytes after the last element (up to the 4-byte rounding) stay as they were.
TEST(TransferCopy, OddLengthRunLeavesTheRoundingBytesAlone) {
    const uint32_t elements = 5001;   // UINT16: 10002 bytes, TotalTensorSizeInBytes 10004
    TensorDesc in(U16, {elements}), out(U16, {elements});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    std::vector<uint8_t> input = Random(in.Bytes(), 7);
    RunResult r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input},
                              {std::vector<uint8_t>(out.Bytes(), kUntouched)}, Transfer(48));
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    std::vector<uint8_t> expected(input.begin(), input.begin() + 2 * elements);
    expected.resize(out.Bytes(), kUntouched);
    EXPECT_EQ(r.outputs[0], expected);
}

// JOIN along the last axis of a {rows, n} layout: one region per row and part; parts of 1100 floats (4400 bytes)
// go to the transfer path, the part of 3 floats stays a kernel launch in the same plan.
TEST(TransferCopy, JoinOfRowsMixesRegionsAndKernels) {
    const std::vector<uint32_t> widths = {1100, 3, 1200};
    const uint32_t rows = 5, total = 2303;
    std::vector<TensorDesc> parts;
    std::vector<std::vector<uint8_t>> inputs;
    for (uint32_t j = 0; j < widths.size(); ++j) {
        parts.emplace_back(F32, std::vector<uint32_t>{rows, widths[j]});
        inputs.push_back(Random(parts.back().Bytes(), 100 + j));
    }
    std::vector<DML_TENSOR_DESC> descs;
    for (const TensorDesc& p : parts) descs.push_back(*p.Get());
    TensorDesc out(F32, {rows, total});
    DML_JOIN_OPERATOR_DESC d{uint32_t(descs.size()), descs.data(), out.Get(), 1};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_JOIN, &d};
    EXPECT_LT(RequiredDescriptors(desc, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS), RequiredDescriptors(desc, DML_EXECUTION_FLAG_NONE));
    RunResult r = RunOperator(desc, inputs, {std::vector<uint8_t>(out.Bytes(), kUntouched)}, Transfer(16));
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    std::vector<uint8_t> expected;
    for (uint32_t row = 0; row < rows; ++row)
        for (uint32_t j = 0; j < widths.size(); ++j)
            expected.insert(expected.end(), inputs[j].begin() + row * widths[j] * 4,
                            inputs[j].begin() + (row + 1) * widths[j] * 4);
    EXPECT_EQ(r.outputs[0], expected);
}

// SPLIT along the outer axis, then SLICE1 of whole rows: single contiguous blocks.
TEST(TransferCopy, OuterSplitAndWholeRowSlice) {
    TensorDesc in(F32, {12, 1024}), a(F32, {5, 1024}), b(F32, {7, 1024});
    DML_TENSOR_DESC parts[] = {*a.Get(), *b.Get()};
    DML_SPLIT_OPERATOR_DESC split{in.Get(), 2, parts, 0};
    std::vector<uint8_t> input = Random(in.Bytes(), 3);
    RunResult r = RunOperator({DML_OPERATOR_SPLIT, &split}, {input},
                              {std::vector<uint8_t>(a.Bytes(), kUntouched), std::vector<uint8_t>(b.Bytes(), kUntouched)},
                              Transfer(272));
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], std::vector<uint8_t>(input.begin(), input.begin() + a.Bytes()));
    EXPECT_EQ(r.outputs[1], std::vector<uint8_t>(input.begin() + a.Bytes(), input.end()));

    TensorDesc rows(F32, {4, 1024});
    const uint32_t offsets[] = {6, 0}, sizes[] = {4, 1024};
    const int32_t strides[] = {1, 1};
    DML_SLICE1_OPERATOR_DESC slice{in.Get(), rows.Get(), 2, offsets, sizes, strides};
    EXPECT_EQ(RequiredDescriptors({DML_OPERATOR_SLICE1, &slice}, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS), 0u);
    r = RunOperator({DML_OPERATOR_SLICE1, &slice}, {input}, {std::vector<uint8_t>(rows.Bytes(), kUntouched)},
                    Transfer());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], std::vector<uint8_t>(input.begin() + 6 * 4096, input.begin() + 10 * 4096));
}

// TILE along the outer axis: every output row reads the same input run (ops/transfer_copy.h), copied in chunks of
// kRepeatedRunChunkBytes to every row in turn. Runs of 3 chunks and a partial one, of exactly 2 chunks, and of less
// than a chunk; 3 and 5 repeats; a binding offset off the device's alignment.
TEST(TransferCopy, RepeatedRunsGoChunkByChunk) {
    const uint32_t chunk = 256 * 1024;
    for (uint32_t bytes : {3 * chunk + 1000, 2 * chunk, chunk - 4}) {
        for (uint32_t repeats : {3u, 5u}) {
            SCOPED_TRACE(std::to_string(repeats) + " x " + std::to_string(bytes) + " bytes");
            TensorDesc in(U8, {1, bytes}), out(U8, {repeats, bytes});
            const uint32_t tile[] = {repeats, 1};
            DML_TILE_OPERATOR_DESC d{in.Get(), out.Get(), 2, tile};
            const DML_OPERATOR_DESC desc{DML_OPERATOR_TILE, &d};
            EXPECT_EQ(RequiredDescriptors(desc, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS), 0u);
            std::vector<uint8_t> input = Random(in.Bytes(), bytes + repeats);
            RunResult r = RunOperator(desc, {input}, {std::vector<uint8_t>(out.Bytes(), kUntouched)}, Transfer(48));
            ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
            std::vector<uint8_t> expected;
            for (uint32_t k = 0; k < repeats; ++k) expected.insert(expected.end(), input.begin(), input.end());
            EXPECT_EQ(r.outputs[0], expected);
        }
    }
}

// SLICE_GRAD: a kernel zero-fills the output, then the window's whole rows are copied onto it. The copy must see
// the fill finished (compute-to-transfer barrier) and not be overwritten by it.
TEST(TransferCopy, KernelThenTransferInOnePlan) {
    TensorDesc grad(F32, {3, 2048}), out(F32, {8, 2048});
    const uint32_t offsets[] = {2, 0}, sizes[] = {3, 2048};
    const int32_t strides[] = {1, 1};
    DML_SLICE_GRAD_OPERATOR_DESC d{grad.Get(), out.Get(), 2, offsets, sizes, strides};
    std::vector<uint8_t> input = Random(grad.Bytes(), 11);
    RunResult r = RunOperator({DML_OPERATOR_SLICE_GRAD, &d}, {input}, {std::vector<uint8_t>(out.Bytes(), kUntouched)},
                              Transfer());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    std::vector<uint8_t> expected(out.Bytes(), 0);
    std::copy(input.begin(), input.end(), expected.begin() + 2 * 2048 * 4);
    EXPECT_EQ(r.outputs[0], expected);
}

// In place (output bound to exactly the input's range): the copy is the identity and must not be recorded as an
// overlapping vkCmdCopyBuffer (a validation error the test's guard would report).
TEST(TransferCopy, InPlaceIdentityKeepsTheBytes) {
    VkdmlDevice device = SharedDevice();
    const uint32_t count = 4096;
    TensorDesc t(F32, {count});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{t.Get(), t.Get(), nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlCompileOperator(device, op, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS, &compiled), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    ASSERT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(device, t.Bytes(), &buffer), VKDML_SUCCESS);
    std::vector<uint8_t> bytes = Random(t.Bytes(), 5), back(t.Bytes());
    ASSERT_EQ(vkdmlWriteBuffer(device, buffer, 0, bytes.size(), bytes.data()), VKDML_SUCCESS);
    DML_BUFFER_BINDING binding{buffer, 0, t.Bytes()};
    DML_BINDING_DESC bindingDesc{DML_BINDING_TYPE_BUFFER, &binding};
    EXPECT_EQ(vkdmlBindInputs(table, 1, &bindingDesc), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(vkdmlBindOutputs(table, 1, &bindingDesc), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(vkdmlExecute(device, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlReadBuffer(device, buffer, 0, back.size(), back.data()), VKDML_SUCCESS);
    EXPECT_EQ(back, bytes);
    vkdmlDestroyBuffer(device, buffer);
    vkdmlRelease(table, nullptr);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);
}

// SPLIT and JOIN with every tensor placed in one VkBuffer, as engines sub-allocate: the parts' copies share one
// vkCmdCopyBuffer (a region per part), and the bytes between the tensors stay untouched.
TEST(TransferCopy, PartsInOneBufferShareOneCopy) {
    VkdmlDevice device = SharedDevice();
    const std::vector<uint32_t> rows = {3, 1, 4};   // parts of {rows, 1040} UINT32: 4160-byte rows
    const uint32_t width = 1040, total = 8;
    std::vector<TensorDesc> parts;
    for (uint32_t r : rows) parts.emplace_back(DML_TENSOR_DATA_TYPE_UINT32, std::vector<uint32_t>{r, width});
    std::vector<DML_TENSOR_DESC> descs;
    for (const TensorDesc& p : parts) descs.push_back(*p.Get());
    TensorDesc whole(DML_TENSOR_DATA_TYPE_UINT32, {total, width});
    // Layout of the one buffer: the whole tensor, then each part, 272 bytes apart (not a multiple of 256).
    std::vector<uint64_t> partOffsets;
    uint64_t end = 272 + whole.Bytes();
    for (const TensorDesc& p : parts) {
        partOffsets.push_back(end + 272);
        end = partOffsets.back() + p.Bytes();
    }
    const uint64_t bufferBytes = end + 272;

    for (bool join : {false, true}) {
        SCOPED_TRACE(join ? "JOIN" : "SPLIT");
        DML_SPLIT_OPERATOR_DESC split{whole.Get(), uint32_t(descs.size()), descs.data(), 0};
        DML_JOIN_OPERATOR_DESC joinDesc{uint32_t(descs.size()), descs.data(), whole.Get(), 0};
        DML_OPERATOR_DESC desc = join ? DML_OPERATOR_DESC{DML_OPERATOR_JOIN, &joinDesc}
                                      : DML_OPERATOR_DESC{DML_OPERATOR_SPLIT, &split};
        VkdmlOperator op = nullptr;
        VkdmlCompiledOperator compiled = nullptr;
        VkdmlBindingTable table = nullptr;
        VkBuffer buffer = VK_NULL_HANDLE;
        ASSERT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        ASSERT_EQ(vkdmlCompileOperator(device, op, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS, &compiled), VKDML_SUCCESS);
        DML_BINDING_PROPERTIES properties{};
        ASSERT_EQ(vkdmlGetBindingProperties(compiled, &properties), VKDML_SUCCESS);
        EXPECT_EQ(properties.RequiredDescriptorCount, 0u);   // every part is a transfer copy
        DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
        ASSERT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlCreateBuffer(device, bufferBytes, &buffer), VKDML_SUCCESS);
        const std::vector<uint8_t> image = Random(bufferBytes, join ? 21 : 22);
        ASSERT_EQ(vkdmlWriteBuffer(device, buffer, 0, image.size(), image.data()), VKDML_SUCCESS);
        std::vector<DML_BUFFER_BINDING> partBindings;
        for (size_t j = 0; j < parts.size(); ++j) partBindings.push_back({buffer, partOffsets[j], parts[j].Bytes()});
        DML_BUFFER_BINDING wholeBinding{buffer, 272, whole.Bytes()};
        std::vector<DML_BINDING_DESC> partDescs;
        for (const DML_BUFFER_BINDING& b : partBindings) partDescs.push_back({DML_BINDING_TYPE_BUFFER, &b});
        DML_BINDING_DESC wholeDesc{DML_BINDING_TYPE_BUFFER, &wholeBinding};
        if (join) {
            EXPECT_EQ(vkdmlBindInputs(table, uint32_t(partDescs.size()), partDescs.data()), VKDML_SUCCESS);
            EXPECT_EQ(vkdmlBindOutputs(table, 1, &wholeDesc), VKDML_SUCCESS);
        } else {
            EXPECT_EQ(vkdmlBindInputs(table, 1, &wholeDesc), VKDML_SUCCESS);
            EXPECT_EQ(vkdmlBindOutputs(table, uint32_t(partDescs.size()), partDescs.data()), VKDML_SUCCESS);
        }
        EXPECT_EQ(vkdmlExecute(device, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        std::vector<uint8_t> back(bufferBytes);
        ASSERT_EQ(vkdmlReadBuffer(device, buffer, 0, back.size(), back.data()), VKDML_SUCCESS);
        // Expected: the parts' bytes are the whole's rows in order; everything else keeps the initial image.
        std::vector<uint8_t> expected = image;
        uint64_t wholeByte = 272;
        for (size_t j = 0; j < parts.size(); ++j) {
            const uint64_t bytes = parts[j].Bytes();
            if (join) std::copy_n(image.begin() + partOffsets[j], bytes, expected.begin() + wholeByte);
            else std::copy_n(image.begin() + wholeByte, bytes, expected.begin() + partOffsets[j]);
            wholeByte += bytes;
        }
        EXPECT_EQ(back, expected);
        vkdmlDestroyBuffer(device, buffer);
        vkdmlRelease(table, nullptr);
        vkdmlRelease(compiled, nullptr);
        vkdmlRelease(op, nullptr);
    }
}

TEST(TransferCopy, FlagIsKnownAndOthersAreNot) {
    TensorDesc in(F32, {4}), out(F32, {4});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    ASSERT_EQ(vkdmlCreateOperator(SharedDevice(), &desc, &op), VKDML_SUCCESS);
    // vkdml's two bits are known (VKDML_EXECUTION_FLAG_TEXEL_INPUTS is 0x20000), the next one is not.
    const auto both = DML_EXECUTION_FLAGS(VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS | VKDML_EXECUTION_FLAG_TEXEL_INPUTS);
    ASSERT_EQ(vkdmlCompileOperator(SharedDevice(), op, both, &compiled), VKDML_SUCCESS);
    vkdmlRelease(compiled, nullptr);
    compiled = nullptr;
    EXPECT_EQ(vkdmlCompileOperator(SharedDevice(), op, DML_EXECUTION_FLAGS(0x40000), &compiled),
              VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(compiled, nullptr);
    vkdmlRelease(op, nullptr);
}

}  // namespace
