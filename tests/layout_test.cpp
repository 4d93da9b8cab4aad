// vkdml/layout.h on the host (no device): size, format tags, equality, reshape, permute, sub-view and bitcast,
// each with its error messages, plus the oneDNN memory document's own examples (seed 003) verbatim and a brute-force
// check of reshape against the definition of a no-copy view.
#include <vkdml/layout.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto F16 = DML_TENSOR_DATA_TYPE_FLOAT16;
constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
constexpr auto U4 = DML_TENSOR_DATA_TYPE_UINT4;
using Dims = std::vector<UINT>;

std::string Message() { return vkdmlGetLastErrorMessage(); }

#define EXPECT_OK(call) EXPECT_EQ((call), VKDML_SUCCESS) << Message()
#define EXPECT_INVALID(call, text)                                                        \
    do {                                                                                  \
        EXPECT_EQ((call), VKDML_ERROR_INVALID_ARGUMENT);                                  \
        EXPECT_NE(Message().find(text), std::string::npos) << "message: " << Message();  \
    } while (0)

// A desc with storage for its arrays (strides empty = NULL, packed). TotalTensorSizeInBytes from
// vkdmlCalcBufferTensorSize unless given. &desc is the DML_BUFFER_TENSOR_DESC*; desc.d names its fields.
struct Desc : DML_BUFFER_TENSOR_DESC {
    Dims sizes, strides;
    DML_BUFFER_TENSOR_DESC& d = *this;
    Desc(DML_TENSOR_DATA_TYPE type, Dims s, Dims st = {}, UINT64 total = 0)
        : DML_BUFFER_TENSOR_DESC{}, sizes(std::move(s)), strides(std::move(st)) {
        d.DataType = type;
        d.DimensionCount = UINT(sizes.size());
        d.Sizes = sizes.data();
        d.Strides = strides.empty() ? nullptr : strides.data();
        d.TotalTensorSizeInBytes = total ? total : vkdmlCalcBufferTensorSize(type, d.DimensionCount, d.Sizes, d.Strides);
    }
    Desc(const Desc&) = delete;
};

// An output desc and its caller-owned arrays, filled with a sentinel so that "nothing written" can be checked.
struct Out {
    DML_BUFFER_TENSOR_DESC d{};
    UINT sizes[VKDML_LAYOUT_MAX_DIMENSIONS];
    UINT strides[VKDML_LAYOUT_MAX_DIMENSIONS];
    Out() {
        std::memset(&d, 0xCD, sizeof d);
        std::fill(std::begin(sizes), std::end(sizes), 0xCDCDCDCDu);
        std::fill(std::begin(strides), std::end(strides), 0xCDCDCDCDu);
    }
    Out(const Out&) = delete;
    UINT Rank() const { return std::min<UINT>(d.DimensionCount, VKDML_LAYOUT_MAX_DIMENSIONS); }   // sentinel-safe
    Dims Sizes() const { return Dims(sizes, sizes + Rank()); }
    Dims Strides() const { return Dims(strides, strides + Rank()); }
    bool Untouched() const {
        DML_BUFFER_TENSOR_DESC sentinel;
        std::memset(&sentinel, 0xCD, sizeof sentinel);
        for (UINT k = 0; k < VKDML_LAYOUT_MAX_DIMENSIONS; ++k)
            if (sizes[k] != 0xCDCDCDCDu || strides[k] != 0xCDCDCDCDu) return false;
        return std::memcmp(&d, &sentinel, sizeof d) == 0;
    }
};

VKDML_STATUS FromTag(DML_TENSOR_DATA_TYPE type, const Dims& sizes, const char* tag, Out& out) {
    return vkdmlLayoutFromFormatTag(type, UINT(sizes.size()), sizes.data(), tag, &out.d, out.sizes, out.strides);
}
VKDML_STATUS Reshape(const DML_BUFFER_TENSOR_DESC* in, const Dims& sizes, Out& out) {
    return vkdmlLayoutReshape(in, UINT(sizes.size()), sizes.data(), &out.d, out.sizes, out.strides);
}
VKDML_STATUS Permute(const DML_BUFFER_TENSOR_DESC* in, const Dims& permutation, Out& out) {
    return vkdmlLayoutPermuteAxes(in, permutation.data(), &out.d, out.sizes, out.strides);
}
VKDML_STATUS SubView(const DML_BUFFER_TENSOR_DESC* in, const Dims& sizes, const Dims& offsets, Out& out,
                     UINT64* byteOffset) {
    return vkdmlLayoutSubView(in, sizes.data(), offsets.data(), &out.d, out.sizes, out.strides, byteOffset);
}
bool Equal(const DML_BUFFER_TENSOR_DESC* a, const DML_BUFFER_TENSOR_DESC* b) {
    BOOL equal = 2;
    EXPECT_OK(vkdmlLayoutEqual(a, b, &equal));
    EXPECT_TRUE(equal == TRUE || equal == FALSE);
    return equal == TRUE;
}

// ---- size --------------------------------------------------------------------------------------------------------

TEST(LayoutCalcSize, DMLCalcBufferTensorSizeSemantics) {
    struct Case {
        DML_TENSOR_DATA_TYPE type;
        Dims sizes, strides;
        UINT64 bytes;
    };
    const Case cases[] = {
        {F32, {2, 3}, {}, 24},
        {F16, {3}, {}, 8},                      // 6 bytes, rounded up to 4
        {U8, {1, 1, 5}, {}, 8},
        {F32, {3, 2}, {1, 3}, 24},              // last element at 2*1 + 1*3 = 5: 6 elements
        {F32, {2, 3}, {6, 1}, 36},              // padded rows: the last row is not padded
        {F32, {4, 4}, {0, 1}, 16},              // broadcast
        {DML_TENSOR_DATA_TYPE_FLOAT64, {3}, {}, 24},
        {U4, {3}, {}, 4},                       // 12 bits -> 2 bytes -> 4
        {U8, {2, 2, 2, 2, 2, 2, 2, 2}, {}, 256},
    };
    for (const Case& c : cases) {
        UINT64 bytes = 0;
        const UINT* strides = c.strides.empty() ? nullptr : c.strides.data();
        EXPECT_OK(vkdmlLayoutCalcSize(c.type, UINT(c.sizes.size()), c.sizes.data(), strides, &bytes));
        EXPECT_EQ(bytes, c.bytes);
        EXPECT_EQ(bytes, vkdmlCalcBufferTensorSize(c.type, UINT(c.sizes.size()), c.sizes.data(), strides));
    }
}

