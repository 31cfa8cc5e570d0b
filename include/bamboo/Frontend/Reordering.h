//===- Reordering.h - Which blocks of a function are emitted reordered -*- C++
//-*-===//
//
// The facts code generation and --explain need to reorder communication
// (docs/reorder.md): for each block of a function that starts or completes a
// transfer, outside olap regions, its statements in the consensus order
// (BlockOrder.h), the transfers dependence held in place and why, and, when
// the block must be emitted as written, the reason.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_REORDERING_H
#define BAMBOO_FRONTEND_REORDERING_H

#include "bamboo/Frontend/Effects.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class BinaryOperator;
class CallExpr;
class ValueDecl;
class CompoundStmt;
class ForStmt;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace bamboo {

struct FunctionModel;
class PragmaTable;

struct BlockPlan {
  const clang::FunctionDecl *Function = nullptr;
  const clang::CompoundStmt *Block = nullptr;
  std::vector<const clang::Stmt *> Items;   ///< the statements, written order
  std::vector<CommRole> Roles;              ///< each item's part in transfers
  std::vector<const MPIFunctionInfo *> MPI; ///< each item's MPI call, if any
  /// A blocking call emitted as its start and a wait, when that lets its
  /// window grow: two items with the same statement. One whose halves would
  /// stay together is one item, as written.
  std::vector<std::optional<SplitCall>> Splits;
  std::vector<unsigned> Order; ///< indices into Items
  /// A start the overlap order wanted earlier (Up), or a completion it
  /// wanted later, that dependence on Holder kept where it is. The start or
  /// completion may be a half of a blocking call kept whole.
  struct Hold {
    unsigned Transfer;
    unsigned Holder;
    bool Up;
    std::string Why;
  };
  std::vector<Hold> Holds;
  /// The body of a counted loop whose leading starts are pipelined: they
  /// also run, for the next iteration, at the end of this one, as early as
  /// its data allows. `for (int i = A; i < E; ++i) { S; B }` is emitted as
  /// `{ int i = A; if (i < E) { S } for (; i < E; ++i) { B, with
  /// if (i + 1 < E) { S } where the consensus puts it } }`.
  struct Pipeline {
    const clang::ForStmt *Loop = nullptr;
    const clang::VarDecl *Counter = nullptr;
    const clang::BinaryOperator *Condition = nullptr; ///< i < E, i <= E, i != E
  };
  std::optional<Pipeline> Pipelined;
  /// Per item of a pipelined body: a start where it is written (Hoisted: it
  /// runs before the loop and as Next) or its copy for the next iteration,
  /// after the written items. Empty for other blocks.
  enum class Copy : uint8_t { Written, Hoisted, Next };
  std::vector<Copy> Copies;
  Copy copy(unsigned I) const {
    return Copies.empty() ? Copy::Written : Copies[I];
  }

  /// A counted loop that writes a send's buffer element by element, and the
  /// send after it: the send starts before the loop (bamboo::isendInParts) and
  /// its data leaves in parts as the loop writes them (docs/reorder.md, "Strip
  /// mining"). `for (int i = A; i < E; ++i) B` is emitted as `for (int i =
  /// A; i < E;) { end = the end of i's part, at most E; for (; i < end; ++i)
  /// B  parts up to i are ready }`, then all of it is ready.
  struct StripMine {
    unsigned Loop = 0, Send = 0; ///< items
    const clang::ForStmt *L = nullptr;
    const clang::VarDecl *Counter = nullptr;
    const clang::ValueDecl *Buffer = nullptr; ///< written only as Buffer[i]
    const clang::CallExpr *Call = nullptr;    ///< MPI_Isend or MPI_Send
  };
  std::vector<StripMine> StripMined;
  const StripMine *stripMineOf(unsigned Item) const {
    for (const StripMine &M : StripMined)
      if (M.Loop == Item || M.Send == Item)
        return &M;
    return nullptr;
  }

  /// Non-empty if Order differs from the written order but the block is
  /// emitted as written: why ("a preprocessor line is among its statements").
  std::string KeptBecause;

  /// Whether code generation emits the block in another order.
  bool reorders() const;
};

/// The plans of \p FM's blocks that start or complete a transfer, outside
/// olap regions, in source order. A function template is not planned: its
/// dependences are not known before instantiation. The block a `#pragma
/// bamboo noreorder` of \p Pragmas is written in, and every block inside
/// it, keep their written order, and so does a block with a statement that
/// holds an olap region. Calls have \p Summaries' effects.
std::vector<BlockPlan> planBlocks(const FunctionModel &FM,
                                  const PragmaTable &Pragmas,
                                  clang::ASTContext &Ctx,
                                  CallSummaries &Summaries);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_REORDERING_H
