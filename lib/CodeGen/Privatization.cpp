//===- Privatization.cpp - Mutable globals and statics become per-rank
//-----===//
//
// Several virtual ranks share a process, so every mutable variable with
// static storage of the user's files gets one instance per rank, with its
// initializer (bamboo::RankLocal, docs/codegen.md). A global may be declared
// in many files and defined in one, and each file is translated on its own,
// so every declaration becomes the declaration of an accessor and every use
// a call of it; the definition holds the storage (docs/multifile.md):
//
//   extern double grid[N][N];  =>  extern double (&bambooGlobal_grid())[N][N];
//   double grid[N][N];         =>  struct BambooGlobal_grid { double
//   grid[N][N]; };
//                                  static bamboo::RankLocal<BambooGlobal_grid>
//                                  bambooGlobalStore_grid{bamboo::beforeMain};
//                                  decltype(BambooGlobal_grid::grid)
//                                  &bambooGlobal_grid() { ... }
//   ... grid[i][j] ...         =>  ... bambooGlobal_grid()[i][j] ...
//
//   static int calls = 0;      =>  static bamboo::RankLocal<int>
//   bambooStatic_calls; (in a function)                int &calls =
//   bambooStatic_calls.once([&]() -> int { return 0; });
//
// In C (docs/c.md) the accessors return pointers, and the storage is the C
// interface's bamboo_rank_local, copied from the declaration itself, which
// stays as a static image:
//
//   static int first = 1;  =>  static int bambooImage_first = 1;
//                              static bamboo_rank_local bambooLocal_first...;
//                              static __attribute__((const))
//                                  __typeof__(bambooImage_first)
//                                  *bambooGlobal_first(void) { ... }
//   extern int g[N];       =>  extern int (*bambooGlobal_g(void))[N]
//                                  __attribute__((const));
//   ... first ...          =>  ... (*bambooGlobal_first()) ...
//
// An initializer that names a variable of the ranks' (`int *p = &x;`) is
// evaluated by each rank as it starts, in an initializer function.
//
// Static data members: the class declares a holder type, a store and an
// accessor, the definition defines them (the store made before main). The
// declaration's own text stays where it is (edited, not moved), so its
// initializer keeps its layout and the edits made inside it.
//
//===----------------------------------------------------------------------===//
#include "Lowerings.h"
#include "RewriteSession.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace clang;

namespace bamboo::codegen {

namespace {

enum class Storage { Global, StaticLocal, StaticMember };

/// thread_local, __thread, _Thread_local, and OpenMP threadprivate (which
/// Clang makes thread-local): one per thread under MPI.
bool isThreadLocal(const VarDecl *VD) {
  return VD->getTLSKind() != VarDecl::TLS_None;
}

struct Candidates : RecursiveASTVisitor<Candidates> {
  explicit Candidates(RewriteSession &S) : S(S) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitVarDecl(VarDecl *VD) {
    if (isa<ParmVarDecl>(VD) || VD->isImplicit() || !VD->hasGlobalStorage())
      return true;
    if (!S.inUserFile(VD->getLocation()))
      return true; // library state (errno, stdout) stays the library's
    if (VD->isConstexpr() || VD->getType().isConstant(S.Ctx))
      return true; // constants stay shared
    if (!declaredInUserFilesOnly(VD))
      return true;
    // A lambda without captures has no state: nothing to give each rank
    // (and its type has no name to declare a rank's instance with).
    if (const CXXRecordDecl *Closure =
            S.Ctx.getBaseElementType(VD->getType())->getAsCXXRecordDecl();
        Closure && Closure->isLambda()) {
      if (Closure->capture_size() != 0 && VD->isFirstDecl())
        S.Diags.report(VD->getLocation(), Diag::CannotPrivatize)
            << VD->getNameAsString() << 6;
      return true;
    }
    Vars.insert(VD->getCanonicalDecl());
    Declarations.push_back(VD);
    return true;
  }
  // `#pragma omp threadprivate(x)` asks for one x per thread of every team:
  // Clang makes x thread-local (isThreadLocal), so a rank's instance is the
  // rank's own thread's and every other thread of its team gets its own. The
  // pragma, which could not name an instance, stays as a comment.
  bool VisitOMPThreadPrivateDecl(OMPThreadPrivateDecl *D) {
    if (S.inUserFile(D->getLocation()))
      S.insertBefore(D->getLocation(),
                     "// bamboo: one per thread of a rank's team: ",
                     "'#pragma omp threadprivate'");
    return true;
  }
  // copyin and copyprivate of a threadprivate variable copy one thread's
  // instance into the others' inside the OpenMP runtime, which cannot reach
  // a rank's instances (copyprivate of a private local is fine).
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!S.inUserFile(D->getBeginLoc()))
      return true;
    auto Refuse = [&](const Expr *E) {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreImplicit());
      const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (VD && isThreadLocal(VD))
        S.Diags.report(Ref->getLocation(), Diag::CannotPrivatize)
            << VD->getNameAsString() << 8;
    };
    for (const auto *C : D->getClausesOfKind<OMPCopyinClause>())
      llvm::for_each(C->varlists(), Refuse);
    for (const auto *C : D->getClausesOfKind<OMPCopyprivateClause>())
      llvm::for_each(C->varlists(), Refuse);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      Uses[VD->getCanonicalDecl()].push_back(Ref);
    SourceLocation Loc = Ref->getLocation();
    if (Loc.isMacroID() && !S.SM.isMacroArgExpansion(Loc))
      BodyNames[S.SM.getSpellingLoc(Loc).getRawEncoding()].insert(
          cast<ValueDecl>(Ref->getDecl()->getCanonicalDecl()));
    return true;
  }

  /// Whether every use of the macro whose body names \p Ref there names the
  /// same declaration (no local hides the global in some uses).
  bool sameEverywhere(const DeclRefExpr *Ref) const {
    auto It = BodyNames.find(
        S.SM.getSpellingLoc(Ref->getLocation()).getRawEncoding());
    return It != BodyNames.end() && It->second.size() == 1;
  }
  bool VisitMemberExpr(MemberExpr *M) { // obj.staticMember
    if (const auto *VD = dyn_cast<VarDecl>(M->getMemberDecl()))
      MemberUses[VD->getCanonicalDecl()].push_back(M);
    return true;
  }

  /// A variable that a library header declares too (`extern int optind;`)
  /// is the library's, unless the user defines it: then the library's
  /// declaration would need rewriting, which bamboo cannot do.
  bool declaredInUserFilesOnly(const VarDecl *VD) {
    const VarDecl *Def = VD->getDefinition();
    for (const VarDecl *Other : VD->redecls()) {
      if (S.inUserFile(Other->getLocation()))
        continue;
      if (Def && S.inUserFile(Def->getLocation()) &&
          Reported.insert(Other).second)
        S.Diags.report(Other->getLocation(), Diag::NotInUserFile)
            << "the declaration of '" + VD->getNameAsString() + "'"
            << S.SM.getFilename(S.SM.getFileLoc(Other->getLocation()));
      return false;
    }
    return true;
  }

  RewriteSession &S;
  llvm::DenseSet<const VarDecl *> Reported;
  llvm::SetVector<const VarDecl *> Vars; // canonical declarations, once each
  std::vector<const VarDecl *> Declarations; // every declaration, in order
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Uses;
  llvm::DenseMap<const VarDecl *, std::vector<const MemberExpr *>> MemberUses;
  /// What a name written in a macro's body names, over the macro's uses.
  llvm::DenseMap<SourceLocation::UIntTy,
                 llvm::SmallPtrSet<const ValueDecl *, 2>>
      BodyNames;
  /// The declaration that became a global's holder: there its name is the
  /// holder's member.
  llvm::DenseMap<const VarDecl *, SourceRange> Holders;
  /// C: initializers moved into a rank's initializer function (file ranges);
  /// the uses in them were rewritten there.
  std::vector<CharSourceRange> Moved;
  /// C: the rank-locals a constructor function registers, in order.
  std::vector<std::string> Registered;

  bool inMoved(SourceLocation At) const {
    for (const CharSourceRange &R : Moved)
      if (!S.SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
          S.SM.isBeforeInTranslationUnit(At, R.getEnd()))
        return true;
    return false;
  }
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
    if (Lexer::getRawToken(At, Tok, S.SM, S.Ctx.getLangOpts(),
                           /*IgnoreWhiteSpace=*/true))
      break;
    Out.push_back(Tok);
    At = Tok.getEndLoc();
  }
  return Out;
}

