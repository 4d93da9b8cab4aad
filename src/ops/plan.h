// Plan: what an operator lowers to - a list of kernel launches, each walking a box of at most 8 dimensions with
// one strided view per bound tensor. The Vulkan layer turns each launch into a pipeline, a parameter block and a
// descriptor set; nothing here knows about Vulkan objects.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace vkdml {

// One kernel per access pattern (shaders/*.comp); `KernelArgs::mode` picks the variant inside it.
enum class Kernel : uint32_t {
    StridedCopy = 0,   // output[box] = input[box] (+ an InputMap per dimension: padding modes, TILE)
    Gather = 1,        // the input offset comes from index tensors (GatherMode)
    Scatter = 2,       // the output offset comes from index tensors (SCATTER, SCATTER_ND)
    Generate = 3,      // values computed from the element's coordinate (GenerateMode)
    Cast = 4,          // output[box] = convert(input[box]) between two data types (CastMode)
    CopyWords = 5,     // StridedCopy's fast path: output and input are one packed run of whole words each
    ScatterReduce = 6, // Scatter's walk, each output element combined with its updates in order (mode: reduction)
    CopyParts = 7,     // plain copies between one tensor and up to kMaxParts others, one launch (ops/part_copies.h)
    TransposeQuads = 8,   // StridedCopy's fast path for transposes: blocks of quads (ops/transpose_quads.h; BlockRows)
    GatherColumns = 9,    // Gather's path for rows that share their indices: rows x a quad (ops/gather_columns.h)
    GatherRows = 10,      // Gather's path for whole rows of quads, each gathered by one index (ops/gather_rows.h)
    NonzeroCoordinates = 11,   // NONZERO_COORDINATES' passes (NonzeroPass)
    Accumulate = 12,           // output[box] += input[box] in the output's data type (FOLD's passes)
};

// Slot order matches the kernels' bindings (shaders/launch_params.glsl).
enum Slot : uint32_t { kSlotOutput = 0, kSlotInput = 1, kSlotIndices = 2, kSlotCount = 3 };
// Channel 3 is no buffer: it is the walked element's coordinate along one axis of the operator, as a dot product of
// the box coordinate with its own strides plus an origin (ONE_HOT, REVERSE_SUBSEQUENCES, FILL_VALUE_SEQUENCE and
// DIAGONAL_MATRIX read it). Being a channel, it survives merging and splitting like the buffer slots.
constexpr uint32_t kChannelCoordinate = 3, kChannelCount = 4;
// A CopyParts launch binds one whole tensor and up to kMaxParts parts: SPLIT/JOIN in one launch. The whole tensor and
// part 0 take slots 0 and 1 (the one written, the one read), part k > 0 slot 1 + k (ops/part_copies.cpp).
constexpr uint32_t kMaxParts = 8;
constexpr uint32_t kMaxLaunchSlots = 1 + kMaxParts;
constexpr uint32_t kMaxLaunchRank = 8;
constexpr uint32_t kWorkgroupSize = 64;   // WORKGROUP_SIZE in shaders/launch_params.glsl
// The work of an invocation shrinks while a launch would have fewer workgroups than this (so that a CPU
// implementation's threads all get some: it runs each workgroup on one thread).
constexpr uint64_t kMinWorkgroupsPerLaunch = 16;
constexpr uint32_t kMaxIndexAxes = 8;

// StridedCopy: how each box dimension's input coordinate is derived from the box coordinate c. Linear: c. Otherwise
// t = c + shift[d] is folded into [0, extent[d]) as the padding modes of DML_PADDING_MODE say (Wrap is also TILE);
// Constant leaves t as is and writes KernelArgs::value where it falls outside.
enum class InputMap : uint32_t { Linear = 0, Constant = 1, Edge = 2, Reflection = 3, Symmetric = 4, Wrap = 5 };

enum class GatherMode : uint32_t {
    Gather = 0,    // input offset += index * axis stride, one index axis (GATHER, GATHER_ELEMENTS, GATHER_ND)
    Reverse = 1,   // the index is a sequence length; coordinate c < length reads length - 1 - c (REVERSE_SUBSEQUENCES)
    OneHot = 2,    // value = index == coordinate ? input[onValueOffset] : input[0] (ONE_HOT)
    GatherTuple = 3,   // Gather over several index axes, summed (GATHER_ND with tuples longer than 1)
};

