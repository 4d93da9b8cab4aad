# Build-time kernel pipeline: GLSL -> SPIR-V (glslangValidator) -> spirv-val -> spirv-opt -O -> spirv-val ->
# a C++ source holding the words, so the library never reads a shader file at run time.
function(vkdml_compile_kernel out_var source)
  get_filename_component(name ${source} NAME_WE)
  set(raw ${CMAKE_CURRENT_BINARY_DIR}/${name}.raw.spv)
  set(opt ${CMAKE_CURRENT_BINARY_DIR}/${name}.spv)
  set(cpp ${CMAKE_CURRENT_BINARY_DIR}/${name}_spirv.cpp)
  file(GLOB includes ${CMAKE_CURRENT_SOURCE_DIR}/*.glsl)
  add_custom_command(
    OUTPUT ${cpp}
    COMMAND ${GLSLANG_VALIDATOR} -V --target-env vulkan1.1 -I${CMAKE_CURRENT_SOURCE_DIR}
            -o ${raw} ${CMAKE_CURRENT_SOURCE_DIR}/${source}
    COMMAND ${SPIRV_VAL} --target-env vulkan1.1 ${raw}
    COMMAND ${SPIRV_OPT} -O ${raw} -o ${opt}
    COMMAND ${SPIRV_VAL} --target-env vulkan1.1 ${opt}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${opt} -DOUTPUT=${cpp} -DNAME=${name}
            -P ${PROJECT_SOURCE_DIR}/cmake/WriteSpirvSource.cmake
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${source} ${includes} ${PROJECT_SOURCE_DIR}/cmake/WriteSpirvSource.cmake
    COMMENT "Compiling, validating and optimizing kernel ${source}"
    VERBATIM)
  set(${out_var} ${cpp} PARENT_SCOPE)
endfunction()
