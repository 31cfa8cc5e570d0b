# Finds Debian's LLVM/Clang 19 and describes how the translator links against it.
#
# Debian's LLVMConfigVersion.cmake wants MAJOR.MINOR exactly, so find without a version and check
# the major number ourselves.
find_package(LLVM REQUIRED CONFIG
  HINTS /usr/lib/llvm-19/lib/cmake/llvm /usr/lib/llvm-19)
if(NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(FATAL_ERROR "Bamboo needs LLVM 19, found ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}. "
                      "Set LLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm.")
endif()
find_package(Clang REQUIRED CONFIG HINTS ${LLVM_INSTALL_PREFIX}/lib/cmake/clang)
message(STATUS "Bamboo: LLVM ${LLVM_PACKAGE_VERSION} in ${LLVM_INSTALL_PREFIX}")

# Clang's builtin headers (stddef.h, stdarg.h, ...). The translator looks next to itself first
# (a relocated install), then here.
set(BAMBOO_CLANG_RESOURCE_DIR
    "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}" CACHE PATH
    "Clang resource directory the translator falls back to")
if(NOT EXISTS "${BAMBOO_CLANG_RESOURCE_DIR}/include/stddef.h")
  message(FATAL_ERROR "Clang's builtin headers are missing from ${BAMBOO_CLANG_RESOURCE_DIR}; "
                      "install libclang-common-19-dev.")
endif()

set(BAMBOO_LLVM_TOOLS_DIR "${LLVM_TOOLS_BINARY_DIR}")

# Link against the shared libclang-cpp and libLLVM as the SPEC asks.
add_library(BambooLLVMDeps INTERFACE)
target_include_directories(BambooLLVMDeps SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
separate_arguments(BAMBOO_LLVM_DEFINITIONS NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_definitions(BambooLLVMDeps INTERFACE ${BAMBOO_LLVM_DEFINITIONS})
target_link_libraries(BambooLLVMDeps INTERFACE clang-cpp LLVM)
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(BambooLLVMDeps INTERFACE -fno-rtti)
endif()
