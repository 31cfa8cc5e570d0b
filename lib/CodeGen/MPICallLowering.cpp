//===- MPICallLowering.cpp - MPI calls become runtime calls ---------------===//
//
// `MPI_X(args)` becomes `bamboo::mpi::X(args)` with the same arguments, a
// plain call whether it waits or not: a rank waits on a stack of its own.
// In an olap region's body, a blocking point-to-point call or wait becomes
// `bambooOlap.X(args)`: the region defers it to its end (bamboo/region.h).
// In C, the same calls of the runtime's C interface (bamboo/c.h):
// `bamboo_MPI_X(args)` and `bamboo_region_MPI_X(args)`, macros that pass the
// call's place (and the region named bambooOlap where the call is written).
// The same call in a function the body calls stays `bamboo::mpi::X`, and
// completes in the call. Process-local calls (datatypes, operations,
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

/// Where the function's name is written in the call, and where the name with
/// its qualifier (`::MPI_Send`) begins.
std::pair<SourceLocation, SourceLocation> nameLocation(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
    return {Ref->getBeginLoc(), Ref->getLocation()};
  if (const auto *Lookup = dyn_cast<OverloadExpr>(Callee))
    return {Lookup->getBeginLoc(), Lookup->getNameLoc()};
  return {Callee->getBeginLoc(), Callee->getBeginLoc()};
}

/// `Send` for MPI_Send and PMPI_Send (what LowersTo names).
llvm::StringRef runtimeName(const MPIFunctionInfo &Info) {
  llvm::StringRef Name = Info.LowersTo.empty() ? Info.Name : Info.LowersTo;
  Name.consume_front("P");
  Name.consume_front("MPI_");
  return Name;
}

/// The calls bamboo::Region defers: those that may wait and that a region
/// may contain (the others are refused in a region by the front end).
bool deferredByRegion(const MPIFunctionInfo &Info) {
  return Info.mayWait() && Info.isDeferrable();
}

void renameCall(RewriteSession &S, const CallExpr *Call, llvm::StringRef Name,
                const MPIFunctionInfo &Info) {
  S.replaceToken(nameLocation(Call).second,
                 runtimeCall(S, Info, /*InRegion=*/false),
                 "call to '" + Name.str() + "'", /*InMacroBodies=*/true);
}

} // namespace

std::string runtimeCall(const RewriteSession &S, const MPIFunctionInfo &Info,
                        bool InRegion) {
  if (S.isC())
    return ((InRegion ? "bamboo_region_MPI_" : "bamboo_MPI_") +
            runtimeName(Info))
        .str();
  return ((InRegion ? "bambooOlap." : "bamboo::mpi::") + runtimeName(Info))
      .str();
}

void lowerMPICalls(RewriteSession &S) {
  for (const auto &FM : S.Model.functions()) {
    for (const MPICallSite &Site : FM->MPICalls) {
      const MPIFunctionInfo *Info = Site.Info;
      // Unknown and unsupported calls were reported by the front end.
      if (!Info || !Info->isSupported() || Info->Kind == MPIKind::ProcessLocal)
        continue;
      std::string What = "call to '" + Site.Name.str() + "'";
      auto [Begin, Name] = nameLocation(Site.Call);
      if (Site.InRegion && deferredByRegion(*Info)) {
        // Only this use of a macro would be in the region: not in its body.
        S.replaceTokens(Begin, Name, runtimeCall(S, *Info, /*InRegion=*/true),
                        What);
        continue;
      }
      // The same in every use of a macro whose body makes the call.
      renameCall(S, Site.Call, Site.Name, *Info);
    }
  }

  // A default argument runs in its caller, a default member initializer in
  // a constructor, a mutable global's initializer as its rank starts: all in
  // a rank, never in a region's body. (The front end refused the others.)
  for (const auto &[Call, Callee, Constant] : S.Model.outsideCalls())
    if (Callee.Info && Callee.Info->isSupported() && !Constant &&
        Callee.Info->Kind != MPIKind::ProcessLocal)
      renameCall(S, Call, Callee.Name, *Callee.Info);
}

} // namespace bamboo::codegen