/// The first token of kind \p Kind from \p From on, in the main file.
std::optional<Token> findToken(RewriteSession &S, SourceLocation From,
                               tok::TokenKind Kind, SourceLocation Limit) {
  for (const Token &Tok : tokensBetween(S, From, Limit))
    if (Tok.is(Kind))
      return Tok;
  return std::nullopt;
}

bool isThreadKeyword(llvm::StringRef Word) {
  return Word == "thread_local" || Word == "__thread" ||
         Word == "_Thread_local";
}

/// Removes storage-class and linkage keywords before the type of \p VD
/// (but `static` with \p KeepStatic; only the thread-local ones with
/// \p ThreadOnly; not the token at \p Except).
void dropStorageKeywords(RewriteSession &S, const VarDecl *VD,
                         bool KeepStatic = false, bool ThreadOnly = false,
                         SourceLocation Except = {}) {
  for (const Token &Tok :
       tokensBetween(S, VD->getOuterLocStart(), VD->getTypeSpecStartLoc())) {
    if (!Tok.is(tok::raw_identifier) || Tok.getLocation() == Except)
      continue;
    llvm::StringRef Word = Tok.getRawIdentifier();
    if (isThreadKeyword(Word) ||
        (!ThreadOnly &&
         ((Word == "static" && !KeepStatic) || Word == "extern" ||
          Word == "inline" || Word == "constinit"))) {
      // The keyword and the blanks after it.
      unsigned Length = Tok.getLength();
      for (const char *C = S.SM.getCharacterData(Tok.getEndLoc());
           *C == ' ' || *C == '\t'; ++C)
        ++Length;
      S.R.RemoveText(Tok.getLocation(), Length);
    }
  }
}

/// A thread-local variable (thread_local, __thread, _Thread_local) is one
/// per thread under MPI: its rank's instance says so, and every thread of
/// the rank's OpenMP team gets one of its own (bamboo::threadStorage). The
/// arguments of a C++ RankLocal's construction, with \p Before (e.g.
/// `bamboo::beforeMain`) first; empty if there are none.
std::string rankLocalArguments(const VarDecl *VD, llvm::StringRef Before = {}) {
  std::vector<std::string> Arguments;
  if (!Before.empty())
    Arguments.push_back(Before.str());
  if (isThreadLocal(VD))
    Arguments.push_back("bamboo::threadStorage");
  return Arguments.empty() ? "" : "{" + llvm::join(Arguments, ", ") + "}";
}

/// The end of the declaration's initializer or declarator: where `;` or `,`
/// follows.
SourceLocation endOfDeclarator(const VarDecl *VD) {
  return VD->getSourceRange().getEnd();
}

