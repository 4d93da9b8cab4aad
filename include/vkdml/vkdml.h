/*
 * vkdml.h - the public C API of vkdml, a DirectML-style tensor operator runtime on Vulkan compute.
 *
 * Part 1 mirrors the DML_* types of Microsoft's directml.h (DML_TARGET_VERSION 0x6400): the same names, field
 * order and numeric values, so that code which fills DML_*_OPERATOR_DESC structs for DirectML compiles unchanged.
 * Where DirectML holds a D3D12 object, the mirror holds the Vulkan one:
 *   - DML_BUFFER_BINDING::Buffer is a VkBuffer (DirectML: ID3D12Resource*);
 *   - DML_BINDING_TABLE_DESC::Dispatchable is a VkdmlDispatchable (DirectML: IDMLDispatchable*), and the two
 *     descriptor-handle slots become an optional VkDescriptorPool plus a reserved word (see that struct).
 * Part 2 declares the vkdml* functions, which follow DirectML's object model (device, feature support, operator,
 * compiled operator, initializer, binding table, command recorder) with opaque handles and a status per call.
 *
 * C99 and C++. Every struct has the layout DirectML's has on 64-bit targets.
 */
#ifndef VKDML_VKDML_H
#define VKDML_VKDML_H

#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#  if defined(VKDML_BUILDING_LIBRARY)
#    define VKDML_API __declspec(dllexport)
#  else
#    define VKDML_API __declspec(dllimport)
#  endif
#else
#  define VKDML_API __attribute__((visibility("default")))
#endif

/* ============================================================================================================
 * Part 1: the DirectML types
 * ============================================================================================================ */

/* The Win32 scalar types directml.h is written in. Define VKDML_NO_WIN32_TYPES if another header provides them. */
#ifndef VKDML_NO_WIN32_TYPES
typedef uint8_t  BYTE;
typedef int8_t   INT8;
typedef uint8_t  UINT8;
typedef int16_t  INT16;
typedef uint16_t UINT16;
typedef int32_t  INT32;
typedef uint32_t UINT32;
typedef int64_t  INT64;
typedef uint64_t UINT64;
typedef int32_t  INT;
typedef uint32_t UINT;
typedef float    FLOAT;
typedef double   DOUBLE;
typedef int32_t  BOOL;
#  ifndef TRUE
#    define TRUE 1
#  endif
#  ifndef FALSE
#    define FALSE 0
#  endif
#endif

#define DML_TARGET_VERSION 0x6400

#define DML_TENSOR_DIMENSION_COUNT_MAX      5
#define DML_TENSOR_DIMENSION_COUNT_MAX1     8
#define DML_TEMPORARY_BUFFER_ALIGNMENT      256
#define DML_PERSISTENT_BUFFER_ALIGNMENT     256
#define DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT 16

typedef enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    DML_TENSOR_DATA_TYPE_UINT32 = 3,
    DML_TENSOR_DATA_TYPE_UINT16 = 4,
    DML_TENSOR_DATA_TYPE_UINT8 = 5,
    DML_TENSOR_DATA_TYPE_INT32 = 6,
    DML_TENSOR_DATA_TYPE_INT16 = 7,
    DML_TENSOR_DATA_TYPE_INT8 = 8,
    DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    DML_TENSOR_DATA_TYPE_UINT64 = 10,
    DML_TENSOR_DATA_TYPE_INT64 = 11,
    DML_TENSOR_DATA_TYPE_UINT4 = 12,
    DML_TENSOR_DATA_TYPE_INT4 = 13
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID = 0,
    DML_TENSOR_TYPE_BUFFER = 1
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1
} DML_TENSOR_FLAGS;

typedef struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    const UINT* Sizes;
    const UINT* Strides;          /* optional: NULL = packed row-major; in elements */
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment;
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type;
    const void* Desc;
} DML_TENSOR_DESC;

