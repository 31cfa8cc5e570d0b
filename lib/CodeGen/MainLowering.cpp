//===- MainLowering.cpp - main runs on every virtual rank -----------------===//
//
//   int main(int argc, char **argv) { ... }
// =>
//   int main(int, char **) __asm__("bambooMain");
//   #line 12
//   int main(int argc, char **argv) { ... }
//   ...
//   int bambooRankMain(int, char **) __asm__("bambooMain");
//   int bambooStart(int argc, char **argv) __asm__("main");
//   int bambooStart(int argc, char **argv) {
//     return bamboo::run(argc, argv, bambooRankMain); }
//
// The user's main keeps its name and its text: only its symbol changes, so
// compiler messages, debuggers and profilers still say `main`, and the
// language's rules for main (falling off its end returns 0) still hold. The
// program's entry point is the generated bambooStart, which starts the
// runtime; the runtime runs main once per virtual rank, each on a stack of
// its own. It calls main through a second name for the same symbol, since
// C++ forbids naming main. In C: `bamboo_run(argc, argv, ...)`, with a
// function taking argc and argv for a main without them.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "clang/AST/Decl.h"
#include "clang/AST/TypeLoc.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

/// A declaration of \p Name with main's type, whose symbol is bambooMain.
std::string declarationOfMain(const RewriteSession &S, const FunctionDecl *Main,
                              llvm::StringRef Name) {
  std::string Text = S.typeText(Main->getReturnType()) + " " + Name.str() + "(";
  if (Main->getNumParams() == 0 && S.isC() && Main->hasWrittenPrototype())
    Text += "void";
  for (const ParmVarDecl *P : Main->parameters())
    Text += (P->getFunctionScopeIndex() ? ", " : "") + S.typeText(P->getType());
  return Text + ") __asm__(\"bambooMain\");";
}

} // namespace

void lowerMain(RewriteSession &S) {
  const FunctionDecl *Main = S.Model.mainFunction();
  if (!Main)
    return; // a file of the program without main

  unsigned Params = Main->getNumParams();
  if (Params != 0 && Params != 2) {
    S.Diags.report(Main->getLocation(), Diag::MainSignature) << Params;
    return;
  }
  // A symbol name is given at a function's first declaration: the user's own
  // prototype, or one of ours on a line before the definition's, which then
  // keeps its number (#line) and its columns; on the same line if the
  // definition does not start one.
  const FunctionDecl *First = Main->getFirstDecl();
  FunctionTypeLoc Proto = First->getFunctionTypeLoc();
  const auto *Type =
      Proto ? dyn_cast<FunctionProtoType>(Proto.getTypePtr()) : nullptr;
  if (First != Main && Proto && !(Type && Type->hasTrailingReturn()))
    S.insertAfterToken(Proto.getRParenLoc(), " __asm__(\"bambooMain\")",
                       "main");
  else {
    SourceLocation Start = S.SM.getExpansionLoc(First->getOuterLocStart());
    S.insertBefore(
        First->getOuterLocStart(),
        declarationOfMain(S, Main, "main") +
            (S.SM.getExpansionColumnNumber(Start) == 1
                 ? "\n" + S.lineDirective(S.SM.getFileID(Start),
                                          S.SM.getExpansionLineNumber(Start))
                 : " "),
        "main");
  }

  // The runtime starts main(argc, argv): a main without them is wrapped.
  std::string Wrapper, Start = "bambooRankMain";
  if (Params == 0 && S.isC()) {
    Wrapper = "static int bambooMainWithArguments(int argc, char **argv) { "
              "(void)argc; (void)argv; return bambooRankMain(); }\n";
    Start = "bambooMainWithArguments";
  } else if (Params == 0) {
    Start = "[](int, char **) { return bambooRankMain(); }";
  }
  S.Epilogue += "\n// bamboo: every virtual rank runs main (" +
                S.where(Main->getLocation()) +
                ") on a stack of its own; the program starts here.\n" +
                declarationOfMain(S, Main, "bambooRankMain") + "\n" + Wrapper +
                "int bambooStart(int argc, char **argv) __asm__(\"main\");\n"
                "int bambooStart(int argc, char **argv) { return " +
                (S.isC() ? "bamboo_run" : "bamboo::run") + "(argc, argv, " +
                Start + "); }\n";
}

} // namespace bamboo::codegen
