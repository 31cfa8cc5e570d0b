//===- Lowerings.h - One function per construct that is rewritten -*- C++
//-*-===//
//
// Each lowering edits the session's Rewriter for one kind of construct
// (docs/codegen.md); Translate.cpp runs them in order.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_LIB_CODEGEN_LOWERINGS_H
#define BAMBOO_LIB_CODEGEN_LOWERINGS_H

#include <string>

namespace clang {
class CallExpr;
class Expr;
class Stmt;
class NamedDecl;
} // namespace clang

namespace bamboo::codegen {

class RewriteSession;

/// Functions that become tasks: return types, co_return, and co_await at
/// their call sites (TaskLowering.cpp).
void lowerTaskFunctions(RewriteSession &S);
/// MPI calls become runtime calls, awaited when they may wait
/// (MPICallLowering.cpp).
void lowerMPICalls(RewriteSession &S);
/// Olap regions and block pragmas (RegionLowering.cpp).
void lowerRegions(RewriteSession &S);
/// main becomes bambooMain, and a generated main starts the runtime
/// (MainLowering.cpp).
void lowerMain(RewriteSession &S);
/// Mutable globals, static locals and static data members become per-rank
/// (Privatization.cpp).
void privatizeVariables(RewriteSession &S);
/// `#include <bamboo/bamboo.h>` in place of `#include <mpi.h>` in the files
/// that need it, #line, and #includes redirected to translated headers
/// (IncludeLowering.cpp).
void lowerIncludes(RewriteSession &S);

/// rand, drand48, strtok...: the C library's hidden state becomes per rank
/// (LibcLowering.cpp).
void lowerLibcState(RewriteSession &S);

/// What C allows and C++ does not, in a C file (CLowering.cpp, docs/c.md).
void lowerCIdioms(RewriteSession &S);
/// The name of \p D in the translation: in C, a name C++ reserves gets a
/// prefix (`new` becomes `bamboo_new`).
std::string cxxName(const clang::NamedDecl *D, const RewriteSession &S);

/// Whether \p E is only looked at by the compiler (sizeof, decltype, ...).
bool isUnevaluated(const clang::Expr *E, RewriteSession &S);
/// The first call in \p S that the translation awaits (a waiting MPI call, a
/// call of a task), outside unevaluated operands and lambda bodies; or null.
const clang::CallExpr *awaitedCallIn(const clang::Stmt *S, RewriteSession &RS);
/// Reports (and returns false) if \p E, which waits, stands where a coroutine
/// cannot suspend: a catch handler. (Default arguments are checked per
/// function.)
bool checkCanAwait(const clang::Expr *E, RewriteSession &S);

} // namespace bamboo::codegen

#endif // BAMBOO_LIB_CODEGEN_LOWERINGS_H