/// The accessor returns a reference where the variable's name had the declared
/// type: `decltype(x)` becomes
/// `std::remove_reference_t<decltype(bambooGlobal_x())>`. `decltype(auto)`
/// deduced from the bare name would become a reference: refused.
void keepDeclaredType(RewriteSession &S, const Expr *Ref, const VarDecl *VD) {
  DynTypedNode Node = DynTypedNode::create(*Ref);
  for (;;) {
    DynTypedNodeList Parents = S.Ctx.getParents(Node);
    if (Parents.empty())
      return;
    Node = Parents[0];
    if (const auto *TL = Node.get<TypeLoc>()) {
      if (auto Decltype = TL->getAs<DecltypeTypeLoc>()) {
        S.insertBefore(Decltype.getDecltypeLoc(), "std::remove_reference_t<",
                       "decltype of '" + VD->getNameAsString() + "'");
        S.insertAfterToken(Decltype.getRParenLoc(), ">",
                           "decltype of '" + VD->getNameAsString() + "'");
      }
      return;
    }
    if (Node.get<ImplicitCastExpr>() || Node.get<ExprWithCleanups>())
      continue;
    const Decl *D = Node.get<VarDecl>();
    QualType Deduced;
    if (const auto *Var = dyn_cast_or_null<VarDecl>(D))
      Deduced = Var->getTypeSourceInfo()->getType();
    if (Node.get<ReturnStmt>())
      for (DynTypedNode Up = Node;;) {
        DynTypedNodeList Above = S.Ctx.getParents(Up);
        if (Above.empty())
          break;
        Up = Above[0];
        if (const auto *FD = Up.get<FunctionDecl>()) {
          Deduced = FD->getDeclaredReturnType();
          break;
        }
        if (Up.get<LambdaExpr>())
          break;
      }
    if (!Deduced.isNull())
      if (const auto *Auto = Deduced->getContainedAutoType();
          Auto && Auto->isDecltypeAuto())
        S.Diags.report(Ref->getExprLoc(), Diag::CannotPrivatize)
            << VD->getNameAsString() << 5;
    return;
  }
}

/// Rewrites every use of \p VD to \p Replacement (the name token is replaced),
/// except inside \p Keep: there the name already means the holder's member.
void rewriteUses(RewriteSession &S, Candidates &C, const VarDecl *VD,
                 const std::string &Replacement, SourceRange Keep = {}) {
  std::string What = "use of '" + VD->getNameAsString() + "'";
  for (const DeclRefExpr *Ref : C.Uses.lookup(VD->getCanonicalDecl())) {
    SourceLocation At = S.SM.getFileLoc(Ref->getLocation());
    if (Keep.isValid() &&
        !S.SM.isBeforeInTranslationUnit(At, Keep.getBegin()) &&
        !S.SM.isBeforeInTranslationUnit(Keep.getEnd(), At))
      continue;
    if (!S.inUserFile(Ref->getLocation()) && !Ref->getLocation().isMacroID())
      continue;
    if (C.inMoved(At))
      continue;
    if (!S.replaceToken(Ref->getLocation(), Replacement, What,
                        C.sameEverywhere(Ref)))
      continue;
    if (!S.isC())
      keepDeclaredType(S, Ref, VD);
  }
  for (const MemberExpr *M : C.MemberUses.lookup(VD->getCanonicalDecl()))
    if (S.replaceToken(M->getMemberLoc(), Replacement, What))
      keepDeclaredType(S, M, VD);
}

/// Whether every declaration of \p VD has one type (`extern int a[];` and
/// `int a[4];` do not): their accessors must return the same reference.
bool hasOneType(RewriteSession &S, const VarDecl *VD) {
  for (const VarDecl *Other : VD->redecls())
    if (!S.Ctx.hasSameType(Other->getType(), VD->getType())) {
      S.Diags.report(Other->getLocation(), Diag::CannotPrivatize)
          << VD->getNameAsString() << 0;
      return false;
    }
  return true;
}

/// Whether \p VD defines its variable: C's tentative definitions (`int x;`)
/// are one definition together (the one with an initializer, else the
/// first); the others become declarations, as C++ has no such thing.
bool isTheDefinition(const VarDecl *VD) {
  switch (VD->isThisDeclarationADefinition()) {
  case VarDecl::DeclarationOnly:
    return false;
  case VarDecl::Definition:
    return true;
  case VarDecl::TentativeDefinition:
    break;
  }
  if (VD->getDefinition())
    return false;
  const SourceManager &SM = VD->getASTContext().getSourceManager();
  for (const VarDecl *Other : VD->redecls())
    if (Other->isThisDeclarationADefinition() == VarDecl::TentativeDefinition &&
        SM.isBeforeInTranslationUnit(Other->getLocation(), VD->getLocation()))
      return false; // an earlier one is it
  return true;
}

/// Accessors of globals are `const` to the compiler: within one activation of
/// a function the answer never changes (a function runs for one rank), so a
/// kernel's loop over a global array calls the accessor once, not at every
/// element (docs/decisions.md). In C, bamboo_rank_local_get is `const` too
/// (bamboo/c.h). In C++ the accessor is kept out of line, where its body's
/// lookup would be made again, and `nothrow` (a global's instance exists
/// before main), without which GCC keeps a call that may throw in its loop.
const char *const CAccessorAttribute = "__attribute__((const))";
const char *const CxxAccessorAttribute = "__attribute__((const, nothrow))";
const char *const CxxAccessorDefinitionAttribute =
    "__attribute__((const, nothrow, noinline))";

