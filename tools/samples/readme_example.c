/* The README's example: reverse a vector with SLICE1 on the default device. */
#include <vkdml/vkdml.h>
#include <stdio.h>

int main(void) {
    VkdmlDevice dev; VkdmlOperator op; VkdmlCompiledOperator exe; VkdmlBindingTable table; VkBuffer in, out;
    UINT sizes[] = {4}, offsets[] = {0}; INT strides[] = {-1}; float x[] = {1, 2, 3, 4}, y[4];
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_SLICE1_OPERATOR_DESC slice = {&t, &t, 1, offsets, sizes, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    if (vkdmlCreateDefaultDevice(NULL, &dev) || vkdmlCreateOperator(dev, &desc, &op) ||
        vkdmlCompileOperator(dev, op, DML_EXECUTION_FLAG_NONE, &exe)) return printf("%s\n", vkdmlGetLastErrorMessage()), 1;
    DML_BINDING_TABLE_DESC tableDesc = {exe, VK_NULL_HANDLE, 0, 0};
    vkdmlCreateBindingTable(dev, &tableDesc, &table);
    vkdmlCreateBuffer(dev, 16, &in); vkdmlCreateBuffer(dev, 16, &out); vkdmlWriteBuffer(dev, in, 0, 16, x);
    DML_BUFFER_BINDING b[2] = {{in, 0, 16}, {out, 0, 16}};
    DML_BINDING_DESC bd[2] = {{DML_BINDING_TYPE_BUFFER, &b[0]}, {DML_BINDING_TYPE_BUFFER, &b[1]}};
    vkdmlBindInputs(table, 1, &bd[0]); vkdmlBindOutputs(table, 1, &bd[1]);
    if (vkdmlExecute(dev, exe, table)) return printf("%s\n", vkdmlGetLastErrorMessage()), 1;
    vkdmlReadBuffer(dev, out, 0, 16, y);
    printf("%g %g %g %g\n", y[0], y[1], y[2], y[3]);   /* 4 3 2 1 */
    return y[0] == 4 && y[3] == 1 ? 0 : 1;
}
