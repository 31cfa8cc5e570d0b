# Sanitizer builds (docs/testing.md#sanitizers): -DBAMBOO_SANITIZE=address,undefined or =thread
# (any list that -fsanitize= takes; empty, the default, builds without).
#
# Everything this build compiles is instrumented: the translator's libraries and tools, the
# runtime, the tests and the programs they build (LLVM and MPI are shared libraries of the
# system and stay as they are). The runtime is a static library that user programs link, so the
# sanitizer's run-time must come into their link as well:
#   - Bamboo::runtime carries the flags as INTERFACE options (bamboo_add_executable, and the
#     installed CMake package);
#   - bamboo-cxx compiles and links with them (BAMBOO_RUNTIME_FLAGS, tools/bamboo-cxx);
#   - the lit tests that link a translation by hand get them with %runtime_library.
# Sets BAMBOO_SANITIZE_FLAGS (a list; empty without sanitizers).
include_guard(GLOBAL)

set(BAMBOO_SANITIZE "" CACHE STRING
    "Sanitizers to build with, as -fsanitize= takes them: address,undefined or thread")

set(BAMBOO_SANITIZE_FLAGS)
if(BAMBOO_SANITIZE)
  if(BAMBOO_SANITIZE MATCHES "thread" AND BAMBOO_SANITIZE MATCHES "address")
    message(FATAL_ERROR "BAMBOO_SANITIZE: thread and address cannot be combined")
  endif()
  # Frame pointers: whole stacks in the reports (the sanitizers unwind by them). UBSan only
  # prints and goes on unless UBSAN_OPTIONS=halt_on_error=1 (scripts/check sets it).
  set(BAMBOO_SANITIZE_FLAGS -fsanitize=${BAMBOO_SANITIZE} -fno-omit-frame-pointer)
  add_compile_options(${BAMBOO_SANITIZE_FLAGS})
  add_link_options(-fsanitize=${BAMBOO_SANITIZE})
  message(STATUS "Bamboo: sanitizers ${BAMBOO_SANITIZE}")
endif()

# bamboo_sanitize_llvm_executable(<target>): for an executable that links LLVM, built with
# AddressSanitizer: LLVM's allocators poison memory that the uninstrumented libclang-cpp then
# uses without unpoisoning (test/sanitizers/llvm_asan_defaults.cpp says more).
function(bamboo_sanitize_llvm_executable target)
  if(BAMBOO_SANITIZE MATCHES "address")
    target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/test/sanitizers/llvm_asan_defaults.cpp)
  endif()
endfunction()
