/*
 * header_layout_test.c - checks that include/vkdml/vkdml.h mirrors Microsoft's directml.h (DML_TARGET_VERSION
 * 0x6400): struct sizes, alignments, field offsets, field sizes and integer/float kinds, and the numeric value of every
 * enumerator and constant.
 *
 * Expected values come from the reference notes shared/reference/directml/structs.md and enums.md (themselves taken
 * from DirectML.h in microsoft/DirectX-Headers 9be295b3). The long lists below were generated mechanically from
 * those markdown tables, one CHECK per row, so that none is missed. Where DirectML holds a D3D12 object, vkdml
 * holds a Vulkan one in the same 8-byte slot, checked by vkdml's field name with DirectML's offset:
 *   DML_BUFFER_BINDING::Buffer (ID3D12Resource* -> VkBuffer),
 *   DML_BINDING_TABLE_DESC {Dispatchable, CPUDescriptorHandle, GPUDescriptorHandle, SizeInDescriptors}
 *     -> {Dispatchable, DescriptorPool, Reserved, SizeInDescriptors}.
 * structs.md also lists structs vkdml.h does not declare (not checked):
 *   DML_GRAPH_EDGE_DESC, DML_INPUT_GRAPH_EDGE_DESC, DML_OUTPUT_GRAPH_EDGE_DESC, DML_INTERMEDIATE_GRAPH_EDGE_DESC,
 *   DML_GRAPH_NODE_DESC, DML_OPERATOR_GRAPH_NODE_DESC, DML_CONSTANT_DATA_GRAPH_NODE_DESC, DML_GRAPH_DESC.
 *
 * Plain C99 (also compiles as C++). Needs no Vulkan at run time. Prints "FAIL file:line: expression" per failed
 * check and, last, one line "N passed, M failed"; the exit status is nonzero if any check failed.
 * Sizes, alignments and offsets are the 64-bit values and are only checked on 64-bit targets.
 */
#include <vkdml/vkdml.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static unsigned g_passed = 0;
static unsigned g_failed = 0;

#define CHECK(expr)                                                      \
    do {                                                                 \
        if (expr) {                                                      \
            ++g_passed;                                                  \
        } else {                                                         \
            ++g_failed;                                                  \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #expr);      \
        }                                                                \
    } while (0)

/* The kind of an arithmetic expression e, found without evaluating e: "0 ? (e) : k" has the type e and k convert to
 * under the usual arithmetic conversions, and the value k. Types narrower than int promote to int, so use these on
 * int-or-wider fields only. */
#define VKDML_T_IS_FLOAT(e) ((((0 ? (e) : 1) / 2)) != 0)
#define VKDML_T_IS_UNSIGNED(e) ((((0 ? (e) : 0) - 1) / 2) != 0)
#define IS_UNSIGNED_INT(e) (!VKDML_T_IS_FLOAT(e) && VKDML_T_IS_UNSIGNED(e))
#define IS_SIGNED_INT(e) (!VKDML_T_IS_FLOAT(e) && !VKDML_T_IS_UNSIGNED(e))
#define IS_FLOATING(e) (VKDML_T_IS_FLOAT(e))

/* A member of T, as an unevaluated operand. */
#define MEMBER(T, f) (((const T*)0)->f)
#define MEMBER_SIZE(T, f) sizeof(MEMBER(T, f))

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
/* offsetof(ALIGN_T, t) == alignment of T. */
struct ALIGN_DML_BUFFER_TENSOR_DESC { char c; DML_BUFFER_TENSOR_DESC t; };
struct ALIGN_DML_TENSOR_DESC { char c; DML_TENSOR_DESC t; };
struct ALIGN_DML_OPERATOR_DESC { char c; DML_OPERATOR_DESC t; };
struct ALIGN_DML_SCALE_BIAS { char c; DML_SCALE_BIAS t; };
struct ALIGN_DML_SIZE_2D { char c; DML_SIZE_2D t; };
struct ALIGN_DML_SCALAR_UNION { char c; DML_SCALAR_UNION t; };
struct ALIGN_DML_BUFFER_BINDING { char c; DML_BUFFER_BINDING t; };
struct ALIGN_DML_BUFFER_ARRAY_BINDING { char c; DML_BUFFER_ARRAY_BINDING t; };
struct ALIGN_DML_BINDING_DESC { char c; DML_BINDING_DESC t; };
struct ALIGN_DML_BINDING_PROPERTIES { char c; DML_BINDING_PROPERTIES t; };
struct ALIGN_DML_BINDING_TABLE_DESC { char c; DML_BINDING_TABLE_DESC t; };
struct ALIGN_DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT { char c; DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT t; };
struct ALIGN_DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT { char c; DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT t; };
struct ALIGN_DML_FEATURE_QUERY_FEATURE_LEVELS { char c; DML_FEATURE_QUERY_FEATURE_LEVELS t; };
struct ALIGN_DML_FEATURE_DATA_FEATURE_LEVELS { char c; DML_FEATURE_DATA_FEATURE_LEVELS t; };
struct ALIGN_DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC { char c; DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC t; };
struct ALIGN_DML_ACTIVATION_IDENTITY_OPERATOR_DESC { char c; DML_ACTIVATION_IDENTITY_OPERATOR_DESC t; };
struct ALIGN_DML_CAST_OPERATOR_DESC { char c; DML_CAST_OPERATOR_DESC t; };
struct ALIGN_DML_SLICE_OPERATOR_DESC { char c; DML_SLICE_OPERATOR_DESC t; };
struct ALIGN_DML_SLICE1_OPERATOR_DESC { char c; DML_SLICE1_OPERATOR_DESC t; };
struct ALIGN_DML_SLICE_GRAD_OPERATOR_DESC { char c; DML_SLICE_GRAD_OPERATOR_DESC t; };
struct ALIGN_DML_GATHER_OPERATOR_DESC { char c; DML_GATHER_OPERATOR_DESC t; };
struct ALIGN_DML_GATHER_ELEMENTS_OPERATOR_DESC { char c; DML_GATHER_ELEMENTS_OPERATOR_DESC t; };
struct ALIGN_DML_GATHER_ND_OPERATOR_DESC { char c; DML_GATHER_ND_OPERATOR_DESC t; };
struct ALIGN_DML_GATHER_ND1_OPERATOR_DESC { char c; DML_GATHER_ND1_OPERATOR_DESC t; };
struct ALIGN_DML_SCATTER_OPERATOR_DESC { char c; DML_SCATTER_OPERATOR_DESC t; };
struct ALIGN_DML_SCATTER_ND_OPERATOR_DESC { char c; DML_SCATTER_ND_OPERATOR_DESC t; };
struct ALIGN_DML_SPLIT_OPERATOR_DESC { char c; DML_SPLIT_OPERATOR_DESC t; };
struct ALIGN_DML_JOIN_OPERATOR_DESC { char c; DML_JOIN_OPERATOR_DESC t; };
struct ALIGN_DML_PADDING_OPERATOR_DESC { char c; DML_PADDING_OPERATOR_DESC t; };
struct ALIGN_DML_PADDING1_OPERATOR_DESC { char c; DML_PADDING1_OPERATOR_DESC t; };
struct ALIGN_DML_TILE_OPERATOR_DESC { char c; DML_TILE_OPERATOR_DESC t; };
struct ALIGN_DML_SPACE_TO_DEPTH_OPERATOR_DESC { char c; DML_SPACE_TO_DEPTH_OPERATOR_DESC t; };
struct ALIGN_DML_SPACE_TO_DEPTH1_OPERATOR_DESC { char c; DML_SPACE_TO_DEPTH1_OPERATOR_DESC t; };
struct ALIGN_DML_DEPTH_TO_SPACE_OPERATOR_DESC { char c; DML_DEPTH_TO_SPACE_OPERATOR_DESC t; };
struct ALIGN_DML_DEPTH_TO_SPACE1_OPERATOR_DESC { char c; DML_DEPTH_TO_SPACE1_OPERATOR_DESC t; };
struct ALIGN_DML_FILL_VALUE_CONSTANT_OPERATOR_DESC { char c; DML_FILL_VALUE_CONSTANT_OPERATOR_DESC t; };
struct ALIGN_DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC { char c; DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC t; };
struct ALIGN_DML_ONE_HOT_OPERATOR_DESC { char c; DML_ONE_HOT_OPERATOR_DESC t; };
struct ALIGN_DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC { char c; DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC t; };
struct ALIGN_DML_DIAGONAL_MATRIX_OPERATOR_DESC { char c; DML_DIAGONAL_MATRIX_OPERATOR_DESC t; };
struct ALIGN_DML_DIAGONAL_MATRIX1_OPERATOR_DESC { char c; DML_DIAGONAL_MATRIX1_OPERATOR_DESC t; };
struct ALIGN_DML_TOP_K_OPERATOR_DESC { char c; DML_TOP_K_OPERATOR_DESC t; };
struct ALIGN_DML_TOP_K1_OPERATOR_DESC { char c; DML_TOP_K1_OPERATOR_DESC t; };
struct ALIGN_DML_MAX_UNPOOLING_OPERATOR_DESC { char c; DML_MAX_UNPOOLING_OPERATOR_DESC t; };
struct ALIGN_DML_NONZERO_COORDINATES_OPERATOR_DESC { char c; DML_NONZERO_COORDINATES_OPERATOR_DESC t; };
struct ALIGN_DML_UNFOLD_OPERATOR_DESC { char c; DML_UNFOLD_OPERATOR_DESC t; };
struct ALIGN_DML_FOLD_OPERATOR_DESC { char c; DML_FOLD_OPERATOR_DESC t; };
struct ALIGN_DML_SCATTER_ELEMENTS_OPERATOR_DESC { char c; DML_SCATTER_ELEMENTS_OPERATOR_DESC t; };
#endif

