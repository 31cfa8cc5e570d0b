//===- CxxArgumentsTest.cpp - bamboo-cxx's command line -------------------===//

#include "bamboo/Driver/CxxArguments.h"
#include "gtest/gtest.h"

using namespace bamboo::driver;

namespace {

CxxArguments parse(std::vector<std::string> Args) {
  auto Parsed = parseCxxArguments(Args, "mpicxx", "mpicc");
  EXPECT_TRUE(bool(Parsed));
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return {};
  }
  return std::move(*Parsed);
}

bool has(const std::vector<std::string> &List, llvm::StringRef Item) {
  return llvm::is_contained(List, Item);
}

std::vector<std::string> paths(const std::vector<SourceFile> &Sources) {
  std::vector<std::string> Out;
  for (const SourceFile &S : Sources)
    Out.push_back(S.Path);
  return Out;
}

std::vector<bool> inC(const std::vector<SourceFile> &Sources) {
  std::vector<bool> Out;
  for (const SourceFile &S : Sources)
    Out.push_back(S.IsC);
  return Out;
}

TEST(CxxArguments, SortsInputs) {
  CxxArguments A = parse({"-O2", "a.cpp", "b.cc", "c.o", "-L/lib", "-lm",
                          "libx.a", "d.c", "e.s", "-o", "app"});
  // C is translated too, into C (docs/c.md).
  EXPECT_EQ(paths(A.Sources),
            (std::vector<std::string>{"a.cpp", "b.cc", "d.c"}));
  EXPECT_EQ(inC(A.Sources), (std::vector<bool>{false, false, true}));
  EXPECT_EQ(A.LinkInputs, (std::vector<std::string>{"c.o", "-L/lib", "-lm",
                                                    "libx.a", "e.s"}));
  EXPECT_EQ(A.Output, "app");
  EXPECT_FALSE(A.CompileOnly);
}

TEST(CxxArguments, TheTranslatorSeesTheCompilersMacros) {
  CxxArguments A =
      parse({"-c", "-DN=4", "-I", "inc", "-Udebug", "-isystem", "/opt/lib",
             "-include", "cfg.h", "-O3", "-march=native", "-fopenmp", "-w",
             "-Wno-shadow", "-Wall", "-g", "-fPIC", "a.cpp"});
  for (const char *Flag :
       {"-DN=4", "-I", "inc", "-Udebug", "-isystem", "/opt/lib", "-include",
        "cfg.h", "-O3", "-march=native", "-fopenmp", "-w", "-Wno-shadow",
        "-Wno-everything"})
    EXPECT_TRUE(has(A.TranslatorArgs, Flag)) << Flag;
  for (const char *Flag : {"-Wall", "-g", "-fPIC"}) {
    EXPECT_FALSE(has(A.TranslatorArgs, Flag)) << Flag;
    EXPECT_TRUE(has(A.CompileArgs, Flag)) << Flag;
  }
}

// The compiler warns about the translation; the translator's Clang keeps its
// own warnings to itself (its last flag), so none is printed twice.
TEST(CxxArguments, TranslatorLeavesWarningsToTheCompiler) {
  CxxArguments A = parse({"-Wall", "-Wextra", "-c", "a.c"});
  ASSERT_FALSE(A.TranslatorArgs.empty());
  EXPECT_EQ(A.TranslatorArgs.back(), "-Wno-everything");
  EXPECT_TRUE(has(A.CompileArgs, "-Wall"));
}

TEST(CxxArguments, StandardsPerLanguage) {
  // C++ compiles: the user's standard from C++17 on, C++17 in the standard's
  // dialect before it, the compiler's default without one.
  EXPECT_EQ(parse({"-std=c++17", "a.cpp"}).CxxStandard, "-std=c++17");
  EXPECT_EQ(parse({"-std=gnu++1z", "a.cpp"}).CxxStandard, "-std=gnu++1z");
  EXPECT_EQ(parse({"-std=gnu++14", "a.cpp"}).CxxStandard, "-std=gnu++17");
  EXPECT_EQ(parse({"-std=c++11", "a.cpp"}).CxxStandard, "-std=c++17");
  EXPECT_EQ(parse({"-std=c++98", "a.cpp"}).CxxStandard, "-std=c++17");
  EXPECT_EQ(parse({"-std=c++20", "a.cpp"}).CxxStandard, "-std=c++20");
  EXPECT_EQ(parse({"-std=c++2b", "a.cpp"}).CxxStandard, "-std=c++2b");
  EXPECT_EQ(parse({"a.cpp"}).CxxStandard, "");
  // C compiles keep the user's C standard, or the compiler's default.
  CxxArguments C = parse({"-std=gnu99", "a.c", "b.cpp"});
  EXPECT_EQ(C.CStandard, "-std=gnu99");
  EXPECT_EQ(C.CxxStandard, "");
  EXPECT_EQ(parse({"a.c"}).CStandard, "");
  // No compile gets the other language's standard.
  for (const std::string &Flag : C.CompileArgs)
    EXPECT_FALSE(llvm::StringRef(Flag).starts_with("-std=")) << Flag;
  // The translator gets the user's; it reads each file in its own language.
  EXPECT_TRUE(has(C.TranslatorArgs, "-std=gnu99"));
}

