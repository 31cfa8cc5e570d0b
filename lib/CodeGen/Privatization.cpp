//===- Privatization.cpp - Mutable globals and statics become per-rank -----===//
//
// Several virtual ranks share a process, so every mutable variable with
// static storage of the translated file gets one instance per rank, with its
// initializer (bamboo::RankLocal, docs/codegen.md):
//
//   double grid[N][N];       =>  struct BambooGlobal_grid { double grid[N][N]; };
//                                static bamboo::RankLocal<BambooGlobal_grid> bambooGlobal_grid;
//   ... grid[i][j] ...       =>  ... bambooGlobal_grid->grid[i][j] ...
//
//   static int calls = 0;    =>  static bamboo::RankLocal<int> bambooStatic_calls;
//                                int &calls = bambooStatic_calls.once([&]() -> int { return 0; });
//
// The declaration's own text stays where it is (edited, not moved), so its
// initializer keeps its layout and the edits made inside it.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

enum class Storage { Global, StaticLocal, StaticMember };

struct Candidates : RecursiveASTVisitor<Candidates> {
  explicit Candidates(RewriteSession &S) : S(S) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitVarDecl(VarDecl *VD) {
    if (isa<ParmVarDecl>(VD) || VD->isImplicit() || !VD->hasGlobalStorage())
      return true;
    if (S.SM.isInSystemHeader(VD->getLocation()))
      return true;
    if (VD->isConstexpr() || VD->getType().isConstant(S.Ctx))
      return true; // constants stay shared
    Vars.push_back(VD->getCanonicalDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      Uses[VD->getCanonicalDecl()].push_back(Ref);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) { // obj.staticMember
    if (const auto *VD = dyn_cast<VarDecl>(M->getMemberDecl()))
      MemberUses[VD->getCanonicalDecl()].push_back(M);
    return true;
  }

  RewriteSession &S;
  std::vector<const VarDecl *> Vars;
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Uses;
  llvm::DenseMap<const VarDecl *, std::vector<const MemberExpr *>> MemberUses;
};

Storage storageOf(const VarDecl *VD) {
  if (VD->isStaticLocal())
    return Storage::StaticLocal;
  if (VD->isStaticDataMember())
    return Storage::StaticMember;
  return Storage::Global;
}

/// The tokens between \p Begin and \p End (exclusive), raw-lexed.
std::vector<Token> tokensBetween(RewriteSession &S, SourceLocation Begin,
                                 SourceLocation End) {
  std::vector<Token> Out;
  SourceLocation At = Begin;
  while (At.isValid() && S.SM.isBeforeInTranslationUnit(At, End)) {
    Token Tok;
    if (Lexer::getRawToken(At, Tok, S.SM, S.Ctx.getLangOpts(), /*IgnoreWhiteSpace=*/true))
      break;
    Out.push_back(Tok);
    At = Tok.getEndLoc();
  }
  return Out;
}

/// The first token of kind \p Kind from \p From on, in the main file.
std::optional<Token> findToken(RewriteSession &S, SourceLocation From, tok::TokenKind Kind,
                               SourceLocation Limit) {
  for (const Token &Tok : tokensBetween(S, From, Limit))
    if (Tok.is(Kind))
      return Tok;
  return std::nullopt;
}

/// Removes storage-class and linkage keywords before the type of \p VD.
void dropStorageKeywords(RewriteSession &S, const VarDecl *VD) {
  for (const Token &Tok : tokensBetween(S, VD->getOuterLocStart(), VD->getTypeSpecStartLoc())) {
    if (!Tok.is(tok::raw_identifier))
      continue;
    llvm::StringRef Word = Tok.getRawIdentifier();
    if (Word == "static" || Word == "inline" || Word == "thread_local" ||
        Word == "constinit" || Word == "__thread")
      S.R.ReplaceText(CharSourceRange::getTokenRange(Tok.getLocation(), Tok.getLocation()), "");
  }
}

/// The end of the declaration's initializer or declarator: where `;` or `,` follows.
SourceLocation endOfDeclarator(const VarDecl *VD) { return VD->getSourceRange().getEnd(); }

/// Rewrites every use of \p VD to \p Replacement (the name token is replaced).
void rewriteUses(RewriteSession &S, Candidates &C, const VarDecl *VD,
                 const std::string &Replacement) {
  std::string What = "use of '" + VD->getNameAsString() + "'";
  for (const DeclRefExpr *Ref : C.Uses.lookup(VD))
    if (S.inMainFile(Ref->getLocation()) || Ref->getLocation().isMacroID())
      S.replaceToken(Ref->getLocation(), Replacement, What);
  for (const MemberExpr *M : C.MemberUses.lookup(VD))
    S.replaceToken(M->getMemberLoc(), Replacement, What);
}

/// `int a = 1, b = 2;` at namespace scope: one holder for the declaration.
void privatizeGlobal(RewriteSession &S, Candidates &C,
                     const std::vector<const VarDecl *> &Group) {
  const VarDecl *First = Group.front();
  std::string Name = First->getNameAsString();
  std::string Holder = "BambooGlobal_" + Name, Instance = "bambooGlobal_" + Name;
  for (const VarDecl *VD : Group) {
    if (!VD->isThisDeclarationADefinition() || VD->getDescribedVarTemplate()) {
      S.Diags.report(VD->getLocation(), Diag::CannotPrivatize)
          << VD->getNameAsString() << (VD->getDescribedVarTemplate() ? 1 : 0);
      return;
    }
    for (const VarDecl *Other : VD->redecls())
      if (Other != VD) {
        S.Diags.report(Other->getLocation(), Diag::CannotPrivatize)
            << VD->getNameAsString() << 0;
        return;
      }
  }
  dropStorageKeywords(S, First);
  for (const VarDecl *VD : Group) {
    // Default member initializers cannot be `auto` or use parentheses.
    if (VD->getType()->getContainedDeducedType()) {
      TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
      S.replaceRange(TL.getSourceRange(), S.typeText(VD->getType()), "the type of " + Name);
    }
    if (VD->getInitStyle() == VarDecl::CallInit && VD->getInit()) {
      if (auto Paren = findToken(S, VD->getLocation(), tok::l_paren,
                                 VD->getSourceRange().getEnd())) {
        bool IsClass = VD->getType()->isRecordType();
        S.R.InsertTextBefore(Paren->getLocation(),
                             IsClass ? "= " + S.typeText(VD->getType()) : "= ");
      }
    }
  }
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      endOfDeclarator(Group.back()), tok::semi, S.SM, S.Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isInvalid()) {
    S.Diags.report(First->getLocation(), Diag::CannotPrivatize) << Name << 0;
    return;
  }
  S.insertBefore(First->getOuterLocStart(), "struct " + Holder + " { ", "global '" + Name + "'");
  S.R.InsertTextAfter(AfterSemi, " }; static bamboo::RankLocal<" + Holder + "> " + Instance +
                                     "; /* bamboo: one per virtual rank */");
  for (const VarDecl *VD : Group)
    rewriteUses(S, C, VD, Instance + "->" + VD->getNameAsString());
}

