//===- LeadingIncludesTest.cpp - The system headers a parse reads first ---===//

#include "bamboo/Tool/LeadingIncludes.h"
#include "clang/Basic/LangOptions.h"
#include "gtest/gtest.h"
#include <map>

using namespace bamboo::tool;

namespace {

/// A file system of a few files: "sys/..." are system headers, found by
/// angle includes; the rest are the user's, found by either.
class Files {
public:
  Files(std::map<std::string, std::string> Texts) : Texts(std::move(Texts)) {}

  LeadingIncludes walk(const std::string &Main) {
    clang::LangOptions LangOpts;
    LangOpts.CPlusPlus = true;
    return findLeadingIncludes(
        Main, Texts.at(Main), LangOpts,
        [&](llvm::StringRef Name, bool Angled,
            llvm::StringRef) -> std::optional<FoundHeader> {
          Lookups.push_back((Angled ? "<" : "\"") + Name.str());
          std::string User = Name.str(), System = "sys/" + Name.str();
          // A quoted include looks next to its includer first.
          if (!Angled && Texts.count(User))
            return FoundHeader{User, Texts.at(User), false};
          if (Texts.count(System))
            return FoundHeader{System, Texts.at(System), true};
          if (Texts.count(User)) // a user directory given by -I
            return FoundHeader{User, Texts.at(User), false};
          return std::nullopt;
        });
  }

