//===- Lowerings.h - One function per construct that is rewritten -*- C++
//-*-===//
//
// Each lowering edits the session's Rewriter for one kind of construct
// (docs/codegen.md); Translate.cpp runs them in order.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_LIB_CODEGEN_LOWERINGS_H
#define BAMBOO_LIB_CODEGEN_LOWERINGS_H

#include <string>

namespace bamboo {
struct MPIFunctionInfo;
} // namespace bamboo

namespace bamboo::codegen {

class RewriteSession;

/// MPI calls become runtime calls; in an olap region's body, its blocking
/// point-to-point calls and waits go through the region (MPICallLowering.cpp).
void lowerMPICalls(RewriteSession &S);
/// The runtime's function for a call of \p Info, in the file's language:
/// bamboo::mpi::Send, bamboo_MPI_Send in C; in a region, the region's.
std::string runtimeCall(const RewriteSession &S, const MPIFunctionInfo &Info,
                        bool InRegion);
/// Olap regions and block pragmas (RegionLowering.cpp).
void lowerRegions(RewriteSession &S);
/// main keeps its name but not its symbol (bambooMain), and a generated
/// entry point starts the runtime (MainLowering.cpp).
void lowerMain(RewriteSession &S);
/// Mutable globals, static locals and static data members become per-rank
/// (Privatization.cpp).
void privatizeVariables(RewriteSession &S);
/// `#include <bamboo/bamboo.h>` in place of `#include <mpi.h>` in the files
/// that need it, #line, and #includes redirected to translated headers
/// (IncludeLowering.cpp).
void lowerIncludes(RewriteSession &S);

/// Blocks whose statements the analysis reordered are emitted in that
/// order (ReorderLowering.cpp).
void reorderBlocks(RewriteSession &S);

/// rand, drand48, strtok...: the C library's hidden state becomes per rank
/// (LibcLowering.cpp).
void lowerLibcState(RewriteSession &S);

} // namespace bamboo::codegen

#endif // BAMBOO_LIB_CODEGEN_LOWERINGS_H
