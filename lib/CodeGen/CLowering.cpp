//===- CLowering.cpp - C carried over into C++ that means the same --------===//
//
// The translation of a C file is C++ (the runtime's API is C++), so what C
// allows and C++ does not is rewritten, or refused with a location
// (docs/c.md):
//
//   int *p = malloc(n);           =>  int *p = (int *)(malloc(n));
//   char *s = "name";             =>  char *s = (char *)"name";
//   enum color c = 1;             =>  enum color c = (enum color)(1);
//   int new = 0;                  =>  int bamboo_new = 0;
//   printf("%"PRId64, x);         =>  printf("%" PRId64, x);
//   double *restrict u            =>  double *__restrict u
//   const int N = 4;              =>  extern const int N = 4;
//   struct p q = {.y = 1, .x = 2} =>  struct p q = {.x = 2, .y = 1}
//
// Runs after the other lowerings, so that the text it moves carries their
// edits and it leaves alone the tokens they replaced.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

/// Words C++20 reserves that C lets a program use as names (those that mean
/// the same in both, such as the macros `bool` and `static_assert` of C's
/// headers, stay).
bool isCxxOnlyKeyword(llvm::StringRef Name) {
  static const llvm::StringSet<> Words = {"alignas",
                                          "alignof",
                                          "catch",
                                          "char8_t",
                                          "class",
                                          "concept",
                                          "const_cast",
                                          "consteval",
                                          "constexpr",
                                          "constinit",
                                          "co_await",
                                          "co_return",
                                          "co_yield",
                                          "decltype",
                                          "delete",
                                          "dynamic_cast",
                                          "explicit",
                                          "export",
                                          "friend",
                                          "mutable",
                                          "namespace",
                                          "new",
                                          "noexcept",
                                          "nullptr",
                                          "operator",
                                          "private",
                                          "protected",
                                          "public",
                                          "reinterpret_cast",
                                          "requires",
                                          "static_cast",
                                          "template",
                                          "this",
                                          "throw",
                                          "try",
                                          "typeid",
                                          "typename",
                                          "using",
                                          "virtual",
                                          "and",
                                          "and_eq",
                                          "bitand",
                                          "bitor",
                                          "compl",
                                          "not",
                                          "not_eq",
                                          "or",
                                          "or_eq",
                                          "xor",
                                          "xor_eq"};
  return Words.contains(Name);
}

/// Where the whole of \p E is written, as one editable range of a user file
/// (a macro's use stands for what it expands to). Reports (and returns
/// nothing) if part of E is written in a macro's body.
std::optional<CharSourceRange> writtenRange(RewriteSession &S, const Expr *E,
                                            llvm::StringRef What) {
  auto Begin = S.editable(E->getBeginLoc(), What, RewriteSession::Place::Start);
  auto End = Begin
                 ? S.editable(E->getEndLoc(), What, RewriteSession::Place::End)
                 : std::nullopt;
  if (!Begin || !End)
    return std::nullopt;
  return CharSourceRange::getTokenRange(*Begin, *End);
}

/// `(T)(E)`: a conversion C makes implicitly and C++ only explicitly.
void castExplicitly(RewriteSession &S, const Expr *E, QualType To) {
  std::string What = "this conversion to '" + S.typeText(To) + "'";
  auto Range = writtenRange(S, E, What);
  if (!Range)
    return;
  // Around what the other lowerings inserted there (`co_await f()`).
  S.R.InsertTextBefore(Range->getBegin(), "(" + S.typeText(To) + ")(");
  S.R.InsertTextAfterToken(Range->getEnd(), ")");
}

bool isVoidPointer(QualType T) {
  const auto *P = T->getAs<PointerType>();
  return P && P->getPointeeType()->isVoidType();
}

/// A conversion C makes and C++ does not, or makes differently.
bool needsCast(const ImplicitCastExpr *Cast, ASTContext &Ctx) {
  QualType To = Cast->getType(), From = Cast->getSubExpr()->getType();
  switch (Cast->getCastKind()) {
  case CK_BitCast: // between pointer types: C++ converts to void * only
    if (isVoidPointer(To) && !isVoidPointer(From))
      return !To->getPointeeType().isAtLeastAsQualifiedAs(
          From->getPointeeType());
    return true;
  case CK_NoOp: // dropping qualifiers of a pointee
    return To->isPointerType() && From->isPointerType() &&
           !To->getPointeeType().isAtLeastAsQualifiedAs(From->getPointeeType());
  case CK_IntegralToPointer:
  case CK_PointerToIntegral:
    return true;
  case CK_IntegralCast: {
    if (!To->isEnumeralType() || Ctx.hasSameUnqualifiedType(To, From))
      return false;
    // An enumerator of the very enum (an int in C) is one in C++ too.
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParenImpCasts());
    const auto *Enumerator =
        Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    return !Enumerator ||
           !Ctx.hasSameUnqualifiedType(Ctx.getTypeDeclType(cast<EnumDecl>(
                                           Enumerator->getDeclContext())),
                                       To);
  }
  default:
    return false;
  }
}