typedef enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_ELEMENT_WISE_IDENTITY = 1,
    DML_OPERATOR_ELEMENT_WISE_ABS = 2,
    DML_OPERATOR_ELEMENT_WISE_ACOS = 3,
    DML_OPERATOR_ELEMENT_WISE_ADD = 4,
    DML_OPERATOR_ELEMENT_WISE_ASIN = 5,
    DML_OPERATOR_ELEMENT_WISE_ATAN = 6,
    DML_OPERATOR_ELEMENT_WISE_CEIL = 7,
    DML_OPERATOR_ELEMENT_WISE_CLIP = 8,
    DML_OPERATOR_ELEMENT_WISE_COS = 9,
    DML_OPERATOR_ELEMENT_WISE_DIVIDE = 10,
    DML_OPERATOR_ELEMENT_WISE_EXP = 11,
    DML_OPERATOR_ELEMENT_WISE_FLOOR = 12,
    DML_OPERATOR_ELEMENT_WISE_LOG = 13,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND = 14,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS = 15,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN = 16,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN = 17,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT = 18,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR = 19,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR = 20,
    DML_OPERATOR_ELEMENT_WISE_MAX = 21,
    DML_OPERATOR_ELEMENT_WISE_MEAN = 22,
    DML_OPERATOR_ELEMENT_WISE_MIN = 23,
    DML_OPERATOR_ELEMENT_WISE_MULTIPLY = 24,
    DML_OPERATOR_ELEMENT_WISE_POW = 25,
    DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW = 26,
    DML_OPERATOR_ELEMENT_WISE_RECIP = 27,
    DML_OPERATOR_ELEMENT_WISE_SIN = 28,
    DML_OPERATOR_ELEMENT_WISE_SQRT = 29,
    DML_OPERATOR_ELEMENT_WISE_SUBTRACT = 30,
    DML_OPERATOR_ELEMENT_WISE_TAN = 31,
    DML_OPERATOR_ELEMENT_WISE_THRESHOLD = 32,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR = 33,
    DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR = 34,
    DML_OPERATOR_ACTIVATION_ELU = 35,
    DML_OPERATOR_ACTIVATION_HARDMAX = 36,
    DML_OPERATOR_ACTIVATION_HARD_SIGMOID = 37,
    DML_OPERATOR_ACTIVATION_IDENTITY = 38,
    DML_OPERATOR_ACTIVATION_LEAKY_RELU = 39,
    DML_OPERATOR_ACTIVATION_LINEAR = 40,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX = 41,
    DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU = 42,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS = 43,
    DML_OPERATOR_ACTIVATION_RELU = 44,
    DML_OPERATOR_ACTIVATION_SCALED_ELU = 45,
    DML_OPERATOR_ACTIVATION_SCALED_TANH = 46,
    DML_OPERATOR_ACTIVATION_SIGMOID = 47,
    DML_OPERATOR_ACTIVATION_SOFTMAX = 48,
    DML_OPERATOR_ACTIVATION_SOFTPLUS = 49,
    DML_OPERATOR_ACTIVATION_SOFTSIGN = 50,
    DML_OPERATOR_ACTIVATION_TANH = 51,
    DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU = 52,
    DML_OPERATOR_CONVOLUTION = 53,
    DML_OPERATOR_GEMM = 54,
    DML_OPERATOR_REDUCE = 55,
    DML_OPERATOR_AVERAGE_POOLING = 56,
    DML_OPERATOR_LP_POOLING = 57,
    DML_OPERATOR_MAX_POOLING = 58,
    DML_OPERATOR_ROI_POOLING = 59,
    DML_OPERATOR_SLICE = 60,
    DML_OPERATOR_CAST = 61,
    DML_OPERATOR_SPLIT = 62,
    DML_OPERATOR_JOIN = 63,
    DML_OPERATOR_PADDING = 64,
    DML_OPERATOR_VALUE_SCALE_2D = 65,
    DML_OPERATOR_UPSAMPLE_2D = 66,
    DML_OPERATOR_GATHER = 67,
    DML_OPERATOR_SPACE_TO_DEPTH = 68,
    DML_OPERATOR_DEPTH_TO_SPACE = 69,
    DML_OPERATOR_TILE = 70,
    DML_OPERATOR_TOP_K = 71,
    DML_OPERATOR_BATCH_NORMALIZATION = 72,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION = 73,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION = 74,
    DML_OPERATOR_LP_NORMALIZATION = 75,
    DML_OPERATOR_RNN = 76,
    DML_OPERATOR_LSTM = 77,
    DML_OPERATOR_GRU = 78,
    DML_OPERATOR_ELEMENT_WISE_SIGN = 79,
    DML_OPERATOR_ELEMENT_WISE_IS_NAN = 80,
    DML_OPERATOR_ELEMENT_WISE_ERF = 81,
    DML_OPERATOR_ELEMENT_WISE_SINH = 82,
    DML_OPERATOR_ELEMENT_WISE_COSH = 83,
    DML_OPERATOR_ELEMENT_WISE_TANH = 84,
    DML_OPERATOR_ELEMENT_WISE_ASINH = 85,
    DML_OPERATOR_ELEMENT_WISE_ACOSH = 86,
    DML_OPERATOR_ELEMENT_WISE_ATANH = 87,
    DML_OPERATOR_ELEMENT_WISE_IF = 88,
    DML_OPERATOR_ELEMENT_WISE_ADD1 = 89,
    DML_OPERATOR_ACTIVATION_SHRINK = 90,
    DML_OPERATOR_MAX_POOLING1 = 91,
    DML_OPERATOR_MAX_UNPOOLING = 92,
    DML_OPERATOR_DIAGONAL_MATRIX = 93,
    DML_OPERATOR_SCATTER_ELEMENTS = 94,
    DML_OPERATOR_SCATTER = DML_OPERATOR_SCATTER_ELEMENTS,
    DML_OPERATOR_ONE_HOT = 95,
    DML_OPERATOR_RESAMPLE = 96,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT = 97,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT = 98,
    DML_OPERATOR_ELEMENT_WISE_ROUND = 99,
    DML_OPERATOR_ELEMENT_WISE_IS_INFINITY = 100,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE = 101,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR = 102,
    DML_OPERATOR_FILL_VALUE_CONSTANT = 103,
    DML_OPERATOR_FILL_VALUE_SEQUENCE = 104,
    DML_OPERATOR_CUMULATIVE_SUMMATION = 105,
    DML_OPERATOR_REVERSE_SUBSEQUENCES = 106,
    DML_OPERATOR_GATHER_ELEMENTS = 107,
    DML_OPERATOR_GATHER_ND = 108,
    DML_OPERATOR_SCATTER_ND = 109,
    DML_OPERATOR_MAX_POOLING2 = 110,
    DML_OPERATOR_SLICE1 = 111,
    DML_OPERATOR_TOP_K1 = 112,
    DML_OPERATOR_DEPTH_TO_SPACE1 = 113,
    DML_OPERATOR_SPACE_TO_DEPTH1 = 114,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 = 115,
    DML_OPERATOR_RESAMPLE1 = 116,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER = 117,
    DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY = 118,
    DML_OPERATOR_CONVOLUTION_INTEGER = 119,
    DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION = 120,
    DML_OPERATOR_ELEMENT_WISE_BIT_AND = 121,
    DML_OPERATOR_ELEMENT_WISE_BIT_OR = 122,
    DML_OPERATOR_ELEMENT_WISE_BIT_XOR = 123,
    DML_OPERATOR_ELEMENT_WISE_BIT_NOT = 124,
    DML_OPERATOR_ELEMENT_WISE_BIT_COUNT = 125,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL = 126,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL = 127,
    DML_OPERATOR_ACTIVATION_CELU = 128,
    DML_OPERATOR_ACTIVATION_RELU_GRAD = 129,
    DML_OPERATOR_AVERAGE_POOLING_GRAD = 130,
    DML_OPERATOR_MAX_POOLING_GRAD = 131,
    DML_OPERATOR_RANDOM_GENERATOR = 132,
    DML_OPERATOR_NONZERO_COORDINATES = 133,
    DML_OPERATOR_RESAMPLE_GRAD = 134,
    DML_OPERATOR_SLICE_GRAD = 135,
    DML_OPERATOR_ADAM_OPTIMIZER = 136,
    DML_OPERATOR_ARGMIN = 137,
    DML_OPERATOR_ARGMAX = 138,
    DML_OPERATOR_ROI_ALIGN = 139,
    DML_OPERATOR_GATHER_ND1 = 140,
    DML_OPERATOR_ELEMENT_WISE_ATAN_YX = 141,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD = 142,
    DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE = 143,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD = 144,
    DML_OPERATOR_CUMULATIVE_PRODUCT = 145,
    DML_OPERATOR_BATCH_NORMALIZATION_GRAD = 146,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD = 147,
    DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR = 148,
    DML_OPERATOR_ROI_ALIGN1 = 149,
    DML_OPERATOR_ROI_ALIGN_GRAD = 150,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING = 151,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD = 152,
    DML_OPERATOR_ELEMENT_WISE_CLIP1 = 153,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 = 154,
    DML_OPERATOR_PADDING1 = 155,
    DML_OPERATOR_ELEMENT_WISE_NEGATE = 156,
    DML_OPERATOR_ACTIVATION_GELU = 157,
    DML_OPERATOR_ACTIVATION_SOFTMAX1 = 158,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 = 159,
    DML_OPERATOR_ACTIVATION_HARDMAX1 = 160,
    DML_OPERATOR_RESAMPLE2 = 161,
    DML_OPERATOR_RESAMPLE_GRAD1 = 162,
    DML_OPERATOR_DIAGONAL_MATRIX1 = 163,
    DML_OPERATOR_MULTIHEAD_ATTENTION = 164,
    DML_OPERATOR_LP_POOLING1 = 165,
    DML_OPERATOR_AVERAGE_POOLING1 = 166,
    DML_OPERATOR_ACTIVATION_SWISH = 167,
    DML_OPERATOR_ACTIVATION_HARD_SWISH = 168,
    DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING = 169,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT = 170,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2 = 171,
    DML_OPERATOR_MULTIHEAD_ATTENTION1 = 172,
    DML_OPERATOR_QUANTIZE = 173,
    DML_OPERATOR_DEQUANTIZE = 174,
    DML_OPERATOR_RESAMPLE3 = 175,
    DML_OPERATOR_FOLD = 176,
    DML_OPERATOR_UNFOLD = 177,
} DML_OPERATOR_TYPE;

