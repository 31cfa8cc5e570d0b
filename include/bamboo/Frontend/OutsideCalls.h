//===- OutsideCalls.h - MPI calls that no function body holds ---*- C++ -*-===//
//
// An MPI call can stand outside every function body: in a default argument
// (it runs in the caller), a default member initializer (in a constructor) or
// the initializer of a variable with static storage (a mutable global is
// privatized, and each rank runs its initializer as it starts). The function
// models do not see them; this finds them once, for the checks and for code
// generation.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_OUTSIDECALLS_H
#define BAMBOO_FRONTEND_OUTSIDECALLS_H

#include "bamboo/Frontend/MPIModel.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class VarDecl;
} // namespace clang

namespace bamboo {

struct OutsideMPICall {
  const clang::CallExpr *Call;
  MPICallee Callee;
  /// The constant with static storage it initializes, if any: initialized
  /// before any rank exists (an error, Diag::MPIBeforeRanks).
  const clang::VarDecl *Constant = nullptr;
};

/// The MPI calls of user code in \p Ctx that are not among \p InFunctions
/// (the calls the function models hold), in source order.
std::vector<OutsideMPICall> findMPICallsOutsideFunctions(
    clang::ASTContext &Ctx,
    const llvm::DenseSet<const clang::CallExpr *> &InFunctions);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_OUTSIDECALLS_H
