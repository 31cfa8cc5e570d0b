//===- Analysis.h - The front end's model of a translation unit -*- C++ -*-===//
//
// Runs the front end on a parsed translation unit: binds the pragmas, builds
// the call graph and reach sets, models every function's regions and MPI
// calls, and reports the diagnostics. The result is what --explain prints and
// what code generation consumes; running it prints nothing.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_ANALYSIS_H
#define BAMBOO_FRONTEND_ANALYSIS_H

#include "bamboo/Frontend/CallGraph.h"
#include "bamboo/Frontend/OutsideCalls.h"
#include "bamboo/Frontend/RegionModel.h"
#include "bamboo/Frontend/Reordering.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace bamboo {

class DiagTable;
class Inclusions;
class PragmaTable;

/// What an analysis may be given besides the AST and its pragmas.
struct AnalysisInputs {
  /// The files and #include directives of the translation unit (code
  /// generation rewrites headers with them).
  const Inclusions *Includes = nullptr;
};

/// Everything the front end knows about one translation unit. Holds
/// pointers into the AST and the pragma table: valid while both live.
class TranslationUnitModel {
public:
  clang::ASTContext &context() const { return *Ctx; }
  const PragmaTable &pragmas() const { return *Pragmas; }
  /// The files read and the #include directives; null if not recorded.
  const Inclusions *inclusions() const { return Includes; }
  /// This file's call graph. A file is analysed on its own, as it is
  /// compiled: a function defined in another file is a node without calls.
  const CallGraph &callGraph() const { return Graph; }
  const ReachSets &reach() const { return Reach; }

  /// Every function with a body in user code, in source order.
  llvm::ArrayRef<std::unique_ptr<FunctionModel>> functions() const {
    return Functions;
  }
  /// The MPI calls outside every function body (default arguments, member
  /// and static initializers), in source order.
  llvm::ArrayRef<OutsideMPICall> outsideCalls() const { return Outside; }
  /// The blocks that start or complete transfers outside olap regions, and
  /// their consensus order (docs/reorder.md), in source order.
  llvm::ArrayRef<BlockPlan> blockPlans() const { return Plans; }
  /// The main function the main file defines (not a header's), or null.
  const clang::FunctionDecl *mainFunction() const;
  /// The model of \p FD (a source-level function), or null.
  const FunctionModel *modelOf(const clang::FunctionDecl *FD) const;

  /// Whether \p FD reaches any MPI call, directly or through calls.
  bool reachesMPI(const clang::FunctionDecl *FD) const;
  /// Whether \p FD reaches an MPI call that may wait.
  bool reachesWaitingMPI(const clang::FunctionDecl *FD) const;
  /// Whether \p FD may suspend its rank: it reaches a waiting MPI call or an
  /// olap region.
  bool maySuspend(const clang::FunctionDecl *FD) const;
  /// The user functions that may suspend their rank, in source order.
  std::vector<const clang::FunctionDecl *> suspendingFunctions() const;

private:
  friend std::unique_ptr<TranslationUnitModel>
  analyzeTranslationUnit(clang::ASTContext &, PragmaTable &, DiagTable &,
                         const AnalysisInputs &);

  clang::ASTContext *Ctx = nullptr;
  const PragmaTable *Pragmas = nullptr;
  const Inclusions *Includes = nullptr;
  CallGraph Graph;
  ReachSets Reach;
  std::vector<std::unique_ptr<FunctionModel>> Functions;
  std::vector<OutsideMPICall> Outside;
  std::vector<BlockPlan> Plans;
  llvm::DenseMap<const clang::FunctionDecl *, const FunctionModel *> ByDecl;
};

/// Binds \p Pragmas (filled while parsing) and analyses \p Ctx, reporting
/// every problem through \p Diags.
std::unique_ptr<TranslationUnitModel>
analyzeTranslationUnit(clang::ASTContext &Ctx, PragmaTable &Pragmas,
                       DiagTable &Diags, const AnalysisInputs &Inputs = {});

} // namespace bamboo

#endif // BAMBOO_FRONTEND_ANALYSIS_H
