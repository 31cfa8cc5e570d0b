//===- SourceText.cpp - Source text and names for messages ----------------===//
//
// Source text through the Lexer, so that --explain and diagnostics show
// expressions as the user wrote them.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace bamboo {

namespace {

std::string foldWhitespace(llvm::StringRef Text) {
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (isspace(static_cast<unsigned char>(C))) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

} // namespace

std::string sourceText(SourceRange Range, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange File = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), SM, Ctx.getLangOpts());
  if (File.isInvalid())
    return "";
  bool Invalid = false;
  llvm::StringRef Text =
      Lexer::getSourceText(File, SM, Ctx.getLangOpts(), &Invalid);
  if (Invalid)
    return "";
  return foldWhitespace(Text);
}

std::string sourceText(const Stmt *S, const ASTContext &Ctx) {
  if (!S)
    return "";
  std::string Text = sourceText(S->getSourceRange(), Ctx);
  if (!Text.empty())
    return Text;
  // A range that straddles macro boundaries: print the AST instead.
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  S->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return foldWhitespace(OS.str());
}

std::string locationString(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return "<unknown>";
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
          llvm::Twine(P.getColumn()))
      .str();
}

std::string functionName(const FunctionDecl *FD) {
  if (!FD)
    return "<unknown>";
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda()) {
    const ASTContext &Ctx = FD->getASTContext();
    return "lambda at " + locationString(MD->getParent()->getLocation(),
                                         Ctx.getSourceManager());
  }
  // Scopes as written: no "(anonymous namespace)::", no inline namespaces,
  // no template parameters of the class a member belongs to.
  llvm::SmallVector<std::string, 4> Scopes;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isAnonymousNamespace() && !NS->isInline())
        Scopes.push_back(NS->getNameAsString());
    } else if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
      Scopes.push_back(RD->getName().empty() ? "(anonymous)"
                                             : RD->getNameAsString());
    } else if (const auto *Outer = dyn_cast<FunctionDecl>(DC)) {
      Scopes.push_back(functionName(Outer));
      break;
    }
  }
  std::string Name;
  for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It)
    Name += *It + "::";
  if (isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD))
    Name += (isa<CXXDestructorDecl>(FD) ? "~" : "") +
            cast<CXXMethodDecl>(FD)->getParent()->getNameAsString();
  else
    Name += FD->getNameAsString();
  return Name;
}

bool endsBeforeSemicolon(const Stmt *S) {
  if (const auto *If = dyn_cast<IfStmt>(S))
    return endsBeforeSemicolon(If->getElse() ? If->getElse() : If->getThen());
  if (const auto *For = dyn_cast<ForStmt>(S))
    return endsBeforeSemicolon(For->getBody());
  if (const auto *For = dyn_cast<CXXForRangeStmt>(S))
    return endsBeforeSemicolon(For->getBody());
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return endsBeforeSemicolon(While->getBody());
  if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    return endsBeforeSemicolon(Switch->getBody());
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return endsBeforeSemicolon(Label->getSubStmt());
  if (const auto *Case = dyn_cast<SwitchCase>(S))
    return endsBeforeSemicolon(Case->getSubStmt());
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return endsBeforeSemicolon(Attributed->getSubStmt());
  return isa<Expr, DoStmt, ReturnStmt, BreakStmt, ContinueStmt, GotoStmt,
             IndirectGotoStmt, CoreturnStmt>(S);
}

} // namespace bamboo