TEST(LayoutCalcSize, OverflowIsAStatusNotAWrappedValue) {
    const UINT big = 0xFFFFFFFFu;
    Dims sizes = {big, big, big};
    UINT64 bytes = 12345;
    EXPECT_INVALID(vkdmlLayoutCalcSize(DML_TENSOR_DATA_TYPE_FLOAT64, 3, sizes.data(), nullptr, &bytes), "2^64-1");
    EXPECT_NE(Message().find("vkdmlLayoutCalcSize"), std::string::npos);
    EXPECT_EQ(bytes, 12345u);   // untouched
    EXPECT_EQ(vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT64, 3, sizes.data(), nullptr), 0u);
    Dims strides = {big, big, big};
    EXPECT_INVALID(vkdmlLayoutCalcSize(F32, 3, sizes.data(), strides.data(), &bytes), "with strides");
    // Just below the limit still works: 2^32-1 elements of 8 bytes.
    Dims one = {big};
    EXPECT_OK(vkdmlLayoutCalcSize(DML_TENSOR_DATA_TYPE_FLOAT64, 1, one.data(), nullptr, &bytes));
    EXPECT_EQ(bytes, UINT64(big) * 8);
}

TEST(LayoutCalcSize, ArgumentErrorsNameTheArgument) {
    Dims sizes = {2, 0, 3};
    UINT64 bytes = 0;
    EXPECT_INVALID(vkdmlLayoutCalcSize(DML_TENSOR_DATA_TYPE(99), 1, sizes.data(), nullptr, &bytes), "dataType is 99");
    EXPECT_INVALID(vkdmlLayoutCalcSize(F32, 0, sizes.data(), nullptr, &bytes), "dimensionCount is 0");
    EXPECT_INVALID(vkdmlLayoutCalcSize(F32, 9, sizes.data(), nullptr, &bytes), "dimensionCount is 9");
    EXPECT_INVALID(vkdmlLayoutCalcSize(F32, 3, nullptr, nullptr, &bytes), "sizes is NULL");
    EXPECT_INVALID(vkdmlLayoutCalcSize(F32, 3, sizes.data(), nullptr, &bytes), "sizes[1] is 0");
    EXPECT_INVALID(vkdmlLayoutCalcSize(F32, 1, sizes.data(), nullptr, nullptr), "outSizeInBytes is NULL");
    // Success clears the thread's message.
    EXPECT_OK(vkdmlLayoutCalcSize(F32, 1, sizes.data(), nullptr, &bytes));
    EXPECT_EQ(Message(), "");
}

// ---- format tags -------------------------------------------------------------------------------------------------

TEST(LayoutFormatTag, PlainTagsGiveStridesFromInnermost) {
    struct Case {
        Dims sizes;
        const char* tag;
        Dims strides;
    };
    const Case cases[] = {
        {{7}, "a", {1}},
        {{2, 3}, "ab", {3, 1}},
        {{2, 3}, "ba", {1, 2}},
        {{2, 3, 4}, "acb", {12, 1, 3}},
        {{2, 3, 4, 5}, "abcd", {60, 20, 5, 1}},
        {{2, 3, 4, 5}, "acdb", {60, 1, 15, 3}},      // channels last
        {{2, 3, 4, 5}, "bcda", {1, 40, 10, 2}},
        {{2, 3, 4, 5}, "cdba", {1, 2, 30, 6}},
        {{2, 3, 4, 5, 6}, "acdeb", {360, 1, 90, 18, 3}},
        {{2, 2, 2, 2, 2, 2, 2, 2}, "hgfedcba", {1, 2, 4, 8, 16, 32, 64, 128}},
        {{2, 1, 3, 1, 2, 1, 2, 1}, "abcdefgh", {12, 12, 4, 4, 2, 2, 1, 1}},
    };
    for (const Case& c : cases) {
        Out out;
        EXPECT_OK(FromTag(F32, c.sizes, c.tag, out));
        EXPECT_EQ(out.Sizes(), c.sizes) << c.tag;
        EXPECT_EQ(out.Strides(), c.strides) << c.tag;
        EXPECT_EQ(out.d.DataType, F32);
        EXPECT_EQ(out.d.Flags, DML_TENSOR_FLAG_NONE);
        EXPECT_EQ(out.d.Sizes, out.sizes);
        EXPECT_EQ(out.d.Strides, out.strides);
        EXPECT_EQ(out.d.GuaranteedBaseOffsetAlignment, 0u);
        EXPECT_EQ(out.d.TotalTensorSizeInBytes,
                  vkdmlCalcBufferTensorSize(F32, UINT(c.sizes.size()), c.sizes.data(), nullptr)) << c.tag;
    }
}