/// \p Attribute and a blank, but nothing for a thread-local variable: its
/// accessor checks which thread calls (rankLocalArguments), an effect that a
/// `const` call moved out of a branch or a loop would have where the program
/// has none.
std::string accessorAttribute(const VarDecl *VD, llvm::StringRef Attribute) {
  return isThreadLocal(VD) ? "" : Attribute.str() + " ";
}

/// `extern int x;` => `extern int &bambooGlobal_x();`: the declarator is kept,
/// so any declared type (pointers to functions, arrays:
/// `(&bambooGlobal_a())[4]`) comes out right; \p Attribute, if any, follows
/// it.
void declareAccessor(RewriteSession &S, const VarDecl *VD,
                     const std::string &Accessor,
                     llvm::StringRef Attribute = {}) {
  std::optional<Token> Next =
      Lexer::findNextToken(VD->getLocation(), S.SM, S.Ctx.getLangOpts());
  std::string Declarator = "&" + Accessor + "()";
  if (Next && Next->is(tok::l_square))
    Declarator = "(" + Declarator + ")";
  std::string What = "declaration of '" + VD->getNameAsString() + "'";
  if (S.replaceToken(VD->getLocation(), Declarator, What) && !Attribute.empty())
    S.insertAfterToken(endOfDeclarator(VD), " " + Attribute.str(), What);
}

/// `int primes[] = {2, 3}` => `int primes[2] = {2, 3}`: writes the bound the
/// initializer gave, where the declaration must stand without the
/// initializer's help. False if it could not be written (reported).
bool writeArrayBound(RewriteSession &S, const VarDecl *VD,
                     llvm::StringRef What) {
  auto Incomplete =
      VD->getTypeSourceInfo()->getTypeLoc().getAs<IncompleteArrayTypeLoc>();
  const auto *Sized = S.Ctx.getAsConstantArrayType(VD->getType());
  if (!Incomplete || !Sized)
    return true;
  return S.insertAfterToken(Incomplete.getLBracketLoc(),
                            std::to_string(Sized->getSize().getZExtValue()),
                            What);
}

