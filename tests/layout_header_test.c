/* vkdml/layout.h compiles as C99 (-pedantic -Werror) and works from C: the oneDNN permute_axes example and a
 * reshape, with caller-owned arrays on the stack. Prints the plain "N passed, N failed" line. */
#include <vkdml/layout.h>

#include <stdio.h>
#include <string.h>

static int passed = 0, failed = 0;

static void check(int condition, const char* what) {
    if (condition) {
        ++passed;
    } else {
        ++failed;
        printf("FAILED: %s (%s)\n", what, vkdmlGetLastErrorMessage());
    }
}

int main(void) {
    UINT dims[2] = {2, 3}, permutation[2] = {1, 0}, outDims[2] = {3, 2};
    UINT inSizes[VKDML_LAYOUT_MAX_DIMENSIONS], inStrides[VKDML_LAYOUT_MAX_DIMENSIONS];
    UINT outSizes[VKDML_LAYOUT_MAX_DIMENSIONS], outStrides[VKDML_LAYOUT_MAX_DIMENSIONS];
    UINT expectSizes[VKDML_LAYOUT_MAX_DIMENSIONS], expectStrides[VKDML_LAYOUT_MAX_DIMENSIONS];
    UINT flatSizes[VKDML_LAYOUT_MAX_DIMENSIONS], flatStrides[VKDML_LAYOUT_MAX_DIMENSIONS];
    UINT flat[1] = {6};
    DML_BUFFER_TENSOR_DESC in_md, expect_out_md, out_md, flat_md;
    BOOL equal = FALSE;
    UINT64 bytes = 0;

    check(vkdmlLayoutFromFormatTag(DML_TENSOR_DATA_TYPE_FLOAT32, 2, dims, "ab", &in_md, inSizes, inStrides) ==
              VKDML_SUCCESS, "from tag ab");
    check(vkdmlLayoutFromFormatTag(DML_TENSOR_DATA_TYPE_FLOAT32, 2, outDims, "ba", &expect_out_md, expectSizes,
                                   expectStrides) == VKDML_SUCCESS, "from tag ba");
    check(vkdmlLayoutPermuteAxes(&in_md, permutation, &out_md, outSizes, outStrides) == VKDML_SUCCESS, "permute");
    check(vkdmlLayoutEqual(&out_md, &expect_out_md, &equal) == VKDML_SUCCESS && equal == TRUE,
          "in_md.permute_axes(permutation) == expect_out_md");
    check(vkdmlLayoutReshape(&out_md, 1, flat, &flat_md, flatSizes, flatStrides) == VKDML_ERROR_INVALID_ARGUMENT,
          "a transposed desc does not flatten");
    check(strstr(vkdmlGetLastErrorMessage(), "rule 4") != NULL, "the message names rule 4");
    check(vkdmlLayoutReshape(&in_md, 1, flat, &flat_md, flatSizes, flatStrides) == VKDML_SUCCESS &&
              flat_md.DimensionCount == 1 && flatStrides[0] == 1, "a packed desc flattens");
    check(vkdmlLayoutCalcSize(DML_TENSOR_DATA_TYPE_FLOAT16, 1, flat, NULL, &bytes) == VKDML_SUCCESS && bytes == 12,
          "size");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