/// Whether an initializer-list element converts with narrowing (C++ refuses
/// it in braces): floating to integral, a value that is not a constant
/// fitting the smaller type.
bool narrows(const ImplicitCastExpr *Cast, ASTContext &Ctx) {
  QualType To = Cast->getType(), From = Cast->getSubExpr()->getType();
  const Expr *Sub = Cast->getSubExpr();
  if (Sub->isValueDependent())
    return false;
  switch (Cast->getCastKind()) {
  case CK_FloatingToIntegral:
    return true;
  case CK_IntegralToFloating:
  case CK_FloatingCast: // a constant is exempt (it fits, as programs write
                        // them)
    if (Cast->getCastKind() == CK_FloatingCast &&
        Ctx.getTypeSize(To) >= Ctx.getTypeSize(From))
      return false;
    return !Sub->isEvaluatable(Ctx);
  case CK_IntegralCast: {
    if (!To->isIntegerType() || !From->isIntegerType() || To->isBooleanType())
      return false;
    bool ToSigned = To->isSignedIntegerOrEnumerationType();
    bool FromSigned = From->isSignedIntegerOrEnumerationType();
    uint64_t ToWidth = Ctx.getIntWidth(To), FromWidth = Ctx.getIntWidth(From);
    if ((ToSigned == FromSigned && ToWidth >= FromWidth) ||
        (ToSigned && !FromSigned && ToWidth > FromWidth))
      return false; // every value fits
    Expr::EvalResult Value;
    if (!Sub->EvaluateAsInt(Value, Ctx))
      return true;
    llvm::APSInt V = Value.Val.getInt();
    llvm::APSInt Fit = V.extOrTrunc(ToWidth);
    Fit.setIsUnsigned(!ToSigned);
    return llvm::APSInt::compareValues(Fit, V) != 0;
  }
  default:
    return false;
  }
}

