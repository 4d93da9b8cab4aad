# Sanitizer builds (CMakePresets.json: "asan" and "fuzz"). VKDML_SANITIZERS is a -fsanitize= list applied to every
# target of the project - the shared library, the tools and the tests - so that the library's hidden-visibility
# objects and their callers are instrumented alike. The Vulkan loader, the drivers (lavapipe, SwiftShader) and the
# validation layer are not instrumented; tests/sanitizers/ holds the run-time options and the suppressions they need.
set(VKDML_SANITIZERS "" CACHE STRING
    "Comma-separated -fsanitize= list for every target, e.g. address,undefined (empty: none)")
if(VKDML_SANITIZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(WARNING "VKDML_SANITIZERS is tested with clang (the presets use it); ${CMAKE_CXX_COMPILER_ID} may differ")
  endif()
  # Halt on the first UBSan error (no recovery), keep frame pointers for LeakSanitizer's fast unwinder.
  # -fno-sanitize=enum: the DML_* and VKDML_* enums are C types whose values come from the application (or a fuzzer)
  # and are checked by value before use; C gives them the range of int, and without -fstrict-enums clang does not
  # assume C++'s narrower enumerator range either, so loading DML_EXECUTION_FLAGS(0x100) to reject it is well defined
  # in the C sense the header is written in. Every other UBSan check stays on.
  set(VKDML_SANITIZER_FLAGS -fsanitize=${VKDML_SANITIZERS} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  if(VKDML_SANITIZERS MATCHES "undefined")
    list(APPEND VKDML_SANITIZER_FLAGS -fno-sanitize=enum)
  endif()
  add_compile_options(${VKDML_SANITIZER_FLAGS})
  # fuzzer-no-link is a compile-time instrumentation only; the fuzz targets add -fsanitize=fuzzer themselves.
  string(REPLACE "fuzzer-no-link" "" link_sanitizers "${VKDML_SANITIZERS}")
  string(REGEX REPLACE ",+" "," link_sanitizers "${link_sanitizers}")
  string(REGEX REPLACE "^,|,$" "" link_sanitizers "${link_sanitizers}")
  set(VKDML_SANITIZER_LINK_FLAGS -fsanitize=${link_sanitizers})
  # The C++ library is instrumented with UBSan's vptr and function checks, whose handlers live in the C++ part of the
  # runtime: link it into C programs too (the samples, header_layout_test, the install consumer), or they cannot
  # load libvkdml.so.
  if(link_sanitizers MATCHES "undefined|vptr|function" AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    list(APPEND VKDML_SANITIZER_LINK_FLAGS -fsanitize-link-c++-runtime -lstdc++)
  endif()
  add_link_options(${VKDML_SANITIZER_LINK_FLAGS})
  # The environment every test runs with: options and suppressions for the uninstrumented Vulkan stack.
  set(sanitizer_dir ${PROJECT_SOURCE_DIR}/tests/sanitizers)
  # intercept_tls_get_addr=0: clang 14's runtime takes any dynamic TLS block that starts 16 bytes into a page for one
  # of an old glibc's own and reads its bounds from the 16 bytes before it. glibc 2.36 allocates those blocks with
  # malloc, i.e. from ASan's heap, so when a driver's block happens to land there (heap layout: SwiftShader is loaded
  # once per device) the runtime records a range read from ASan's chunk header, and LeakSanitizer crashes scanning it
  # at exit ("Tracer caught signal 11"; LSAN_OPTIONS=verbosity=2 shows "DTLS 5 at 0x844f-0x4800009551"). Without
  # the interceptor LeakSanitizer stops treating dynamic TLS as a root; only the dlopened drivers and layer have any
  # (vkdml and the programs are loaded at startup: their thread-locals are static TLS, still scanned), and leaks are
  # still reported.
  set(asan_options detect_leaks=1 abort_on_error=0 halt_on_error=1 detect_stack_use_after_return=0
      strict_string_checks=0 check_initialization_order=1 intercept_tls_get_addr=0)
  list(JOIN asan_options ":" asan_options)
  set(VKDML_SANITIZER_ENVIRONMENT
      "ASAN_OPTIONS=${asan_options}"
      "UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=${sanitizer_dir}/ubsan.supp"
      "LSAN_OPTIONS=suppressions=${sanitizer_dir}/lsan.supp:print_suppressions=0")
  # The same environment for scripts that run the instrumented programs by hand (tests/fuzz/run_fuzzers.sh sources
  # BUILD_DIR/sanitizer_environment.sh), so the options are written once.
  list(TRANSFORM VKDML_SANITIZER_ENVIRONMENT REPLACE "^([A-Z_]+)=(.*)$" "export \\1='\\2'" OUTPUT_VARIABLE exports)
  list(JOIN exports "\n" exports)
  file(WRITE ${PROJECT_BINARY_DIR}/sanitizer_environment.sh "# Written by cmake/Sanitizers.cmake.\n${exports}\n")
endif()