typedef struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void* Desc;
} DML_OPERATOR_DESC;

typedef enum DML_FEATURE_LEVEL {
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400
} DML_FEATURE_LEVEL;

typedef enum DML_FEATURE {
    DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0,
    DML_FEATURE_FEATURE_LEVELS = 1
} DML_FEATURE;

typedef struct DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT {
    DML_TENSOR_DATA_TYPE DataType;
} DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT;

typedef struct DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT {
    BOOL IsSupported;
} DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT;

typedef struct DML_FEATURE_QUERY_FEATURE_LEVELS {
    UINT RequestedFeatureLevelCount;
    const DML_FEATURE_LEVEL* RequestedFeatureLevels;
} DML_FEATURE_QUERY_FEATURE_LEVELS;

typedef struct DML_FEATURE_DATA_FEATURE_LEVELS {
    DML_FEATURE_LEVEL MaxSupportedFeatureLevel;
} DML_FEATURE_DATA_FEATURE_LEVELS;

typedef enum DML_EXECUTION_FLAGS {
    DML_EXECUTION_FLAG_NONE = 0,
    DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION = 0x1,
    DML_EXECUTION_FLAG_DISABLE_META_COMMANDS = 0x2,
    DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE = 0x4
} DML_EXECUTION_FLAGS;

typedef enum DML_CREATE_DEVICE_FLAGS {
    DML_CREATE_DEVICE_FLAG_NONE = 0,
    DML_CREATE_DEVICE_FLAG_DEBUG = 0x1
} DML_CREATE_DEVICE_FLAGS;

typedef enum DML_BINDING_TYPE {
    DML_BINDING_TYPE_NONE = 0,
    DML_BINDING_TYPE_BUFFER = 1,
    DML_BINDING_TYPE_BUFFER_ARRAY = 2
} DML_BINDING_TYPE;

typedef struct DML_BINDING_PROPERTIES {
    UINT RequiredDescriptorCount;
    UINT64 TemporaryResourceSize;
    UINT64 PersistentResourceSize;
} DML_BINDING_PROPERTIES;

/* DirectML: ID3D12Resource* Buffer. Here the application's VkBuffer (VK_NULL_HANDLE = absent optional tensor).
 * It must have been created with VK_BUFFER_USAGE_STORAGE_BUFFER_BIT. */
typedef struct DML_BUFFER_BINDING {
    VkBuffer Buffer;
    UINT64 Offset;
    UINT64 SizeInBytes;
} DML_BUFFER_BINDING;

typedef struct DML_BUFFER_ARRAY_BINDING {
    UINT BindingCount;
    const DML_BUFFER_BINDING* Bindings;
} DML_BUFFER_ARRAY_BINDING;

typedef struct DML_BINDING_DESC {
    DML_BINDING_TYPE Type;
    const void* Desc;
} DML_BINDING_DESC;

typedef struct VkdmlDispatchable_T* VkdmlDispatchable;

