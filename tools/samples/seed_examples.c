/*
 * vkdml-seed-examples: runs the worked examples of the SLICE1, GATHER and SPLIT documents through the C API on
 * the default device and prints inputs and outputs. Exits non-zero if any output differs from the document.
 * It is also the longer version of the README's C example.
 */
#include <vkdml/vkdml.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static VkdmlDevice gDevice;
static int gChecks, gFailures;

static void Check(VKDML_STATUS status, const char* what) {
    if (status == VKDML_SUCCESS) return;
    fprintf(stderr, "%s failed: %s: %s\n", what, vkdmlStatusName(status), vkdmlGetLastErrorMessage());
    exit(1);
}

/* A packed tensor desc. */
typedef struct Tensor {
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
} Tensor;

static void MakeTensor(Tensor* t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT* sizes) {
    memset(t, 0, sizeof *t);
    t->buffer.DataType = type;
    t->buffer.DimensionCount = rank;
    t->buffer.Sizes = sizes;
    t->buffer.TotalTensorSizeInBytes = vkdmlCalcBufferTensorSize(type, rank, sizes, NULL);
    t->desc.Type = DML_TENSOR_TYPE_BUFFER;
    t->desc.Desc = &t->buffer;
}

static void PrintTensor(const char* name, const Tensor* t, const void* data) {
    UINT i, count = 1;
    printf("  %-16s {", name);
    for (i = 0; i < t->buffer.DimensionCount; ++i) {
        printf("%s%u", i ? ", " : "", t->buffer.Sizes[i]);
        count *= t->buffer.Sizes[i];
    }
    printf("} [");
    for (i = 0; i < count; ++i) {
        if (t->buffer.DataType == DML_TENSOR_DATA_TYPE_FLOAT32) printf("%s%g", i ? ", " : "", ((const float*)data)[i]);
        else printf("%s%u", i ? ", " : "", ((const UINT*)data)[i]);
    }
    printf("]\n");
}

/* Creates, compiles, initializes and executes one operator; inputs and outputs are host arrays. */
static void Run(const DML_OPERATOR_DESC* desc, UINT inputCount, const Tensor* const* inputs, const void* const* inputData,
                UINT outputCount, const Tensor* const* outputs, void* const* outputData) {
    VkdmlOperator op;
    VkdmlCompiledOperator compiled;
    VkdmlOperatorInitializer initializer;
    VkdmlBindingTable table;
    DML_BINDING_TABLE_DESC tableDesc = {0};
    VkBuffer buffers[16];
    DML_BUFFER_BINDING bindings[16];
    DML_BINDING_DESC bindingDescs[16];
    UINT i, total = inputCount + outputCount;

    Check(vkdmlCreateOperator(gDevice, desc, &op), "vkdmlCreateOperator");
    Check(vkdmlCompileOperator(gDevice, op, DML_EXECUTION_FLAG_NONE, &compiled), "vkdmlCompileOperator");
    Check(vkdmlCreateOperatorInitializer(gDevice, 1, &compiled, &initializer), "vkdmlCreateOperatorInitializer");
    tableDesc.Dispatchable = initializer;
    Check(vkdmlCreateBindingTable(gDevice, &tableDesc, &table), "vkdmlCreateBindingTable");
    Check(vkdmlExecute(gDevice, initializer, table), "vkdmlExecute(initializer)");
    tableDesc.Dispatchable = compiled;
    Check(vkdmlResetBindingTable(table, &tableDesc), "vkdmlResetBindingTable");

    for (i = 0; i < total; ++i) {
        const Tensor* t = i < inputCount ? inputs[i] : outputs[i - inputCount];
        UINT64 bytes = t->buffer.TotalTensorSizeInBytes;
        Check(vkdmlCreateBuffer(gDevice, bytes, &buffers[i]), "vkdmlCreateBuffer");
        if (i < inputCount) Check(vkdmlWriteBuffer(gDevice, buffers[i], 0, bytes, inputData[i]), "vkdmlWriteBuffer");
        bindings[i].Buffer = buffers[i];
        bindings[i].Offset = 0;
        bindings[i].SizeInBytes = bytes;
        bindingDescs[i].Type = DML_BINDING_TYPE_BUFFER;
        bindingDescs[i].Desc = &bindings[i];
    }
    Check(vkdmlBindInputs(table, inputCount, bindingDescs), "vkdmlBindInputs");
    Check(vkdmlBindOutputs(table, outputCount, bindingDescs + inputCount), "vkdmlBindOutputs");
    Check(vkdmlExecute(gDevice, compiled, table), "vkdmlExecute");
    for (i = 0; i < outputCount; ++i)
        Check(vkdmlReadBuffer(gDevice, buffers[inputCount + i], 0, outputs[i]->buffer.TotalTensorSizeInBytes,
                              outputData[i]), "vkdmlReadBuffer");
    for (i = 0; i < total; ++i) vkdmlDestroyBuffer(gDevice, buffers[i]);
    vkdmlRelease(table, NULL);
    vkdmlRelease(initializer, NULL);
    vkdmlRelease(compiled, NULL);
    vkdmlRelease(op, NULL);
}

