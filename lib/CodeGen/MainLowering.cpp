//===- MainLowering.cpp - main runs on every virtual rank -----------------===//
//
//   int main(int argc, char **argv) { ...; }
// =>
//   static int bambooMain(int argc, char **argv) { ...; return 0; }
//   ...
//   int main(int argc, char **argv) { return bamboo::run(argc, argv,
//   bambooMain); }
//
// The generated main starts the runtime, which runs bambooMain once per
// virtual rank, each on a stack of its own. In C: `bamboo_run(argc, argv,
// bambooMain)`, with a function taking argc and argv for a main without them.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace bamboo::codegen {

void lowerMain(RewriteSession &S) {
  const FunctionDecl *Main = S.Model.mainFunction();
  if (!Main)
    return; // a file of the program without main

  unsigned Params = Main->getNumParams();
  if (Params != 0 && Params != 2) {
    S.Diags.report(Main->getLocation(), Diag::MainSignature) << Params;
    return;
  }
  // bambooMain has internal linkage: only the generated main below calls it.
  for (const FunctionDecl *D : Main->redecls()) {
    S.insertAfterInsertions(D->getOuterLocStart(), "static ", "main");
    S.replaceToken(D->getLocation(), "bambooMain", "main");
  }

  // Falling off the end of main returns 0; bambooMain is a plain function,
  // which must say so.
  const auto *Body = cast<CompoundStmt>(Main->getBody());
  if (Body->body_empty()) {
    S.insertAfterToken(Body->getLBracLoc(), " return 0;", "main");
  } else if (!isa<ReturnStmt>(Body->body_back())) {
    if (auto End = S.endOfStatement(Body->body_back(), "the end of main"))
      S.R.InsertTextAfter(*End, " return 0;");
  }

  // The runtime starts main(argc, argv): a main without them is wrapped.
  std::string Wrapper, Start = "bambooMain";
  if (Params == 0 && S.isC()) {
    Wrapper = "static int bambooMainWithArguments(int argc, char **argv) { "
              "(void)argc; (void)argv; return bambooMain(); }\n";
    Start = "bambooMainWithArguments";
  } else if (Params == 0) {
    Start = "[](int, char **) { return bambooMain(); }";
  }
  S.Epilogue += "\n// bamboo: every virtual rank runs main (" +
                S.where(Main->getLocation()) +
                "), now bambooMain, each on a stack of its own.\n" + Wrapper +
                "int main(int argc, char **argv) { return " +
                (S.isC() ? "bamboo_run" : "bamboo::run") + "(argc, argv, " +
                Start + "); }\n";
}

} // namespace bamboo::codegen