/// `static T x = init;` in a function: a RankLocal plus a reference named x.
void privatizeStaticLocal(RewriteSession &S, const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  std::string Instance = "bambooStatic_" + Name;
  QualType T = VD->getType();
  std::string TypeText = S.typeText(T);
  std::string What = "static local '" + Name + "'";

  // Replace the `static` (or thread_local) keyword by the RankLocal's declaration.
  std::optional<Token> Keyword;
  for (const Token &Tok : tokensBetween(S, VD->getOuterLocStart(), VD->getTypeSpecStartLoc()))
    if (Tok.is(tok::raw_identifier) &&
        (Tok.getRawIdentifier() == "static" || Tok.getRawIdentifier() == "thread_local"))
      Keyword = Tok;
  if (!Keyword) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  std::string Declare = "static bamboo::RankLocal<" + TypeText + "> " + Instance + ";";
  if (!S.replaceToken(Keyword->getLocation(), Declare, What))
    return;

  const Expr *Init = VD->getInit();
  if (T->isArrayType()) {
    if (Init && !isa<ImplicitValueInitExpr>(Init)) {
      S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 3;
      return;
    }
    // double buf[N]  =>  double (&buf)[N] = bambooStatic_buf.get()
    S.insertBefore(VD->getLocation(), "(&", What);
    S.insertAfterToken(VD->getLocation(), ")", What);
    S.R.InsertTextAfterToken(endOfDeclarator(VD), " = " + Instance + ".get()");
    return;
  }

  S.insertBefore(VD->getLocation(), "&", What);
  if (!Init || isa<ImplicitValueInitExpr>(Init) ||
      (isa<CXXConstructExpr>(Init) && VD->getInitStyle() == VarDecl::CInit &&
       cast<CXXConstructExpr>(Init)->getParenOrBraceRange().isInvalid())) {
    S.insertAfterToken(VD->getLocation(), " = " + Instance + ".get()", What);
    return;
  }
  std::string Lambda = Instance + ".once([&]() -> " + TypeText + " { return ";
  SourceLocation DeclEnd = VD->getSourceRange().getEnd();
  switch (VD->getInitStyle()) {
  case VarDecl::CInit: {
    auto Equal = findToken(S, VD->getLocation(), tok::equal, DeclEnd);
    if (!Equal)
      break;
    S.R.InsertTextAfterToken(Equal->getLocation(), " " + Lambda);
    S.R.InsertTextAfterToken(DeclEnd, "; })");
    return;
  }
  case VarDecl::CallInit:
  case VarDecl::ListInit:
  case VarDecl::ParenListInit: {
    tok::TokenKind Open = VD->getInitStyle() == VarDecl::ListInit ? tok::l_brace : tok::l_paren;
    auto Bracket = findToken(S, VD->getLocation(), Open, DeclEnd);
    if (!Bracket)
      break;
    bool IsClass = T->isRecordType();
    S.R.InsertTextBefore(Bracket->getLocation(),
                         " = " + Lambda + (IsClass ? TypeText : std::string()));
    S.R.InsertTextAfterToken(DeclEnd, "; })");
    return;
  }
  }
  S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 0;
}

} // namespace