class CIdioms : public RecursiveASTVisitor<CIdioms> {
public:
  explicit CIdioms(RewriteSession &S) : S(S) {}

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    convert(Cast, /*InBraces=*/false);
    return true;
  }

  bool VisitInitListExpr(InitListExpr *List) {
    if (!S.inUserFile(List->getBeginLoc()))
      return true;
    // The conversions are in the semantic form, which the traversal skips.
    const InitListExpr *Semantic =
        List->getSemanticForm() ? List->getSemanticForm() : List;
    for (const Expr *Init : Semantic->inits())
      if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Init))
        convert(Cast, /*InBraces=*/true);
    if (List->isSyntacticForm())
      orderDesignators(List);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    // C gives a const global external linkage, C++ internal.
    if (!isa<ParmVarDecl>(VD) && VD->isFileVarDecl() &&
        VD->getType().isConstQualified() && VD->isExternallyVisible() &&
        S.inUserFile(VD->getLocation()) &&
        VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
        VD->getStorageClass() == SC_None)
      S.insertBefore(VD->getOuterLocStart(), "extern ",
                     "const global '" + VD->getNameAsString() + "'");
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!S.inUserFile(FD->getLocation()) || FD->isImplicit())
      return true;
    if (!FD->hasWrittenPrototype() && FD->doesThisDeclarationHaveABody() &&
        FD->getNumParams() > 0) {
      S.Diags.report(FD->getLocation(), Diag::CConstructNotCarried) << 0;
      return true;
    }
    // `int f();` declares f without its parameters: C++ reads no parameters.
    if (!FD->hasWrittenPrototype() && !FD->doesThisDeclarationHaveABody())
      giveParameters(FD);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    // C's strchr(const char *, int) returns char *; C++ overloads it to
    // return const char * for a const argument.
    if (const FunctionDecl *Lib = Call->getDirectCallee();
        Lib && Lib->getIdentifier() && S.inUserFile(Call->getBeginLoc()) &&
        S.SM.isInSystemHeader(S.SM.getExpansionLoc(Lib->getLocation())) &&
        llvm::is_contained({"strchr", "strrchr", "strpbrk", "strstr", "memchr",
                            "wcschr", "wcsrchr", "wcspbrk", "wcsstr",
                            "wmemchr"},
                           Lib->getName()))
      castExplicitly(S, Call, Lib->getReturnType());
    // f(1) of a function declared `int f();` with no prototype in the file.
    const auto *Callee = Call->getDirectCallee();
    if (Callee && Call->getNumArgs() > 0 && !Callee->hasPrototype() &&
        S.inUserFile(Call->getBeginLoc()))
      S.Diags.report(Call->getBeginLoc(), Diag::CConstructNotCarried) << 6;
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() &&
        U->getSubExpr()->getType()->isEnumeralType() &&
        S.inUserFile(U->getExprLoc()))
      assignEnum(U, U->getSubExpr(), U->isIncrementOp() ? "+" : "-", "1");
    return true;
  }

  bool VisitCompoundAssignOperator(CompoundAssignOperator *A) {
    if (A->getLHS()->getType()->isEnumeralType() &&
        S.inUserFile(A->getExprLoc())) {
      auto Operand = writtenRange(S, A->getRHS(), "this assignment");
      if (Operand)
        assignEnum(
            A, A->getLHS(),
            BinaryOperator::getOpcodeStr(
                BinaryOperator::getOpForCompoundAssignment(A->getOpcode())),
            "(" + S.R.getRewrittenText(*Operand) + ")");
    }
    return true;
  }

  bool VisitCompoundLiteralExpr(CompoundLiteralExpr *L) {
    if (!S.inUserFile(L->getBeginLoc()))
      return true;
    // In C it lives to the end of its block; in C++ (GNU) to the end of its
    // expression: an array decays, an address escapes.
    bool Escapes = L->getType()->isArrayType();
    DynTypedNodeList Parents = S.Ctx.getParents(*L);
    if (!Parents.empty())
      if (const auto *U = Parents[0].get<UnaryOperator>();
          U && U->getOpcode() == UO_AddrOf)
        Escapes = true;
    if (Escapes)
      S.Diags.report(L->getBeginLoc(), Diag::CConstructNotCarried) << 2;
    return true;
  }

  bool VisitStringLiteral(StringLiteral *Literal) {
    // char tag[4] = "BMB1": C leaves the terminating zero out, C++ refuses.
    if (Literal->getType().isNull()) // a static_assert's message
      return true;
    const auto *Array = S.Ctx.getAsConstantArrayType(Literal->getType());
    if (!Array || !Literal->isOrdinary() ||
        Array->getSize() != Literal->getLength() ||
        !S.inUserFile(Literal->getBeginLoc()))
      return true;
    std::string Chars;
    for (unsigned char C : Literal->getBytes()) {
      char Text[8];
      if (C == '\\' || C == '\'')
        snprintf(Text, sizeof Text, "'\\%c'", C);
      else if (C >= 32 && C < 127)
        snprintf(Text, sizeof Text, "'%c'", C);
      else
        snprintf(Text, sizeof Text, "'\\x%02x'", C);
      Chars += (Chars.empty() ? "" : ", ") + std::string(Text);
    }
    if (auto Range = writtenRange(S, Literal, "this string"))
      S.R.ReplaceText(*Range, "{" + Chars + "}");
    return true;
  }

  bool VisitParmVarDecl(ParmVarDecl *P) {
    if (P->getType()->isVariablyModifiedType() &&
        S.inUserFile(P->getLocation()))
      S.Diags.report(P->getLocation(), Diag::CConstructNotCarried) << 7;
    return true;
  }

  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    QualType T = D->getType();
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      T = F->getReturnType();
    while (!T.isNull() && (T->isPointerType() || T->isArrayType()))
      T = T->isPointerType() ? T->getPointeeType()
                             : S.Ctx.getBaseElementType(T);
    if (!T.isNull() && T->isAnyComplexType() && S.inUserFile(D->getLocation()))
      S.Diags.report(D->getLocation(), Diag::CConstructNotCarried) << 8;
    return true;
  }

  // C puts a struct or enum declared inside a struct in the file's scope;
  // C++ in the struct's: a use outside it is qualified, `struct msg::hdr`.
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    qualifyNested(TL.getDecl(), TL.getNameLoc());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Enumerator = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      qualifyNested(cast<EnumDecl>(Enumerator->getDeclContext()),
                    Ref->getLocation());
    return true;
  }

  bool VisitGenericSelectionExpr(GenericSelectionExpr *G) {
    if (S.inUserFile(G->getGenericLoc()))
      S.Diags.report(G->getGenericLoc(), Diag::CConstructNotCarried) << 3;
    return true;
  }

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    // 'a' is an int in C, a char in C++.
    if (E->getKind() != UETT_SizeOf || E->isArgumentType() ||
        !S.inUserFile(E->getBeginLoc()))
      return true;
    if (const auto *C =
            dyn_cast<CharacterLiteral>(E->getArgumentExpr()->IgnoreParens());
        C && C->getKind() == CharacterLiteralKind::Ascii)
      if (auto Range = writtenRange(S, E->getArgumentExpr(), "this sizeof"))
        S.R.ReplaceText(*Range, "(int)");
    return true;
  }