/* DirectML: { IDMLDispatchable*; D3D12_CPU_DESCRIPTOR_HANDLE; D3D12_GPU_DESCRIPTOR_HANDLE; UINT }.
 * vkdml writes Vulkan descriptor sets instead of a D3D12 heap range: DescriptorPool may name an application pool
 * to allocate them from, created with VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT (the sets go back to it when
 * the table is reset or released), or be VK_NULL_HANDLE for a pool owned by the binding table. RequiredDescriptorCount
 * counts, for each kernel launch, one set's uniform-buffer descriptor and its storage-buffer descriptors, so a pool
 * with RequiredDescriptorCount uniform-buffer and RequiredDescriptorCount storage-buffer descriptors, room for
 * RequiredDescriptorCount sets, and with VKDML_EXECUTION_FLAG_TEXEL_INPUTS also RequiredDescriptorCount
 * uniform-texel-buffer descriptors is always enough (summed over the tables it serves at once). Reserved must be 0;
 * SizeInDescriptors is checked against RequiredDescriptorCount when DescriptorPool is given and ignored otherwise. */
typedef struct DML_BINDING_TABLE_DESC {
    VkdmlDispatchable Dispatchable;
    VkDescriptorPool DescriptorPool;
    UINT64 Reserved;
    UINT SizeInDescriptors;
} DML_BINDING_TABLE_DESC;

typedef struct DML_SCALE_BIAS {
    FLOAT Scale;
    FLOAT Bias;
} DML_SCALE_BIAS;

typedef struct DML_SIZE_2D {
    UINT Width;
    UINT Height;
} DML_SIZE_2D;

typedef union DML_SCALAR_UNION {
    BYTE Bytes[8];
    INT8 Int8;
    UINT8 UInt8;
    INT16 Int16;
    UINT16 UInt16;
    INT32 Int32;
    UINT32 UInt32;
    INT64 Int64;
    UINT64 UInt64;
    FLOAT Float32;
    DOUBLE Float64;
} DML_SCALAR_UNION;

typedef enum DML_PADDING_MODE {
    DML_PADDING_MODE_CONSTANT = 0,
    DML_PADDING_MODE_EDGE = 1,
    DML_PADDING_MODE_REFLECTION = 2,
    DML_PADDING_MODE_SYMMETRIC = 3,
    DML_PADDING_MODE_WRAP = 4
} DML_PADDING_MODE;

typedef enum DML_AXIS_DIRECTION {
    DML_AXIS_DIRECTION_INCREASING = 0,
    DML_AXIS_DIRECTION_DECREASING = 1
} DML_AXIS_DIRECTION;

typedef enum DML_DEPTH_SPACE_ORDER {
    DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW = 0,
    DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH = 1
} DML_DEPTH_SPACE_ORDER;

/* The data-movement operator descs. Only the operators listed in the README are implemented; creating any other
 * operator returns VKDML_ERROR_UNSUPPORTED. */
typedef struct DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC;

typedef struct DML_ACTIVATION_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_IDENTITY_OPERATOR_DESC;

typedef struct DML_CAST_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_CAST_OPERATOR_DESC;

typedef struct DML_SLICE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Offsets;
    const UINT* Sizes;
    const UINT* Strides;
} DML_SLICE_OPERATOR_DESC;

typedef struct DML_SLICE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* InputWindowOffsets;
    const UINT* InputWindowSizes;
    const INT* InputWindowStrides;
} DML_SLICE1_OPERATOR_DESC;

typedef struct DML_SLICE_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    const UINT* InputWindowOffsets;
    const UINT* InputWindowSizes;
    const INT* InputWindowStrides;
} DML_SLICE_GRAD_OPERATOR_DESC;

typedef struct DML_GATHER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    UINT IndexDimensions;
} DML_GATHER_OPERATOR_DESC;

typedef struct DML_GATHER_ELEMENTS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_GATHER_ELEMENTS_OPERATOR_DESC;

typedef struct DML_GATHER_ND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
} DML_GATHER_ND_OPERATOR_DESC;

typedef struct DML_GATHER_ND1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
    UINT BatchDimensionCount;
} DML_GATHER_ND1_OPERATOR_DESC;

typedef struct DML_SCATTER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_SCATTER_OPERATOR_DESC;
typedef DML_SCATTER_OPERATOR_DESC DML_SCATTER_ELEMENTS_OPERATOR_DESC;

typedef struct DML_SCATTER_ND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
} DML_SCATTER_ND_OPERATOR_DESC;

typedef struct DML_SPLIT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    UINT OutputCount;
    const DML_TENSOR_DESC* OutputTensors;
    UINT Axis;
} DML_SPLIT_OPERATOR_DESC;

typedef struct DML_JOIN_OPERATOR_DESC {
    UINT InputCount;
    const DML_TENSOR_DESC* InputTensors;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_JOIN_OPERATOR_DESC;

typedef struct DML_PADDING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_PADDING_MODE PaddingMode;
    FLOAT PaddingValue;
    UINT DimensionCount;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_PADDING_OPERATOR_DESC;

typedef struct DML_PADDING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_PADDING_MODE PaddingMode;
    DML_TENSOR_DATA_TYPE PaddingValueDataType;
    DML_SCALAR_UNION PaddingValue;
    UINT DimensionCount;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_PADDING1_OPERATOR_DESC;

typedef struct DML_TILE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT RepeatsCount;
    const UINT* Repeats;
} DML_TILE_OPERATOR_DESC;

typedef struct DML_SPACE_TO_DEPTH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
} DML_SPACE_TO_DEPTH_OPERATOR_DESC;

typedef struct DML_SPACE_TO_DEPTH1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
    DML_DEPTH_SPACE_ORDER Order;
} DML_SPACE_TO_DEPTH1_OPERATOR_DESC;

