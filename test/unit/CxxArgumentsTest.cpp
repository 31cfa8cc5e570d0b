//===- CxxArgumentsTest.cpp - bamboo-cxx's command line -------------------===//

#include "bamboo/Driver/CxxArguments.h"
#include "gtest/gtest.h"

using namespace bamboo::driver;

namespace {

CxxArguments parse(std::vector<std::string> Args) {
  auto Parsed = parseCxxArguments(Args, "mpicxx");
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

TEST(CxxArguments, SortsInputs) {
  CxxArguments A = parse({"-O2", "a.cpp", "b.cc", "c.o", "-L/lib", "-lm",
                          "libx.a", "d.c", "e.s", "-o", "app"});
  // C is translated too (docs/c.md).
  EXPECT_EQ(A.Sources, (std::vector<std::string>{"a.cpp", "b.cc", "d.c"}));
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

TEST(CxxArguments, StandardsBefore20BecomeCxx20) {
  // The compile: C++20 in the standard's dialect.
  EXPECT_TRUE(has(parse({"-std=c++17", "a.cpp"}).CompileArgs, "-std=c++20"));
  EXPECT_TRUE(
      has(parse({"-std=gnu++14", "a.cpp"}).CompileArgs, "-std=gnu++20"));
  EXPECT_TRUE(has(parse({"-std=gnu99", "a.c"}).CompileArgs, "-std=gnu++20"));
  EXPECT_TRUE(has(parse({"-std=c++2b", "a.cpp"}).CompileArgs, "-std=c++2b"));
  EXPECT_TRUE(has(parse({"a.cpp"}).CompileArgs, "-std=c++20"));
  // The translator gets the user's; it reads each file in its own language.
  EXPECT_TRUE(has(parse({"-std=gnu99", "a.c"}).TranslatorArgs, "-std=gnu99"));
}

TEST(CxxArguments, LanguageFlagMakesSourcesCxx) {
  // a.c is read as C++, b.c as C; both are translated.
  CxxArguments A = parse({"-x", "c++", "a.c", "-x", "none", "b.c"});
  EXPECT_EQ(A.Sources, (std::vector<std::string>{"a.c", "b.c"}));
  EXPECT_TRUE(A.LinkInputs.empty());
  EXPECT_TRUE(has(A.TranslatorArgs, "c++")); // -x c++ for the translator
  CxxArguments C = parse({"-xc", "k.h", "-xassembler", "k.s", "-xnone", "m.o"});
  EXPECT_EQ(C.Sources, std::vector<std::string>{"k.h"});
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
    auto Parsed = parseCxxArguments(Args, "mpicxx");
    EXPECT_FALSE(bool(Parsed));
    if (!Parsed)
      llvm::consumeError(Parsed.takeError());
  }
}

} // namespace