enum class ScatterMode : uint32_t {
    Tuple = 0,       // index tuple component j moves the output along index axis j (SCATTER, SCATTER_ND)
    FlatIndex = 1,   // one index counting the output's elements row-major, split over the index axes (MAX_UNPOOLING)
};

enum class GenerateMode : uint32_t {
    Constant = 0,           // value
    Sequence = 1,           // value + coordinate * delta, in the data type's arithmetic
    Diagonal = 2,           // rangeBegin <= coordinate < rangeEnd (DIAGONAL_MATRIX1's rule) ? value : 0
    DiagonalOverInput = 3,  // ... ? value : input
};

// KernelArgs::rowShiftStep where the shifts of a TransposeQuads launch's input rows are not known when it is compiled
// (more than any block's elements).
constexpr uint32_t kVaryingRowShifts = 16;

// TransposeQuads: where a block's rows start. Aligned: on the first element of a quad (one quad load each).
// Shifted: the input rows anywhere (square and narrow blocks, the output still whole quads): each row from the two
// quads it straddles, the second carried into the next block along `across` as its first. ShiftedOutput: the output
// rows anywhere, the input rows too (square blocks): each input row from the two quads it straddles, the rows of
// blocks along the innermost dimension, each output quad stored once both blocks that hold its elements are made.
enum class BlockRows : uint32_t { Aligned = 0, Shifted = 1, ShiftedOutput = 2 };

// GatherColumns: how a block's indices are read. Words: one index at a time. Quads: a quad of the index range at a
// time, where every block's indices start a quad relative to the slot's base and fill whole quads (the kernel still
// reads them one at a time where the base, set when buffers are bound, is off a quad).
enum class ColumnIndexLoads : uint32_t { Words = 0, Quads = 1 };

// NonzeroCoordinates: the passes of NONZERO_COORDINATES (shaders/nonzero_coordinates.comp, whose header says what each
// does): lane i takes kNonzeroLaneElements consecutive input elements from element i x kNonzeroLaneElements on (a bit
// each in a mask), counted; the lanes' counts are summed in groups of kNonzeroScanGroup, then over the groups; each
// lane writes its coordinates.
enum class NonzeroPass : uint32_t { Count = 0, ScanLanes = 1, ScanGroups = 2, Write = 3 };
constexpr uint32_t kNonzeroLaneElements = 32;   // LANE_ELEMENTS in the kernel: a 32-bit mask
constexpr uint32_t kNonzeroScanGroup = 2048;    // SCAN_GROUP: a workgroup's lanes, 32 counts each
// Or'ed into KernelArgs::mode: the input is packed row-major; and the coordinates per row (N) << kNonzeroColumnsShift.
constexpr uint32_t kNonzeroPackedInput = 4;
constexpr uint32_t kNonzeroColumnsShift = 3;

// Accumulate (FOLD's passes): Add reads each output element and adds the input's; First is a pass over elements no
// earlier pass wrote, whose sum so far is +0: output = +0 + input, without reading the output.
enum class AccumulateMode : uint32_t { Add = 0, First = 1 };

enum class CastMode : uint32_t {
    Convert = 0,     // CAST: from inputType to dataType
    ScaleBias = 1,   // ELEMENT_WISE_IDENTITY's ScaleBias: in * scale + bias in FLOAT32 (value = scale | bias << 32)
};

struct TensorRef {
    bool isOutput = false;
    uint32_t index = 0;        // into OperatorDesc::inputs / outputs, = the binding index
    // The temporary resource the application binds (vkdmlBindTemporaryResource; Plan::temporaryBytes): index unused.
    bool isTemporary = false;
};

// The part of one tensor a launch touches, in elements of that tensor, relative to the tensor's bound offset.
struct SlotView {
    TensorRef tensor;
    uint32_t elementBytes = 0;
    int64_t origin = 0;        // element offset of the box origin
    int64_t lowest = 0;        // lowest element offset touched
    int64_t highest = 0;       // highest element offset touched
    // Tensor::GuaranteedBaseAlignment(): every binding offset of the tensor is a multiple of any power of two up to
    // 16 that divides it (ops/word_runs.h asks for 4).
    uint32_t baseAlignment = 1;
};

