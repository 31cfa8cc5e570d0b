//===- StmtChildren.cpp - Every statement under a statement ---------------===//

#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/Stmt.h"

namespace bamboo {

llvm::SmallVector<const clang::Stmt *, 8>
childStatements(const clang::Stmt *S) {
  llvm::SmallVector<const clang::Stmt *, 8> Out;
  for (const clang::Stmt *Child : S->children())
    if (Child)
      Out.push_back(Child);
  if (const auto *Captured = llvm::dyn_cast<clang::CapturedStmt>(S))
    if (const clang::Stmt *Body = Captured->getCapturedStmt())
      Out.push_back(Body);
  return Out;
}

} // namespace bamboo
