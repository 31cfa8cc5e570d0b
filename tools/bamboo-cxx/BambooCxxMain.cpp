//===- BambooCxxMain.cpp - bamboo-cxx, a drop-in for mpicxx ---------------===//
//
// USAGE: bamboo-cxx [mpicxx options] <sources and objects>... [-o <output>]
//                   [--keep-translated] [--mpicxx=<path>]
//                   [--mpicc=<path>]
//
// Builds an MPI program as mpicxx does, through the translator
// (lib/Driver/CxxDriver.cpp, docs/multifile.md):
//
//   bamboo-cxx -O2 a.cpp b.cpp -o app   # each source translated, compiled
//   bamboo-cxx -c a.cpp                 # a.o, as mpicxx -c makes it
//   bamboo-cxx a.o b.o -o app           # linked with the runtime
//
//===----------------------------------------------------------------------===//

#include "BambooCxxConfig.inc"

#include "bamboo/Driver/CxxDriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  bamboo::driver::CxxDriverConfig Config;
  Config.MPICxx = BAMBOO_MPICXX;
  Config.MPICC = BAMBOO_MPICC;
  Config.InstallIncludeDir = BAMBOO_INSTALL_INCLUDEDIR;
  Config.InstallLibDir = BAMBOO_INSTALL_LIBDIR;
  Config.BuildIncludeDir = BAMBOO_RUNTIME_INCLUDE_DIR;
  Config.BuildLibDir = BAMBOO_RUNTIME_LIBRARY_DIR;
  Config.RuntimeFlags = BAMBOO_RUNTIME_FLAGS;
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv[0], &Anchor);
  return bamboo::driver::runCxxDriver(
      std::vector<std::string>(Argv + 1, Argv + Argc), Exe, Config);
}