// Every alias of the seed document, with the plain tag its enumerator names.
TEST(LayoutFormatTag, EveryAliasOfTheDocumentIsItsPlainTag) {
    const std::pair<const char*, const char*> aliases[] = {
        {"x", "a"},          {"nc", "ab"},        {"cn", "ba"},        {"tn", "ab"},        {"nt", "ba"},
        {"ncw", "abc"},      {"nwc", "acb"},      {"nchw", "abcd"},    {"nhwc", "acdb"},    {"chwn", "bcda"},
        {"ncdhw", "abcde"},  {"ndhwc", "acdeb"},  {"oi", "ab"},        {"io", "ba"},        {"oiw", "abc"},
        {"owi", "acb"},      {"wio", "cba"},      {"iwo", "bca"},      {"oihw", "abcd"},    {"hwio", "cdba"},
        {"ohwi", "acdb"},    {"ihwo", "bcda"},    {"iohw", "bacd"},    {"oidhw", "abcde"},  {"dhwio", "cdeba"},
        {"odhwi", "acdeb"},  {"idhwo", "bcdea"},  {"goiw", "abcd"},    {"wigo", "dcab"},    {"goihw", "abcde"},
        {"hwigo", "decab"},  {"giohw", "acbde"},  {"goidhw", "abcdef"}, {"giodhw", "acbdef"}, {"dhwigo", "defcab"},
        {"tnc", "abc"},      {"ntc", "bac"},      {"ldnc", "abcd"},    {"ldigo", "abcde"},  {"ldgoi", "abdec"},
        {"ldio", "abcd"},    {"ldoi", "abdc"},    {"ldgo", "abcd"},
    };
    for (const auto& [alias, letters] : aliases) {
        Dims sizes(std::strlen(letters));
        std::iota(sizes.begin(), sizes.end(), 2u);   // distinct sizes, so a wrong order shows
        Out a, b;
        EXPECT_OK(FromTag(F32, sizes, alias, a));
        EXPECT_OK(FromTag(F32, sizes, letters, b));
        EXPECT_EQ(a.Strides(), b.Strides()) << alias;
        EXPECT_TRUE(Equal(&a.d, &b.d)) << alias;
    }
}

TEST(LayoutFormatTag, AliasesMeanWhatTheirLettersSay) {
    // nhwc takes {N, C, H, W}; C is innermost, then W, then H, then N.
    Out nhwc;
    EXPECT_OK(FromTag(F32, {2, 3, 4, 5}, "nhwc", nhwc));
    EXPECT_EQ(nhwc.Strides(), (Dims{60, 1, 15, 3}));
    // hwio takes {O, I, H, W}; O is innermost, then I, then W, then H.
    Out hwio;
    EXPECT_OK(FromTag(F32, {2, 3, 4, 5}, "hwio", hwio));
    EXPECT_EQ(hwio.Strides(), (Dims{1, 2, 30, 6}));
    // ndhwc takes {N, C, D, H, W}.
    Out ndhwc;
    EXPECT_OK(FromTag(F32, {2, 3, 4, 5, 6}, "ndhwc", ndhwc));
    EXPECT_EQ(ndhwc.Strides(), (Dims{360, 1, 90, 18, 3}));
    // ntc (= bac) takes {T, N, C}: N outermost.
    Out ntc;
    EXPECT_OK(FromTag(F32, {2, 3, 4}, "ntc", ntc));
    EXPECT_EQ(ntc.Strides(), (Dims{4, 8, 1}));
}

TEST(LayoutFormatTag, ErrorsNameTheTag) {
    Out out;
    EXPECT_INVALID(FromTag(F32, {2, 3, 4, 5}, "nhcw", out), "tag \"nhcw\" is not a format tag vkdml knows");
    EXPECT_INVALID(FromTag(F32, {2, 16, 4, 5}, "aBcd16b", out), "blocked");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4, 5}, "NCHW", out), "\"NCHW\"");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4, 5}, "", out), "tag \"\"");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4, 5}, "any", out), "\"any\" names no layout");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4, 5}, nullptr, out), "tag is NULL");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4}, "abcd", out), "tag \"abcd\" has 4 dimensions but dimensionCount is 3");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4}, "nchw", out), "\"nchw\" (an alias of \"abcd\") has 4 dimensions");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4}, "abb", out), "uses 'b' twice");
    EXPECT_INVALID(FromTag(F32, {2, 3, 4}, "abd", out), "uses 'd', dimension 3");
    EXPECT_INVALID(FromTag(F32, {2, 0, 4}, "abc", out), "sizes[1] is 0");
    EXPECT_INVALID(FromTag(F32, {65536, 65536}, "ab", out), "2^32-1 elements");
    EXPECT_INVALID(FromTag(DML_TENSOR_DATA_TYPE_UNKNOWN, {2}, "a", out), "dataType is 0");
    EXPECT_INVALID(vkdmlLayoutFromFormatTag(F32, 1, Dims{2}.data(), "a", &out.d, nullptr, out.strides),
                   "outSizes is NULL");
    EXPECT_INVALID(vkdmlLayoutFromFormatTag(F32, 1, Dims{2}.data(), "a", &out.d, out.sizes, nullptr),
                   "outStrides is NULL");
    EXPECT_INVALID(vkdmlLayoutFromFormatTag(F32, 1, Dims{2}.data(), "a", nullptr, out.sizes, out.strides),
                   "out is NULL");
    EXPECT_NE(Message().find("vkdmlLayoutFromFormatTag"), std::string::npos);
    EXPECT_TRUE(out.Untouched());
}

TEST(LayoutFormatTag, OutputMayReuseTheSizesArray) {
    UINT sizes[VKDML_LAYOUT_MAX_DIMENSIONS] = {2, 3, 4, 5};
    UINT strides[VKDML_LAYOUT_MAX_DIMENSIONS];
    DML_BUFFER_TENSOR_DESC d;
    EXPECT_OK(vkdmlLayoutFromFormatTag(F32, 4, sizes, "nhwc", &d, sizes, strides));
    EXPECT_EQ(Dims(sizes, sizes + 4), (Dims{2, 3, 4, 5}));
    EXPECT_EQ(Dims(strides, strides + 4), (Dims{60, 1, 15, 3}));
}

// ---- equality ----------------------------------------------------------------------------------------------------

TEST(LayoutEqual, SameTypeSizesAndEffectiveStrides) {
    Desc packed(F32, {2, 3}), explicitPacked(F32, {2, 3}, {3, 1}), padded(F32, {2, 3}, {4, 1});
    Desc transposed(F32, {2, 3}, {1, 2}), otherType(DML_TENSOR_DATA_TYPE_INT32, {2, 3});
    Desc otherSizes(F32, {3, 2}), otherRank(F32, {2, 3, 1});
    EXPECT_TRUE(Equal(&packed, &explicitPacked));    // NULL strides are the packed ones
    EXPECT_FALSE(Equal(&packed, &padded));
    EXPECT_FALSE(Equal(&packed, &transposed));
    EXPECT_FALSE(Equal(&packed, &otherType));
    EXPECT_FALSE(Equal(&packed, &otherSizes));
    EXPECT_FALSE(Equal(&packed, &otherRank));
}

TEST(LayoutEqual, StridesOfSizeOneDimensionsAreIgnored) {
    Desc a(F32, {2, 1, 3}, {3, 3, 1}), b(F32, {2, 1, 3}, {3, 0, 1}), c(F32, {2, 1, 3}, {3, 1000, 1});
    EXPECT_TRUE(Equal(&a, &b));
    EXPECT_TRUE(Equal(&a, &c));
    Desc d(F32, {1, 1}, {0, 0}), e(F32, {1, 1});
    EXPECT_TRUE(Equal(&d, &e));
}

TEST(LayoutEqual, FlagsTotalSizeAndAlignmentAreNotCompared) {
    Desc a(F32, {2, 3}), b(F32, {2, 3}, {}, 64);
    b.d.GuaranteedBaseOffsetAlignment = 256;
    b.d.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    EXPECT_TRUE(Equal(&a, &b));
}

TEST(LayoutEqual, InvalidDescsAreErrors) {
    Desc good(F32, {2, 3}), zero(F32, {2, 0}, {}, 4), small(F32, {2, 3}, {}, 8);
    BOOL equal = 7;
    EXPECT_INVALID(vkdmlLayoutEqual(nullptr, &good, &equal), "vkdmlLayoutEqual: a is NULL");
    EXPECT_INVALID(vkdmlLayoutEqual(&good, &zero, &equal), "vkdmlLayoutEqual: b.Sizes[1] is 0");
    EXPECT_INVALID(vkdmlLayoutEqual(&small, &good, &equal), "a.TotalTensorSizeInBytes is 8");
    EXPECT_INVALID(vkdmlLayoutEqual(&good, &good, nullptr), "outEqual is NULL");
    EXPECT_EQ(equal, 7);
}

// ---- permute axes ------------------------------------------------------------------------------------------------

// The seed's example, verbatim:
//   std::vector<int> permutation = {1, 0}; // swap the first and the second axes
//   dnnl::memory::desc in_md({2, 3}, data_type, memory::format_tag::ab);
//   dnnl::memory::desc expect_out_md({3, 2}, data_type, memory::format_tag::ba);
//   assert(in_md.permute_axes(permutation) == expect_out_md);
TEST(LayoutPermuteAxes, TheDocumentsExample) {
    const DML_TENSOR_DATA_TYPE data_type = F32;
    Dims permutation = {1, 0};   // swap the first and the second axes
    Out in_md, expect_out_md, out_md;
    EXPECT_OK(FromTag(data_type, {2, 3}, "ab", in_md));
    EXPECT_OK(FromTag(data_type, {3, 2}, "ba", expect_out_md));
    EXPECT_OK(Permute(&in_md.d, permutation, out_md));
    EXPECT_TRUE(Equal(&out_md.d, &expect_out_md.d));
    EXPECT_EQ(out_md.Sizes(), (Dims{3, 2}));
    EXPECT_EQ(out_md.Strides(), (Dims{1, 3}));
}

TEST(LayoutPermuteAxes, NewDimsAtPermutationOfI) {
    // for (i = 0; i < ndims(); i++) new_desc.dims()[permutation[i]] = dims()[i];
    Desc in(F32, {2, 3, 4, 5});   // nchw
    Out out;
    EXPECT_OK(Permute(&in, {0, 3, 1, 2}, out));
    EXPECT_EQ(out.Sizes(), (Dims{2, 4, 5, 3}));     // N, H, W, C: an NHWC view of NCHW memory
    EXPECT_EQ(out.Strides(), (Dims{60, 5, 1, 20}));
    Out adbc;   // the same memory described directly: dims {N, H, W, C}, C (d) outside H (b) and W (c)
    EXPECT_OK(FromTag(F32, {2, 4, 5, 3}, "adbc", adbc));
    EXPECT_TRUE(Equal(&out.d, &adbc.d));
    EXPECT_EQ(out.d.TotalTensorSizeInBytes, in.d.TotalTensorSizeInBytes);
}

TEST(LayoutPermuteAxes, InverseRestoresAndFieldsCarryOver) {
    Desc in(F32, {2, 3, 4, 5, 6}, {}, 4096);
    in.d.GuaranteedBaseOffsetAlignment = 64;
    in.d.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    Dims p = {3, 0, 4, 1, 2}, inverse(5);
    for (UINT i = 0; i < 5; ++i) inverse[p[i]] = i;
    Out once, twice;
    EXPECT_OK(Permute(&in, p, once));
    EXPECT_OK(Permute(&once.d, inverse, twice));
    EXPECT_TRUE(Equal(&twice.d, &in));
    EXPECT_EQ(twice.Sizes(), in.sizes);
    EXPECT_EQ(once.d.TotalTensorSizeInBytes, 4096u);
    EXPECT_EQ(once.d.GuaranteedBaseOffsetAlignment, 64u);
    EXPECT_EQ(once.d.Flags, DML_TENSOR_FLAG_OWNED_BY_DML);
}