typedef struct DML_DEPTH_TO_SPACE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
} DML_DEPTH_TO_SPACE_OPERATOR_DESC;

typedef struct DML_DEPTH_TO_SPACE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
    DML_DEPTH_SPACE_ORDER Order;
} DML_DEPTH_TO_SPACE1_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_CONSTANT_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION Value;
} DML_FILL_VALUE_CONSTANT_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION ValueStart;
    DML_SCALAR_UNION ValueDelta;
} DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC;

typedef struct DML_ONE_HOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* ValuesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_ONE_HOT_OPERATOR_DESC;

typedef struct DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* SequenceLengthsTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC;

typedef struct DML_DIAGONAL_MATRIX_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    INT Offset;
    FLOAT Value;
} DML_DIAGONAL_MATRIX_OPERATOR_DESC;

typedef struct DML_DIAGONAL_MATRIX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION Value;
    INT DiagonalFillBegin;
    INT DiagonalFillEnd;
} DML_DIAGONAL_MATRIX1_OPERATOR_DESC;

typedef struct DML_TOP_K_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputValueTensor;
    const DML_TENSOR_DESC* OutputIndexTensor;
    UINT Axis;
    UINT K;
} DML_TOP_K_OPERATOR_DESC;

typedef struct DML_TOP_K1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputValueTensor;
    const DML_TENSOR_DESC* OutputIndexTensor;
    UINT Axis;
    UINT K;
    DML_AXIS_DIRECTION AxisDirection;
} DML_TOP_K1_OPERATOR_DESC;

typedef struct DML_MAX_UNPOOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_MAX_UNPOOLING_OPERATOR_DESC;

typedef struct DML_NONZERO_COORDINATES_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputCountTensor;
    const DML_TENSOR_DESC* OutputCoordinatesTensor;
} DML_NONZERO_COORDINATES_OPERATOR_DESC;

typedef struct DML_UNFOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* WindowSizes;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_UNFOLD_OPERATOR_DESC;

typedef struct DML_FOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* WindowSizes;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_FOLD_OPERATOR_DESC;

/* ---- vkdml extension: scatters with a reduction (not in DirectML) -------------------------------------------
 * DirectML's SCATTER and SCATTER_ND only overwrite; ONNX ScatterElements/ScatterND (opset 16+) also combine the
 * update with the element it targets (add, mul; opset 18 min, max). These two operators mirror
 * DML_SCATTER_OPERATOR_DESC and DML_SCATTER_ND_OPERATOR_DESC plus a Reduction. The result equals applying the
 * updates one at a time in the row-major order of UpdatesTensor, bit for bit and on every device, so duplicate
 * indices are allowed and deterministic (REDUCTION_NONE: the last update wins). Arithmetic is the element type's:
 * FLOAT32 and FLOAT16 rounded to nearest even after each step, subnormals kept, NaN results as x86 SSE gives them
 * (the first NaN operand, quieted; inf - inf and 0 * inf the default NaN); integers wrap (64-bit too). MIN/MAX
 * behave as numpy's minimum/maximum: a NaN operand wins, the current one first; of equal values (-0, +0) the update.
 * FLOAT64 takes NONE, MIN and MAX only (no 64-bit float arithmetic: ADD/MULTIPLY return VKDML_ERROR_UNSUPPORTED).
 * Out-of-range indices write nothing. Cost: an element's first update scans the updates after it, every other
 * update those before it: O(n^2) index reads for n updates, meant for the index-sized updates of real models.
 * Introduced at DML_FEATURE_LEVEL_4_1 with the 1-8 dimensions and the data types of SCATTER's table there. The
 * operator types lie in a vendor range above DirectML's (0xF0-0xFF: inside the enum's range of values, which C++
 * requires of a value cast to the enum). */
#define VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE ((DML_OPERATOR_TYPE)0xF0)
#define VKDML_OPERATOR_SCATTER_ND_REDUCE ((DML_OPERATOR_TYPE)0xF1)

typedef enum VKDML_SCATTER_REDUCTION {
    VKDML_SCATTER_REDUCTION_NONE = 0,       /* overwrite; duplicates: the last update in order wins */
    VKDML_SCATTER_REDUCTION_ADD = 1,
    VKDML_SCATTER_REDUCTION_MULTIPLY = 2,
    VKDML_SCATTER_REDUCTION_MIN = 3,
    VKDML_SCATTER_REDUCTION_MAX = 4
} VKDML_SCATTER_REDUCTION;

typedef struct VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    VKDML_SCATTER_REDUCTION Reduction;
} VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC;

typedef struct VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
    VKDML_SCATTER_REDUCTION Reduction;
} VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC;
/* ============================================================================================================
 * Part 2: the vkdml functions
 *
 * Object model (DirectML name -> vkdml):
 *   IDMLDevice              -> VkdmlDevice             vkdmlCreateDevice / vkdmlCreateDefaultDevice
 *   IDMLOperator            -> VkdmlOperator           vkdmlCreateOperator
 *   IDMLCompiledOperator    -> VkdmlCompiledOperator   vkdmlCompileOperator        (a VkdmlDispatchable)
 *   IDMLOperatorInitializer -> VkdmlOperatorInitializer vkdmlCreateOperatorInitializer (a VkdmlDispatchable)
 *   IDMLBindingTable        -> VkdmlBindingTable       vkdmlCreateBindingTable
 *   IDMLCommandRecorder     -> VkdmlCommandRecorder    vkdmlCreateCommandRecorder
 * Every handle is reference counted (vkdmlAddRef / vkdmlRelease); a child keeps its parent alive, so releasing a
 * device before its operators is safe. Every function returns a VKDML_STATUS; on failure
 * vkdmlGetLastErrorMessage() names the operator, tensor, field and rule.
 * Thread safety: as DirectML's - devices and command recorders may be used from any thread; a binding table or
 * an initializer must not be used from two threads at once.
 * ============================================================================================================ */

