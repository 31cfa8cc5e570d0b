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
#include "llvm/ADT/SetVector.h"

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
    Vars.insert(VD->getCanonicalDecl());
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
  llvm::SetVector<const VarDecl *> Vars; // canonical declarations, once each
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
        Word == "constinit" || Word == "__thread") {
      // The keyword and the blanks after it.
      unsigned Length = Tok.getLength();
      for (const char *C = S.SM.getCharacterData(Tok.getEndLoc()); *C == ' ' || *C == '\t'; ++C)
        ++Length;
      S.R.RemoveText(Tok.getLocation(), Length);
    }
  }
}

/// The end of the declaration's initializer or declarator: where `;` or `,` follows.
SourceLocation endOfDeclarator(const VarDecl *VD) { return VD->getSourceRange().getEnd(); }

/// Rewrites every use of \p VD to \p Replacement (the name token is replaced),
/// except inside \p Keep: there the name already means the holder's member.
void rewriteUses(RewriteSession &S, Candidates &C, const VarDecl *VD,
                 const std::string &Replacement, SourceRange Keep = {}) {
  std::string What = "use of '" + VD->getNameAsString() + "'";
  for (const DeclRefExpr *Ref : C.Uses.lookup(VD)) {
    SourceLocation At = S.SM.getFileLoc(Ref->getLocation());
    if (Keep.isValid() && !S.SM.isBeforeInTranslationUnit(At, Keep.getBegin()) &&
        !S.SM.isBeforeInTranslationUnit(Keep.getEnd(), At))
      continue;
    if (S.inMainFile(Ref->getLocation()) || Ref->getLocation().isMacroID())
      S.replaceToken(Ref->getLocation(), Replacement, What);
  }
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
                             IsClass ? " = " + S.typeText(VD->getType()) : " = ");
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
  SourceRange Declaration(First->getOuterLocStart(), AfterSemi);
  for (const VarDecl *VD : Group)
    rewriteUses(S, C, VD, Instance + "->" + VD->getNameAsString(), Declaration);
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
  const auto *Construct = Init ? dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()) : nullptr;
  bool DefaultInit = !Init || isa<ImplicitValueInitExpr>(Init) ||
                     (Construct && Construct->getParenOrBraceRange().isInvalid() &&
                      Construct->getNumArgs() == 0); // `static T x;` (clang: callinit)
  if (DefaultInit) {
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
    // `= init` keeps its blank: `= bambooStatic_x.once([&]() -> T { return init; })`.
    S.R.InsertTextAfterToken(Equal->getLocation(), " " + Lambda.substr(0, Lambda.size() - 1));
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
  S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
}

/// Replaces \p Range with \p Text plus as many newlines as the range held, so
/// that the lines after it keep their numbers.
void replaceKeepingLines(RewriteSession &S, SourceRange Range, llvm::StringRef Text) {
  std::string Original = S.R.getRewrittenText(Range);
  std::string Replacement = Text.str();
  Replacement.append(llvm::count(Original, '\n'), '\n');
  S.R.ReplaceText(Range, Replacement);
}

/// `struct A { static int count; }; int A::count = 5;`: a holder struct and
/// an inline RankLocal inside the class; the definition goes.
void privatizeStaticMember(RewriteSession &S, Candidates &C, const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  const VarDecl *InClass = VD->getCanonicalDecl();
  const VarDecl *Def = VD->getDefinition();
  if (VD->getDeclContext()->isDependentContext() || !Def ||
      llvm::count_if(VD->redecls(), [](const VarDecl *) { return true; }) > 2) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 4;
    return;
  }
  std::string Holder = "BambooStatic_" + Name, Instance = "bambooStatic_" + Name;
  std::string What = "static data member '" + Name + "'";
  if (!S.editable(InClass->getLocation(), What) || !S.editable(Def->getLocation(), What))
    return;

  // The initializer as it will read (other variables' uses already rewritten).
  std::string Init;
  if (Def != InClass && Def->getInit()) {
    SourceLocation From = Lexer::getLocForEndOfToken(Def->getLocation(), 0, S.SM,
                                                     S.Ctx.getLangOpts());
    SourceLocation To = Lexer::getLocForEndOfToken(Def->getSourceRange().getEnd(), 0, S.SM,
                                                   S.Ctx.getLangOpts());
    Init = S.R.getRewrittenText(CharSourceRange::getCharRange(From, To));
    llvm::StringRef Trimmed = llvm::StringRef(Init).ltrim();
    if (Trimmed.starts_with("(")) // no parentheses in a default member initializer
      Init = " = " + S.typeText(VD->getType()) + Trimmed.str();
  }

  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      InClass->getSourceRange().getEnd(), tok::semi, S.SM, S.Ctx.getLangOpts(), false);
  if (AfterSemi.isInvalid()) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  dropStorageKeywords(S, InClass);
  S.R.InsertTextBefore(InClass->getOuterLocStart(), "struct " + Holder + " { ");
  if (!Init.empty())
    S.R.InsertTextAfterToken(InClass->getSourceRange().getEnd(), Init);
  S.R.InsertTextAfter(AfterSemi, " }; static inline bamboo::RankLocal<" + Holder + "> " +
                                     Instance + "; /* bamboo: one per virtual rank */");
  if (Def != InClass) {
    SourceLocation DefEnd = Lexer::findLocationAfterToken(
        Def->getSourceRange().getEnd(), tok::semi, S.SM, S.Ctx.getLangOpts(), false);
    replaceKeepingLines(S, SourceRange(Def->getOuterLocStart(), DefEnd.getLocWithOffset(-1)),
                        "/* bamboo: " + Name + " is one per virtual rank, in its class */");
  }
  rewriteUses(S, C, VD, Instance + "->" + Name);
}

} // namespace

void privatizeVariables(RewriteSession &S) {
  Candidates C(S);
  C.TraverseDecl(S.Ctx.getTranslationUnitDecl());

  // Globals of other files that the translated code changes or reads would be shared by
  // every rank of a process: refuse them.
  llvm::MapVector<SourceLocation, std::vector<const VarDecl *>> Globals;
  std::vector<const VarDecl *> Members;
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
      privatizeStaticLocal(S, VD);
      break;
    case Storage::StaticMember:
      Members.push_back(VD);
      break;
    }
  }
  for (auto &[Loc, Group] : Globals)
    privatizeGlobal(S, C, Group);
  // Last: a member's initializer moves into its class with the edits made in it so far.
  for (const VarDecl *VD : Members)
    privatizeStaticMember(S, C, VD);
}

} // namespace bamboo::codegen
