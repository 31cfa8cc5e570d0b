//===- LibcLowering.cpp - C library state becomes per rank ----------------===//
//
// rand, random, drand48, strtok and getopt keep state in the process between
// calls; under MPI every rank has its own. Their calls (and other uses of
// their names) become bamboo::libc's, which keep one state per virtual rank
// (runtime/include/bamboo/libc.h, docs/decisions.md). In C they are the C
// interface's: `bamboo_rand()`, `(*bamboo_optind())` (bamboo/c.h).
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

/// The C library's functions (and getopt's variables) with hidden state that
/// bamboo::libc provides.
bool hasRankState(const NamedDecl *D, const RewriteSession &S) {
  static const llvm::StringSet<> Names = {
      "rand", "srand", "random", "srandom", "drand48", "lrand48", "mrand48",
      "srand48", "seed48", "strtok", "getopt", "getopt_long",
      "getopt_long_only",
      // ends the rank, not the process (the others' output would be lost)
      "exit",
      // getopt's variables (bamboo::libc's are functions returning references)
      "optind", "optarg", "opterr", "optopt"};
  if (!D->getIdentifier() || !Names.contains(D->getName()))
    return false;
  if (!isa<FunctionDecl>(D) && !isa<VarDecl>(D))
    return false;
  // The C library's (in the global namespace or std), not the user's own.
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return false;
  return S.SM.isInSystemHeader(S.SM.getExpansionLoc(D->getLocation()));
}

class LibcUses : public RecursiveASTVisitor<LibcUses> {
public:
  explicit LibcUses(RewriteSession &S) : S(S) {}

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const NamedDecl *D = E->getDecl();
    if (!hasRankState(D, S) || !S.inUserFile(E->getLocation()))
      return true;
    // A variable becomes a call of its accessor: optind is
    // bamboo::libc::optind() (a reference), in C (*bamboo_optind()).
    bool Var = isa<VarDecl>(D);
    std::string Name =
        S.isC() ? ((Var ? "(*bamboo_" : "bamboo_") + D->getName() +
                   (Var ? "())" : ""))
                      .str()
                : ("bamboo::libc::" + D->getName() + (Var ? "()" : "")).str();
    std::string What = "use of '" + D->getName().str() + "'";
    // std::rand: the qualifier goes too. The same in every use of a macro.
    SourceLocation First = E->hasQualifier()
                               ? E->getQualifierLoc().getBeginLoc()
                               : E->getLocation();
    S.replaceTokens(First, E->getLocation(), Name, What,
                    /*InMacroBodies=*/true);
    return true;
  }

private:
  RewriteSession &S;
};

} // namespace

void lowerLibcState(RewriteSession &S) {
  LibcUses(S).TraverseDecl(S.Ctx.getTranslationUnitDecl());
}

} // namespace bamboo::codegen