private:
  void qualifyNested(const TagDecl *Tag, SourceLocation Use) {
    if (!Tag || !S.inUserFile(Use))
      return;
    std::string Qualifier;
    for (const DeclContext *DC = Tag->getLexicalDeclContext();
         isa<RecordDecl>(DC);
         DC = cast<RecordDecl>(DC)->getLexicalDeclContext()) {
      const auto *Outer = cast<RecordDecl>(DC);
      SourceRange Body = Outer->getBraceRange();
      if (!S.SM.isBeforeInTranslationUnit(S.SM.getExpansionLoc(Use),
                                          Body.getBegin()) &&
          S.SM.isBeforeInTranslationUnit(S.SM.getExpansionLoc(Use),
                                         Body.getEnd()))
        return; // used inside the struct that declares it: found there
      if (!Outer->getIdentifier()) {
        S.Diags.report(Use, Diag::CConstructNotCarried) << 9;
        return;
      }
      Qualifier = Outer->getName().str() + "::" + Qualifier;
    }
    if (!Qualifier.empty() && Qualified.insert(Use.getRawEncoding()).second)
      S.insertBefore(Use, Qualifier,
                     "the name of '" + Tag->getNameAsString() + "'");
  }

  /// `c++` or `c |= F` on an enum, which C++ has not: `c = (enum e)(c + 1)`,
  /// where the value is not used and c has no side effects (it is read twice).
  void assignEnum(const Expr *Whole, const Expr *Target, llvm::StringRef Op,
                  const std::string &Operand) {
    DynTypedNodeList Parents = S.Ctx.getParents(*Whole);
    bool ValueUnused = !Parents.empty() && !Parents[0].get<Expr>();
    auto Range = writtenRange(S, Whole, "this enum update");
    auto Lhs = writtenRange(S, Target, "this enum update");
    if (!ValueUnused || Target->HasSideEffects(S.Ctx) || !Range || !Lhs) {
      S.Diags.report(Whole->getExprLoc(), Diag::CConstructNotCarried) << 1;
      return;
    }
    std::string Name = S.R.getRewrittenText(*Lhs);
    S.R.ReplaceText(*Range, Name + " = (" + S.typeText(Target->getType()) +
                                ")(" + Name + " " + Op.str() + " " + Operand +
                                ")");
  }

  /// Makes \p Cast explicit if C++ would not make it (or, in braces, would
  /// refuse it as narrowing).
  void convert(const ImplicitCastExpr *Cast, bool InBraces) {
    if (!S.inUserFile(Cast->getExprLoc()) || !Done.insert(Cast).second)
      return;
    bool Needed = needsCast(Cast, S.Ctx) ||
                  (InBraces && narrows(Cast, S.Ctx)) ||
                  isLibraryArgumentConversion(Cast);
    // A string literal is `char[]` in C and `const char[]` in C++.
    Needed |= Cast->getCastKind() == CK_ArrayToPointerDecay &&
              isa<StringLiteral>(Cast->getSubExpr()->IgnoreParens()) &&
              !Cast->getType()->getPointeeType().isConstQualified() &&
              isStoredAsCharPointer(Cast);
    if (Needed)
      castExplicitly(S, Cast->getSubExpr(), Cast->getType());
  }

  /// C converts an argument to the one parameter type a library function
  /// has; C++'s headers overload it (sqrt(float), abs(long)) and would pick
  /// another function: the conversion is written, so C++ picks C's.
  bool isLibraryArgumentConversion(const ImplicitCastExpr *Cast) {
    switch (Cast->getCastKind()) {
    case CK_FloatingCast:
    case CK_IntegralCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
      break;
    default:
      return false;
    }
    // A call written by a library's own macro (assert's __assert_fail) is
    // not the user's overloaded math.
    SourceLocation At = Cast->getExprLoc();
    if (At.isMacroID() && !S.SM.isMacroArgExpansion(At))
      return false;
    DynTypedNodeList Parents = S.Ctx.getParents(*Cast);
    const auto *Call = Parents.empty() ? nullptr : Parents[0].get<CallExpr>();
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Call->getCallee()->IgnoreParenImpCasts() != Cast &&
           S.SM.isInSystemHeader(S.SM.getExpansionLoc(Callee->getLocation()));
  }

  /// A string literal stored as `char *` (a variable, an argument, a field):
  /// what C++ refuses.
  bool isStoredAsCharPointer(const ImplicitCastExpr *Cast) {
    DynTypedNodeList Parents = S.Ctx.getParents(*Cast);
    if (Parents.empty())
      return false;
    // Made `const char *` at once (printf's format): C++'s conversion too.
    if (const auto *Next = Parents[0].get<ImplicitCastExpr>())
      return !Next->getType()->isPointerType() ||
             !Next->getType()->getPointeeType().isConstQualified();
    // A variadic argument (printf's %s) takes what it is given.
    if (const auto *Call = Parents[0].get<CallExpr>()) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (Call->getArg(I) == Cast)
          return !Callee || I < Callee->getNumParams();
    }
    return !Parents[0].get<UnaryExprOrTypeTraitExpr>();
  }

  void giveParameters(const FunctionDecl *FD) {
    const FunctionDecl *Proto = nullptr;
    for (const FunctionDecl *D : FD->redecls())
      if (D->hasWrittenPrototype())
        Proto = D;
    if (!Proto || Proto->getNumParams() == 0)
      return; // nothing is known, or none: `()` means the same in C++
    std::string Params;
    for (const ParmVarDecl *P : Proto->parameters())
      Params += (Params.empty() ? "" : ", ") + S.typeText(P->getType());
    if (Proto->isVariadic())
      Params += ", ...";
    auto TSI = FD->getTypeSourceInfo();
    if (!TSI)
      return;
    auto FTL = TSI->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>();
    if (!FTL || FTL.getLParenLoc().isMacroID() ||
        FTL.getRParenLoc().isMacroID())
      return;
    S.R.InsertTextAfterToken(FTL.getLParenLoc(), Params);
  }

  /// C's designators in any order become C++20's, in declaration order: C
  /// leaves the order of evaluation of an initializer list unspecified, so the
  /// meaning stays. Array and nested designators, and designated elements
  /// mixed with positional ones, C++ has none of: refused.
  void orderDesignators(const InitListExpr *List) {
    bool Designated = false, Positional = false;
    for (const Expr *Init : List->inits()) {
      if (const auto *D = dyn_cast<DesignatedInitExpr>(Init)) {
        Designated = true;
        if (D->size() != 1 || !D->getDesignator(0)->isFieldDesignator()) {
          S.Diags.report(D->getBeginLoc(), Diag::CConstructNotCarried) << 4;
          return;
        }
      } else {
        Positional = true;
      }
    }
    if (!Designated)
      return;
    if (Positional) {
      S.Diags.report(List->getBeginLoc(), Diag::CConstructNotCarried) << 4;
      return;
    }
    std::vector<std::pair<unsigned, const DesignatedInitExpr *>> Order;
    for (const Expr *Init : List->inits()) {
      const auto *D = cast<DesignatedInitExpr>(Init);
      const FieldDecl *Field = D->getDesignator(0)->getFieldDecl();
      Order.push_back({Field ? Field->getFieldIndex() : 0, D});
    }
    if (llvm::is_sorted(Order,
                        [](auto &A, auto &B) { return A.first < B.first; }))
      return;
    // Each element's text, with the edits made in it, goes to its place.
    std::vector<std::string> Texts;
    std::vector<CharSourceRange> Ranges;
    for (const auto &[Index, D] : Order) {
      auto Range = writtenRange(S, D, "this designated initializer");
      if (!Range)
        return;
      Ranges.push_back(*Range);
      Texts.push_back(S.R.getRewrittenText(*Range));
    }
    std::vector<size_t> Sorted(Order.size());
    for (size_t I = 0; I < Sorted.size(); ++I)
      Sorted[I] = I;
    llvm::stable_sort(Sorted, [&](size_t A, size_t B) {
      return Order[A].first < Order[B].first;
    });
    for (size_t I = 0; I < Ranges.size(); ++I)
      S.R.ReplaceText(Ranges[I], Texts[Sorted[I]]);
  }

  RewriteSession &S;
  llvm::DenseSet<const Expr *> Done;
  llvm::DenseSet<SourceLocation::UIntTy> Qualified;
};