static void Expect(const char* example, const float* got, const float* want, size_t count) {
    ++gChecks;
    if (memcmp(got, want, count * sizeof(float)) == 0) {
        printf("  -> matches the document\n\n");
        return;
    }
    printf("  -> DIFFERS from the document (%s)\n\n", example);
    ++gFailures;
}

static void Slice1Example(const char* title, const INT* strides, const float* expected) {
    static const UINT inSizes[] = {1, 1, 4, 4}, outSizes[] = {1, 1, 2, 2};
    static const UINT offsets[] = {0, 0, 0, 1}, windowSizes[] = {1, 1, 4, 3};
    static const float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    float output[4];
    Tensor in, out;
    const Tensor* ins[] = {&in};
    const Tensor* outs[] = {&out};
    const void* inData[] = {input};
    void* outData[] = {output};
    DML_SLICE1_OPERATOR_DESC slice;
    DML_OPERATOR_DESC desc;
    MakeTensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, 4, inSizes);
    MakeTensor(&out, DML_TENSOR_DATA_TYPE_FLOAT32, 4, outSizes);
    slice.InputTensor = &in.desc;
    slice.OutputTensor = &out.desc;
    slice.DimensionCount = 4;
    slice.InputWindowOffsets = offsets;
    slice.InputWindowSizes = windowSizes;
    slice.InputWindowStrides = strides;
    desc.Type = DML_OPERATOR_SLICE1;
    desc.Desc = &slice;
    printf("SLICE1 %s: offsets {0,0,0,1}, sizes {1,1,4,3}, strides {%d,%d,%d,%d}\n", title, strides[0], strides[1],
           strides[2], strides[3]);
    Run(&desc, 1, ins, inData, 1, outs, outData);
    PrintTensor("InputTensor", &in, input);
    PrintTensor("OutputTensor", &out, output);
    Expect(title, output, expected, 4);
}

static void GatherExample(const char* title, UINT axis, UINT indexDimensions, UINT rank, const UINT* inSizes,
                          const float* input, const UINT* idxSizes, const UINT* indices, const UINT* outSizes,
                          const float* expected, size_t outCount) {
    float output[16];
    Tensor in, idx, out;
    const Tensor* ins[] = {&in, &idx};
    const Tensor* outs[] = {&out};
    const void* inData[] = {input, indices};
    void* outData[] = {output};
    DML_GATHER_OPERATOR_DESC gather;
    DML_OPERATOR_DESC desc;
    MakeTensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, rank, inSizes);
    MakeTensor(&idx, DML_TENSOR_DATA_TYPE_UINT32, rank, idxSizes);
    MakeTensor(&out, DML_TENSOR_DATA_TYPE_FLOAT32, rank, outSizes);
    gather.InputTensor = &in.desc;
    gather.IndicesTensor = &idx.desc;
    gather.OutputTensor = &out.desc;
    gather.Axis = axis;
    gather.IndexDimensions = indexDimensions;
    desc.Type = DML_OPERATOR_GATHER;
    desc.Desc = &gather;
    printf("GATHER %s: Axis %u, IndexDimensions %u\n", title, axis, indexDimensions);
    Run(&desc, 2, ins, inData, 1, outs, outData);
    PrintTensor("InputTensor", &in, input);
    PrintTensor("IndicesTensor", &idx, indices);
    PrintTensor("OutputTensor", &out, output);
    Expect(title, output, expected, outCount);
}

