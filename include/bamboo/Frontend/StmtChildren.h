//===- StmtChildren.h - Every statement under a statement -------*- C++ -*-===//
//
// Stmt::children() leaves out the body of a CapturedStmt, and every OpenMP
// directive keeps its statement in one: a walk over children() never sees
// the code of `#pragma omp parallel`, `parallel for`, `single`, `task`...
// Every hand-written walk of the front end and code generation goes through
// childStatements() instead.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_STMTCHILDREN_H
#define BAMBOO_FRONTEND_STMTCHILDREN_H

#include "llvm/ADT/SmallVector.h"

namespace clang {
class Stmt;
} // namespace clang

namespace bamboo {

/// The statements directly under \p S: its children(), and for a
/// CapturedStmt also the statement it captures. Null children are left out.
llvm::SmallVector<const clang::Stmt *, 8> childStatements(const clang::Stmt *S);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_STMTCHILDREN_H
