//===- RegionModel.h - Olap regions, blocks and MPI call sites -*- C++ -*-===//
//
// For each function: its olap regions, their receive and send blocks, every
// MPI call with the conditions and loops that guard it, the calls of other
// functions, and the control flow that would leave or enter a region. The
// code generator consumes this model; the checks in Analysis report on it.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_REGIONMODEL_H
#define BAMBOO_FRONTEND_REGIONMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace bamboo {

struct MPIFunctionInfo;
struct PragmaRecord;
class PragmaTable;
struct Region;
struct Block;

/// A condition or loop around a call.
struct Guard {
  enum GuardKind : uint8_t {
    Then, ///< the true branch of an IfStmt or ConditionalOperator
    Else, ///< the false branch
    Loop, ///< the body (or condition) of a for, range-for, while or do loop
    Switch,
  };
  GuardKind Kind;
  const clang::Stmt *S;
};

/// Where a call sits: its region and block (null when outside), and the
/// guards from the function body inwards.
struct CallPlacement {
  const Region *InRegion = nullptr;
  const Block *InBlock = nullptr;
  std::vector<Guard> Guards;
  /// Guards[GuardsOutsideRegion...] lie inside the region.
  unsigned GuardsOutsideRegion = 0;

  llvm::ArrayRef<Guard> guardsInRegion() const {
    return llvm::ArrayRef<Guard>(Guards).drop_front(GuardsOutsideRegion);
  }
};

/// A call of an MPI library function.
struct MPICallSite : CallPlacement {
  const clang::CallExpr *Call = nullptr;
  llvm::StringRef Name;                  ///< as written ("MPI_Irecv")
  const MPIFunctionInfo *Info = nullptr; ///< null: unknown MPI function

  /// The argument with role index \p Index (an MPIArgs field), or null.
  const clang::Expr *arg(int Index) const;
};

/// A call of another function (or of a constructor); Callee is null for a
/// call through a pointer.
struct UserCallSite : CallPlacement {
  const clang::Expr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
};

enum class BlockKind : uint8_t { Receive, Send };

/// A `#pragma bamboo receive` or `send` block, directly inside a region.
struct Block {
  BlockKind Kind;
  const clang::Stmt *S = nullptr;
  const PragmaRecord *Pragma = nullptr;
  std::vector<const MPICallSite *> MPICalls;
  std::vector<const UserCallSite *> UserCalls;
};

/// A `#pragma bamboo olap` region.
struct Region {
  const clang::Stmt *S = nullptr;
  const PragmaRecord *Pragma = nullptr;
  std::optional<int> Priority;
  std::deque<Block> Blocks; ///< in source order
  /// Every call in the region, in or outside its blocks, in source order.
  std::vector<const MPICallSite *> MPICalls;
  std::vector<const UserCallSite *> UserCalls;
  /// return, break/continue to an outer loop, goto out, throw not caught
  /// within: control flow that would leave the region early.
  std::vector<const clang::Stmt *> Exits;

  /// The region's firing rule: its receives (blocking or not, in blocks or
  /// not), in source order.
  std::vector<const MPICallSite *> receives() const;
  std::vector<const MPICallSite *> sends() const;
  /// Wait* calls, which complete at the region's end.
  std::vector<const MPICallSite *> waits() const;
};

/// The model of one function (or lambda call operator) with a body in user
/// code, at source level: templates are modelled once, as written.
struct FunctionModel {
  const clang::FunctionDecl *Decl = nullptr;
  std::deque<Region> Regions;
  std::deque<MPICallSite> MPICalls; ///< every MPI call, in source order
  std::deque<UserCallSite> UserCalls;

  /// Structural problems found while building (reported by the checks).
  struct Misplaced {
    const PragmaRecord *Pragma; ///< an olap inside an olap, or a block
                                ///< pragma not directly inside an olap
    const Region *Enclosing;    ///< the outer region of a nested olap
  };
  std::vector<Misplaced> MisplacedPragmas;
  /// goto, case or default that jumps from outside into a region.
  std::vector<std::pair<const clang::Stmt *, const Region *>> Entries;

  /// MPI calls outside any region.
  std::vector<const MPICallSite *> callsOutsideRegions() const;
};

/// Builds the model of \p FD's body with the bound pragmas of \p Pragmas.
std::unique_ptr<FunctionModel> buildFunctionModel(const clang::FunctionDecl *FD,
                                                  const PragmaTable &Pragmas,
                                                  clang::ASTContext &Ctx);

/// Every function body in user code (not in system headers), in source
/// order: functions, methods, templates as written, lambda call operators.
std::vector<const clang::FunctionDecl *> userFunctions(clang::ASTContext &Ctx);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_REGIONMODEL_H
