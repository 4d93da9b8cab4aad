# Build-time kernel pipeline: GLSL -> SPIR-V (glslangValidator) -> spirv-val -> spirv-opt -O -> spirv-val ->
# a C++ source holding the words (k_<name><variant>_spirv), so the library never reads a shader file at run time.
# `defines`: glslangValidator options of this variant (-DNAME); "" for none.
function(vkdml_compile_kernel_variant out_var source variant defines)
  get_filename_component(kernel ${source} NAME_WE)
  set(name ${kernel}${variant})
  set(raw ${CMAKE_CURRENT_BINARY_DIR}/${name}.raw.spv)
  set(opt ${CMAKE_CURRENT_BINARY_DIR}/${name}.spv)
  set(cpp ${CMAKE_CURRENT_BINARY_DIR}/${name}_spirv.cpp)
  file(GLOB includes ${CMAKE_CURRENT_SOURCE_DIR}/*.glsl)
  add_custom_command(
    OUTPUT ${cpp}
    COMMAND ${GLSLANG_VALIDATOR} -V --target-env vulkan1.1 ${defines} -I${CMAKE_CURRENT_SOURCE_DIR}
            -o ${raw} ${CMAKE_CURRENT_SOURCE_DIR}/${source}
    COMMAND ${SPIRV_VAL} --target-env vulkan1.1 ${raw}
    COMMAND ${SPIRV_OPT} -O ${raw} -o ${opt}
    COMMAND ${SPIRV_VAL} --target-env vulkan1.1 ${opt}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${opt} -DOUTPUT=${cpp} -DNAME=${name} -DSOURCE=${source}
            -P ${PROJECT_SOURCE_DIR}/cmake/WriteSpirvSource.cmake
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${source} ${includes} ${PROJECT_SOURCE_DIR}/cmake/WriteSpirvSource.cmake
    COMMENT "Compiling, validating and optimizing kernel ${source}${variant}"
    VERBATIM)
  set(${out_var} ${cpp} PARENT_SCOPE)
endfunction()

# The kernel as is: k_<name>_spirv.
function(vkdml_compile_kernel out_var source)
  vkdml_compile_kernel_variant(cpp ${source} "" "")
  set(${out_var} ${cpp} PARENT_SCOPE)
endfunction()