static void check_struct_layouts(void)
{
#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
    /* struct DML_BUFFER_TENSOR_DESC: sizeof 48, alignment 8 */
    CHECK(sizeof(DML_BUFFER_TENSOR_DESC) == 48u);
    CHECK(offsetof(struct ALIGN_DML_BUFFER_TENSOR_DESC, t) == 8u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, DataType) == 0u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, DataType) == 4u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, Flags) == 4u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, Flags) == 4u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, DimensionCount) == 8u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, Sizes) == 16u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, Sizes) == 8u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, Strides) == 24u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, Strides) == 8u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes) == 32u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes) == 8u);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment) == 40u);
    CHECK(MEMBER_SIZE(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment) == 4u);

    /* struct DML_TENSOR_DESC: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_TENSOR_DESC) == 16u);
    CHECK(offsetof(struct ALIGN_DML_TENSOR_DESC, t) == 8u);
    CHECK(offsetof(DML_TENSOR_DESC, Type) == 0u);
    CHECK(MEMBER_SIZE(DML_TENSOR_DESC, Type) == 4u);
    CHECK(offsetof(DML_TENSOR_DESC, Desc) == 8u);
    CHECK(MEMBER_SIZE(DML_TENSOR_DESC, Desc) == 8u);

    /* struct DML_OPERATOR_DESC: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_OPERATOR_DESC) == 16u);
    CHECK(offsetof(struct ALIGN_DML_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_OPERATOR_DESC, Type) == 0u);
    CHECK(MEMBER_SIZE(DML_OPERATOR_DESC, Type) == 4u);
    CHECK(offsetof(DML_OPERATOR_DESC, Desc) == 8u);
    CHECK(MEMBER_SIZE(DML_OPERATOR_DESC, Desc) == 8u);

    /* struct DML_SCALE_BIAS: sizeof 8, alignment 4 */
    CHECK(sizeof(DML_SCALE_BIAS) == 8u);
    CHECK(offsetof(struct ALIGN_DML_SCALE_BIAS, t) == 4u);
    CHECK(offsetof(DML_SCALE_BIAS, Scale) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALE_BIAS, Scale) == 4u);
    CHECK(offsetof(DML_SCALE_BIAS, Bias) == 4u);
    CHECK(MEMBER_SIZE(DML_SCALE_BIAS, Bias) == 4u);

    /* struct DML_SIZE_2D: sizeof 8, alignment 4 */
    CHECK(sizeof(DML_SIZE_2D) == 8u);
    CHECK(offsetof(struct ALIGN_DML_SIZE_2D, t) == 4u);
    CHECK(offsetof(DML_SIZE_2D, Width) == 0u);
    CHECK(MEMBER_SIZE(DML_SIZE_2D, Width) == 4u);
    CHECK(offsetof(DML_SIZE_2D, Height) == 4u);
    CHECK(MEMBER_SIZE(DML_SIZE_2D, Height) == 4u);

    /* union DML_SCALAR_UNION: sizeof 8, alignment 8 */
    CHECK(sizeof(DML_SCALAR_UNION) == 8u);
    CHECK(offsetof(struct ALIGN_DML_SCALAR_UNION, t) == 8u);
    CHECK(offsetof(DML_SCALAR_UNION, Bytes) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Bytes) == 8u);
    CHECK(offsetof(DML_SCALAR_UNION, Int8) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Int8) == 1u);
    CHECK(offsetof(DML_SCALAR_UNION, UInt8) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, UInt8) == 1u);
    CHECK(offsetof(DML_SCALAR_UNION, Int16) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Int16) == 2u);
    CHECK(offsetof(DML_SCALAR_UNION, UInt16) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, UInt16) == 2u);
    CHECK(offsetof(DML_SCALAR_UNION, Int32) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Int32) == 4u);
    CHECK(offsetof(DML_SCALAR_UNION, UInt32) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, UInt32) == 4u);
    CHECK(offsetof(DML_SCALAR_UNION, Int64) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Int64) == 8u);
    CHECK(offsetof(DML_SCALAR_UNION, UInt64) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, UInt64) == 8u);
    CHECK(offsetof(DML_SCALAR_UNION, Float32) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Float32) == 4u);
    CHECK(offsetof(DML_SCALAR_UNION, Float64) == 0u);
    CHECK(MEMBER_SIZE(DML_SCALAR_UNION, Float64) == 8u);

    /* struct DML_BUFFER_BINDING: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_BUFFER_BINDING) == 24u);
    CHECK(offsetof(struct ALIGN_DML_BUFFER_BINDING, t) == 8u);
    CHECK(offsetof(DML_BUFFER_BINDING, Buffer) == 0u);
    CHECK(MEMBER_SIZE(DML_BUFFER_BINDING, Buffer) == 8u);
    CHECK(offsetof(DML_BUFFER_BINDING, Offset) == 8u);
    CHECK(MEMBER_SIZE(DML_BUFFER_BINDING, Offset) == 8u);
    CHECK(offsetof(DML_BUFFER_BINDING, SizeInBytes) == 16u);
    CHECK(MEMBER_SIZE(DML_BUFFER_BINDING, SizeInBytes) == 8u);

    /* struct DML_BUFFER_ARRAY_BINDING: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_BUFFER_ARRAY_BINDING) == 16u);
    CHECK(offsetof(struct ALIGN_DML_BUFFER_ARRAY_BINDING, t) == 8u);
    CHECK(offsetof(DML_BUFFER_ARRAY_BINDING, BindingCount) == 0u);
    CHECK(MEMBER_SIZE(DML_BUFFER_ARRAY_BINDING, BindingCount) == 4u);
    CHECK(offsetof(DML_BUFFER_ARRAY_BINDING, Bindings) == 8u);
    CHECK(MEMBER_SIZE(DML_BUFFER_ARRAY_BINDING, Bindings) == 8u);

    /* struct DML_BINDING_DESC: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_BINDING_DESC) == 16u);
    CHECK(offsetof(struct ALIGN_DML_BINDING_DESC, t) == 8u);
    CHECK(offsetof(DML_BINDING_DESC, Type) == 0u);
    CHECK(MEMBER_SIZE(DML_BINDING_DESC, Type) == 4u);
    CHECK(offsetof(DML_BINDING_DESC, Desc) == 8u);
    CHECK(MEMBER_SIZE(DML_BINDING_DESC, Desc) == 8u);

    /* struct DML_BINDING_PROPERTIES: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_BINDING_PROPERTIES) == 24u);
    CHECK(offsetof(struct ALIGN_DML_BINDING_PROPERTIES, t) == 8u);
    CHECK(offsetof(DML_BINDING_PROPERTIES, RequiredDescriptorCount) == 0u);
    CHECK(MEMBER_SIZE(DML_BINDING_PROPERTIES, RequiredDescriptorCount) == 4u);
    CHECK(offsetof(DML_BINDING_PROPERTIES, TemporaryResourceSize) == 8u);
    CHECK(MEMBER_SIZE(DML_BINDING_PROPERTIES, TemporaryResourceSize) == 8u);
    CHECK(offsetof(DML_BINDING_PROPERTIES, PersistentResourceSize) == 16u);
    CHECK(MEMBER_SIZE(DML_BINDING_PROPERTIES, PersistentResourceSize) == 8u);

    /* struct DML_BINDING_TABLE_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_BINDING_TABLE_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_BINDING_TABLE_DESC, t) == 8u);
    CHECK(offsetof(DML_BINDING_TABLE_DESC, Dispatchable) == 0u);
    CHECK(MEMBER_SIZE(DML_BINDING_TABLE_DESC, Dispatchable) == 8u);
    CHECK(offsetof(DML_BINDING_TABLE_DESC, DescriptorPool) == 8u);
    CHECK(MEMBER_SIZE(DML_BINDING_TABLE_DESC, DescriptorPool) == 8u);
    CHECK(offsetof(DML_BINDING_TABLE_DESC, Reserved) == 16u);
    CHECK(MEMBER_SIZE(DML_BINDING_TABLE_DESC, Reserved) == 8u);
    CHECK(offsetof(DML_BINDING_TABLE_DESC, SizeInDescriptors) == 24u);
    CHECK(MEMBER_SIZE(DML_BINDING_TABLE_DESC, SizeInDescriptors) == 4u);

    /* struct DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT: sizeof 4, alignment 4 */
    CHECK(sizeof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT) == 4u);
    CHECK(offsetof(struct ALIGN_DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT, t) == 4u);
    CHECK(offsetof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT, DataType) == 0u);
    CHECK(MEMBER_SIZE(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT, DataType) == 4u);

    /* struct DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT: sizeof 4, alignment 4 */
    CHECK(sizeof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT) == 4u);
    CHECK(offsetof(struct ALIGN_DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT, t) == 4u);
    CHECK(offsetof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT, IsSupported) == 0u);
    CHECK(MEMBER_SIZE(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT, IsSupported) == 4u);

    /* struct DML_FEATURE_QUERY_FEATURE_LEVELS: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_FEATURE_QUERY_FEATURE_LEVELS) == 16u);
    CHECK(offsetof(struct ALIGN_DML_FEATURE_QUERY_FEATURE_LEVELS, t) == 8u);
    CHECK(offsetof(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevelCount) == 0u);
    CHECK(MEMBER_SIZE(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevelCount) == 4u);
    CHECK(offsetof(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevels) == 8u);
    CHECK(MEMBER_SIZE(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevels) == 8u);

    /* struct DML_FEATURE_DATA_FEATURE_LEVELS: sizeof 4, alignment 4 */
    CHECK(sizeof(DML_FEATURE_DATA_FEATURE_LEVELS) == 4u);
    CHECK(offsetof(struct ALIGN_DML_FEATURE_DATA_FEATURE_LEVELS, t) == 4u);
    CHECK(offsetof(DML_FEATURE_DATA_FEATURE_LEVELS, MaxSupportedFeatureLevel) == 0u);
    CHECK(MEMBER_SIZE(DML_FEATURE_DATA_FEATURE_LEVELS, MaxSupportedFeatureLevel) == 4u);

    /* struct DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, ScaleBias) == 16u);
    CHECK(MEMBER_SIZE(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, ScaleBias) == 8u);

    /* struct DML_ACTIVATION_IDENTITY_OPERATOR_DESC: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_ACTIVATION_IDENTITY_OPERATOR_DESC) == 16u);
    CHECK(offsetof(struct ALIGN_DML_ACTIVATION_IDENTITY_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, OutputTensor) == 8u);

    /* struct DML_CAST_OPERATOR_DESC: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_CAST_OPERATOR_DESC) == 16u);
    CHECK(offsetof(struct ALIGN_DML_CAST_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_CAST_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_CAST_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_CAST_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_CAST_OPERATOR_DESC, OutputTensor) == 8u);

    /* struct DML_SLICE_OPERATOR_DESC: sizeof 48, alignment 8 */
    CHECK(sizeof(DML_SLICE_OPERATOR_DESC) == 48u);
    CHECK(offsetof(struct ALIGN_DML_SLICE_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SLICE_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SLICE_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SLICE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SLICE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SLICE_OPERATOR_DESC, DimensionCount) == 16u);
    CHECK(MEMBER_SIZE(DML_SLICE_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_SLICE_OPERATOR_DESC, Offsets) == 24u);
    CHECK(MEMBER_SIZE(DML_SLICE_OPERATOR_DESC, Offsets) == 8u);
    CHECK(offsetof(DML_SLICE_OPERATOR_DESC, Sizes) == 32u);
    CHECK(MEMBER_SIZE(DML_SLICE_OPERATOR_DESC, Sizes) == 8u);
    CHECK(offsetof(DML_SLICE_OPERATOR_DESC, Strides) == 40u);
    CHECK(MEMBER_SIZE(DML_SLICE_OPERATOR_DESC, Strides) == 8u);

    /* struct DML_SLICE1_OPERATOR_DESC: sizeof 48, alignment 8 */
    CHECK(sizeof(DML_SLICE1_OPERATOR_DESC) == 48u);
    CHECK(offsetof(struct ALIGN_DML_SLICE1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SLICE1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SLICE1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SLICE1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SLICE1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SLICE1_OPERATOR_DESC, DimensionCount) == 16u);
    CHECK(MEMBER_SIZE(DML_SLICE1_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_SLICE1_OPERATOR_DESC, InputWindowOffsets) == 24u);
    CHECK(MEMBER_SIZE(DML_SLICE1_OPERATOR_DESC, InputWindowOffsets) == 8u);
    CHECK(offsetof(DML_SLICE1_OPERATOR_DESC, InputWindowSizes) == 32u);
    CHECK(MEMBER_SIZE(DML_SLICE1_OPERATOR_DESC, InputWindowSizes) == 8u);
    CHECK(offsetof(DML_SLICE1_OPERATOR_DESC, InputWindowStrides) == 40u);
    CHECK(MEMBER_SIZE(DML_SLICE1_OPERATOR_DESC, InputWindowStrides) == 8u);

    /* struct DML_SLICE_GRAD_OPERATOR_DESC: sizeof 48, alignment 8 */
    CHECK(sizeof(DML_SLICE_GRAD_OPERATOR_DESC) == 48u);
    CHECK(offsetof(struct ALIGN_DML_SLICE_GRAD_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputGradientTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SLICE_GRAD_OPERATOR_DESC, InputGradientTensor) == 8u);
    CHECK(offsetof(DML_SLICE_GRAD_OPERATOR_DESC, OutputGradientTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SLICE_GRAD_OPERATOR_DESC, OutputGradientTensor) == 8u);
    CHECK(offsetof(DML_SLICE_GRAD_OPERATOR_DESC, DimensionCount) == 16u);
    CHECK(MEMBER_SIZE(DML_SLICE_GRAD_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowOffsets) == 24u);
    CHECK(MEMBER_SIZE(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowOffsets) == 8u);
    CHECK(offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowSizes) == 32u);
    CHECK(MEMBER_SIZE(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowSizes) == 8u);
    CHECK(offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowStrides) == 40u);
    CHECK(MEMBER_SIZE(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowStrides) == 8u);

    /* struct DML_GATHER_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_GATHER_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_GATHER_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_GATHER_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_GATHER_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_GATHER_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_GATHER_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_GATHER_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_GATHER_OPERATOR_DESC, Axis) == 4u);
    CHECK(offsetof(DML_GATHER_OPERATOR_DESC, IndexDimensions) == 28u);
    CHECK(MEMBER_SIZE(DML_GATHER_OPERATOR_DESC, IndexDimensions) == 4u);

    /* struct DML_GATHER_ELEMENTS_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_GATHER_ELEMENTS_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_GATHER_ELEMENTS_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_GATHER_ELEMENTS_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_GATHER_ELEMENTS_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_GATHER_ELEMENTS_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_GATHER_ELEMENTS_OPERATOR_DESC, Axis) == 4u);

    /* struct DML_GATHER_ND_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_GATHER_ND_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_GATHER_ND_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_GATHER_ND_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ND_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ND_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ND_OPERATOR_DESC, InputDimensionCount) == 24u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND_OPERATOR_DESC, InputDimensionCount) == 4u);
    CHECK(offsetof(DML_GATHER_ND_OPERATOR_DESC, IndicesDimensionCount) == 28u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND_OPERATOR_DESC, IndicesDimensionCount) == 4u);

    /* struct DML_GATHER_ND1_OPERATOR_DESC: sizeof 40, alignment 8 */
    CHECK(sizeof(DML_GATHER_ND1_OPERATOR_DESC) == 40u);
    CHECK(offsetof(struct ALIGN_DML_GATHER_ND1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_GATHER_ND1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ND1_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND1_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ND1_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_GATHER_ND1_OPERATOR_DESC, InputDimensionCount) == 24u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND1_OPERATOR_DESC, InputDimensionCount) == 4u);
    CHECK(offsetof(DML_GATHER_ND1_OPERATOR_DESC, IndicesDimensionCount) == 28u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND1_OPERATOR_DESC, IndicesDimensionCount) == 4u);
    CHECK(offsetof(DML_GATHER_ND1_OPERATOR_DESC, BatchDimensionCount) == 32u);
    CHECK(MEMBER_SIZE(DML_GATHER_ND1_OPERATOR_DESC, BatchDimensionCount) == 4u);

    /* struct DML_SCATTER_OPERATOR_DESC: sizeof 40, alignment 8 */
    CHECK(sizeof(DML_SCATTER_OPERATOR_DESC) == 40u);
    CHECK(offsetof(struct ALIGN_DML_SCATTER_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SCATTER_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SCATTER_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SCATTER_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_OPERATOR_DESC, UpdatesTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_SCATTER_OPERATOR_DESC, UpdatesTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_OPERATOR_DESC, OutputTensor) == 24u);
    CHECK(MEMBER_SIZE(DML_SCATTER_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_OPERATOR_DESC, Axis) == 32u);
    CHECK(MEMBER_SIZE(DML_SCATTER_OPERATOR_DESC, Axis) == 4u);

    /* struct DML_SCATTER_ND_OPERATOR_DESC: sizeof 40, alignment 8 */
    CHECK(sizeof(DML_SCATTER_ND_OPERATOR_DESC) == 40u);
    CHECK(offsetof(struct ALIGN_DML_SCATTER_ND_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SCATTER_ND_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ND_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ND_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ND_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ND_OPERATOR_DESC, UpdatesTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ND_OPERATOR_DESC, UpdatesTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ND_OPERATOR_DESC, OutputTensor) == 24u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ND_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ND_OPERATOR_DESC, InputDimensionCount) == 32u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ND_OPERATOR_DESC, InputDimensionCount) == 4u);
    CHECK(offsetof(DML_SCATTER_ND_OPERATOR_DESC, IndicesDimensionCount) == 36u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ND_OPERATOR_DESC, IndicesDimensionCount) == 4u);

    /* struct DML_SPLIT_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_SPLIT_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_SPLIT_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SPLIT_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SPLIT_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SPLIT_OPERATOR_DESC, OutputCount) == 8u);
    CHECK(MEMBER_SIZE(DML_SPLIT_OPERATOR_DESC, OutputCount) == 4u);
    CHECK(offsetof(DML_SPLIT_OPERATOR_DESC, OutputTensors) == 16u);
    CHECK(MEMBER_SIZE(DML_SPLIT_OPERATOR_DESC, OutputTensors) == 8u);
    CHECK(offsetof(DML_SPLIT_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_SPLIT_OPERATOR_DESC, Axis) == 4u);

    /* struct DML_JOIN_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_JOIN_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_JOIN_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_JOIN_OPERATOR_DESC, InputCount) == 0u);
    CHECK(MEMBER_SIZE(DML_JOIN_OPERATOR_DESC, InputCount) == 4u);
    CHECK(offsetof(DML_JOIN_OPERATOR_DESC, InputTensors) == 8u);
    CHECK(MEMBER_SIZE(DML_JOIN_OPERATOR_DESC, InputTensors) == 8u);
    CHECK(offsetof(DML_JOIN_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_JOIN_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_JOIN_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_JOIN_OPERATOR_DESC, Axis) == 4u);

    /* struct DML_PADDING_OPERATOR_DESC: sizeof 48, alignment 8 */
    CHECK(sizeof(DML_PADDING_OPERATOR_DESC) == 48u);
    CHECK(offsetof(struct ALIGN_DML_PADDING_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, PaddingMode) == 16u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, PaddingMode) == 4u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, PaddingValue) == 20u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, PaddingValue) == 4u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, DimensionCount) == 24u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, StartPadding) == 32u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, StartPadding) == 8u);
    CHECK(offsetof(DML_PADDING_OPERATOR_DESC, EndPadding) == 40u);
    CHECK(MEMBER_SIZE(DML_PADDING_OPERATOR_DESC, EndPadding) == 8u);

    /* struct DML_PADDING1_OPERATOR_DESC: sizeof 56, alignment 8 */
    CHECK(sizeof(DML_PADDING1_OPERATOR_DESC) == 56u);
    CHECK(offsetof(struct ALIGN_DML_PADDING1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, PaddingMode) == 16u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, PaddingMode) == 4u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, PaddingValueDataType) == 20u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, PaddingValueDataType) == 4u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, PaddingValue) == 24u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, PaddingValue) == 8u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, DimensionCount) == 32u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, StartPadding) == 40u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, StartPadding) == 8u);
    CHECK(offsetof(DML_PADDING1_OPERATOR_DESC, EndPadding) == 48u);
    CHECK(MEMBER_SIZE(DML_PADDING1_OPERATOR_DESC, EndPadding) == 8u);

    /* struct DML_TILE_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_TILE_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_TILE_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_TILE_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_TILE_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_TILE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_TILE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_TILE_OPERATOR_DESC, RepeatsCount) == 16u);
    CHECK(MEMBER_SIZE(DML_TILE_OPERATOR_DESC, RepeatsCount) == 4u);
    CHECK(offsetof(DML_TILE_OPERATOR_DESC, Repeats) == 24u);
    CHECK(MEMBER_SIZE(DML_TILE_OPERATOR_DESC, Repeats) == 8u);

    /* struct DML_SPACE_TO_DEPTH_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_SPACE_TO_DEPTH_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_SPACE_TO_DEPTH_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH_OPERATOR_DESC, BlockSize) == 16u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH_OPERATOR_DESC, BlockSize) == 4u);

    /* struct DML_SPACE_TO_DEPTH1_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_SPACE_TO_DEPTH1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, BlockSize) == 16u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, BlockSize) == 4u);
    CHECK(offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, Order) == 20u);
    CHECK(MEMBER_SIZE(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, Order) == 4u);

    /* struct DML_DEPTH_TO_SPACE_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_DEPTH_TO_SPACE_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_DEPTH_TO_SPACE_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE_OPERATOR_DESC, BlockSize) == 16u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE_OPERATOR_DESC, BlockSize) == 4u);

    /* struct DML_DEPTH_TO_SPACE1_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_DEPTH_TO_SPACE1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, BlockSize) == 16u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, BlockSize) == 4u);
    CHECK(offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, Order) == 20u);
    CHECK(MEMBER_SIZE(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, Order) == 4u);

    /* struct DML_FILL_VALUE_CONSTANT_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, OutputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, ValueDataType) == 8u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, ValueDataType) == 4u);
    CHECK(offsetof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, Value) == 16u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, Value) == 8u);

    /* struct DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, OutputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDataType) == 8u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDataType) == 4u);
    CHECK(offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueStart) == 16u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueStart) == 8u);
    CHECK(offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDelta) == 24u);
    CHECK(MEMBER_SIZE(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDelta) == 8u);

    /* struct DML_ONE_HOT_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_ONE_HOT_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_ONE_HOT_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_ONE_HOT_OPERATOR_DESC, IndicesTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_ONE_HOT_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_ONE_HOT_OPERATOR_DESC, ValuesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_ONE_HOT_OPERATOR_DESC, ValuesTensor) == 8u);
    CHECK(offsetof(DML_ONE_HOT_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_ONE_HOT_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_ONE_HOT_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_ONE_HOT_OPERATOR_DESC, Axis) == 4u);

    /* struct DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, SequenceLengthsTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, SequenceLengthsTensor) == 8u);
    CHECK(offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, Axis) == 4u);

    /* struct DML_DIAGONAL_MATRIX_OPERATOR_DESC: sizeof 16, alignment 8 */
    CHECK(sizeof(DML_DIAGONAL_MATRIX_OPERATOR_DESC) == 16u);
    CHECK(offsetof(struct ALIGN_DML_DIAGONAL_MATRIX_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX_OPERATOR_DESC, OutputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Offset) == 8u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Offset) == 4u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Value) == 12u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Value) == 4u);

    /* struct DML_DIAGONAL_MATRIX1_OPERATOR_DESC: sizeof 40, alignment 8 */
    CHECK(sizeof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC) == 40u);
    CHECK(offsetof(struct ALIGN_DML_DIAGONAL_MATRIX1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, ValueDataType) == 16u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, ValueDataType) == 4u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, Value) == 24u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, Value) == 8u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillBegin) == 32u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillBegin) == 4u);
    CHECK(offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillEnd) == 36u);
    CHECK(MEMBER_SIZE(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillEnd) == 4u);

    /* struct DML_TOP_K_OPERATOR_DESC: sizeof 32, alignment 8 */
    CHECK(sizeof(DML_TOP_K_OPERATOR_DESC) == 32u);
    CHECK(offsetof(struct ALIGN_DML_TOP_K_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_TOP_K_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_TOP_K_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_TOP_K_OPERATOR_DESC, OutputValueTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_TOP_K_OPERATOR_DESC, OutputValueTensor) == 8u);
    CHECK(offsetof(DML_TOP_K_OPERATOR_DESC, OutputIndexTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_TOP_K_OPERATOR_DESC, OutputIndexTensor) == 8u);
    CHECK(offsetof(DML_TOP_K_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_TOP_K_OPERATOR_DESC, Axis) == 4u);
    CHECK(offsetof(DML_TOP_K_OPERATOR_DESC, K) == 28u);
    CHECK(MEMBER_SIZE(DML_TOP_K_OPERATOR_DESC, K) == 4u);

    /* struct DML_TOP_K1_OPERATOR_DESC: sizeof 40, alignment 8 */
    CHECK(sizeof(DML_TOP_K1_OPERATOR_DESC) == 40u);
    CHECK(offsetof(struct ALIGN_DML_TOP_K1_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_TOP_K1_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_TOP_K1_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_TOP_K1_OPERATOR_DESC, OutputValueTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_TOP_K1_OPERATOR_DESC, OutputValueTensor) == 8u);
    CHECK(offsetof(DML_TOP_K1_OPERATOR_DESC, OutputIndexTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_TOP_K1_OPERATOR_DESC, OutputIndexTensor) == 8u);
    CHECK(offsetof(DML_TOP_K1_OPERATOR_DESC, Axis) == 24u);
    CHECK(MEMBER_SIZE(DML_TOP_K1_OPERATOR_DESC, Axis) == 4u);
    CHECK(offsetof(DML_TOP_K1_OPERATOR_DESC, K) == 28u);
    CHECK(MEMBER_SIZE(DML_TOP_K1_OPERATOR_DESC, K) == 4u);
    CHECK(offsetof(DML_TOP_K1_OPERATOR_DESC, AxisDirection) == 32u);
    CHECK(MEMBER_SIZE(DML_TOP_K1_OPERATOR_DESC, AxisDirection) == 4u);

    /* struct DML_MAX_UNPOOLING_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_MAX_UNPOOLING_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_MAX_UNPOOLING_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_MAX_UNPOOLING_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_MAX_UNPOOLING_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_MAX_UNPOOLING_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_MAX_UNPOOLING_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_MAX_UNPOOLING_OPERATOR_DESC, OutputTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_MAX_UNPOOLING_OPERATOR_DESC, OutputTensor) == 8u);

    /* struct DML_NONZERO_COORDINATES_OPERATOR_DESC: sizeof 24, alignment 8 */
    CHECK(sizeof(DML_NONZERO_COORDINATES_OPERATOR_DESC) == 24u);
    CHECK(offsetof(struct ALIGN_DML_NONZERO_COORDINATES_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_NONZERO_COORDINATES_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_NONZERO_COORDINATES_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_NONZERO_COORDINATES_OPERATOR_DESC, OutputCountTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_NONZERO_COORDINATES_OPERATOR_DESC, OutputCountTensor) == 8u);
    CHECK(offsetof(DML_NONZERO_COORDINATES_OPERATOR_DESC, OutputCoordinatesTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_NONZERO_COORDINATES_OPERATOR_DESC, OutputCoordinatesTensor) == 8u);

    /* struct DML_UNFOLD_OPERATOR_DESC: sizeof 64, alignment 8 */
    CHECK(sizeof(DML_UNFOLD_OPERATOR_DESC) == 64u);
    CHECK(offsetof(struct ALIGN_DML_UNFOLD_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, DimensionCount) == 16u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, WindowSizes) == 24u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, WindowSizes) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, Strides) == 32u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, Strides) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, Dilations) == 40u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, Dilations) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, StartPadding) == 48u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, StartPadding) == 8u);
    CHECK(offsetof(DML_UNFOLD_OPERATOR_DESC, EndPadding) == 56u);
    CHECK(MEMBER_SIZE(DML_UNFOLD_OPERATOR_DESC, EndPadding) == 8u);

    /* struct DML_FOLD_OPERATOR_DESC: sizeof 64, alignment 8 */
    CHECK(sizeof(DML_FOLD_OPERATOR_DESC) == 64u);
    CHECK(offsetof(struct ALIGN_DML_FOLD_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, DimensionCount) == 16u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, DimensionCount) == 4u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, WindowSizes) == 24u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, WindowSizes) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, Strides) == 32u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, Strides) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, Dilations) == 40u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, Dilations) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, StartPadding) == 48u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, StartPadding) == 8u);
    CHECK(offsetof(DML_FOLD_OPERATOR_DESC, EndPadding) == 56u);
    CHECK(MEMBER_SIZE(DML_FOLD_OPERATOR_DESC, EndPadding) == 8u);

    /* struct DML_SCATTER_ELEMENTS_OPERATOR_DESC: sizeof 40, alignment 8 */
    CHECK(sizeof(DML_SCATTER_ELEMENTS_OPERATOR_DESC) == 40u);
    CHECK(offsetof(struct ALIGN_DML_SCATTER_ELEMENTS_OPERATOR_DESC, t) == 8u);
    CHECK(offsetof(DML_SCATTER_ELEMENTS_OPERATOR_DESC, InputTensor) == 0u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ELEMENTS_OPERATOR_DESC, InputTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ELEMENTS_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ELEMENTS_OPERATOR_DESC, IndicesTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ELEMENTS_OPERATOR_DESC, UpdatesTensor) == 16u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ELEMENTS_OPERATOR_DESC, UpdatesTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ELEMENTS_OPERATOR_DESC, OutputTensor) == 24u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ELEMENTS_OPERATOR_DESC, OutputTensor) == 8u);
    CHECK(offsetof(DML_SCATTER_ELEMENTS_OPERATOR_DESC, Axis) == 32u);
    CHECK(MEMBER_SIZE(DML_SCATTER_ELEMENTS_OPERATOR_DESC, Axis) == 4u);