/// What only the text shows: names that C++ reserves, a literal glued to a
/// macro name, C's keywords that C++ spells otherwise.
void lowerTokens(RewriteSession &S, FileID FID,
                 const llvm::StringSet<> &Reserved) {
  llvm::StringRef Buffer = S.SM.getBufferData(FID);
  const LangOptions &LO = S.Ctx.getLangOpts();
  Lexer Lex(S.SM.getLocForStartOfFile(FID), LO, Buffer.begin(), Buffer.begin(),
            Buffer.end());
  Lex.SetCommentRetentionState(false);
  Token Tok, Previous;
  Previous.startToken();
  bool InBrackets = false; // `[static 4]` in a parameter
  while (!Lex.LexFromRawLexer(Tok)) {
    SourceLocation At = Tok.getLocation();
    if (Tok.is(tok::raw_identifier)) {
      llvm::StringRef Word = Tok.getRawIdentifier();
      bool Glued = Previous.isOneOf(tok::string_literal, tok::char_constant,
                                    tok::utf8_string_literal) &&
                   Previous.getEndLoc() == At;
      if (Glued)
        S.R.InsertTextBefore(At, " ");
      std::string To;
      if (Reserved.contains(Word))
        To = "bamboo_" + Word.str();
      else if (InBrackets && (Word == "static" || Word == "const" ||
                              Word == "volatile" || Word == "restrict"))
        To = " "; // C's array parameter qualifiers: no meaning to C++'s pointer
      else if (Word == "restrict")
        To = "__restrict";
      else if (Word == "_Bool")
        To = "bool";
      else if (Word == "_Static_assert")
        To = "static_assert";
      else if (Word == "_Noreturn")
        To = "__attribute__((noreturn))";
      else if (Word == "_Alignof")
        To = "alignof";
      else if (Word == "_Alignas")
        To = "alignas";
      else if (Word == "_Thread_local")
        To = "thread_local";
      else if (Word ==
               "register") // no meaning left in C, none allowed in C++17
        To = " ";
      if (!To.empty() &&
          !S.wasReplaced(At)) // not already taken by another lowering
        S.R.ReplaceText(At, Word.size(), To);
    }
    if (Tok.is(tok::l_square))
      InBrackets = true;
    else if (!Tok.is(tok::raw_identifier) || !InBrackets)
      InBrackets = false;
    Previous = Tok;
  }
}

