//===- LeadingIncludes.cpp - The system headers a parse reads first -------===//
//
// A user header is followed only through what cannot change the system
// headers after it: an include guard (`#ifndef G` / `#define G`, or `#pragma
// once`), includes, the guard's `#endif` at the end of the file, and, before
// the first system header, whole declarations (their names are checked
// against the headers' when the cache is used). The walk stops at anything
// else, at a header it cannot find, and at a header of no guard entered twice.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Tool/LeadingIncludes.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace bamboo::tool {
namespace {

/// A preprocessing directive as the walk sees it.
struct Directive {
  enum KindT {
    Include,
    Ifndef,
    Define,
    PragmaOnce,
    Endif,
    Code, ///< a declaration, up to its `;` or closing `}`
    EndOfFile,
    Other
  };
  KindT Kind = Other;
  /// An include's header name without its delimiters, or a macro's name.
  std::string Name;
  /// The identifiers of a declaration, keywords included, but the names of
  /// function parameters, which are declared, not looked up.
  std::vector<std::string> Identifiers, ParameterNames;
  bool Angled = false;
  /// Offsets of the header name with its delimiters.
  unsigned NameBegin = 0, NameEnd = 0;
  /// Offset one past the directive's newline.
  unsigned LineEnd = 0;
};

/// Reads a file directive by directive with clang's raw lexer (comments,
/// line continuations and trigraphs as the preprocessor reads them).
class DirectiveReader {
public:
  DirectiveReader(llvm::StringRef Text, const LangOptions &LangOpts)
      : Text(Text), LangOpts(LangOpts), Keywords(LangOpts),
        Start(SourceLocation::getFromRawEncoding(1)),
        Lex(Start, LangOpts, Text.begin(), Text.begin(), Text.end()) {}

  Directive next() {
    Directive D;
    Token T;
    Lex.LexFromRawLexer(T);
    if (T.is(tok::eof)) {
      D.Kind = Directive::EndOfFile;
      return D;
    }
    if (!T.is(tok::hash) || !T.isAtStartOfLine())
      return declaration(T);
    Lex.setParsingPreprocessorDirective(true);
    D.Kind = parse(D, T);
    while (!T.isOneOf(tok::eod, tok::eof))
      Lex.LexFromRawLexer(T);
    D.LineEnd = Lex.getBufferLocation() - Text.begin();
    if (D.LineEnd < Text.size() && Text[D.LineEnd] == '\n' &&
        Text[D.LineEnd - 1] == '\r')
      ++D.LineEnd;
    // A directive the file ends in without a newline: nothing follows it to
    // start a line at, so the walk does not take it.
    if (D.LineEnd == 0 || Text[D.LineEnd - 1] != '\n')
      D.Kind = Directive::Other;
    return D;
  }

private:
  /// Reads a declaration from \p T to its `;` or to the `}` that closes its
  /// outermost bracket. Other if a directive or the end of the file comes
  /// first, or it is longer than the walk reads.
  Directive declaration(Token T) {
    Directive D;
    // The open brackets; for each `(`, whether it holds a function's
    // parameters (it follows a name, or the `)` of `(*f)`).
    llvm::SmallVector<std::pair<tok::TokenKind, bool>, 8> Open;
    bool Initializer = false; // after `=` at the top: expressions only
    bool Default = false;     // after `=` among parameters, to the next one
    Token Prev;
    Prev.startToken();
    std::optional<std::string> Candidate; // a parameter's name, if , ) [ =
    for (unsigned Read = 0; Read < MaxDeclarationTokens; ++Read) {
      if (T.is(tok::eof) || (T.is(tok::hash) && T.isAtStartOfLine()))
        return D;
      // Inside braces or brackets come statements and expressions.
      bool InParameters = !Open.empty() && Open.back().second && !Initializer &&
                          !Default && llvm::all_of(Open, [](const auto &B) {
                            return B.first == tok::l_paren;
                          });
      if (Candidate) {
        if (T.isOneOf(tok::comma, tok::r_paren, tok::l_square, tok::equal))
          D.ParameterNames.push_back(*Candidate);
        else
          D.Identifiers.push_back(*Candidate);
        Candidate.reset();
      }
      if (T.is(tok::raw_identifier)) {
        if (T.needsCleaning())
          return D;
        std::string Name = T.getRawIdentifier().str();
        // A parameter's name is declared, not looked up: `&b` in
        // `(Vec &b, int n)`. Not after `(`/`,` (a type), nor after
        // struct/class/union/enum/typename (a type's name).
        if (InParameters &&
            (Prev.isOneOf(tok::star, tok::amp, tok::ampamp) ||
             (Prev.is(tok::raw_identifier) &&
              !llvm::is_contained(TypeIntroducers, Prev.getRawIdentifier()))))
          Candidate = Name;
        else
          D.Identifiers.push_back(Name);
      } else if (T.isOneOf(tok::l_brace, tok::l_paren, tok::l_square)) {
        bool Parameters =
            T.is(tok::l_paren) && !Initializer &&
            (Prev.is(tok::r_paren) ||
             (Prev.is(tok::raw_identifier) &&
              !Keywords.get(Prev.getRawIdentifier()).isKeyword(LangOpts)));
        Open.push_back({T.getKind(), Parameters});
      } else if (T.isOneOf(tok::r_brace, tok::r_paren, tok::r_square)) {
        if (Open.empty())
          return D;
        Open.pop_back();
        Default = false;
      } else if (T.is(tok::equal)) {
        if (Open.empty())
          Initializer = true;
        else if (InParameters)
          Default = true;
      } else if (T.is(tok::comma) && !Open.empty() &&
                 Open.back().first == tok::l_paren) {
        Default = false;
      }
      if (Open.empty() && T.isOneOf(tok::semi, tok::r_brace)) {
        D.Kind = Directive::Code;
        return D;
      }
      Prev = T;
      Lex.LexFromRawLexer(T);
    }
    return D;
  }

