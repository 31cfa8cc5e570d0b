//===- MPICallLowering.cpp - MPI calls become runtime calls ---------------===//
//
// `MPI_X(args)` becomes `bamboo::mpi::X(args)` with the same arguments; a
// call that may wait is awaited. Process-local calls (datatypes, operations,
// statuses, packing) stay MPI's own.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "bamboo/Frontend/MPIModel.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

/// Where the function's name is written in the call.
SourceLocation nameLocation(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
    return Ref->getLocation();
  if (const auto *Lookup = dyn_cast<OverloadExpr>(Callee))
    return Lookup->getNameLoc();
  return Callee->getBeginLoc();
}

/// `Send` for MPI_Send and PMPI_Send (what LowersTo names).
llvm::StringRef runtimeName(const MPIFunctionInfo &Info) {
  llvm::StringRef Name = Info.LowersTo.empty() ? Info.Name : Info.LowersTo;
  Name.consume_front("P");
  Name.consume_front("MPI_");
  return Name;
}

} // namespace

void lowerMPICalls(RewriteSession &S) {
  for (const auto &FM : S.Model.functions()) {
    for (const MPICallSite &Site : FM->MPICalls) {
      const MPIFunctionInfo *Info = Site.Info;
      // Unknown and unsupported calls were reported by the front end.
      if (!Info || !Info->isSupported() || Info->Kind == MPIKind::ProcessLocal)
        continue;
      std::string What = "call to '" + Site.Name.str() + "'";
      // The same in every use of a macro whose body makes the call.
      if (!S.replaceToken(nameLocation(Site.Call),
                          ("bamboo::mpi::" + runtimeName(*Info)).str(), What,
                          /*InMacroBodies=*/true))
        continue;
      if (Info->mayWait() && !isUnevaluated(Site.Call, S) &&
          checkCanAwait(Site.Call, S))
        S.await(Site.Call, What);
    }
  }
}

} // namespace bamboo::codegen