TEST(LayoutPermuteAxes, InPlace) {
    UINT sizes[8] = {2, 3, 4}, strides[8] = {12, 4, 1};
    DML_BUFFER_TENSOR_DESC d{F32, DML_TENSOR_FLAG_NONE, 3, sizes, strides, 96, 0};
    Dims p = {2, 0, 1};
    EXPECT_OK(vkdmlLayoutPermuteAxes(&d, p.data(), &d, sizes, strides));
    EXPECT_EQ(Dims(sizes, sizes + 3), (Dims{3, 4, 2}));
    EXPECT_EQ(Dims(strides, strides + 3), (Dims{4, 1, 12}));
}

TEST(LayoutPermuteAxes, ErrorsNameTheEntry) {
    Desc in(F32, {2, 3, 4});
    Out out;
    EXPECT_INVALID(Permute(&in, {0, 3, 1}, out), "permutation[1] is 3; every entry must be below desc.DimensionCount (3)");
    EXPECT_INVALID(Permute(&in, {0, 1, 0}, out), "permutation[2] is 0, as is permutation[0]");
    EXPECT_INVALID(vkdmlLayoutPermuteAxes(&in, nullptr, &out.d, out.sizes, out.strides), "permutation is NULL");
    EXPECT_INVALID(Permute(nullptr, {0}, out), "vkdmlLayoutPermuteAxes: desc is NULL");
    EXPECT_TRUE(out.Untouched());
}

// ---- reshape: the document's rules -------------------------------------------------------------------------------

// "1. Add a dimension of size 1. This is always possible."
TEST(LayoutReshapeRules, Rule1AddADimensionOfSize1IsAlwaysPossible) {
    Desc packed(F32, {2, 3}), transposed(F32, {2, 3}, {1, 2}), strided(F32, {2, 3}, {10, 3});
    for (const Desc* in : {&packed, &transposed, &strided})
        for (const Dims& sizes : {Dims{1, 2, 3}, Dims{2, 1, 3}, Dims{2, 3, 1}, Dims{1, 2, 1, 3, 1}}) {
            Out out;
            EXPECT_OK(Reshape(&in->d, sizes, out));
            EXPECT_EQ(out.Sizes(), sizes);
            Dims kept;   // the strides of the non-1 dimensions are the input's
            for (UINT d = 0; d < sizes.size(); ++d)
                if (sizes[d] != 1) kept.push_back(out.strides[d]);
            EXPECT_EQ(kept, (Dims{in->d.Strides ? in->d.Strides[0] : 3, in->d.Strides ? in->d.Strides[1] : 1}));
        }
    // A packed desc stays packed.
    Out out;
    EXPECT_OK(Reshape(&packed, {2, 1, 3, 1}, out));
    EXPECT_EQ(out.Strides(), (Dims{3, 3, 1, 1}));
    Desc expect(F32, {2, 1, 3, 1});
    EXPECT_TRUE(Equal(&out.d, &expect));
}

// "2. Remove a dimension of size 1. This is possible only if the dimension has no padding" (DML descs have none).
TEST(LayoutReshapeRules, Rule2RemoveADimensionOfSize1) {
    Desc in(F32, {2, 1, 3, 1}, {3, 77, 1, 0});
    Out out;
    EXPECT_OK(Reshape(&in, {2, 3}, out));
    EXPECT_EQ(out.Strides(), (Dims{3, 1}));
    Desc ones(F32, {1, 1, 1});
    Out one;
    EXPECT_OK(Reshape(&ones, {1}, one));
    EXPECT_EQ(one.Strides(), (Dims{1}));
}

// "3. Split a dimension into multiple ones. This is possible only if the size of the dimension is exactly equal to
// the product of the split ones and the dimension does not have padding."
TEST(LayoutReshapeRules, Rule3SplitADimension) {
    Desc packed(F32, {6}), strided(F32, {6}, {2}), broadcast(F32, {6}, {0});
    Out a, b, c;
    EXPECT_OK(Reshape(&packed, {2, 3}, a));
    EXPECT_EQ(a.Strides(), (Dims{3, 1}));
    EXPECT_OK(Reshape(&strided, {2, 3}, b));    // every other element: the parts stay strided
    EXPECT_EQ(b.Strides(), (Dims{6, 2}));
    EXPECT_OK(Reshape(&broadcast, {3, 2}, c));
    EXPECT_EQ(c.Strides(), (Dims{0, 0}));
    // A dimension of a transposed desc splits on its own stride.
    Desc ba(F32, {3, 4}, {1, 3});
    Out d;
    EXPECT_OK(Reshape(&ba, {3, 2, 2}, d));
    EXPECT_EQ(d.Strides(), (Dims{1, 6, 3}));
    // "exactly equal to the product": the element count must match.
    Out e;
    EXPECT_INVALID(Reshape(&packed, {2, 4}, e), "sizes {2, 4} hold 8 elements but desc.Sizes {6} hold 6");
    EXPECT_TRUE(e.Untouched());
}

