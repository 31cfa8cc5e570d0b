//===- Checks.h - The front end's checks (internal) ------------*- C++ -*-===//
//
// The diagnostics that need the whole model: MPI calls Bamboo cannot
// translate, what olap regions may contain, and functions that would have to
// become tasks but cannot.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_LIB_FRONTEND_CHECKS_H
#define BAMBOO_LIB_FRONTEND_CHECKS_H

#include "bamboo/Frontend/CallGraph.h"
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
/// elsewhere), and MPI functions used other than in a direct call.
void checkMPICalls(clang::ASTContext &Ctx, const FunctionModel &F,
                   bool Runnable, DiagTable &Diags);
void checkMPIFunctionReferences(clang::ASTContext &Ctx, DiagTable &Diags);

/// Misplaced pragmas, nested regions, what a region may contain (directly
/// and through calls), jumps across its boundary, receive buffers used too
/// early, waits on requests the region does not start.
void checkRegions(clang::ASTContext &Ctx, const FunctionModel &F,
                  const CallGraph &G, const ReachSets &Reach,
                  const PragmaTable &Pragmas, DiagTable &Diags);

/// Calls through pointers or virtual functions, constructors, destructors,
/// lambdas and library code that reach a waiting MPI call or an olap region
/// (anything that makes a task).
void checkTasks(clang::ASTContext &Ctx, const CallGraph &G,
                const ReachSets &Reach, const PragmaTable &Pragmas,
                DiagTable &Diags);

} // namespace bamboo

#endif // BAMBOO_LIB_FRONTEND_CHECKS_H