/// `int a = 1, b = 2;` at namespace scope: one holder for the declaration,
/// one accessor per variable.
void privatizeGlobal(RewriteSession &S, Candidates &C,
                     const std::vector<const VarDecl *> &Group) {
  const VarDecl *First = Group.front();
  std::string Name = First->getNameAsString();
  std::string Holder = "BambooGlobal_" + Name,
              Store = "bambooGlobalStore_" + Name;
  for (const VarDecl *VD : Group) {
    if (VD->getDescribedVarTemplate()) {
      S.Diags.report(VD->getLocation(), Diag::CannotPrivatize)
          << VD->getNameAsString() << 1;
      return;
    }
    if (!hasOneType(S, VD))
      return;
  }
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      endOfDeclarator(Group.back()), tok::semi, S.SM, S.Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isInvalid() ||
      !S.editable(First->getOuterLocStart(), "global '" + Name + "'")) {
    S.Diags.report(First->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  // The accessors have the variables' linkage; the storage is the file's,
  // or the program's for an inline variable (one definition in every file).
  std::string Linkage = First->isInline()               ? "inline "
                        : !First->isExternallyVisible() ? "static "
                                                        : "";
  dropStorageKeywords(S, First);
  for (const VarDecl *VD : Group) {
    // Default member initializers cannot be `auto` or use parentheses.
    if (VD->getType()->getContainedDeducedType()) {
      TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
      S.replaceRange(TL.getSourceRange(), S.typeText(VD->getType()),
                     "the type of " + Name);
    }
    if (VD->getInitStyle() == VarDecl::CallInit && VD->getInit()) {
      if (auto Paren = findToken(S, VD->getLocation(), tok::l_paren,
                                 VD->getSourceRange().getEnd())) {
        bool IsClass = VD->getType()->isRecordType();
        S.R.InsertTextBefore(Paren->getLocation(),
                             IsClass ? " = " + S.typeText(VD->getType())
                                     : " = ");
      }
    }
    // A member cannot take its size from its initializer.
    writeArrayBound(S, VD, "the size of '" + VD->getNameAsString() + "'");
  }
  // An internal global's holder is internal too: two files may each have a
  // `static int counter` of their own, and holders of one name and external
  // linkage would be one type (and one RankLocal) for the whole program.
  bool Internal = Linkage == "static ";
  S.insertBefore(First->getOuterLocStart(),
                 std::string(Internal ? "namespace { " : "") + "struct " +
                     Holder + " { ",
                 "global '" + Name + "'");
  std::string After = " }; " + std::string(Internal ? "} " : "") +
                      std::string(First->isInline() ? "inline" : "static") +
                      " bamboo::RankLocal<" + Holder + "> " + Store +
                      rankLocalArguments(First, "bamboo::beforeMain") + ";";
  for (const VarDecl *VD : Group) {
    std::string Var = VD->getNameAsString(), Member = Var;
    After += " " + Linkage +
             accessorAttribute(VD, CxxAccessorDefinitionAttribute) +
             "decltype(" + Holder + "::" + Member + ") &bambooGlobal_" + Var +
             "() { return " + Store + "->" + Member + "; }";
  }
  S.R.InsertTextAfter(AfterSemi, After + " /* bamboo: one per virtual rank */");
  for (const VarDecl *VD : Group)
    C.Holders[VD->getCanonicalDecl()] =
        SourceRange(First->getOuterLocStart(), AfterSemi);
}

/// `static int table[] = {1, 2, 3};` in a function (a C lookup table): an
/// array cannot be returned by once()'s function, so a holder type keeps the
/// declaration as written, its default member initializer being the constant
/// initializer (which names no local, so the local struct may hold it):
///
///   static int table[] = {1, 2, 3};  =>
///   struct BambooStatic_table { int table[3] = {1, 2, 3}; };
///   static bamboo::RankLocal<BambooStatic_table> bambooStatic_table;
///   decltype(BambooStatic_table::table) &table =
///   bambooStatic_table.get().table;
void privatizeStaticLocalArray(RewriteSession &S, const VarDecl *VD,
                               const Token &Keyword) {
  std::string Name = VD->getNameAsString();
  std::string Holder = "BambooStatic_" + Name,
              Instance = "bambooStatic_" + Name;
  std::string What = "static local '" + Name + "'";
  DynTypedNodeList Parents = S.Ctx.getParents(*VD);
  const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  if (!DS || !DS->isSingleDecl() || DS->getEndLoc().isMacroID()) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  // `int table[]`: a member needs its bound, which the initializer gave.
  if (!writeArrayBound(S, VD, What))
    return;
  if (!S.replaceToken(Keyword.getLocation(), "struct " + Holder + " {", What))
    return;
  S.R.InsertTextAfterToken(
      DS->getEndLoc(), // the `;`
      " }; static bamboo::RankLocal<" + Holder + "> " + Instance +
          rankLocalArguments(VD) + "; decltype(" + Holder + "::" + Name +
          ") &" + Name + " = " + Instance + ".get()." + Name + ";");
}

/// `static T x = init;` in a function: a RankLocal plus a reference named x.
void privatizeStaticLocal(RewriteSession &S, const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  std::string Instance = "bambooStatic_" + Name;
  QualType T = VD->getType();
  std::string TypeText = S.typeText(T);
  std::string What = "static local '" + Name + "'";

  // Replace the first of `static` and the thread-local keywords by the
  // RankLocal's declaration, and drop the others (`static thread_local`).
  std::optional<Token> Keyword;
  for (const Token &Tok :
       tokensBetween(S, VD->getOuterLocStart(), VD->getTypeSpecStartLoc()))
    if (Tok.is(tok::raw_identifier) &&
        (Tok.getRawIdentifier() == "static" ||
         isThreadKeyword(Tok.getRawIdentifier())))
      if (!Keyword)
        Keyword = Tok;
  if (!Keyword) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  // `static int a[N], b[N];`: the declarators share the keyword, which the
  // first replaces and after which the others add their RankLocals.
  DynTypedNodeList Parents = S.Ctx.getParents(*VD);
  const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  bool First = !DS || *DS->decl_begin() == VD;
  if (First)
    dropStorageKeywords(S, VD, /*KeepStatic=*/false, /*ThreadOnly=*/false,
                        Keyword->getLocation());
  const Expr *Init = VD->getInit();
  if (T->isArrayType() && Init && !isa<ImplicitValueInitExpr>(Init)) {
    // A constant initializer is what C allows; one that is not (it reads a
    // parameter, calls a function) would need the first pass's values.
    if (!Init->isConstantInitializer(S.Ctx, /*ForRef=*/false)) {
      S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 3;
      return;
    }
    privatizeStaticLocalArray(S, VD, *Keyword);
    return;
  }
  std::string Declare = "static bamboo::RankLocal<" + TypeText + "> " +
                        Instance + rankLocalArguments(VD) + ";";
  if (!First)
    S.R.InsertTextAfterToken(Keyword->getLocation(), " " + Declare);
  else if (!S.replaceToken(Keyword->getLocation(), Declare, What))
    return;

  if (T->isArrayType()) {
    // double buf[N]  =>  double (&buf)[N] = bambooStatic_buf.get()
    S.insertBefore(VD->getLocation(), "(&", What);
    S.insertAfterToken(VD->getLocation(), ")", What);
    S.R.InsertTextAfterToken(endOfDeclarator(VD), " = " + Instance + ".get()");
    return;
  }

  S.insertBefore(VD->getLocation(), "&", What);
  const auto *Construct =
      Init ? dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()) : nullptr;
  bool DefaultInit =
      !Init || isa<ImplicitValueInitExpr>(Init) ||
      (Construct && Construct->getParenOrBraceRange().isInvalid() &&
       Construct->getNumArgs() == 0); // `static T x;` (clang: callinit)
  if (DefaultInit) {
    S.insertAfterToken(VD->getLocation(), " = " + Instance + ".get()", What);
    return;
  }
  std::string Lambda = Instance + ".once([&]() -> " + TypeText + " { return ";
  std::string Close = "; })";
  SourceLocation DeclEnd = VD->getSourceRange().getEnd();
  switch (VD->getInitStyle()) {
  case VarDecl::CInit: {
    auto Equal = findToken(S, VD->getLocation(), tok::equal, DeclEnd);
    if (!Equal)
      break;
    // `= init` keeps its blank: `= bambooStatic_x.once([&]() -> T { return
    // init; })`; `=init` gets one after `return`.
    const char *After = S.SM.getCharacterData(Equal->getEndLoc());
    bool Blank = *After == ' ' || *After == '\t';
    S.R.InsertTextAfterToken(
        Equal->getLocation(),
        " " + (Blank ? Lambda.substr(0, Lambda.size() - 1) : Lambda));
    S.R.InsertTextAfterToken(DeclEnd, Close);
    return;
  }
  case VarDecl::CallInit:
  case VarDecl::ListInit:
  case VarDecl::ParenListInit: {
    tok::TokenKind Open =
        VD->getInitStyle() == VarDecl::ListInit ? tok::l_brace : tok::l_paren;
    auto Bracket = findToken(S, VD->getLocation(), Open, DeclEnd);
    if (!Bracket)
      break;
    bool Typed = T->isRecordType();
    S.R.InsertTextBefore(Bracket->getLocation(),
                         " = " + Lambda + (Typed ? TypeText : std::string()));
    S.R.InsertTextAfterToken(DeclEnd, Close);
    return;
  }
  }
  S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
}