#else
    printf("note: not a 64-bit target; struct sizes, alignments and offsets not checked\n");
#endif
}

/* Integer signedness / floatness of every int-or-wider scalar field and of the elements of integer arrays (e.g.
 * SLICE1's InputWindowStrides is const INT*, not const UINT*). Valid on any target. */
static void check_field_kinds(void)
{
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BUFFER_TENSOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_BUFFER_TENSOR_DESC, Sizes)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_BUFFER_TENSOR_DESC, Strides)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment)));
    CHECK(IS_FLOATING(MEMBER(DML_SCALE_BIAS, Scale)));
    CHECK(IS_FLOATING(MEMBER(DML_SCALE_BIAS, Bias)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SIZE_2D, Width)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SIZE_2D, Height)));
    CHECK(IS_SIGNED_INT(MEMBER(DML_SCALAR_UNION, Int32)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SCALAR_UNION, UInt32)));
    CHECK(IS_SIGNED_INT(MEMBER(DML_SCALAR_UNION, Int64)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SCALAR_UNION, UInt64)));
    CHECK(IS_FLOATING(MEMBER(DML_SCALAR_UNION, Float32)));
    CHECK(IS_FLOATING(MEMBER(DML_SCALAR_UNION, Float64)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BUFFER_BINDING, Offset)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BUFFER_BINDING, SizeInBytes)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BUFFER_ARRAY_BINDING, BindingCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BINDING_PROPERTIES, RequiredDescriptorCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BINDING_PROPERTIES, TemporaryResourceSize)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BINDING_PROPERTIES, PersistentResourceSize)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BINDING_TABLE_DESC, Reserved)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_BINDING_TABLE_DESC, SizeInDescriptors)));
    CHECK(IS_SIGNED_INT(MEMBER(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT, IsSupported)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevelCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SLICE_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE_OPERATOR_DESC, Offsets)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE_OPERATOR_DESC, Sizes)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE_OPERATOR_DESC, Strides)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SLICE1_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE1_OPERATOR_DESC, InputWindowOffsets)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE1_OPERATOR_DESC, InputWindowSizes)));
    CHECK(IS_SIGNED_INT(*MEMBER(DML_SLICE1_OPERATOR_DESC, InputWindowStrides)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SLICE_GRAD_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowOffsets)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowSizes)));
    CHECK(IS_SIGNED_INT(*MEMBER(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowStrides)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_OPERATOR_DESC, IndexDimensions)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_ELEMENTS_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_ND_OPERATOR_DESC, InputDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_ND_OPERATOR_DESC, IndicesDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_ND1_OPERATOR_DESC, InputDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_ND1_OPERATOR_DESC, IndicesDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_GATHER_ND1_OPERATOR_DESC, BatchDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SCATTER_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SCATTER_ND_OPERATOR_DESC, InputDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SCATTER_ND_OPERATOR_DESC, IndicesDimensionCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SPLIT_OPERATOR_DESC, OutputCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SPLIT_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_JOIN_OPERATOR_DESC, InputCount)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_JOIN_OPERATOR_DESC, Axis)));
    CHECK(IS_FLOATING(MEMBER(DML_PADDING_OPERATOR_DESC, PaddingValue)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_PADDING_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_PADDING_OPERATOR_DESC, StartPadding)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_PADDING_OPERATOR_DESC, EndPadding)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_PADDING1_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_PADDING1_OPERATOR_DESC, StartPadding)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_PADDING1_OPERATOR_DESC, EndPadding)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_TILE_OPERATOR_DESC, RepeatsCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_TILE_OPERATOR_DESC, Repeats)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SPACE_TO_DEPTH_OPERATOR_DESC, BlockSize)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, BlockSize)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_DEPTH_TO_SPACE_OPERATOR_DESC, BlockSize)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, BlockSize)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_ONE_HOT_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, Axis)));
    CHECK(IS_SIGNED_INT(MEMBER(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Offset)));
    CHECK(IS_FLOATING(MEMBER(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Value)));
    CHECK(IS_SIGNED_INT(MEMBER(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillBegin)));
    CHECK(IS_SIGNED_INT(MEMBER(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillEnd)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_TOP_K_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_TOP_K_OPERATOR_DESC, K)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_TOP_K1_OPERATOR_DESC, Axis)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_TOP_K1_OPERATOR_DESC, K)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_UNFOLD_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_UNFOLD_OPERATOR_DESC, WindowSizes)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_UNFOLD_OPERATOR_DESC, Strides)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_UNFOLD_OPERATOR_DESC, Dilations)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_UNFOLD_OPERATOR_DESC, StartPadding)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_UNFOLD_OPERATOR_DESC, EndPadding)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_FOLD_OPERATOR_DESC, DimensionCount)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_FOLD_OPERATOR_DESC, WindowSizes)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_FOLD_OPERATOR_DESC, Strides)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_FOLD_OPERATOR_DESC, Dilations)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_FOLD_OPERATOR_DESC, StartPadding)));
    CHECK(IS_UNSIGNED_INT(*MEMBER(DML_FOLD_OPERATOR_DESC, EndPadding)));
    CHECK(IS_UNSIGNED_INT(MEMBER(DML_SCATTER_ELEMENTS_OPERATOR_DESC, Axis)));
}