  static constexpr llvm::StringLiteral TypeIntroducers[] = {
      "struct", "class", "union", "enum", "typename"};
  static constexpr unsigned MaxDeclarationTokens = 4096;

  unsigned offset(const Token &T) const {
    return T.getLocation().getRawEncoding() - Start.getRawEncoding();
  }

  /// Reads the directive after its `#`; leaves \p T at the first token it
  /// does not take (the end of the line, when the directive is whole).
  Directive::KindT parse(Directive &D, Token &T) {
    Lex.LexFromRawLexer(T);
    if (!T.is(tok::raw_identifier))
      return Directive::Other;
    llvm::StringRef Word = T.getRawIdentifier();
    if (Word == "include") {
      Lex.LexIncludeFilename(T);
      if (!T.isOneOf(tok::header_name, tok::string_literal) ||
          T.needsCleaning())
        return Directive::Other;
      D.NameBegin = offset(T);
      D.NameEnd = D.NameBegin + T.getLength();
      D.Angled = Text[D.NameBegin] == '<'; // both forms lex as header_name
      D.Name = Text.slice(D.NameBegin + 1, D.NameEnd - 1).str();
      Lex.LexFromRawLexer(T);
      return T.is(tok::eod) ? Directive::Include : Directive::Other;
    }
    if (Word == "ifndef" || Word == "define") {
      Lex.LexFromRawLexer(T);
      if (!T.is(tok::raw_identifier) || T.needsCleaning())
        return Directive::Other;
      D.Name = T.getRawIdentifier().str();
      Lex.LexFromRawLexer(T);
      if (Word == "define") // the guard's value, if any, is never read
        return Directive::Define;
      return T.is(tok::eod) ? Directive::Ifndef : Directive::Other;
    }
    if (Word == "pragma") {
      Lex.LexFromRawLexer(T);
      if (!T.is(tok::raw_identifier) || T.getRawIdentifier() != "once")
        return Directive::Other;
      Lex.LexFromRawLexer(T);
      return T.is(tok::eod) ? Directive::PragmaOnce : Directive::Other;
    }
    if (Word == "endif")
      return Directive::Endif;
    return Directive::Other;
  }

  llvm::StringRef Text;
  const LangOptions &LangOpts;
  IdentifierTable Keywords;
  SourceLocation Start;
  Lexer Lex;
};

class Walker {
public:
  Walker(const LangOptions &LangOpts, HeaderLookup Lookup, LeadingIncludes &Out)
      : LangOpts(LangOpts), Lookup(Lookup), Out(Out) {}