/// `static int count;` in a class: the class declares the holder type, the
/// rank-locals' store and the accessor (`struct BambooStatic_count; static
/// bamboo::RankLocal<BambooStatic_count> bambooStaticStore_count; static int
/// &bambooStatic_count();`). `static inline int count = 0;` defines all three
/// in the class. A static data member is initialized before main, as a global
/// is (made at its first use, it saw what main had changed): the store is a
/// member, so that its definition may name a private holder, made with
/// `bamboo::beforeMain`; the accessor is `const` as a global's.
void privatizeMemberDeclaration(RewriteSession &S, const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  std::string Holder = "BambooStatic_" + Name,
              Accessor = "bambooStatic_" + Name,
              Store = "bambooStaticStore_" + Name;
  std::string What = "static data member '" + Name + "'";
  if (!VD->isThisDeclarationADefinition()) {
    S.insertBefore(VD->getOuterLocStart(),
                   "struct " + Holder + "; static bamboo::RankLocal<" + Holder +
                       "> " + Store + "; ",
                   What);
    dropStorageKeywords(S, VD, /*KeepStatic=*/true, /*ThreadOnly=*/true);
    declareAccessor(
        S, VD, Accessor,
        llvm::StringRef(accessorAttribute(VD, CxxAccessorAttribute)).rtrim());
    return;
  }
  SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(VD->getSourceRange().getEnd(), tok::semi,
                                    S.SM, S.Ctx.getLangOpts(), false);
  if (AfterSemi.isInvalid() || !S.editable(VD->getOuterLocStart(), What)) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  dropStorageKeywords(S, VD);
  S.R.InsertTextBefore(VD->getOuterLocStart(), "struct " + Holder + " { ");
  S.R.InsertTextAfter(
      AfterSemi, " }; static inline bamboo::RankLocal<" + Holder + "> " +
                     Store + rankLocalArguments(VD, "bamboo::beforeMain") +
                     "; " +
                     accessorAttribute(VD, CxxAccessorDefinitionAttribute) +
                     "static decltype(" + Holder + "::" + Name + ") &" +
                     Accessor + "() { return " + Store + "->" + Name +
                     "; } /* bamboo: one per virtual rank */");
}

/// `int A::count = 5;` => `struct A::BambooStatic_count { int count = 5; };`
/// and the definitions of the store and the accessor; the holder is reached
/// in class scope.
void privatizeMemberDefinition(RewriteSession &S, const VarDecl *Def) {
  std::string Name = Def->getNameAsString();
  std::string What = "static data member '" + Name + "'";
  NestedNameSpecifierLoc Qualifier = Def->getQualifierLoc();
  SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(Def->getSourceRange().getEnd(), tok::semi,
                                    S.SM, S.Ctx.getLangOpts(), false);
  if (!Qualifier || AfterSemi.isInvalid() ||
      !S.editable(Def->getOuterLocStart(), What) ||
      !S.editable(Qualifier.getBeginLoc(), What)) {
    S.Diags.report(Def->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  std::string Class =
      S.sourceText(Qualifier.getSourceRange()); // "A::", "ns::A::"
  std::string Holder = "BambooStatic_" + Name;
  // No parentheses in a default member initializer.
  if (Def->getInitStyle() == VarDecl::CallInit && Def->getInit())
    if (auto Paren = findToken(S, Def->getLocation(), tok::l_paren,
                               Def->getSourceRange().getEnd()))
      S.R.InsertTextBefore(Paren->getLocation(),
                           Def->getType()->isRecordType()
                               ? " = " + S.typeText(Def->getType())
                               : " = ");
  dropStorageKeywords(S, Def, /*KeepStatic=*/false, /*ThreadOnly=*/true);
  S.R.RemoveText(CharSourceRange::getCharRange(Qualifier.getBeginLoc(),
                                               Def->getLocation()));
  S.R.InsertTextBefore(Def->getOuterLocStart(),
                       "struct " + Class + Holder + " { ");
  std::string Store = "bambooStaticStore_" + Name;
  S.R.InsertTextAfter(
      AfterSemi,
      " }; bamboo::RankLocal<" + Class + Holder + "> " + Class + Store +
          rankLocalArguments(Def, "bamboo::beforeMain") + "; " +
          accessorAttribute(Def, CxxAccessorDefinitionAttribute) + "auto " +
          Class + "bambooStatic_" + Name + "() -> decltype(" + Holder +
          "::" + Name + ") & { return " + Store + "->" + Name +
          "; } /* bamboo: one per virtual rank */");
}

void privatizeStaticMember(RewriteSession &S, Candidates &C,
                           const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  if (VD->getDeclContext()->isDependentContext()) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 4;
    return;
  }
  if (!hasOneType(S, VD))
    return;
  for (const VarDecl *D : VD->redecls()) {
    if (!S.inUserFile(D->getLocation()))
      continue;
    if (D->isOutOfLine())
      privatizeMemberDefinition(S, D);
    else
      privatizeMemberDeclaration(S, D);
  }
  rewriteUses(S, C, VD, "bambooStatic_" + Name + "()");
}

//===-- C ----------------------------------------------------------------===//

/// A use of the C global \p VD: `(*bambooGlobal_x())`.
std::string cGlobalUse(const VarDecl *VD) {
  return "(*bambooGlobal_" + VD->getNameAsString() + "())";
}

/// The uses of privatized variables inside an expression.
struct PrivatizedRefs : RecursiveASTVisitor<PrivatizedRefs> {
  explicit PrivatizedRefs(const Candidates &C) : C(C) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (C.Vars.contains(VD->getCanonicalDecl()))
        Found.push_back(Ref);
    return true;
  }
  const Candidates &C;
  std::vector<const DeclRefExpr *> Found;
};