// "4. Joining multiple consecutive dimensions into a single one. [...] in physical memory these dimensions are dense
// and have the same order as their logical counterparts. [...] Here, dense means: stride for dim[i] == (stride for
// dim[i + 1]) * dim[i + 1]". (The document's next line, "same order means: i < j if and only if stride for dim[i] <
// stride for dim[j]", has the comparison reversed: dense already makes stride[i] > stride[i + 1], and outer
// dimensions have the larger strides. vkdml checks the dense formula, as oneDNN's implementation does.)
TEST(LayoutReshapeRules, Rule4JoinDenseInOrderDimensions) {
    Desc packed(F32, {2, 3, 4});
    for (const auto& [sizes, strides] : {std::pair{Dims{6, 4}, Dims{4, 1}}, std::pair{Dims{2, 12}, Dims{12, 1}},
                                         std::pair{Dims{24}, Dims{1}}, std::pair{Dims{3, 8}, Dims{8, 1}},
                                         std::pair{Dims{4, 6}, Dims{6, 1}}}) {
        Out out;
        EXPECT_OK(Reshape(&packed, sizes, out));
        EXPECT_EQ(out.Strides(), strides);
    }
    // Dense but not packed: every other element, joined.
    Desc evens(F32, {2, 3}, {6, 2});
    Out joined;
    EXPECT_OK(Reshape(&evens, {6}, joined));
    EXPECT_EQ(joined.Strides(), (Dims{2}));
    // A fully broadcast pair is dense (0 == 0 * 3).
    Desc broadcast(F32, {2, 3}, {0, 0});
    Out b;
    EXPECT_OK(Reshape(&broadcast, {6}, b));
    EXPECT_EQ(b.Strides(), (Dims{0}));
    // Padded rows: not dense, but only the padded pair is joined.
    Desc padded(F32, {2, 3, 4}, {16, 4, 1});
    Out p;
    EXPECT_OK(Reshape(&padded, {2, 12}, p));
    EXPECT_EQ(p.Strides(), (Dims{16, 1}));
}

TEST(LayoutReshapeRules, Rule4FailsWhenNotDenseOrNotInOrder) {
    Out out;
    Desc transposed(F32, {2, 3}, {1, 2});   // "ba": not in order
    EXPECT_INVALID(Reshape(&transposed, {6}, out), "rule 4 (join consecutive dimensions that are dense and in order) fails");
    EXPECT_NE(Message().find("Strides[0] == Strides[1] * Sizes[1] = 6, but Strides[0] is 1"), std::string::npos)
        << Message();
    EXPECT_NE(Message().find("vkdmlLayoutReshape"), std::string::npos);
    Desc padded(F32, {2, 3, 4}, {16, 4, 1});   // rows padded to 16: not dense
    EXPECT_INVALID(Reshape(&padded, {24}, out), "desc dimensions {0, 1, 2} (Sizes {2, 3, 4}, Strides {16, 4, 1})");
    EXPECT_INVALID(Reshape(&padded, {6, 4}, out), "Strides[0] == Strides[1] * Sizes[1] = 12, but Strides[0] is 16");
    Desc half(F32, {2, 3}, {0, 1});   // rows broadcast
    EXPECT_INVALID(Reshape(&half, {6}, out), "rule 4");
    // {2, 3} -> {3, 2} needs the join of both dimensions first.
    EXPECT_INVALID(Reshape(&transposed, {3, 2}, out), "joins desc dimensions {0, 1}");
    EXPECT_TRUE(out.Untouched());
}

TEST(LayoutReshapeRules, SizeOneDimensionsInsideAJoinAreRemovedFirst) {
    // Rule 2 then rule 4: the size-1 dimension's stride (0 here) does not block the join.
    Desc in(F32, {2, 1, 3}, {3, 0, 1});
    Out out;
    EXPECT_OK(Reshape(&in, {6}, out));
    EXPECT_EQ(out.Strides(), (Dims{1}));
}

TEST(LayoutReshape, KeepsFieldsAndArgumentErrors) {
    Desc in(F32, {2, 3, 4}, {}, 256);
    in.d.GuaranteedBaseOffsetAlignment = 32;
    Out out;
    EXPECT_OK(Reshape(&in, {6, 4}, out));
    EXPECT_EQ(out.d.TotalTensorSizeInBytes, 256u);
    EXPECT_EQ(out.d.GuaranteedBaseOffsetAlignment, 32u);
    EXPECT_EQ(out.d.DataType, F32);
    Out bad;
    EXPECT_INVALID(Reshape(&in, {0, 4}, bad), "sizes[0] is 0");
    EXPECT_INVALID(Reshape(&in, {1, 1, 1, 1, 1, 1, 1, 6, 4}, bad), "dimensionCount is 9");
    EXPECT_INVALID(vkdmlLayoutReshape(&in, 2, nullptr, &bad.d, bad.sizes, bad.strides), "sizes is NULL");
    Desc invalid(F32, {2, 3}, {3, 1}, 6);
    EXPECT_INVALID(Reshape(&invalid, {6}, bad), "desc.TotalTensorSizeInBytes is 6");
    EXPECT_TRUE(bad.Untouched());
}

// The definition of a no-copy reshape: the k-th element in logical (row-major) order sits at the same offset
// before and after. For random layouts (packed, permuted, padded, sub-views, broadcast) and random target shapes,
// a successful reshape must satisfy it, and a refused one must be impossible: the only candidate strides (the
// offsets of the unit steps) must fail it somewhere.
uint64_t OffsetOf(uint64_t k, const Dims& sizes, const UINT* strides) {
    uint64_t offset = 0;
    for (size_t d = sizes.size(); d-- > 0;) {
        offset += (k % sizes[d]) * strides[d];
        k /= sizes[d];
    }
    return offset;
}