  void walkMain(llvm::StringRef Path, llvm::StringRef Text) {
    DirectiveReader Reader(Text, LangOpts);
    for (Directive D = Reader.next();; D = Reader.next()) {
      if (D.Kind == Directive::Include) {
        if (!include(D, Path, /*Depth=*/0, /*InMain=*/true))
          return;
      } else if (D.Kind != Directive::Code || !declaration(D)) {
        return;
      }
    }
  }

private:
  /// Passes a declaration; false where the walk stops. Only before the first
  /// system header: a declaration after one may use its names, which a
  /// header read earlier than written could then change.
  bool declaration(const Directive &D) {
    if (!Out.Headers.empty())
      return false;
    UserContentSeen = true;
    for (const std::string &Name : D.Identifiers)
      if (CodeNames.insert(Name).second)
        Out.CodeNames.push_back(Name);
    for (const std::string &Name : D.ParameterNames)
      if (ParameterNames.insert(Name).second)
        Out.ParameterNames.push_back(Name);
    return true;
  }

  /// Follows one include; false where the walk stops.
  bool include(const Directive &D, llvm::StringRef Includer, unsigned Depth,
               bool InMain) {
    std::optional<FoundHeader> Found = Lookup(D.Name, D.Angled, Includer);
    if (!Found)
      return false;
    if (Found->System) {
      // Written "...", found in a system directory: the same include as
      // <...> only if that finds the same file.
      if (!D.Angled) {
        std::optional<FoundHeader> AsAngled =
            Lookup(D.Name, /*Angled=*/true, Includer);
        if (!AsAngled || AsAngled->Path != Found->Path)
          return false;
      }
      Out.Headers.push_back("<" + D.Name + ">");
      if (InMain && !UserContentSeen) {
        ++Out.FromMain;
        Out.SkippedBytes = D.LineEnd;
        Out.SkippedNames.push_back({D.NameBegin, D.NameEnd});
      }
      return true;
    }
    UserContentSeen = true;
    if (auto It = Entered.find(Found->Path); It != Entered.end())
      return It->second; // guarded: the parse skips it; else it is read twice
    if (Depth >= MaxDepth)
      return false;
    return walkHeader(*Found, Depth + 1);
  }

  /// Walks a user header; true if the walk goes on after it.
  bool walkHeader(const FoundHeader &Header, unsigned Depth) {
    DirectiveReader Reader(Header.Text, LangOpts);
    Directive D = Reader.next();
    bool Guarded = false, GuardOpen = false;
    if (D.Kind == Directive::Ifndef) {
      Directive Define = Reader.next();
      // Two headers of one guard: the second is not read.
      if (Define.Kind != Directive::Define || Define.Name != D.Name ||
          llvm::is_contained(Out.Guards, D.Name))
        return false;
      Out.Guards.push_back(D.Name);
      Guarded = GuardOpen = true;
      D = Reader.next();
    } else if (D.Kind == Directive::PragmaOnce) {
      Guarded = true;
      D = Reader.next();
    }
    Entered[Header.Path] = Guarded;
    for (;; D = Reader.next()) {
      switch (D.Kind) {
      case Directive::Include:
        if (!include(D, Header.Path, Depth, /*InMain=*/false))
          return false;
        continue;
      case Directive::PragmaOnce: // beside a guard: changes nothing else
        Entered[Header.Path] = true;
        continue;
      case Directive::Code:
        if (!declaration(D))
          return false;
        continue;
      case Directive::Endif:
        return GuardOpen && Reader.next().Kind == Directive::EndOfFile;
      case Directive::EndOfFile:
        return !GuardOpen;
      default:
        return false;
      }
    }
  }

  static constexpr unsigned MaxDepth = 16;
  const LangOptions &LangOpts;
  HeaderLookup Lookup;
  LeadingIncludes &Out;
  /// User headers walked, and whether each has a guard.
  llvm::StringMap<bool> Entered;
  llvm::StringSet<> CodeNames, ParameterNames;
  /// A user header or a declaration came: the main file's includes after it
  /// are not the main file's leading lines.
  bool UserContentSeen = false;
};

} // namespace

LeadingIncludes findLeadingIncludes(llvm::StringRef MainPath,
                                    llvm::StringRef MainText,
                                    const LangOptions &LangOpts,
                                    HeaderLookup Lookup) {
  LeadingIncludes Out;
  Walker(LangOpts, Lookup, Out).walkMain(MainPath, MainText);
  return Out;
}

} // namespace bamboo::tool