std::vector<const DeclRefExpr *> privatizedRefsIn(const Candidates &C,
                                                  const Expr *E) {
  PrivatizedRefs Refs(C);
  if (E)
    Refs.TraverseStmt(const_cast<Expr *>(E));
  return std::move(Refs.Found);
}

/// The text of \p VD's initializer, each privatized variable it names read
/// through its accessor, and the initializer's file range; nothing if it is
/// not written in the file as one piece (a name from a macro's body).
std::optional<std::pair<std::string, CharSourceRange>>
perRankInitializer(RewriteSession &S, const VarDecl *VD,
                   const std::vector<const DeclRefExpr *> &Refs) {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(VD->getInit()->getSourceRange()), S.SM,
      S.Ctx.getLangOpts());
  if (Range.isInvalid() || !S.inUserFile(Range.getBegin()))
    return std::nullopt;
  std::map<unsigned, std::pair<unsigned, std::string>>
      Edits; // offset: length, text
  for (const DeclRefExpr *Ref : Refs) {
    SourceLocation At = Ref->getLocation();
    if (At.isMacroID()) {
      if (!S.SM.isMacroArgExpansion(At))
        return std::nullopt;
      At = S.SM.getSpellingLoc(At);
    }
    if (S.SM.isBeforeInTranslationUnit(At, Range.getBegin()) ||
        !S.SM.isBeforeInTranslationUnit(At, Range.getEnd()))
      return std::nullopt;
    Edits[S.SM.getFileOffset(At)] = {
        Lexer::MeasureTokenLength(At, S.SM, S.Ctx.getLangOpts()),
        cGlobalUse(cast<VarDecl>(Ref->getDecl()))};
  }
  unsigned Begin = S.SM.getFileOffset(Range.getBegin()),
           End = S.SM.getFileOffset(Range.getEnd());
  llvm::StringRef Buffer = S.SM.getBufferData(S.SM.getFileID(Range.getBegin()));
  std::string Text;
  unsigned Copied = Begin;
  for (const auto &[Offset, Edit] : Edits) { // in order
    Text += Buffer.slice(Copied, Offset);
    Text += Edit.second;
    Copied = Offset + Edit.first;
  }
  Text += Buffer.slice(Copied, End);
  return std::make_pair(Text, Range);
}

/// `bamboo_rank_local bambooLocal_x = BAMBOO_RANK_LOCAL(...);` for the image
/// \p Image.
std::string rankLocal(const std::string &Name, bool HasImage,
                      const std::string &Init) {
  std::string Image = "bambooImage_" + Name;
  return "static bamboo_rank_local bambooLocal_" + Name +
         " = BAMBOO_RANK_LOCAL(sizeof " + Image + ", __alignof__(" + Image +
         "), " + (HasImage ? "&" + Image : std::string("0")) + ", " +
         (Init.empty() ? std::string("0") : Init) + ");";
}

/// The C expression of the running rank's instance of \p VD, a pointer to
/// void; a thread-local variable's is the calling thread's
/// (rankLocalArguments).
std::string cRankLocalGet(const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  return std::string(isThreadLocal(VD) ? "bamboo_thread_rank_local_get"
                                       : "bamboo_rank_local_get") +
         "(&bambooLocal_" + Name + ")";
}

/// `extern int x;` => `extern int (*bambooGlobal_x(void))
/// __attribute__((const));`: the declarator is kept, so any declared type
/// (arrays, pointers to functions) comes out right.
void declareCAccessor(RewriteSession &S, const VarDecl *VD) {
  std::string What = "declaration of '" + VD->getNameAsString() + "'";
  std::string Attribute = accessorAttribute(VD, CAccessorAttribute);
  if (S.replaceToken(VD->getLocation(),
                     "(*bambooGlobal_" + VD->getNameAsString() + "(void))",
                     What) &&
      !Attribute.empty())
    S.insertAfterToken(endOfDeclarator(VD),
                       " " + llvm::StringRef(Attribute).rtrim().str(), What);
}

