// Linked into the executables that use LLVM (bamboo, bamboo-cxx, the translator's unit tests)
// when they are built with AddressSanitizer (cmake/BambooSanitize.cmake).
//
// LLVM's BumpPtrAllocator is a header template that poisons a new slab when compiled with ASan
// and unpoisons each allocation. Our instrumented code starts slabs of, say, the ASTContext's
// allocator, and libclang-cpp (the system's, not instrumented) allocates from them without
// unpoisoning: its reads of its own AST nodes are then reported as use-after-poison. The
// poisoning cannot be right when half of the allocator's users ignore it, so the translator
// ignores manual poisoning (the heap, stack and globals are checked as always).
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }
