//===- BlockOrder.h - The consensus order of a block's statements -*- C++
//-*-===//
//
// Applies the orders of docs/reorder.md to one block: dependence (from
// Effects.h) is required; overlap (starts first, completions last) and lower
// tags first are preferred. Code generation emits the statements in this
// order (Reordering.h).
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_BLOCKORDER_H
#define BAMBOO_FRONTEND_BLOCKORDER_H

#include "bamboo/Frontend/Effects.h"
#include "bamboo/Reorder/Consensus.h"

namespace bamboo {

struct BlockOrder {
  std::vector<Effects> Items;  ///< in written order
  reorder::Consensus Orders;   ///< kept edges, rejections and their chains
  std::vector<unsigned> Order; ///< indices into Items
};

/// The order of \p Block's statements in \p FD, whose escaped variables
/// (escapedVariables) are \p Escaped; calls have \p Summaries' effects.
BlockOrder
orderBlock(const clang::CompoundStmt *Block, const clang::FunctionDecl *FD,
           clang::ASTContext &Ctx,
           const llvm::SmallPtrSetImpl<const clang::ValueDecl *> &Escaped,
           CallSummaries &Summaries);
/// The order of \p Items, a block's statements in written order.
BlockOrder
orderItems(std::vector<Effects> Items,
           const llvm::SmallPtrSetImpl<const clang::ValueDecl *> &Escaped);
/// The same, finding \p FD's escaped variables and summarizing its calls.
BlockOrder orderBlock(const clang::CompoundStmt *Block,
                      const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_BLOCKORDER_H