TEST(LayoutReshape, AgreesWithTheDefinitionOnRandomLayouts) {
    std::mt19937 rng(9);
    auto pick = [&](UINT n) { return UINT(rng() % n); };
    int accepted = 0, refused = 0;
    for (int iteration = 0; iteration < 3000; ++iteration) {
        // A packed parent of rank 1-5 with small sizes, viewed through a random permutation, sub-view, padding or
        // broadcast.
        UINT rank = 1 + pick(5);
        Dims sizes(rank);
        for (UINT& s : sizes) s = 1 + pick(4);
        Dims strides(rank);
        uint64_t stride = 1 + pick(2);   // sometimes every other element
        std::vector<UINT> order(rank);
        std::iota(order.begin(), order.end(), 0u);
        if (pick(2)) std::shuffle(order.begin(), order.end(), rng);
        for (UINT k = rank; k-- > 0;) {
            strides[order[k]] = UINT(stride);
            stride *= sizes[order[k]] + (pick(4) == 0 ? 1 : 0);   // sometimes padded
        }
        if (pick(6) == 0) strides[pick(rank)] = 0;                  // sometimes broadcast
        for (UINT d = 0; d < rank; ++d)                             // sometimes a sub-view
            if (pick(5) == 0 && sizes[d] > 1) sizes[d] -= 1;
        Desc in(F32, sizes, strides);
        uint64_t count = 1;
        for (UINT s : sizes) count *= s;
        // A target of rank 1-6 with the same count: random factors, with size-1 dimensions sprinkled in.
        Dims target;
        uint64_t rest = count;
        while (rest > 1 && target.size() < 5) {
            std::vector<UINT> divisors;
            for (UINT f = 2; f <= rest; ++f)
                if (rest % f == 0) divisors.push_back(f);
            UINT f = divisors[pick(UINT(divisors.size()))];
            target.push_back(f);
            rest /= f;
            if (pick(4) == 0) target.push_back(1);
        }
        if (rest > 1) target.push_back(UINT(rest));
        if (target.empty() || pick(4) == 0) target.insert(target.begin() + pick(UINT(target.size()) + 1), 1);
        if (target.size() > 8) continue;

        Out out;
        VKDML_STATUS status = Reshape(&in, target, out);
        if (status == VKDML_SUCCESS) {
            ++accepted;
            for (uint64_t k = 0; k < count; ++k)
                ASSERT_EQ(OffsetOf(k, target, out.strides), OffsetOf(k, sizes, strides.data()))
                    << "element " << k << " of reshape to " << ::testing::PrintToString(target) << " from sizes "
                    << ::testing::PrintToString(sizes) << " strides " << ::testing::PrintToString(strides);
            uint64_t total = 0;
            ASSERT_EQ(vkdmlLayoutCalcSize(F32, out.d.DimensionCount, out.sizes, out.strides, &total), VKDML_SUCCESS);
            EXPECT_GE(out.d.TotalTensorSizeInBytes, total);
        } else {
            ++refused;
            ASSERT_EQ(status, VKDML_ERROR_INVALID_ARGUMENT);
            ASSERT_NE(Message().find("rule 4"), std::string::npos) << Message();
            // The candidate strides: offset of the unit step in each target dimension.
            Dims candidate(target.size(), 0);
            uint64_t unit = 1;
            for (size_t d = target.size(); d-- > 0;) {
                if (target[d] > 1) candidate[d] = UINT(OffsetOf(unit, sizes, strides.data()) - OffsetOf(0, sizes, strides.data()));
                unit *= target[d];
            }
            bool works = true;
            for (uint64_t k = 0; k < count && works; ++k)
                works = OffsetOf(k, target, candidate.data()) == OffsetOf(k, sizes, strides.data());
            ASSERT_FALSE(works) << "refused a possible reshape to " << ::testing::PrintToString(target)
                                << " from sizes " << ::testing::PrintToString(sizes) << " strides "
                                << ::testing::PrintToString(strides) << ": " << Message();
        }
    }
    EXPECT_GT(accepted, 500);
    EXPECT_GT(refused, 100);
}

TEST(LayoutReshape, PackedStaysPacked) {
    Desc in(F32, {2, 3, 4, 5});
    for (const Dims& sizes : {Dims{120}, Dims{6, 20}, Dims{2, 60}, Dims{5, 4, 3, 2}, Dims{1, 10, 1, 12, 1}}) {
        Out out;
        EXPECT_OK(Reshape(&in, sizes, out));
        Desc expect(F32, sizes);
        EXPECT_TRUE(Equal(&out.d, &expect));
        Dims packed(sizes.size());
        UINT s = 1;
        for (size_t d = sizes.size(); d-- > 0;) packed[d] = s, s *= sizes[d];
        EXPECT_EQ(out.Strides(), packed);   // size-1 dimensions too
    }
}

// ---- sub-view ----------------------------------------------------------------------------------------------------

TEST(LayoutSubView, SameStridesPlusByteOffset) {
    Desc parent(F32, {4, 6, 8});
    Out view;
    UINT64 offset = 0;
    EXPECT_OK(SubView(&parent, {2, 3, 4}, {1, 2, 3}, view, &offset));
    EXPECT_EQ(view.Sizes(), (Dims{2, 3, 4}));
    EXPECT_EQ(view.Strides(), (Dims{48, 8, 1}));
    EXPECT_EQ(offset, (48u + 2 * 8 + 3) * 4);                     // 268
    EXPECT_EQ(view.d.TotalTensorSizeInBytes, (48u + 2 * 8 + 3 + 1) * 4);
    EXPECT_EQ(view.d.GuaranteedBaseOffsetAlignment, 4u);         // 268 is a multiple of 4, not of 8 or 16
    // The whole parent is itself.
    Out whole;
    EXPECT_OK(SubView(&parent, {4, 6, 8}, {0, 0, 0}, whole, &offset));
    EXPECT_EQ(offset, 0u);
    EXPECT_TRUE(Equal(&whole.d, &parent));
    EXPECT_EQ(whole.d.GuaranteedBaseOffsetAlignment, 0u);
    // A multiple of 16 keeps the default alignment.
    Out rows;
    EXPECT_OK(SubView(&parent, {2, 6, 8}, {1, 0, 0}, rows, &offset));
    EXPECT_EQ(offset, 192u);
    EXPECT_EQ(rows.d.GuaranteedBaseOffsetAlignment, 0u);
}