  std::vector<std::string> Lookups;

private:
  std::map<std::string, std::string> Texts;
};

using Strings = std::vector<std::string>;

TEST(LeadingIncludes, TheMainFilesOwnLinesAreSkipped) {
  Files F({{"main.c", "/* a comment */\n#include <mpi.h> // MPI\n"
                      "  #  include <stdio.h>\nint x;\n#include <math.h>\n"},
           {"sys/mpi.h", ""},
           {"sys/stdio.h", ""},
           {"sys/math.h", ""}});
  LeadingIncludes L = F.walk("main.c");
  EXPECT_EQ(L.Headers, (Strings{"<mpi.h>", "<stdio.h>"}));
  EXPECT_EQ(L.FromMain, 2u);
  llvm::StringRef Text = "/* a comment */\n#include <mpi.h> // MPI\n"
                         "  #  include <stdio.h>\n";
  EXPECT_EQ(L.SkippedBytes, Text.size());
  ASSERT_EQ(L.SkippedNames.size(), 2u);
  EXPECT_EQ(Text.substr(L.SkippedNames[0].first,
                        L.SkippedNames[0].second - L.SkippedNames[0].first),
            "<mpi.h>");
  EXPECT_TRUE(L.Guards.empty());
}

TEST(LeadingIncludes, AUserHeadersLeadingSystemIncludesFollowItsGuard) {
  Files F({{"main.cpp", "#include <cstdio>\n#include \"grid.h\"\n"
                        "#include <vector>\n"},
           {"grid.h", "// grid.h\n#ifndef GRID_H\n#define GRID_H\n"
                      "#include <mpi.h>\n#include <cmath>\nclass Grid;\n"
                      "#include <string>\n#endif\n"},
           {"sys/cstdio", ""},
           {"sys/mpi.h", ""},
           {"sys/cmath", ""},
           {"sys/string", ""},
           {"sys/vector", ""}});
  LeadingIncludes L = F.walk("main.cpp");
  // Not <string>: a declaration comes before it; not <vector>: the walk
  // stopped inside grid.h.
  EXPECT_EQ(L.Headers, (Strings{"<cstdio>", "<mpi.h>", "<cmath>"}));
  EXPECT_EQ(L.FromMain, 1u);
  EXPECT_EQ(L.SkippedBytes, std::string("#include <cstdio>\n").size());
  EXPECT_EQ(L.Guards, (Strings{"GRID_H"}));
}

TEST(LeadingIncludes, TheWalkGoesOnAfterAHeaderOfIncludesOnly) {
  Files F({{"main.c", "#include \"all.h\"\n#include \"once.h\"\n"
                      "#include \"all.h\"\n#include <math.h>\nint x;\n"},
           {"all.h", "#ifndef ALL_H\n#define ALL_H 1\n#include <stdio.h>\n"
                     "#include <stdlib.h>\n#endif /* ALL_H */\n// end\n"},
           {"once.h", "#ifndef ONCE_H\n#define ONCE_H\n#pragma once\n"
                      "#include <string.h>\n#endif\n"},
           {"sys/stdio.h", ""},
           {"sys/stdlib.h", ""},
           {"sys/string.h", ""},
           {"sys/math.h", ""}});
  LeadingIncludes L = F.walk("main.c");
  // all.h's second include is skipped by its guard, as the parse skips it.
  EXPECT_EQ(L.Headers,
            (Strings{"<stdio.h>", "<stdlib.h>", "<string.h>", "<math.h>"}));
  EXPECT_EQ(L.FromMain, 0u);
  EXPECT_EQ(L.SkippedBytes, 0u);
  EXPECT_EQ(L.Guards, (Strings{"ALL_H", "ONCE_H"}));
}

TEST(LeadingIncludes, StopsAtWhatItDoesNotFollow) {
  auto HeadersOf = [](const std::string &Main, const std::string &Header) {
    Files F(
        {{"main.c", Main}, {"u.h", Header}, {"sys/a.h", ""}, {"sys/b.h", ""}});
    return F.walk("main.c").Headers;
  };
  const std::string Main = "#include <a.h>\n#include \"u.h\"\n";
  // A macro other than the guard, before <b.h>.
  EXPECT_EQ(HeadersOf(Main, "#ifndef U\n#define U\n#define _GNU_SOURCE\n"
                            "#include <b.h>\n#endif\n"),
            Strings{"<a.h>"});
  // An #ifndef that its #define does not match: not a guard.
  EXPECT_EQ(HeadersOf(Main, "#ifndef U\n#define V\n#include <b.h>\n#endif\n"),
            Strings{"<a.h>"});
  // A conditional include.
  EXPECT_EQ(HeadersOf(Main, "#ifdef X\n#include <b.h>\n#endif\n"),
            Strings{"<a.h>"});
  // A guard left open.
  EXPECT_EQ(HeadersOf(Main, "#ifndef U\n#define U\n#include <b.h>\n"),
            (Strings{"<a.h>", "<b.h>"}));
  EXPECT_EQ(HeadersOf(Main + "#include <b.h>\n",
                      "#ifndef U\n#define U\n#include <b.h>\n"),
            (Strings{"<a.h>", "<b.h>"}));
  // A header not found.
  EXPECT_EQ(
      HeadersOf("#include <a.h>\n#include \"none.h\"\n#include <b.h>\n", ""),
      Strings{"<a.h>"});
  // A continued line joins the include to the code after it.
  EXPECT_EQ(HeadersOf("#include <a.h> \\\nint x;\n#include <b.h>\n", ""),
            Strings{});
  // The last line without a newline.
  EXPECT_EQ(HeadersOf("#include <a.h>", ""), Strings{});
  // A macro as the header's name.
  EXPECT_EQ(HeadersOf("#include <a.h>\n#define H <b.h>\n#include H\n", ""),
            Strings{"<a.h>"});
}

TEST(LeadingIncludes, DeclarationsBeforeTheFirstSystemHeaderArePassed) {
  Files F({{"halo.cpp", "#include \"halo.h\"\n#include \"grid.h\"\n"},
           {"halo.h", "#ifndef HALO_H\n#define HALO_H\nclass Grid;\n"
                      "// the exchange\nvoid exchange_halo(Grid &g);\n"
                      "struct Pair { int a[2]; };\n#endif\n"},
           {"grid.h", "#pragma once\n#include <mpi.h>\n#include <vector>\n"
                      "class Grid { std::vector<double> u; };\n"
                      "#include <cmath>\n"},
           {"sys/mpi.h", ""},
           {"sys/vector", ""},
           {"sys/cmath", ""}});
  LeadingIncludes L = F.walk("halo.cpp");
  // Grid's definition uses the headers' names: the walk stops there.
  EXPECT_EQ(L.Headers, (Strings{"<mpi.h>", "<vector>"}));
  EXPECT_EQ(L.CodeNames, (Strings{"class", "Grid", "void", "exchange_halo",
                                  "struct", "Pair", "int", "a"}));
  EXPECT_EQ(L.ParameterNames, Strings{"g"});
  EXPECT_EQ(L.Guards, (Strings{"HALO_H"}));
}

TEST(LeadingIncludes, ParameterNamesAreToldFromNamesLookedUp) {
  Files F({{"main.cpp",
            "void solve(Vec &b, Vec &&x, int n, double *out, struct S s, T);\n"
            "void k(int p = q * r, int (*cb)(int a), int z);\n"
            "int f(int w) { return g(c * d); }\n"
            "int y = h(e * v);\n"
            "#include <a.h>\n"},
           {"sys/a.h", ""}});
  LeadingIncludes L = F.walk("main.cpp");
  EXPECT_EQ(L.Headers, Strings{"<a.h>"});
  // Declared: only a macro could change them.
  EXPECT_EQ(L.ParameterNames,
            (Strings{"b", "x", "n", "out", "s", "p", "a", "z", "w"}));
  // Looked up: types, a default argument, a body, an initializer.
  EXPECT_EQ(
      L.CodeNames,
      (Strings{"void", "solve", "Vec", "int", "double", "struct", "S",
               "T",    "k",     "q",   "r",   "cb",     "f",      "return",
               "g",    "c",     "d",   "y",   "h",      "e",      "v"}));
}

TEST(LeadingIncludes, DeclarationsInTheMainFileEndWhatIsSkipped) {
  Files F({{"main.c", "#include <a.h>\nint x;\n#include <b.h>\n"},
           {"sys/a.h", ""},
           {"sys/b.h", ""}});
  // int x; comes after <a.h>: the walk stops before it.
  EXPECT_EQ(F.walk("main.c").Headers, (Strings{"<a.h>"}));
  Files G({{"main.c", "static int x = (1 + 2);\n#include <a.h>\n"},
           {"sys/a.h", ""}});
  LeadingIncludes L = G.walk("main.c");
  EXPECT_EQ(L.Headers, (Strings{"<a.h>"}));
  EXPECT_EQ(L.FromMain, 0u); // its line is not skipped: code came first
  EXPECT_EQ(L.SkippedBytes, 0u);
  EXPECT_EQ(L.CodeNames, (Strings{"static", "int", "x"}));
}

TEST(LeadingIncludes, DeclarationsThatHoldADirectiveStopTheWalk) {
  auto HeadersOf = [](const std::string &Main) {
    Files F({{"main.c", Main}, {"sys/a.h", ""}});
    return F.walk("main.c").Headers;
  };
  EXPECT_EQ(HeadersOf("extern \"C\" {\n#include <a.h>\n}\n"), Strings{});
  EXPECT_EQ(HeadersOf("int f(int x\n#include <a.h>\n);\n"), Strings{});
  EXPECT_EQ(HeadersOf("int x = 1\n"), Strings{}); // no end
  EXPECT_EQ(HeadersOf("int x) ;\n#include <a.h>\n"), Strings{});
  EXPECT_EQ(HeadersOf("int x;\n#include <a.h>\n"), Strings{"<a.h>"});
}

TEST(LeadingIncludes, AHeaderWithoutAGuardIncludedTwiceStopsTheWalk) {
  Files F({{"main.c", "#include \"plain.h\"\n#include \"plain.h\"\n"
                      "#include <b.h>\n"},
           {"plain.h", "#include <a.h>\n"},
           {"sys/a.h", ""},
           {"sys/b.h", ""}});
  LeadingIncludes L = F.walk("main.c");
  EXPECT_EQ(L.Headers, (Strings{"<a.h>"}));
}

TEST(LeadingIncludes, TwoHeadersOfOneGuardStopTheWalk) {
  Files F({{"main.c", "#include \"one.h\"\n#include \"two.h\"\n"},
           {"one.h", "#ifndef G\n#define G\n#include <a.h>\n#endif\n"},
           {"two.h", "#ifndef G\n#define G\n#include <b.h>\n#endif\n"},
           {"sys/a.h", ""},
           {"sys/b.h", ""}});
  // The parse skips two.h whole; the walk does not guess.
  EXPECT_EQ(F.walk("main.c").Headers, (Strings{"<a.h>"}));
}

TEST(LeadingIncludes, QuotedSystemHeadersAreTakenWhenAnglesFindTheSameFile) {
  Files F({{"main.c", "#include \"mpi.h\"\n#include \"local.h\"\n"},
           {"local.h", "#pragma once\n#include \"stdio.h\"\n"},
           {"stdio.h", "int x;\n"}, // the user's own, next to the file
           {"sys/mpi.h", ""},
           {"sys/stdio.h", ""}});
  LeadingIncludes L = F.walk("main.c");
  // "stdio.h" is the user's: the walk enters it and stops at its code.
  EXPECT_EQ(L.Headers, (Strings{"<mpi.h>"}));
  EXPECT_EQ(F.Lookups,
            (Strings{"\"mpi.h", "<mpi.h", "\"local.h", "\"stdio.h"}));
  EXPECT_EQ(L.FromMain, 1u);
}

TEST(LeadingIncludes, AUserHeaderReachedByAnglesIsEntered) {
  Files F({{"main.c", "#include <local.h>\n#include <mpi.h>\n"},
           {"local.h", "#pragma once\n#include <stdio.h>\n"},
           {"sys/stdio.h", ""},
           {"sys/mpi.h", ""}});
  LeadingIncludes L = F.walk("main.c");
  EXPECT_EQ(L.Headers, (Strings{"<stdio.h>", "<mpi.h>"}));
  // local.h is the user's: nothing of the main file is skipped.
  EXPECT_EQ(L.FromMain, 0u);
  EXPECT_EQ(L.SkippedBytes, 0u);
}

TEST(LeadingIncludes, AHeaderIncludingItselfWithoutAGuardStopsTheWalk) {
  Files F({{"main.c", "#include \"loop.h\"\n"},
           {"loop.h", "#include <a.h>\n#include \"loop.h\"\n"},
           {"sys/a.h", ""}});
  // loop.h has no guard: its second include is read again, and the walk
  // stops there.
  EXPECT_EQ(F.walk("main.c").Headers, (Strings{"<a.h>"}));
}

} // namespace