/// `static double eps = 1e-9, half;` at file scope: the declaration stays as
/// the variables' static images, each gets a rank-local and an accessor.
void privatizeCGlobal(RewriteSession &S, Candidates &C,
                      const std::vector<const VarDecl *> &Group) {
  const VarDecl *First = Group.front();
  std::string Name = First->getNameAsString();
  std::string What = "global '" + Name + "'";
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      endOfDeclarator(Group.back()), tok::semi, S.SM, S.Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isInvalid() || !S.editable(First->getOuterLocStart(), What)) {
    S.Diags.report(First->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  // Each initializer that names a variable of the ranks' is evaluated per
  // rank; the others are constants, copied from the image.
  std::vector<std::optional<std::pair<std::string, CharSourceRange>>> PerRank;
  for (const VarDecl *VD : Group) {
    PerRank.emplace_back();
    std::vector<const DeclRefExpr *> Refs = privatizedRefsIn(C, VD->getInit());
    if (Refs.empty())
      continue;
    PerRank.back() = perRankInitializer(S, VD, Refs);
    if (!PerRank.back()) {
      S.Diags.report(VD->getLocation(), Diag::CannotPrivatize)
          << VD->getNameAsString() << 2;
      return;
    }
  }
  bool External = First->isExternallyVisible();
  dropStorageKeywords(S, First);
  S.insertBefore(First->getOuterLocStart(), "static ", What);
  std::string After, Inits;
  for (size_t I = 0; I < Group.size(); ++I) {
    const VarDecl *VD = Group[I];
    std::string Var = VD->getNameAsString();
    std::string Image = "bambooImage_" + Var,
                Type = "__typeof__(" + Image + ")";
    S.replaceToken(VD->getLocation(), Image, What);
    std::string Init;
    if (PerRank[I]) {
      // The image keeps the type (an array's bound), not the value.
      writeArrayBound(S, VD, What);
      auto Equal = findToken(S, VD->getLocation(), tok::equal,
                             PerRank[I]->second.getBegin());
      if (!Equal) {
        S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Var << 2;
        return;
      }
      S.R.RemoveText(CharSourceRange::getCharRange(
          Equal->getLocation(), PerRank[I]->second.getEnd()));
      C.Moved.push_back(PerRank[I]->second);
      Init = "bambooInit_" + Var;
      Inits += " static void " + Init + "(void *P) { " + Type +
               " bambooValue = " + PerRank[I]->first +
               "; __builtin_memcpy(P, &bambooValue, sizeof bambooValue); }";
    }
    bool HasImage = VD->getInit() && !PerRank[I];
    if (!Init.empty()) // defined below: it reads the group's accessors
      After += " static void " + Init + "(void *P);";
    After += " " + rankLocal(Var, HasImage, Init) + " " +
             (External ? "" : "static ") +
             accessorAttribute(VD, CAccessorAttribute) + Type +
             " *bambooGlobal_" + Var + "(void) { return (" + Type + " *)" +
             cRankLocalGet(VD) + "; }";
    C.Registered.push_back("bambooLocal_" + Var);
  }
  S.R.InsertTextAfter(AfterSemi,
                      After + Inits + " /* bamboo: one per virtual rank */");
  for (const VarDecl *VD : Group)
    C.Holders[VD->getCanonicalDecl()] =
        SourceRange(First->getOuterLocStart(), AfterSemi);
}

/// `static int first = 1;` in a C function: the declaration stays as the
/// image, a rank-local follows it, made at the rank's first use.
void privatizeCStaticLocal(RewriteSession &S, Candidates &C,
                           const VarDecl *VD) {
  std::string Name = VD->getNameAsString();
  std::string What = "static local '" + Name + "'";
  if (!privatizedRefsIn(C, VD->getInit()).empty()) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 7;
    return;
  }
  DynTypedNodeList Parents = S.Ctx.getParents(*VD);
  const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  if (!DS || DS->getEndLoc().isMacroID() ||
      !S.editable(VD->getOuterLocStart(), What)) {
    S.Diags.report(VD->getLocation(), Diag::CannotPrivatize) << Name << 2;
    return;
  }
  if (VD == *DS->decl_begin()) // the keywords are the statement's
    dropStorageKeywords(S, VD, /*KeepStatic=*/true);
  if (!S.replaceToken(VD->getLocation(), "bambooImage_" + Name, What))
    return;
  S.R.InsertTextAfterToken(DS->getEndLoc(),
                           " " + rankLocal(Name, VD->getInit() != nullptr, ""));
  std::string Type = "__typeof__(bambooImage_" + Name + ")";
  rewriteUses(S, C, VD, "(*(" + Type + " *)" + cRankLocalGet(VD) + ")");
}

} // namespace

void privatizeVariables(RewriteSession &S) {
  Candidates C(S);
  C.TraverseDecl(S.Ctx.getTranslationUnitDecl());

  // Definitions of globals grouped by declaration (`int a = 1, b = 2;`).
  llvm::MapVector<SourceLocation, std::vector<const VarDecl *>> Definitions;
  for (const VarDecl *VD : C.Declarations) {
    switch (storageOf(VD)) {
    case Storage::Global:
      if (isTheDefinition(VD))
        Definitions[VD->getOuterLocStart()].push_back(VD);
      else if (S.isC())
        declareCAccessor(S, VD);
      else // also `extern int verbose;` inside a function
        declareAccessor(
            S, VD, "bambooGlobal_" + VD->getNameAsString(),
            llvm::StringRef(accessorAttribute(VD, CxxAccessorAttribute))
                .rtrim());
      break;
    case Storage::StaticLocal:
      if (S.isC())
        privatizeCStaticLocal(S, C, VD);
      else
        privatizeStaticLocal(S, VD);
      break;
    case Storage::StaticMember:
      break; // by canonical declaration, below
    }
  }
  for (auto &[Loc, Group] : Definitions) {
    if (S.isC())
      privatizeCGlobal(S, C, Group);
    else
      privatizeGlobal(S, C, Group);
  }
  // Uses, also of globals that other files define.
  for (const VarDecl *VD : C.Vars) {
    if (storageOf(VD) == Storage::Global)
      rewriteUses(S, C, VD,
                  S.isC() ? cGlobalUse(VD)
                          : "bambooGlobal_" + VD->getNameAsString() + "()",
                  C.Holders.lookup(VD));
    else if (storageOf(VD) == Storage::StaticMember)
      privatizeStaticMember(S, C, VD);
  }
  // C: every rank makes the file's globals as it starts (bamboo/c.h).
  if (!C.Registered.empty()) {
    S.Epilogue +=
        "\n// bamboo: each virtual rank makes its own globals of this "
        "file as it starts.\n__attribute__((constructor)) static void "
        "bambooRegisterGlobals(void) {";
    for (const std::string &Local : C.Registered)
      S.Epilogue += " bamboo_rank_local_register(&" + Local + ");";
    S.Epilogue += " }\n";
  }
}

} // namespace bamboo::codegen