// What a kernel needs besides the box: carried unchanged from the loop nest to every launch cut from it.
struct KernelArgs {
    Kernel kernel = Kernel::StridedCopy;
    // InputMap, GatherMode, ScatterMode, GenerateMode, CastMode, BlockRows or AccumulateMode, by kernel
    uint32_t mode = 0;
    uint32_t indexKind = 0;     // index tensors: 0 UINT32, 1 INT32, 2 UINT64, 3 INT64
    uint32_t dataType = 0;      // Generate (a specialization constant), Cast (a launch parameter): the output's type
    uint32_t inputType = 0;     // Cast: the input's DML_TENSOR_DATA_TYPE
    uint64_t value = 0;         // element bits: fill / padding / diagonal value, sequence start
    uint64_t delta = 0;         // element bits: sequence step
    int32_t rangeBegin = 0, rangeEnd = 0;   // Generate Diagonal*: the coordinate range that gets `value`
    // Index axes (Gather, Scatter): the index tensor holds tuples of axisCount values (tupleStride elements apart);
    // value j moves `indexedSlot` by axisStrides[j] along an axis of axisSizes[j] elements.
    uint32_t axisCount = 0;
    std::array<uint32_t, kMaxIndexAxes> axisSizes{};
    std::array<int64_t, kMaxIndexAxes> axisStrides{};
    int64_t tupleStride = 0;
    // ScatterMode::FlatIndex: an index below flatIndexCount names the element whose coordinate along axis j is
    // index / axisDivisors[j] % axisSizes[j] (so the axes may come in any order: largest stride first).
    std::array<uint32_t, kMaxIndexAxes> axisDivisors{};
    uint32_t flatIndexCount = 0;
    Slot indexedSlot = kSlotInput;
    int64_t onValueOffset = 0;  // OneHot: element offset of the on value in the input (values) slot
    // Consecutive invocations that take turns: TransposeQuads over their blocks (LANE_GROUP in
    // shaders/transpose_quads.comp; LoweringLimits::simdLanes where the blocks walk rows of `across`, or segments of
    // few rows with shifted input rows: ShiftedRowWalk), StridedCopy over the quads of long rows
    // (shaders/launch_main.glsl; TakesTurnsAlongRows in loop_nest.cpp); else 1.
    uint32_t laneGroup = 1;
    // TransposeQuads: the short side K of blocks of B x K or K x B elements (NARROW_SIDE in
    // shaders/transpose_quads.comp; 2 <= K < B), 0 for square blocks of B x B.
    uint32_t narrowSide = 0;
    // TransposeQuads with shifted rows: the elements along `across` after the last whole block of each row of
    // blocks (fewer than B), moved by a last block that stores only as many output quads (a specialization
    // constant: ACROSS_REMAINDER in shaders/transpose_quads.comp).
    uint32_t acrossRemainder = 0;
    // TransposeQuads with shifted input rows that start at the same elements of quads in every row of blocks
    // (SetKnownRowShifts in ops/transpose_quads.h): input row j of each block starts (rowShiftOrigin + j x
    // rowShiftStep) % B elements into a quad (ROW_SHIFT_ORIGIN, ROW_SHIFT_STEP in shaders/transpose_quads.comp), so
    // the kernel's shifts are constants; rowShiftStep kVaryingRowShifts where they are not known (each row's shift
    // from its offset).
    uint32_t rowShiftOrigin = 0;
    uint32_t rowShiftStep = kVaryingRowShifts;
    // The same for the output rows of a TransposeQuads launch with shifted output rows (BlockRows::ShiftedOutput):
    // output row a of each block starts (outputShiftOrigin + a x outputShiftStep) % B elements into a quad
    // (OUTPUT_SHIFT_ORIGIN, OUTPUT_SHIFT_STEP); outputShiftStep kVaryingRowShifts where not known.
    uint32_t outputShiftOrigin = 0;
    uint32_t outputShiftStep = kVaryingRowShifts;
    // TransposeQuads with shifted output rows (BlockRows::ShiftedOutput), whose rows of blocks go along the innermost
    // dimension: the elements along it after each row's last whole block (fewer than B), moved with the row's last
    // output quads (a specialization constant: INNER_REMAINDER in shaders/transpose_quads.comp).
    uint32_t innerRemainder = 0;
    // GatherColumns: output quads per block, 1 or 2 (BLOCK_QUADS in shaders/gather_columns.comp; ops/gather_columns.h).
    uint32_t blockQuads = 1;
};