/// Names of the user's declarations that C++ reserves.
class ReservedNames : public RecursiveASTVisitor<ReservedNames> {
public:
  explicit ReservedNames(RewriteSession &S) : S(S) {}
  bool VisitNamedDecl(NamedDecl *D) {
    if (const IdentifierInfo *II = D->getIdentifier())
      if (isCxxOnlyKeyword(II->getName()) && S.inUserFile(D->getLocation()))
        Names.insert(II->getName());
    return true;
  }
  RewriteSession &S;
  llvm::StringSet<> Names;
};

/// A `goto` or `case` that jumps over an initialized declaration into its
/// scope: C allows it, C++ does not.
class JumpsPastInitialization
    : public RecursiveASTVisitor<JumpsPastInitialization> {
public:
  explicit JumpsPastInitialization(RewriteSession &S) : S(S) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !S.inUserFile(FD->getLocation()))
      return true;
    Decls.clear();
    Statement.clear();
    Jumps.clear();
    collect(FD->getBody(), nullptr);
    llvm::DenseSet<const VarDecl *> Split;
    for (const auto &[From, To] : Jumps)
      for (const auto &[Var, Scope] : Decls)
        if (before(From, Var->getLocation()) &&
            before(Var->getLocation(), To) &&
            !before(To, Scope->getBeginLoc()) &&
            before(To, Scope->getEndLoc())) {
          if (Split.contains(Var) || (Split.insert(Var), split(Var)))
            continue;
          S.Diags.report(From, Diag::CConstructNotCarried) << 5;
          S.Diags.report(Var->getLocation(), Diag::NoteDeclaredHere);
          break;
        }
    return true;
  }

