//===- MPIModel.cpp - What each MPI function does -------------------------===//
//
// Expands MPIFunctions.def into a lookup table and recognises MPI calls.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/MPIModel.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace bamboo {

namespace {

const MPIFunctionInfo Rows[] = {
#define BAMBOO_MPI_FUNCTION(Name, Kind, Wait, ...)                             \
  {"MPI_" #Name, MPIKind::Kind,       MPIWait::Wait, "MPI_" #Name,             \
   "",           MPIArgs{__VA_ARGS__}},
#define BAMBOO_MPI_UNSUPPORTED(Name, Reason)                                   \
  {"MPI_" #Name, MPIKind::Unsupported, MPIWait::NeverWaits, "", Reason, {}},
#include "bamboo/Frontend/MPIFunctions.def"
};

struct Rule {
  llvm::StringRef Affix;
  bool IsPrefix;
  MPIFunctionInfo Info;
};

const Rule Rules[] = {
#define BAMBOO_MPI_FUNCTION(Name, Kind, Wait, ...)
#define BAMBOO_MPI_PREFIX_RULE(Prefix, Kind, Reason)                           \
  {Prefix,                                                                     \
   true,                                                                       \
   {"MPI_" Prefix "*", MPIKind::Kind, MPIWait::NeverWaits, "", Reason, {}}},
#define BAMBOO_MPI_SUFFIX_RULE(Suffix, Kind, Reason)                           \
  {Suffix,                                                                     \
   false,                                                                      \
   {"MPI_*" Suffix, MPIKind::Kind, MPIWait::NeverWaits, "", Reason, {}}},
#include "bamboo/Frontend/MPIFunctions.def"
};

const MPIFunctionInfo Extension = {
    "MPIX_*", MPIKind::Unsupported,     MPIWait::NeverWaits,
    "",       "MPI library extensions", {}};

const llvm::StringMap<const MPIFunctionInfo *> &rowIndex() {
  static const llvm::StringMap<const MPIFunctionInfo *> Index = [] {
    llvm::StringMap<const MPIFunctionInfo *> Map;
    for (const MPIFunctionInfo &Row : Rows)
      Map[Row.Name] = &Row;
    return Map;
  }();
  return Index;
}

} // namespace

llvm::StringRef describeKind(MPIKind Kind) {
  switch (Kind) {
  case MPIKind::Send:
    return "send";
  case MPIKind::Recv:
    return "receive";
  case MPIKind::SendRecv:
    return "send-receive";
  case MPIKind::Wait:
    return "wait";
  case MPIKind::Test:
    return "test";
  case MPIKind::RequestFree:
    return "request free";
  case MPIKind::Persistent:
    return "persistent request operation";
  case MPIKind::Probe:
    return "probe";
  case MPIKind::Collective:
    return "collective";
  case MPIKind::Communicator:
    return "communicator operation";
  case MPIKind::Environment:
    return "environment call";
  case MPIKind::ProcessLocal:
    return "process-local call";
  case MPIKind::Unsupported:
    return "unsupported call";
  }
  llvm_unreachable("unknown MPIKind");
}

llvm::ArrayRef<MPIFunctionInfo> allMPIFunctions() { return Rows; }

bool isMPIName(llvm::StringRef Name) {
  Name.consume_front("P");
  return Name.starts_with("MPI_") || Name.starts_with("MPIX_");
}

const MPIFunctionInfo *lookupMPIFunction(llvm::StringRef Name) {
  // The profiling interface (PMPI_Send) means the same as MPI_Send.
  Name.consume_front("P");
  if (Name.starts_with("MPIX_"))
    return &Extension;
  if (!Name.starts_with("MPI_"))
    return nullptr;
  const auto &Index = rowIndex();
  auto It = Index.find(Name);
  if (It != Index.end())
    return It->second;
  llvm::StringRef Rest = Name.drop_front(4);
  for (const Rule &R : Rules) {
    if (R.IsPrefix ? Rest.starts_with(R.Affix) : Rest.ends_with(R.Affix))
      return &R.Info;
  }
  return nullptr;
}

bool isMPILibraryFunction(const NamedDecl &D, const SourceManager &SM) {
  const IdentifierInfo *II = D.getIdentifier();
  if (!II || !isMPIName(II->getName()))
    return false;
  if (!D.getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  SourceLocation Loc = SM.getExpansionLoc(D.getLocation());
  if (SM.isInSystemHeader(Loc))
    return true;
  llvm::StringRef File = llvm::sys::path::filename(SM.getFilename(Loc));
  return File.starts_with("mpi") && File.ends_with(".h");
}

bool matchMPICall(const CallExpr &Call, const SourceManager &SM,
                  MPICallee &Out) {
  if (const FunctionDecl *FD = Call.getDirectCallee()) {
    if (!isMPILibraryFunction(*FD, SM))
      return false;
    Out.Name = FD->getName();
    Out.Info = lookupMPIFunction(Out.Name);
    return true;
  }
  // In a template, MPI_Send(buf.data(), ...) with a dependent argument stays
  // an unresolved name until instantiation.
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee);
  if (!ULE || ULE->getNumDecls() == 0)
    return false;
  for (const NamedDecl *D : ULE->decls())
    if (!isMPILibraryFunction(*D->getUnderlyingDecl(), SM))
      return false;
  const IdentifierInfo *II = ULE->getName().getAsIdentifierInfo();
  if (!II)
    return false;
  Out.Name = II->getName();
  Out.Info = lookupMPIFunction(Out.Name);
  return true;
}

} // namespace bamboo