struct Launch {
    KernelArgs args;
    uint32_t elementBytes = 4;     // of the output elements
    bool denseOutput = false;      // sub-word elements, packed box: one invocation per output word
    // Gather, Scatter: neither the indices nor the coordinate move along the innermost dimension, so each row segment
    // copies consecutive elements from one place (PLAIN_SEGMENTS in shaders/launch_main.glsl). False for the others.
    bool plainSegments = false;
    uint32_t rank = 0;
    std::array<uint32_t, kMaxLaunchRank> sizes{};
    std::array<std::array<int32_t, kMaxLaunchRank>, kChannelCount> strides{};
    int64_t coordinateOrigin = 0;
    // InputMap other than Linear: per dimension, the input extent and the shift added to the box coordinate.
    std::array<uint32_t, kMaxLaunchRank> extents{};
    std::array<int32_t, kMaxLaunchRank> shifts{};
    std::array<uint32_t, kMaxLaunchRank> windowLo{}, windowHi{};   // the input coordinates this launch handles
    uint32_t elementCount = 0;
    uint32_t invocationCount = 0;
    // LoweringLimits::elementsPerInvocation (a specialization constant); a dense sub-word output's invocation owns as
    // many output words (DENSE_WORDS). CopyWords, GatherRows, CopyParts: 16-byte quads
    // (LoweringLimits::quadsPerCopyInvocation, quadsPerGatherRowInvocation, quadsPerPartInvocation).
    uint32_t elementsPerInvocation = 1;
    uint32_t slotCount = 2;
    std::array<SlotView, kMaxLaunchSlots> slots{};
    // The input slot is read through uniform texel buffer views (the kernel's TEXEL_INPUT build): set when the
    // operator is compiled (vk/texel_inputs.h), not by the lowerings.
    bool texelInput = false;
    // CopyParts: part k is partRows rows of a run of sizes[k] words (rank = partCount), each row of the whole
    // tensor holding a run of every part. The rows go in bands of bandRows; each band has bandGroupsPerPart
    // workgroups for each part in turn (copy_parts.comp). Or, where wholeRowsPerInvocation is not 0
    // (MODE_WHOLE_ROWS), each invocation copies that many consecutive rows, every part's run in each.
    struct PartRun {
        int32_t wholeShift = 0;    // words from the whole slot's origin to the run's first word in row 0
        int32_t rowStride = 0;     // the part's words from one row to the next
    };
    uint32_t partCount = 0;
    uint32_t partRows = 0;
    uint32_t bandRows = 0, bandGroupsPerPart = 0;
    uint32_t wholeRowsPerInvocation = 0;
    std::array<PartRun, kMaxParts> parts{};
    int32_t wholeRowStride = 0;    // the whole tensor's words from one row to the next
    // TransposeQuads: elements from one row of a block to the next, in the output (along the input-contiguous
    // dimension, `across`) and in the input (along the innermost one); a block's elements along the innermost
    // dimension and along `across` (B x B, B x K or K x B: ops/transpose_quads.h). GatherColumns: from one row of a
    // block to the next in the output and in the input; the block's rows, and its columns (B) in blockAcross.
    std::array<int32_t, 2> blockRowStrides{};
    uint32_t blockRows = 0;
    uint32_t blockAcross = 0;
    // TransposeQuads with shifted rows: the rows of blocks each invocation (each group, laneGroup > 1) walks, whole or
    // the same segment of each (elementsPerInvocation: the blocks of all of them; ShiftedRowWalk in
    // ops/transpose_quads.h).
    uint32_t shiftedRowsPerInvocation = 1;
    // CopyWords: the invocations each row of runs gets (the one run's, where rank < 2); GatherRows: each gathered row.
    uint32_t rowInvocations = 0;
    // StridedCopy of 4- or 8-byte elements: every output element the box walks is stored outputCopies times,
    // outputCopyStride output elements apart (a dimension along which the input does not move - a TILE's repeats, a
    // broadcast - left out of the box: one load for several stores; OUTPUT_COPIES in shaders/launch_params.glsl).
    uint32_t outputCopies = 1;
    int32_t outputCopyStride = 0;
    // Index axis 0 of a launch covers only indices in [axisLo, axisHi) (a tensor split along it); others are skipped.
    uint32_t axisLo = 0, axisHi = 0;
    // NonzeroCoordinates, Write: the coordinates' row and column strides (elements), and the rows [rowLo, rowHi) and
    // columns [columnLo, columnHi) of it this launch stores (the output slot's origin is row rowLo, column
    // columnLo: a coordinates tensor too large for one descriptor is split over launches).
    int32_t coordinateRowStride = 0, coordinateColumnStride = 0;
    uint32_t rowLo = 0, rowHi = 0, columnLo = 0, columnHi = 0;
    // The launch rewrites output elements an earlier launch of the same plan wrote, or reads what one wrote: a
    // barrier must separate them.
    bool barrierBefore = false;
};