typedef enum VKDML_STATUS {
    VKDML_SUCCESS = 0,
    VKDML_ERROR_INVALID_ARGUMENT = 1,     /* a desc, handle or argument breaks a rule (DirectML: E_INVALIDARG) */
    VKDML_ERROR_UNSUPPORTED = 2,          /* valid, but not on this device / feature level / vkdml build */
    VKDML_ERROR_OUT_OF_HOST_MEMORY = 3,
    VKDML_ERROR_OUT_OF_DEVICE_MEMORY = 4,
    VKDML_ERROR_DEVICE_LOST = 5,
    VKDML_ERROR_VULKAN = 6,               /* any other Vulkan failure; the message gives the VkResult */
    VKDML_ERROR_INVALID_STATE = 7         /* a call in the wrong order, e.g. recording with incomplete bindings */
} VKDML_STATUS;

typedef struct VkdmlDevice_T* VkdmlDevice;
typedef struct VkdmlOperator_T* VkdmlOperator;
/* Compiled operators and initializers are both dispatchables (DirectML: IDMLDispatchable). */
typedef VkdmlDispatchable VkdmlCompiledOperator;
typedef VkdmlDispatchable VkdmlOperatorInitializer;
typedef struct VkdmlBindingTable_T* VkdmlBindingTable;
typedef struct VkdmlCommandRecorder_T* VkdmlCommandRecorder;

typedef enum VKDML_MESSAGE_KIND {
    VKDML_MESSAGE_KIND_ERROR = 0,         /* a vkdml call failed; the text is its error message */
    VKDML_MESSAGE_KIND_VALIDATION = 1,    /* a Vulkan validation layer warning or error (debug devices) */
    VKDML_MESSAGE_KIND_INFO = 2
} VKDML_MESSAGE_KIND;

/* With DML_CREATE_DEVICE_FLAG_DEBUG, every message of the device and its children goes here (any thread). */
typedef void (*PFN_vkdmlMessageCallback)(VKDML_MESSAGE_KIND kind, const char* message, void* userData);

/* vkdml's own device-creation flag (DirectML defines no such bit): tensor descs may have sizes of 0 - oneDNN's
 * zero-volume tensors, NumPy's empty arrays. Such a tensor has no element and needs no bytes
 * (vkdmlCalcBufferTensorSize gives 0); it may be bound as DML_BINDING_TYPE_NONE and is never accessed. JOIN skips
 * zero-size inputs, SPLIT may produce zero-size outputs, and an operator whose outputs are all zero-volume records
 * no command. An operator that would have to read elements of a zero-volume input to fill a non-empty output
 * (e.g. GATHER from an empty axis) is VKDML_ERROR_INVALID_ARGUMENT. Without the flag a size of 0 is an error, as in
 * DirectML. */
#define VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS ((DML_CREATE_DEVICE_FLAGS)0x10000)

/* (a) A device over the application's own Vulkan objects. The device must have been created with Vulkan 1.1 or
 * later and outlive the VkdmlDevice. vkdml loads its own function table for it (through volk), so it never clashes
 * with how the application loads Vulkan. */
typedef struct VKDML_DEVICE_DESC {
    VkInstance instance;
    VkPhysicalDevice physicalDevice;
    VkDevice device;
    uint32_t queueFamilyIndex;            /* the family the application records vkdml dispatches for (compute) */
    uint32_t queueIndex;                  /* used only by the synchronous helpers (vkdmlExecute, buffer I/O) */
    PFN_vkGetInstanceProcAddr getInstanceProcAddr;   /* NULL = the system Vulkan loader's */
    DML_FEATURE_LEVEL minimumFeatureLevel;          /* fail with VKDML_ERROR_UNSUPPORTED below this */
    DML_FEATURE_LEVEL maximumFeatureLevel;          /* 0 = all the device supports; else behave as that level */
    DML_CREATE_DEVICE_FLAGS flags;
    PFN_vkdmlMessageCallback messageCallback;       /* optional */
    void* messageUserData;
    /* Optional: the core features the application enabled on `device` (VkDeviceCreateInfo::pEnabledFeatures, or
     * VkPhysicalDeviceFeatures2::features). NULL = none. vkdml needs none; with shaderInt64 its kernels load
     * their inputs (16-byte quads, 8-byte elements, 64-bit indices) as 64-bit words, faster on some devices
     * (lavapipe). */
    const VkPhysicalDeviceFeatures* enabledFeatures;
} VKDML_DEVICE_DESC;

/* (b) The embedded default: vkdml creates its own instance and device, picking the best physical device
 * (discrete GPU, then integrated, virtual, other, CPU last). The environment variable VKDML_DEVICE chooses
 * another: a physical-device index, or a case-insensitive substring of the device name.
 * With DML_CREATE_DEVICE_FLAG_DEBUG the Khronos validation layer is enabled when installed and its messages go
 * to the callback as VKDML_MESSAGE_KIND_VALIDATION. */
typedef struct VKDML_DEFAULT_DEVICE_DESC {
    DML_FEATURE_LEVEL minimumFeatureLevel;
    DML_FEATURE_LEVEL maximumFeatureLevel;          /* 0 = all the device supports */
    DML_CREATE_DEVICE_FLAGS flags;
    int32_t physicalDeviceIndex;                    /* -1 = choose (VKDML_DEVICE, then the ranking above) */
    PFN_vkdmlMessageCallback messageCallback;
    void* messageUserData;
} VKDML_DEFAULT_DEVICE_DESC;

VKDML_API VKDML_STATUS vkdmlCreateDevice(const VKDML_DEVICE_DESC* desc, VkdmlDevice* outDevice);
VKDML_API VKDML_STATUS vkdmlCreateDefaultDevice(const VKDML_DEFAULT_DEVICE_DESC* desc, VkdmlDevice* outDevice);