TEST(LayoutSubView, AlignmentFollowsTheOffset) {
    Desc parent(F16, {4, 6});
    parent.d.GuaranteedBaseOffsetAlignment = 256;
    Out view;
    UINT64 offset = 0;
    EXPECT_OK(SubView(&parent, {2, 2}, {0, 3}, view, &offset));
    EXPECT_EQ(offset, 6u);
    EXPECT_EQ(view.d.GuaranteedBaseOffsetAlignment, 2u);
    EXPECT_OK(SubView(&parent, {2, 2}, {2, 4}, view, &offset));   // 16 elements = 32 bytes
    EXPECT_EQ(offset, 32u);
    EXPECT_EQ(view.d.GuaranteedBaseOffsetAlignment, 32u);
    EXPECT_OK(SubView(&parent, {1, 2}, {3, 4}, view, &offset));   // 22 elements = 44 bytes
    EXPECT_EQ(view.d.GuaranteedBaseOffsetAlignment, 4u);
}

TEST(LayoutSubView, OfAPermutedDesc) {
    Desc parent(F32, {3, 4}, {1, 3});   // "ba"
    Out view;
    UINT64 offset = 0;
    EXPECT_OK(SubView(&parent, {2, 2}, {1, 2}, view, &offset));
    EXPECT_EQ(view.Strides(), (Dims{1, 3}));
    EXPECT_EQ(offset, (1u * 1 + 2 * 3) * 4);
}

TEST(LayoutSubView, CheckedAgainstTheParent) {
    Desc parent(F32, {4, 6, 8});
    Out view;
    UINT64 offset = 77;
    EXPECT_INVALID(SubView(&parent, {2, 5, 4}, {1, 2, 3}, view, &offset),
                   "offsets[1] + sizes[1] is 2 + 5 = 7, beyond desc.Sizes[1] = 6");
    EXPECT_INVALID(SubView(&parent, {2, 3, 4}, {1, 2, 0xFFFFFFFFu}, view, &offset), "offsets[2] + sizes[2]");
    EXPECT_INVALID(SubView(&parent, {2, 0, 4}, {1, 2, 3}, view, &offset), "sizes[1] is 0");
    EXPECT_INVALID(vkdmlLayoutSubView(&parent, nullptr, Dims{0, 0, 0}.data(), &view.d, view.sizes, view.strides, &offset),
                   "sizes is NULL");
    EXPECT_INVALID(vkdmlLayoutSubView(&parent, Dims{1, 1, 1}.data(), nullptr, &view.d, view.sizes, view.strides, &offset),
                   "offsets is NULL");
    EXPECT_INVALID(SubView(&parent, {1, 1, 1}, {0, 0, 0}, view, nullptr), "outByteOffset is NULL");
    // The view's own TotalTensorSizeInBytes is rounded up to 4: it must still end inside the parent's.
    Desc bytes(U8, {4});
    EXPECT_INVALID(SubView(&bytes, {3}, {1}, view, &offset), "ending at byte 5, beyond the parent's");
    Desc roomy(U8, {4}, {}, 8);
    EXPECT_OK(SubView(&roomy, {3}, {1}, view, &offset));
    EXPECT_EQ(offset, 1u);
    EXPECT_EQ(view.d.GuaranteedBaseOffsetAlignment, 1u);
    // A 4-bit view must start on a whole byte.
    Desc nibbles(U4, {8}, {}, 8);
    Out nibbleView;
    EXPECT_INVALID(SubView(&nibbles, {2}, {1}, nibbleView, &offset), "not on a byte boundary");
    EXPECT_TRUE(nibbleView.Untouched());
    EXPECT_OK(SubView(&nibbles, {2}, {2}, nibbleView, &offset));
    EXPECT_EQ(offset, 1u);
}

// ---- bitcast -----------------------------------------------------------------------------------------------------

TEST(LayoutBitcast, SameWidthKeepsTheLayout) {
    Desc in(F32, {3, 4}, {1, 3}, 128);
    in.d.GuaranteedBaseOffsetAlignment = 8;
    const std::pair<DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE> pairs[] = {
        {F32, DML_TENSOR_DATA_TYPE_UINT32}, {F32, DML_TENSOR_DATA_TYPE_INT32}, {F16, DML_TENSOR_DATA_TYPE_INT16},
        {U8, DML_TENSOR_DATA_TYPE_INT8}, {DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT64},
        {U4, DML_TENSOR_DATA_TYPE_INT4}};
    for (const auto& [from, to] : pairs) {
        in.d.DataType = from;
        Out out;
        ASSERT_EQ(vkdmlLayoutBitcast(&in.d, to, &out.d, out.sizes, out.strides), VKDML_SUCCESS) << Message();
        EXPECT_EQ(out.d.DataType, to);
        EXPECT_EQ(out.Sizes(), in.sizes);
        EXPECT_EQ(out.Strides(), in.strides);
        EXPECT_EQ(out.d.TotalTensorSizeInBytes, 128u);
        EXPECT_EQ(out.d.GuaranteedBaseOffsetAlignment, 8u);
    }
}

TEST(LayoutBitcast, DifferentWidthIsAnError) {
    Desc in(F32, {4});
    Out out;
    EXPECT_INVALID(vkdmlLayoutBitcast(&in, F16, &out.d, out.sizes, out.strides),
                   "dataType FLOAT16 is 16 bits wide but desc.DataType FLOAT32 is 32");
    EXPECT_INVALID(vkdmlLayoutBitcast(&in, DML_TENSOR_DATA_TYPE(42), &out.d, out.sizes, out.strides), "dataType is 42");
    EXPECT_INVALID(vkdmlLayoutBitcast(nullptr, F32, &out.d, out.sizes, out.strides), "vkdmlLayoutBitcast: desc is NULL");
    EXPECT_TRUE(out.Untouched());
}

}  // namespace
