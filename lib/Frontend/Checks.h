//===- Checks.h - The front end's checks (internal) ------------*- C++ -*-===//
//
// The diagnostics that need the whole model: MPI calls Bamboo cannot
// translate, and what olap regions may contain.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_LIB_FRONTEND_CHECKS_H
#define BAMBOO_LIB_FRONTEND_CHECKS_H

#include "bamboo/Frontend/CallGraph.h"
#include "bamboo/Frontend/OutsideCalls.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
}

namespace bamboo {

class CallGraph;
class DiagTable;
class PragmaTable;
struct FunctionModel;
struct ReachSets;

/// The functions that can run: reachable from main, from a function with
/// external linkage defined in the main file (another file may call it), or
/// from a function whose address is taken.
llvm::DenseSet<const CallGraph::Node *>
runnableFunctions(clang::ASTContext &Ctx, const CallGraph &G);

/// Unknown and unsupported MPI functions (errors where they can run, warnings
/// elsewhere).
void checkMPICalls(clang::ASTContext &Ctx, const FunctionModel &F,
                   bool Runnable, DiagTable &Diags);
/// MPI functions used other than in a direct call, and any use of MPI's C++
/// bindings (namespace MPI), in the user's files.
void checkMPIFunctionReferences(clang::ASTContext &Ctx, DiagTable &Diags);
/// The same for MPI calls outside function bodies, which always run; and an
/// MPI call in a constant's static initializer, which runs before any rank.
void checkOutsideCalls(llvm::ArrayRef<OutsideMPICall> Calls, DiagTable &Diags);

/// Misplaced pragmas, nested regions, what a region may contain (directly
/// and through calls), jumps across its boundary, receive buffers used too
/// early, waits on requests the region does not start.
void checkRegions(clang::ASTContext &Ctx, const FunctionModel &F,
                  const CallGraph &G, const ReachSets &Reach,
                  const PragmaTable &Pragmas, DiagTable &Diags);

} // namespace bamboo

#endif // BAMBOO_LIB_FRONTEND_CHECKS_H