/* Facts about a device, for tools and bug reports. */
typedef struct VKDML_DEVICE_INFO {
    char deviceName[256];
    char driverName[256];                 /* VkPhysicalDeviceDriverProperties, or "" before Vulkan 1.2 */
    char driverInfo[256];                 /* e.g. "Mesa 22.3.6 (LLVM 15.0.6)"; "" before Vulkan 1.2 */
    uint32_t vendorID;
    uint32_t deviceID;
    VkPhysicalDeviceType deviceType;
    uint32_t apiVersion;
    uint32_t driverVersion;
    DML_FEATURE_LEVEL featureLevel;       /* the level the validator enforces */
    BOOL isDefaultDevice;                 /* created by vkdmlCreateDefaultDevice */
    BOOL validationEnabled;               /* the Khronos validation layer is active on this device's instance */
    uint64_t maxStorageBufferRange;
    uint64_t minStorageBufferOffsetAlignment;
    uint32_t maxComputeWorkGroupCount[3];
    BOOL int64Loads;                      /* shaderInt64 is enabled: kernels move quads as 64-bit words */
} VKDML_DEVICE_INFO;

VKDML_API VKDML_STATUS vkdmlGetDeviceInfo(VkdmlDevice device, VKDML_DEVICE_INFO* outInfo);

/* One physical device as the embedded default sees it. driverName/driverInfo come from
 * VkPhysicalDeviceDriverProperties (Vulkan 1.2+ devices; "" otherwise). */
typedef struct VKDML_PHYSICAL_DEVICE_INFO {
    VkPhysicalDeviceProperties properties;
    char driverName[256];
    char driverInfo[256];
} VKDML_PHYSICAL_DEVICE_INFO;

/* The physical devices the embedded default would choose from (index order = VKDML_DEVICE / physicalDeviceIndex),
 * and which one it picks. As Vulkan's enumerations: devices NULL returns the count; otherwise *count is the
 * capacity on entry and the number written on return. chosenIndex (optional) receives UINT32_MAX when the
 * VKDML_DEVICE environment variable names no device (vkdmlCreateDefaultDevice then fails). */
VKDML_API VKDML_STATUS vkdmlEnumerateDefaultDevices(uint32_t* count, VKDML_PHYSICAL_DEVICE_INFO* devices,
                                                    uint32_t* chosenIndex);

/* DirectML's IDMLDevice::CheckFeatureSupport, same queries and answers. */
VKDML_API VKDML_STATUS vkdmlCheckFeatureSupport(VkdmlDevice device, DML_FEATURE feature, UINT featureQueryDataSize,
                                                const void* featureQueryData, UINT featureSupportDataSize,
                                                void* featureSupportData);

/* Validates desc against the operator's tensor-support table at the device's feature level and its own rules,
 * and copies it: the desc and everything it points at may be freed afterwards. */
VKDML_API VKDML_STATUS vkdmlCreateOperator(VkdmlDevice device, const DML_OPERATOR_DESC* desc,
                                           VkdmlOperator* outOperator);

/* vkdml's own execution flag (DirectML defines no such bit) for vkdmlCompileOperator: the application promises
 * that every buffer it binds to the operator's inputs has VK_BUFFER_USAGE_TRANSFER_SRC_BIT and every output buffer
 * VK_BUFFER_USAGE_TRANSFER_DST_BIT (buffers from vkdmlCreateBuffer have both). vkdml may then record the parts of
 * the operator that only move long contiguous runs (a packed IDENTITY, a SLICE of whole rows, SPLIT/JOIN along
 * outer axes) as vkCmdCopyBuffer, the fastest copy the device has. Synchronization is unchanged for the
 * application: recording surrounds its transfer commands with barriers from and to the compute-shader stage, so
 * the compute-shader barriers the application records before and after vkdmlRecordDispatch still order them. */
#define VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS ((DML_EXECUTION_FLAGS)0x10000)

/* vkdml's own execution flag for vkdmlCompileOperator: the application promises that every buffer it binds to the
 * operator's inputs has VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT (buffers from vkdmlCreateBuffer have it). vkdml may
 * then read inputs through uniform texel buffer views (R32_UINT, R32G32B32A32_UINT, and R8_UINT or R16_UINT for 1-
 * and 2-byte elements) instead of storage buffers, where the device has shaderInt64 enabled and the input's range fits
 * a view (maxTexelBufferElements): on CPU implementations such as lavapipe a texel fetch serves all SIMD lanes at
 * once, where a storage-buffer load goes lane by lane. The binding table creates the views when inputs are bound and
 * destroys them with its descriptor sets.
 * Results are the same bits either way. */
#define VKDML_EXECUTION_FLAG_TEXEL_INPUTS ((DML_EXECUTION_FLAGS)0x20000)

/* Lowers the operator to kernel launches and creates their pipelines. */
VKDML_API VKDML_STATUS vkdmlCompileOperator(VkdmlDevice device, VkdmlOperator op, DML_EXECUTION_FLAGS flags,
                                            VkdmlCompiledOperator* outCompiledOperator);

/* Every compiled operator must be initialized once before it executes (for the operators vkdml implements today
 * the initializer does no GPU work, but recording it is cheap and keeps code portable). count may be 0. */
VKDML_API VKDML_STATUS vkdmlCreateOperatorInitializer(VkdmlDevice device, UINT operatorCount,
                                                      const VkdmlCompiledOperator* operators,
                                                      VkdmlOperatorInitializer* outInitializer);
VKDML_API VKDML_STATUS vkdmlResetOperatorInitializer(VkdmlOperatorInitializer initializer, UINT operatorCount,
                                                     const VkdmlCompiledOperator* operators);