private:
  /// `double *b = malloc(n);` => `double *b; b = malloc(n);`: for a scalar
  /// the two mean the same, and C++ lets a jump pass a declaration without
  /// initializer (the usual `goto fail;` of C). Arrays, structs and consts
  /// cannot be assigned so.
  bool split(const VarDecl *Var) {
    QualType T = Var->getType();
    if (!T->isScalarType() || T.isConstQualified() ||
        Var->getInitStyle() != VarDecl::CInit ||
        isa<InitListExpr>(Var->getInit()->IgnoreImplicit()))
      return false;
    const auto *DS = dyn_cast_or_null<DeclStmt>(Statement.lookup(Var));
    if (!DS || !DS->isSingleDecl())
      return false;
    for (SourceLocation At = Var->getLocation();
         At.isValid() && before(At, Var->getInit()->getBeginLoc());) {
      std::optional<Token> Tok =
          Lexer::findNextToken(At, S.SM, S.Ctx.getLangOpts());
      if (!Tok)
        return false;
      if (Tok->is(tok::equal)) { // from the end of the declarator: `b; b =`
        SourceLocation From =
            Lexer::getLocForEndOfToken(At, 0, S.SM, S.Ctx.getLangOpts());
        if (At.isMacroID() || Tok->getLocation().isMacroID() ||
            !S.inUserFile(At))
          return false;
        S.R.ReplaceText(CharSourceRange::getCharRange(From, Tok->getEndLoc()),
                        "; " + cxxName(Var, S) + " =");
        return true;
      }
      At = Tok->getLocation();
    }
    return false;
  }

  bool before(SourceLocation A, SourceLocation B) {
    return S.SM.isBeforeInTranslationUnit(S.SM.getExpansionLoc(A),
                                          S.SM.getExpansionLoc(B));
  }

  void collect(const Stmt *St, const CompoundStmt *Scope) {
    if (!St)
      return;
    if (const auto *C = dyn_cast<CompoundStmt>(St))
      Scope = C;
    if (const auto *DS = dyn_cast<DeclStmt>(St))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && Scope && VD->hasLocalStorage() &&
            (VD->hasInit() || VD->getType()->isVariablyModifiedType())) {
          Decls.push_back({VD, Scope});
          Statement[VD] = DS;
        }
    if (const auto *G = dyn_cast<GotoStmt>(St))
      Jumps.push_back({G->getGotoLoc(), G->getLabel()->getLocation()});
    if (const auto *Sw = dyn_cast<SwitchStmt>(St))
      for (const SwitchCase *Case = Sw->getSwitchCaseList(); Case;
           Case = Case->getNextSwitchCase())
        Jumps.push_back({Sw->getSwitchLoc(), Case->getKeywordLoc()});
    for (const Stmt *Child : childStatements(St))
      collect(Child, Scope);
  }

  RewriteSession &S;
  std::vector<std::pair<const VarDecl *, const CompoundStmt *>> Decls;
  llvm::DenseMap<const VarDecl *, const Stmt *> Statement;
  std::vector<std::pair<SourceLocation, SourceLocation>> Jumps;
};

} // namespace

void lowerCIdioms(RewriteSession &S) {
  if (!S.isC())
    return;
  CIdioms(S).TraverseDecl(S.Ctx.getTranslationUnitDecl());
  JumpsPastInitialization(S).TraverseDecl(S.Ctx.getTranslationUnitDecl());
  ReservedNames Names(S);
  Names.TraverseDecl(S.Ctx.getTranslationUnitDecl());
  std::vector<FileID> Files = {S.Main};
  if (const Inclusions *Includes = S.Model.inclusions())
    for (FileID FID : Includes->files())
      if (FID != S.Main && S.isUserFile(FID))
        Files.push_back(FID);
  for (FileID FID : Files)
    lowerTokens(S, FID, Names.Names);
}

std::string cxxName(const NamedDecl *D, const RewriteSession &S) {
  std::string Name = D->getNameAsString();
  return S.isC() && isCxxOnlyKeyword(Name) ? "bamboo_" + Name : Name;
}

} // namespace bamboo::codegen