static void check_enum_values(void)
{
    /* Every DirectML enum is a plain C enum: int sized. */
    CHECK(sizeof(DML_TENSOR_DATA_TYPE) == 4u);
    CHECK(sizeof(DML_TENSOR_TYPE) == 4u);
    CHECK(sizeof(DML_TENSOR_FLAGS) == 4u);
    CHECK(sizeof(DML_FEATURE_LEVEL) == 4u);
    CHECK(sizeof(DML_FEATURE) == 4u);
    CHECK(sizeof(DML_BINDING_TYPE) == 4u);
    CHECK(sizeof(DML_EXECUTION_FLAGS) == 4u);
    CHECK(sizeof(DML_CREATE_DEVICE_FLAGS) == 4u);
    CHECK(sizeof(DML_PADDING_MODE) == 4u);
    CHECK(sizeof(DML_AXIS_DIRECTION) == 4u);
    CHECK(sizeof(DML_DEPTH_SPACE_ORDER) == 4u);
    CHECK(sizeof(DML_OPERATOR_TYPE) == 4u);

    /* DML_TENSOR_DATA_TYPE (14 rows) */
    CHECK(DML_TENSOR_DATA_TYPE_UNKNOWN == 0);
    CHECK(DML_TENSOR_DATA_TYPE_FLOAT32 == 1);
    CHECK(DML_TENSOR_DATA_TYPE_FLOAT16 == 2);
    CHECK(DML_TENSOR_DATA_TYPE_UINT32 == 3);
    CHECK(DML_TENSOR_DATA_TYPE_UINT16 == 4);
    CHECK(DML_TENSOR_DATA_TYPE_UINT8 == 5);
    CHECK(DML_TENSOR_DATA_TYPE_INT32 == 6);
    CHECK(DML_TENSOR_DATA_TYPE_INT16 == 7);
    CHECK(DML_TENSOR_DATA_TYPE_INT8 == 8);
    CHECK(DML_TENSOR_DATA_TYPE_FLOAT64 == 9);
    CHECK(DML_TENSOR_DATA_TYPE_UINT64 == 10);
    CHECK(DML_TENSOR_DATA_TYPE_INT64 == 11);
    CHECK(DML_TENSOR_DATA_TYPE_UINT4 == 12);
    CHECK(DML_TENSOR_DATA_TYPE_INT4 == 13);

    /* DML_TENSOR_TYPE (2 rows) */
    CHECK(DML_TENSOR_TYPE_INVALID == 0);
    CHECK(DML_TENSOR_TYPE_BUFFER == 1);

    /* DML_TENSOR_FLAGS (2 rows) */
    CHECK(DML_TENSOR_FLAG_NONE == 0);
    CHECK(DML_TENSOR_FLAG_OWNED_BY_DML == 1);

    /* DML_FEATURE_LEVEL (15 rows) */
    CHECK(DML_FEATURE_LEVEL_1_0 == 4096);
    CHECK(DML_FEATURE_LEVEL_2_0 == 8192);
    CHECK(DML_FEATURE_LEVEL_2_1 == 8448);
    CHECK(DML_FEATURE_LEVEL_3_0 == 12288);
    CHECK(DML_FEATURE_LEVEL_3_1 == 12544);
    CHECK(DML_FEATURE_LEVEL_4_0 == 16384);
    CHECK(DML_FEATURE_LEVEL_4_1 == 16640);
    CHECK(DML_FEATURE_LEVEL_5_0 == 20480);
    CHECK(DML_FEATURE_LEVEL_5_1 == 20736);
    CHECK(DML_FEATURE_LEVEL_5_2 == 20992);
    CHECK(DML_FEATURE_LEVEL_6_0 == 24576);
    CHECK(DML_FEATURE_LEVEL_6_1 == 24832);
    CHECK(DML_FEATURE_LEVEL_6_2 == 25088);
    CHECK(DML_FEATURE_LEVEL_6_3 == 25344);
    CHECK(DML_FEATURE_LEVEL_6_4 == 25600);

    /* DML_FEATURE (2 rows) */
    CHECK(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT == 0);
    CHECK(DML_FEATURE_FEATURE_LEVELS == 1);

    /* DML_BINDING_TYPE (3 rows) */
    CHECK(DML_BINDING_TYPE_NONE == 0);
    CHECK(DML_BINDING_TYPE_BUFFER == 1);
    CHECK(DML_BINDING_TYPE_BUFFER_ARRAY == 2);

    /* DML_EXECUTION_FLAGS (4 rows) */
    CHECK(DML_EXECUTION_FLAG_NONE == 0);
    CHECK(DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION == 1);
    CHECK(DML_EXECUTION_FLAG_DISABLE_META_COMMANDS == 2);
    CHECK(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE == 4);

    /* DML_CREATE_DEVICE_FLAGS (2 rows) */
    CHECK(DML_CREATE_DEVICE_FLAG_NONE == 0);
    CHECK(DML_CREATE_DEVICE_FLAG_DEBUG == 1);

    /* DML_PADDING_MODE (5 rows) */
    CHECK(DML_PADDING_MODE_CONSTANT == 0);
    CHECK(DML_PADDING_MODE_EDGE == 1);
    CHECK(DML_PADDING_MODE_REFLECTION == 2);
    CHECK(DML_PADDING_MODE_SYMMETRIC == 3);
    CHECK(DML_PADDING_MODE_WRAP == 4);

    /* DML_AXIS_DIRECTION (2 rows) */
    CHECK(DML_AXIS_DIRECTION_INCREASING == 0);
    CHECK(DML_AXIS_DIRECTION_DECREASING == 1);

    /* DML_DEPTH_SPACE_ORDER (2 rows) */
    CHECK(DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW == 0);
    CHECK(DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH == 1);

    /* DML_OPERATOR_TYPE (179 rows) */
    CHECK(DML_OPERATOR_INVALID == 0);
    CHECK(DML_OPERATOR_ELEMENT_WISE_IDENTITY == 1);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ABS == 2);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ACOS == 3);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ADD == 4);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ASIN == 5);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ATAN == 6);
    CHECK(DML_OPERATOR_ELEMENT_WISE_CEIL == 7);
    CHECK(DML_OPERATOR_ELEMENT_WISE_CLIP == 8);
    CHECK(DML_OPERATOR_ELEMENT_WISE_COS == 9);
    CHECK(DML_OPERATOR_ELEMENT_WISE_DIVIDE == 10);
    CHECK(DML_OPERATOR_ELEMENT_WISE_EXP == 11);
    CHECK(DML_OPERATOR_ELEMENT_WISE_FLOOR == 12);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOG == 13);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND == 14);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS == 15);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN == 16);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN == 17);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT == 18);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR == 19);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR == 20);
    CHECK(DML_OPERATOR_ELEMENT_WISE_MAX == 21);
    CHECK(DML_OPERATOR_ELEMENT_WISE_MEAN == 22);
    CHECK(DML_OPERATOR_ELEMENT_WISE_MIN == 23);
    CHECK(DML_OPERATOR_ELEMENT_WISE_MULTIPLY == 24);
    CHECK(DML_OPERATOR_ELEMENT_WISE_POW == 25);
    CHECK(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW == 26);
    CHECK(DML_OPERATOR_ELEMENT_WISE_RECIP == 27);
    CHECK(DML_OPERATOR_ELEMENT_WISE_SIN == 28);
    CHECK(DML_OPERATOR_ELEMENT_WISE_SQRT == 29);
    CHECK(DML_OPERATOR_ELEMENT_WISE_SUBTRACT == 30);
    CHECK(DML_OPERATOR_ELEMENT_WISE_TAN == 31);
    CHECK(DML_OPERATOR_ELEMENT_WISE_THRESHOLD == 32);
    CHECK(DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR == 33);
    CHECK(DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR == 34);
    CHECK(DML_OPERATOR_ACTIVATION_ELU == 35);
    CHECK(DML_OPERATOR_ACTIVATION_HARDMAX == 36);
    CHECK(DML_OPERATOR_ACTIVATION_HARD_SIGMOID == 37);
    CHECK(DML_OPERATOR_ACTIVATION_IDENTITY == 38);
    CHECK(DML_OPERATOR_ACTIVATION_LEAKY_RELU == 39);
    CHECK(DML_OPERATOR_ACTIVATION_LINEAR == 40);
    CHECK(DML_OPERATOR_ACTIVATION_LOG_SOFTMAX == 41);
    CHECK(DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU == 42);
    CHECK(DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS == 43);
    CHECK(DML_OPERATOR_ACTIVATION_RELU == 44);
    CHECK(DML_OPERATOR_ACTIVATION_SCALED_ELU == 45);
    CHECK(DML_OPERATOR_ACTIVATION_SCALED_TANH == 46);
    CHECK(DML_OPERATOR_ACTIVATION_SIGMOID == 47);
    CHECK(DML_OPERATOR_ACTIVATION_SOFTMAX == 48);
    CHECK(DML_OPERATOR_ACTIVATION_SOFTPLUS == 49);
    CHECK(DML_OPERATOR_ACTIVATION_SOFTSIGN == 50);
    CHECK(DML_OPERATOR_ACTIVATION_TANH == 51);
    CHECK(DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU == 52);
    CHECK(DML_OPERATOR_CONVOLUTION == 53);
    CHECK(DML_OPERATOR_GEMM == 54);
    CHECK(DML_OPERATOR_REDUCE == 55);
    CHECK(DML_OPERATOR_AVERAGE_POOLING == 56);
    CHECK(DML_OPERATOR_LP_POOLING == 57);
    CHECK(DML_OPERATOR_MAX_POOLING == 58);
    CHECK(DML_OPERATOR_ROI_POOLING == 59);
    CHECK(DML_OPERATOR_SLICE == 60);
    CHECK(DML_OPERATOR_CAST == 61);
    CHECK(DML_OPERATOR_SPLIT == 62);
    CHECK(DML_OPERATOR_JOIN == 63);
    CHECK(DML_OPERATOR_PADDING == 64);
    CHECK(DML_OPERATOR_VALUE_SCALE_2D == 65);
    CHECK(DML_OPERATOR_UPSAMPLE_2D == 66);
    CHECK(DML_OPERATOR_GATHER == 67);
    CHECK(DML_OPERATOR_SPACE_TO_DEPTH == 68);
    CHECK(DML_OPERATOR_DEPTH_TO_SPACE == 69);
    CHECK(DML_OPERATOR_TILE == 70);
    CHECK(DML_OPERATOR_TOP_K == 71);
    CHECK(DML_OPERATOR_BATCH_NORMALIZATION == 72);
    CHECK(DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION == 73);
    CHECK(DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION == 74);
    CHECK(DML_OPERATOR_LP_NORMALIZATION == 75);
    CHECK(DML_OPERATOR_RNN == 76);
    CHECK(DML_OPERATOR_LSTM == 77);
    CHECK(DML_OPERATOR_GRU == 78);
    CHECK(DML_OPERATOR_ELEMENT_WISE_SIGN == 79);
    CHECK(DML_OPERATOR_ELEMENT_WISE_IS_NAN == 80);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ERF == 81);
    CHECK(DML_OPERATOR_ELEMENT_WISE_SINH == 82);
    CHECK(DML_OPERATOR_ELEMENT_WISE_COSH == 83);
    CHECK(DML_OPERATOR_ELEMENT_WISE_TANH == 84);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ASINH == 85);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ACOSH == 86);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ATANH == 87);
    CHECK(DML_OPERATOR_ELEMENT_WISE_IF == 88);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ADD1 == 89);
    CHECK(DML_OPERATOR_ACTIVATION_SHRINK == 90);
    CHECK(DML_OPERATOR_MAX_POOLING1 == 91);
    CHECK(DML_OPERATOR_MAX_UNPOOLING == 92);
    CHECK(DML_OPERATOR_DIAGONAL_MATRIX == 93);
    CHECK(DML_OPERATOR_SCATTER_ELEMENTS == 94);
    CHECK(DML_OPERATOR_SCATTER == 94);
    CHECK(DML_OPERATOR_ONE_HOT == 95);
    CHECK(DML_OPERATOR_RESAMPLE == 96);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT == 97);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT == 98);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ROUND == 99);
    CHECK(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY == 100);
    CHECK(DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE == 101);
    CHECK(DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR == 102);
    CHECK(DML_OPERATOR_FILL_VALUE_CONSTANT == 103);
    CHECK(DML_OPERATOR_FILL_VALUE_SEQUENCE == 104);
    CHECK(DML_OPERATOR_CUMULATIVE_SUMMATION == 105);
    CHECK(DML_OPERATOR_REVERSE_SUBSEQUENCES == 106);
    CHECK(DML_OPERATOR_GATHER_ELEMENTS == 107);
    CHECK(DML_OPERATOR_GATHER_ND == 108);
    CHECK(DML_OPERATOR_SCATTER_ND == 109);
    CHECK(DML_OPERATOR_MAX_POOLING2 == 110);
    CHECK(DML_OPERATOR_SLICE1 == 111);
    CHECK(DML_OPERATOR_TOP_K1 == 112);
    CHECK(DML_OPERATOR_DEPTH_TO_SPACE1 == 113);
    CHECK(DML_OPERATOR_SPACE_TO_DEPTH1 == 114);
    CHECK(DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 == 115);
    CHECK(DML_OPERATOR_RESAMPLE1 == 116);
    CHECK(DML_OPERATOR_MATRIX_MULTIPLY_INTEGER == 117);
    CHECK(DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY == 118);
    CHECK(DML_OPERATOR_CONVOLUTION_INTEGER == 119);
    CHECK(DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION == 120);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_AND == 121);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_OR == 122);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_XOR == 123);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_NOT == 124);
    CHECK(DML_OPERATOR_ELEMENT_WISE_BIT_COUNT == 125);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL == 126);
    CHECK(DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL == 127);
    CHECK(DML_OPERATOR_ACTIVATION_CELU == 128);
    CHECK(DML_OPERATOR_ACTIVATION_RELU_GRAD == 129);
    CHECK(DML_OPERATOR_AVERAGE_POOLING_GRAD == 130);
    CHECK(DML_OPERATOR_MAX_POOLING_GRAD == 131);
    CHECK(DML_OPERATOR_RANDOM_GENERATOR == 132);
    CHECK(DML_OPERATOR_NONZERO_COORDINATES == 133);
    CHECK(DML_OPERATOR_RESAMPLE_GRAD == 134);
    CHECK(DML_OPERATOR_SLICE_GRAD == 135);
    CHECK(DML_OPERATOR_ADAM_OPTIMIZER == 136);
    CHECK(DML_OPERATOR_ARGMIN == 137);
    CHECK(DML_OPERATOR_ARGMAX == 138);
    CHECK(DML_OPERATOR_ROI_ALIGN == 139);
    CHECK(DML_OPERATOR_GATHER_ND1 == 140);
    CHECK(DML_OPERATOR_ELEMENT_WISE_ATAN_YX == 141);
    CHECK(DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD == 142);
    CHECK(DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE == 143);
    CHECK(DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD == 144);
    CHECK(DML_OPERATOR_CUMULATIVE_PRODUCT == 145);
    CHECK(DML_OPERATOR_BATCH_NORMALIZATION_GRAD == 146);
    CHECK(DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD == 147);
    CHECK(DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR == 148);
    CHECK(DML_OPERATOR_ROI_ALIGN1 == 149);
    CHECK(DML_OPERATOR_ROI_ALIGN_GRAD == 150);
    CHECK(DML_OPERATOR_BATCH_NORMALIZATION_TRAINING == 151);
    CHECK(DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD == 152);
    CHECK(DML_OPERATOR_ELEMENT_WISE_CLIP1 == 153);
    CHECK(DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 == 154);
    CHECK(DML_OPERATOR_PADDING1 == 155);
    CHECK(DML_OPERATOR_ELEMENT_WISE_NEGATE == 156);
    CHECK(DML_OPERATOR_ACTIVATION_GELU == 157);
    CHECK(DML_OPERATOR_ACTIVATION_SOFTMAX1 == 158);
    CHECK(DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 == 159);
    CHECK(DML_OPERATOR_ACTIVATION_HARDMAX1 == 160);
    CHECK(DML_OPERATOR_RESAMPLE2 == 161);
    CHECK(DML_OPERATOR_RESAMPLE_GRAD1 == 162);
    CHECK(DML_OPERATOR_DIAGONAL_MATRIX1 == 163);
    CHECK(DML_OPERATOR_MULTIHEAD_ATTENTION == 164);
    CHECK(DML_OPERATOR_LP_POOLING1 == 165);
    CHECK(DML_OPERATOR_AVERAGE_POOLING1 == 166);
    CHECK(DML_OPERATOR_ACTIVATION_SWISH == 167);
    CHECK(DML_OPERATOR_ACTIVATION_HARD_SWISH == 168);
    CHECK(DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING == 169);
    CHECK(DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT == 170);
    CHECK(DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2 == 171);
    CHECK(DML_OPERATOR_MULTIHEAD_ATTENTION1 == 172);
    CHECK(DML_OPERATOR_QUANTIZE == 173);
    CHECK(DML_OPERATOR_DEQUANTIZE == 174);
    CHECK(DML_OPERATOR_RESAMPLE3 == 175);
    CHECK(DML_OPERATOR_FOLD == 176);
    CHECK(DML_OPERATOR_UNFOLD == 177);

    /* the alias */
    CHECK(DML_OPERATOR_SCATTER == DML_OPERATOR_SCATTER_ELEMENTS);
}

static void check_constants(void)
{
    CHECK(DML_TENSOR_DIMENSION_COUNT_MAX == 5);
    CHECK(DML_TENSOR_DIMENSION_COUNT_MAX1 == 8);
    CHECK(DML_TEMPORARY_BUFFER_ALIGNMENT == 256);
    CHECK(DML_PERSISTENT_BUFFER_ALIGNMENT == 256);
    CHECK(DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT == 16);
    CHECK(DML_TARGET_VERSION == 0x6400);
}

int main(void)
{
    check_struct_layouts();
    check_field_kinds();
    check_enum_values();
    check_constants();
    printf("%u passed, %u failed\n", g_passed, g_failed);
    return g_failed > 0 ? 1 : 0;
}
