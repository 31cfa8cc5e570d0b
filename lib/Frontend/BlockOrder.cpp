//===- BlockOrder.cpp - The consensus order of a block's statements -------===//

#include "bamboo/Frontend/BlockOrder.h"

#include "llvm/Support/ErrorHandling.h"

using namespace clang;

namespace bamboo {

BlockOrder orderBlock(const CompoundStmt *Block, const FunctionDecl *FD,
                      ASTContext &Ctx) {
  CallSummaries Summaries(Ctx);
  return orderBlock(Block, FD, Ctx, escapedVariables(FD, Ctx), Summaries);
}

BlockOrder orderBlock(const CompoundStmt *Block, const FunctionDecl *FD,
                      ASTContext &Ctx,
                      const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped,
                      CallSummaries &Summaries) {
  return orderItems(blockEffects(Block, FD, Ctx, Summaries), Escaped);
}

BlockOrder orderItems(std::vector<Effects> Items,
                      const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped) {
  reorder::Consensus C(Items.size());
  // Dependence goes forward in written order, so it cannot be cyclic.
  if (llvm::Error E = C.require("dependence", [&](unsigned A, unsigned B) {
        return A < B && mustPrecede(Items[A], Items[B], Escaped);
      }))
    llvm::report_fatal_error(std::move(E));
  C.prefer("overlap", [&](unsigned A, unsigned B) {
    bool StartFirst =
        Items[A].Role == CommRole::Start && Items[B].Role != CommRole::Start;
    bool CompletionLast = Items[B].Role == CommRole::Completion &&
                          Items[A].Role != CommRole::Completion;
    return StartFirst || CompletionLast;
  });
  C.prefer("lower tags first", [&](unsigned I) -> std::optional<long> {
    const Effects &E = Items[I];
    if (E.Role == CommRole::None || E.Matches.empty() || !E.Matches[0].Tag)
      return std::nullopt;
    return *E.Matches[0].Tag;
  });
  std::vector<unsigned> Order = C.order();
  return BlockOrder{std::move(Items), std::move(C), std::move(Order)};
}

} // namespace bamboo