struct Plan {
    std::vector<Launch> launches;
    // Bytes of the temporary resource the launches use (TensorRef::isTemporary), 0 for none: the dispatchable's
    // DML_BINDING_PROPERTIES::TemporaryResourceSize.
    uint64_t temporaryBytes = 0;
};

// Device limits the lowering needs.
struct LoweringLimits {
    uint64_t maxSpanBytes = 0;      // bytes one descriptor may cover, minus room for offset alignment
    uint64_t minTransferRunBytes = 4096;   // shortest run a transfer copy takes over (ops/transfer_copy.h)
    // Box elements each invocation of the index-walking kernels handles (a multiple of 4): many where invocations
    // are costly (CPU implementations), few where neighbouring invocations should touch neighbouring memory (GPUs).
    // A launch takes elementsPerInvocation, halved (not below minElementsPerInvocation) while it would have fewer
    // than src/ops/loop_nest.cpp's kMinWorkgroupsPerLaunch workgroups: a CPU implementation runs a workgroup on one
    // thread.
    uint32_t elementsPerInvocation = 4;
    uint32_t minElementsPerInvocation = 4;
    // 16-byte quads each invocation of copy_parts.comp moves: its fixed cost per invocation is higher still.
    uint32_t quadsPerPartInvocation = 4;
    // JOIN in one CopyParts launch: where not 0, rows of the whole tensor up to this many words are copied whole by
    // each invocation, about this many words at a time (src/ops/part_copies.cpp); 0: in bands, one part per workgroup.
    uint32_t wordsPerJoinRowsInvocation = 0;
    // 16-byte quads each invocation of copy_words.comp moves (its loop over them unrolled: at most 8).
    uint32_t quadsPerCopyInvocation = 1;
    // 16-byte quads of one row each invocation of gather_rows.comp copies, halved (not below quadsPerCopyInvocation)
    // while a launch would have fewer than kMinWorkgroupsPerLaunch workgroups.
    uint32_t quadsPerGatherRowInvocation = 1;
    // Parts one CopyParts launch binds: kMaxParts where the device allows 1 + kMaxParts storage buffers per stage,
    // else 0 (SPLIT/JOIN then take one launch per part).
    uint32_t maxPartsPerLaunch = 0;
    // Invocations a CPU implementation runs as the lanes of one SIMD instruction (its subgroup size, a power of two
    // up to kWorkgroupSize); 1 on GPUs. Transposes in blocks of quads interleave their blocks over them
    // (ops/transpose_quads.h).
    uint32_t simdLanes = 1;
    // Blocks of a row each of those lanes at least gets for them to take turns along the rows of a transpose's
    // square and narrow blocks (ops/transpose_quads.cpp; split blocks also need its kMinSplitRowBlocksPerLane).
    // Where they do not, each invocation walks consecutive blocks of its own.
    uint32_t transposeTurnBlocksPerLane = 4;
    // Output quads of a row each of those lanes at least gets for them to take turns along a strided copy's rows
    // (TakesTurnsAlongRows in ops/loop_nest.cpp); 0: never. Every lane walks each row segment, so a group pays
    // LANE_GROUP times for the walks: on lavapipe (8 lanes, an AMD host), SLICE1 [:, ::-1] of FLOAT32 rows, x the
    // texel copy without / with turns: rows of 1024 elements (32 quads a lane) 1.00 / 0.70, 4096 (128) 0.95 / 1.00,
    // 16384 (512) 0.97 / 1.20; slice1.step2_last (one row) 0.84-0.93 / 0.98-1.10.
    uint32_t copyTurnQuadsPerLane = 256;
};

}  // namespace vkdml