TEST(CxxArguments, CWarningsGoToCCompilesOnly) {
  CxxArguments A = parse({"-Wall", "-Wmissing-prototypes",
                          "-Wno-implicit-function-declaration", "a.c"});
  EXPECT_EQ(A.COnlyArgs,
            (std::vector<std::string>{"-Wmissing-prototypes",
                                      "-Wno-implicit-function-declaration"}));
  EXPECT_TRUE(has(A.CompileArgs, "-Wall"));
  EXPECT_FALSE(has(A.CompileArgs, "-Wmissing-prototypes"));
}

TEST(CxxArguments, TheCCompilerOfTheSameMPI) {
  EXPECT_EQ(parse({"a.c"}).MPICC, "mpicc");
  EXPECT_EQ(parse({"--mpicxx=/usr/bin/mpicxx.mpich", "a.c"}).MPICC,
            "/usr/bin/mpicc.mpich");
  EXPECT_EQ(parse({"--mpicxx=/opt/bin/mpic++", "a.c"}).MPICC, "/opt/bin/mpicc");
  EXPECT_EQ(parse({"--mpicxx=/opt/bin/mpicxx", "--mpicc=/opt/cc", "a.c"}).MPICC,
            "/opt/cc");
  // A name that says nothing: the default.
  EXPECT_EQ(parse({"--mpicxx=/opt/wrap", "a.c"}).MPICC, "mpicc");
}

TEST(CxxArguments, LanguageFlagMakesSourcesCxx) {
  // a.c is read as C++, b.c as C; both are translated.
  CxxArguments A = parse({"-x", "c++", "a.c", "-x", "none", "b.c"});
  EXPECT_EQ(paths(A.Sources), (std::vector<std::string>{"a.c", "b.c"}));
  EXPECT_EQ(inC(A.Sources), (std::vector<bool>{false, true}));
  EXPECT_TRUE(A.LinkInputs.empty());
  EXPECT_TRUE(has(A.TranslatorArgs, "c++")); // -x c++ for the translator
  CxxArguments C = parse({"-xc", "k.h", "-xassembler", "k.s", "-xnone", "m.o"});
  EXPECT_EQ(paths(C.Sources), std::vector<std::string>{"k.h"});
  EXPECT_EQ(inC(C.Sources), std::vector<bool>{true});
  EXPECT_EQ(C.LinkInputs, (std::vector<std::string>{"-x", "assembler", "k.s",
                                                    "-x", "none", "m.o"}));
}

TEST(CxxArguments, DependencyFiles) {
  CxxArguments A =
      parse({"-MMD", "-MP", "-MF", "a.d", "-MTa.o", "-c", "a.cpp"});
  EXPECT_TRUE(A.DependencyFile);
  EXPECT_TRUE(A.PhonyTargets);
  EXPECT_EQ(A.DependencyOutput, "a.d");
  EXPECT_EQ(A.DependencyTargets, std::vector<std::string>{"a.o"});
  for (const std::string &Flag : A.CompileArgs)
    EXPECT_FALSE(llvm::StringRef(Flag).starts_with("-M")) << Flag;
}

TEST(CxxArguments, QuestionsGoToMPICxx) {
  for (const char *Flag :
       {"--version", "-dumpversion", "-show", "-showme:link", "-E", "-M"})
    EXPECT_TRUE(parse({Flag}).PassThrough) << Flag;
  EXPECT_EQ(parse({"--mpicxx=/opt/mpicxx", "a.cpp"}).MPICxx, "/opt/mpicxx");
}

TEST(CxxArguments, Misuse) {
  for (std::vector<std::string> Args : {std::vector<std::string>{"-O2"},
                                        {"-c", "a.cpp", "b.cpp", "-o", "x.o"},
                                        {"a.cpp", "-o"}}) {
    auto Parsed = parseCxxArguments(Args, "mpicxx", "mpicc");
    EXPECT_FALSE(bool(Parsed));
    if (!Parsed)
      llvm::consumeError(Parsed.takeError());
  }
}

} // namespace

TEST(CxxArguments, NoReorderIsBamboosOwnFlag) {
  // It reaches the translator, and neither the compiler nor the link.
  CxxArguments A = parse({"--no-reorder", "-O2", "a.c", "-o", "app"});
  EXPECT_TRUE(A.NoReorder);
  EXPECT_FALSE(has(A.CompileArgs, "--no-reorder"));
  EXPECT_FALSE(has(A.LinkInputs, "--no-reorder"));
  EXPECT_FALSE(has(A.TranslatorArgs, "--no-reorder"));
  EXPECT_FALSE(parse({"a.c"}).NoReorder);
}