void privatizeVariables(RewriteSession &S) {
  Candidates C(S);
  C.TraverseDecl(S.Ctx.getTranslationUnitDecl());

  // Globals of other files that the translated code changes or reads would be shared by
  // every rank of a process: refuse them.
  llvm::MapVector<SourceLocation, std::vector<const VarDecl *>> Globals;
  for (const VarDecl *VD : C.Vars) {
    if (!S.inMainFile(VD->getLocation())) {
      for (const DeclRefExpr *Ref : C.Uses.lookup(VD))
        if (S.inMainFile(Ref->getLocation())) {
          S.Diags.report(Ref->getLocation(), Diag::GlobalInOtherFile)
              << VD->getNameAsString() << S.SM.getFilename(S.SM.getFileLoc(VD->getLocation()));
          break;
        }
      continue;
    }
    switch (storageOf(VD)) {
    case Storage::Global:
      Globals[VD->getOuterLocStart()].push_back(VD);
      break;
    case Storage::StaticLocal:
      if (VD->getDeclContext()->isDependentContext() && VD->isTemplated()) {
        // Modelled once, as written: the pattern is what is rewritten.
      }
      privatizeStaticLocal(S, VD);
      break;
    case Storage::StaticMember:
      S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << VD->getNameAsString() << 4;
      break;
    }
  }
  for (auto &[Loc, Group] : Globals)
    privatizeGlobal(S, C, Group);
}

} // namespace bamboo::codegen