static void SplitExample(const char* title, UINT axis, UINT count, UINT sizes[][4], const float* const* expected) {
    static const UINT inSizes[] = {1, 1, 6, 2};
    static const float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    float outputs[3][12];
    Tensor in, out[3];
    DML_TENSOR_DESC outDescs[3];
    const Tensor* ins[] = {&in};
    const Tensor* outs[3];
    const void* inData[] = {input};
    void* outData[3];
    DML_SPLIT_OPERATOR_DESC split;
    DML_OPERATOR_DESC desc;
    UINT i;
    MakeTensor(&in, DML_TENSOR_DATA_TYPE_FLOAT32, 4, inSizes);
    for (i = 0; i < count; ++i) {
        MakeTensor(&out[i], DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes[i]);
        outDescs[i] = out[i].desc;
        outs[i] = &out[i];
        outData[i] = outputs[i];
    }
    split.InputTensor = &in.desc;
    split.OutputCount = count;
    split.OutputTensors = outDescs;
    split.Axis = axis;
    desc.Type = DML_OPERATOR_SPLIT;
    desc.Desc = &split;
    printf("SPLIT %s: Axis %u, %u outputs\n", title, axis, count);
    Run(&desc, 1, ins, inData, count, outs, outData);
    PrintTensor("InputTensor", &in, input);
    for (i = 0; i < count; ++i) {
        char name[32];
        snprintf(name, sizeof name, "OutputTensors[%u]", i);
        PrintTensor(name, &out[i], outputs[i]);
        Expect(title, outputs[i], expected[i], out[i].buffer.TotalTensorSizeInBytes / 4);
    }
}

int main(void) {
    VKDML_DEFAULT_DEVICE_DESC deviceDesc = {0};
    VKDML_DEVICE_INFO info;
    deviceDesc.physicalDeviceIndex = -1;
    Check(vkdmlCreateDefaultDevice(&deviceDesc, &gDevice), "vkdmlCreateDefaultDevice");
    Check(vkdmlGetDeviceInfo(gDevice, &info), "vkdmlGetDeviceInfo");
    printf("vkdml on %s (%s), DML feature level 0x%x\n\n", info.deviceName, info.driverName, (unsigned)info.featureLevel);

    {
        static const INT positive[] = {1, 1, 2, 2}, negative[] = {1, 1, -2, 2};
        static const float want1[] = {2, 4, 10, 12}, want2[] = {14, 16, 6, 8};
        Slice1Example("example 1 (positive strides)", positive, want1);
        Slice1Example("example 2 (negative strides)", negative, want2);
    }
    {
        static const UINT s1[] = {4}, i1[] = {5}, o1[] = {5}, x1[] = {3, 1, 3, 0, 2};
        static const float in1[] = {11, 12, 13, 14}, want1[] = {14, 12, 14, 11, 13};
        static const UINT s2[] = {3, 2}, i2[] = {1, 4}, o2[] = {4, 2}, x2[] = {0, 1, 1, 2};
        static const float in2[] = {1, 2, 3, 4, 5, 6}, want2[] = {1, 2, 3, 4, 3, 4, 5, 6};
        static const UINT i3[] = {1, 2}, o3[] = {3, 2}, x3[] = {1, 0};
        static const float want3[] = {2, 1, 4, 3, 6, 5};
        static const UINT s4[] = {1, 3, 3}, i4[] = {1, 1, 2}, o4[] = {3, 1, 2}, x4[] = {0, 2};
        static const float in4[] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, want4[] = {1, 3, 4, 6, 7, 9};
        static const UINT s5[] = {1, 3, 2}, i5[] = {1, 2, 2}, o5[] = {2, 2, 2}, x5[] = {0, 1, 1, 2};
        static const float want5[] = {1, 2, 3, 4, 3, 4, 5, 6};
        GatherExample("example 1 (1D remapping)", 0, 1, 1, s1, in1, i1, x1, o1, want1, 5);
        GatherExample("example 2 (concatenate rows)", 0, 1, 2, s2, in2, i2, x2, o2, want2, 8);
        GatherExample("example 3 (swap columns)", 1, 2, 2, s2, in2, i3, x3, o3, want3, 6);
        GatherExample("example 4 (nested indices, axis 2)", 2, 2, 3, s4, in4, i4, x4, o4, want4, 6);
        GatherExample("example 5 (nested indices, axis 1)", 1, 2, 3, s5, in2, i5, x5, o5, want5, 8);
    }
    {
        static UINT sizes1[3][4] = {{1, 1, 2, 2}, {1, 1, 1, 2}, {1, 1, 3, 2}};
        static UINT sizes2[3][4] = {{1, 1, 6, 1}, {1, 1, 6, 1}};
        static const float a0[] = {1, 2, 3, 4}, a1[] = {5, 6}, a2[] = {7, 8, 9, 10, 11, 12};
        static const float b0[] = {1, 3, 5, 7, 9, 11}, b1[] = {2, 4, 6, 8, 10, 12};
        const float* want1[] = {a0, a1, a2};
        const float* want2[] = {b0, b1};
        SplitExample("example 1 (axis 2)", 2, 3, sizes1, want1);
        SplitExample("example 2 (axis 3)", 3, 2, sizes2, want2);
    }
    vkdmlRelease(gDevice, NULL);
    printf("%d passed, %d failed\n", gChecks - gFailures, gFailures);
    return gFailures ? 1 : 0;
}