VKDML_API VKDML_STATUS vkdmlGetBindingProperties(VkdmlDispatchable dispatchable,
                                                 DML_BINDING_PROPERTIES* outProperties);

/* Binding tables. Bind inputs/outputs in the operator's tensor order; an array of tensors (JOIN InputTensors,
 * SPLIT OutputTensors) takes one DML_BINDING_TYPE_BUFFER binding per element. Offsets must be multiples of 16
 * (DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT) or of the tensor's GuaranteedBaseOffsetAlignment; SizeInBytes must cover
 * TotalTensorSizeInBytes; outputs may not overlap each other or an input (identical ranges excepted where the
 * operator runs in place). Any offset the device's minStorageBufferOffsetAlignment does not allow still works.
 * Kernels access whole 32-bit words, so a bound VkBuffer's size must be a multiple of 4, as DirectML requires (then
 * it holds the word with a tensor's last byte even at an offset off a word; buffers from vkdmlCreateBuffer are).
 * Each call writes descriptors at once: re-bind only when no recorded command buffer using the table is pending,
 * and re-record after re-binding.
 * A dispatchable whose DML_BINDING_PROPERTIES::TemporaryResourceSize is not 0 (NONZERO_COORDINATES; UNFOLD where a
 * window reads its padding) needs a temporary resource bound before recording: a DML_BINDING_TYPE_BUFFER range of at
 * least that size whose Offset is a multiple of DML_TEMPORARY_BUFFER_ALIGNMENT, sharing no byte with a tensor's
 * binding; a storage buffer (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT), its contents free for vkdml to overwrite while the
 * work runs.
 * DML_BINDING_TYPE_NONE or NULL unbinds it. Other dispatchables ignore it, and no vkdml operator needs a persistent
 * resource. */
VKDML_API VKDML_STATUS vkdmlCreateBindingTable(VkdmlDevice device, const DML_BINDING_TABLE_DESC* desc,
                                               VkdmlBindingTable* outBindingTable);
VKDML_API VKDML_STATUS vkdmlBindInputs(VkdmlBindingTable table, UINT bindingCount,
                                       const DML_BINDING_DESC* bindings);
VKDML_API VKDML_STATUS vkdmlBindOutputs(VkdmlBindingTable table, UINT bindingCount,
                                        const DML_BINDING_DESC* bindings);
VKDML_API VKDML_STATUS vkdmlBindTemporaryResource(VkdmlBindingTable table, const DML_BINDING_DESC* binding);
VKDML_API VKDML_STATUS vkdmlBindPersistentResource(VkdmlBindingTable table, const DML_BINDING_DESC* binding);
VKDML_API VKDML_STATUS vkdmlResetBindingTable(VkdmlBindingTable table, const DML_BINDING_TABLE_DESC* desc);

/* Records the dispatchable's work into commandBuffer (in the recording state, allocated from a pool of the
 * device's queue family). Like ID3D12GraphicsCommandList::Dispatch it inserts no barrier before or after: between
 * dependent dispatches the application adds a memory barrier from VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT /
 * VK_ACCESS_SHADER_WRITE_BIT to the consumer's stage and access (see README). It binds its own compute pipeline,
 * descriptor sets and push constants, so re-bind yours afterwards. The dispatchable and the binding table must
 * stay alive until the command buffer has finished executing. */
VKDML_API VKDML_STATUS vkdmlCreateCommandRecorder(VkdmlDevice device, VkdmlCommandRecorder* outRecorder);
VKDML_API VKDML_STATUS vkdmlRecordDispatch(VkdmlCommandRecorder recorder, VkCommandBuffer commandBuffer,
                                           VkdmlDispatchable dispatchable, VkdmlBindingTable bindings);

/* Reference counting for every vkdml handle. outCount (optional) receives the new count. */
VKDML_API VKDML_STATUS vkdmlAddRef(void* object, uint32_t* outCount);
VKDML_API VKDML_STATUS vkdmlRelease(void* object, uint32_t* outCount);

/* The message of the last failed vkdml call on the calling thread ("" if none). Valid until the next call. */
VKDML_API const char* vkdmlGetLastErrorMessage(void);
VKDML_API const char* vkdmlStatusName(VKDML_STATUS status);

/* ---- Synchronous helpers: for tools, tests and simple programs. They use the device's own queue and wait for
 * it; on a device from vkdmlCreateDevice that queue (desc.queueIndex) must not be used by another thread meanwhile.
 * Buffers are host-visible where the device has such memory, device-local with staging copies otherwise. */
VKDML_API VKDML_STATUS vkdmlCreateBuffer(VkdmlDevice device, uint64_t sizeInBytes, VkBuffer* outBuffer);
VKDML_API VKDML_STATUS vkdmlDestroyBuffer(VkdmlDevice device, VkBuffer buffer);
VKDML_API VKDML_STATUS vkdmlWriteBuffer(VkdmlDevice device, VkBuffer buffer, uint64_t offset, uint64_t size,
                                        const void* data);
VKDML_API VKDML_STATUS vkdmlReadBuffer(VkdmlDevice device, VkBuffer buffer, uint64_t offset, uint64_t size,
                                       void* data);
/* Records dispatchable with bindings into a command buffer of its own, submits it and waits. */
VKDML_API VKDML_STATUS vkdmlExecute(VkdmlDevice device, VkdmlDispatchable dispatchable, VkdmlBindingTable bindings);

/* DirectML's DMLCalcBufferTensorSize (DirectMLX.h): the minimum TotalTensorSizeInBytes, rounded up to 4 bytes.
 * Returns 0 for an unknown data type or a size that does not fit 64 bits. */
VKDML_API UINT64 vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount, const UINT* sizes,
                                           const UINT* strides);

#ifdef __cplusplus
}
#endif

#endif /* VKDML_VKDML_H */
