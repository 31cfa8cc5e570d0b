//===- BambooCxxMain.cpp - bamboo-cxx, a drop-in for mpicxx ---------------===//
//
// USAGE: bamboo-cxx [mpicxx options] <sources and objects>... [-o <output>]
//                   [--keep-translated] [--bamboo-arg=<arg>] [--mpicxx=<path>]
//
// Translates each C++ source with bamboo (with #line, so that compiler
// messages and debuggers name the original file), compiles the translations
// with `mpicxx -std=c++20`, and links the Bamboo runtime:
//
//   bamboo-cxx -O2 jacobi.cpp -o jacobi      # then: mpiexec -n 2 ./jacobi
//   bamboo-cxx -c a.cpp b.cpp                # a.o b.o, as mpicxx -c would
//
// Other inputs (objects, archives, C files) and options go to mpicxx as they
// are. `-v` prints every command. Exit status: the first failing step's.
//
//===----------------------------------------------------------------------===//

#include "BambooCxxConfig.inc"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

struct Invocation {
  std::vector<std::string> Sources;        // C++ sources to translate
  std::vector<std::string> PreprocessorArgs; // what the translator must see too
  std::vector<std::string> CompileArgs;    // everything for mpicxx but inputs and -o
  std::vector<std::string> LinkInputs;     // objects, archives, other sources, -l/-L, in order
  std::vector<std::string> BambooArgs;     // --bamboo-arg=...
  std::string Output;
  std::string MPICxx = BAMBOO_MPICXX;
  bool CompileOnly = false;
  bool KeepTranslated = false;
  bool Verbose = false;
};

[[noreturn]] void fail(const Twine &Message) {
  WithColor::error(errs(), "bamboo-cxx") << Message << "\n";
  std::exit(1);
}

bool isCxxSource(StringRef Arg) {
  StringRef Ext = sys::path::extension(Arg);
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".C" || Ext == ".c++" ||
         Ext == ".cp" || Ext == ".CPP";
}

// Options that take the next argument as their value.
bool takesValue(StringRef Arg) {
  return Arg == "-I" || Arg == "-D" || Arg == "-U" || Arg == "-isystem" || Arg == "-iquote" ||
         Arg == "-include" || Arg == "-idirafter" || Arg == "-L" || Arg == "-l" ||
         Arg == "-x" || Arg == "-MF" || Arg == "-MT" || Arg == "-MQ" || Arg == "-Xlinker";
}

// Options the translator must see to parse the source as the compiler will.
bool isPreprocessorOption(StringRef Arg) {
  return Arg.starts_with("-I") || Arg.starts_with("-D") || Arg.starts_with("-U") ||
         Arg.starts_with("-isystem") || Arg.starts_with("-iquote") ||
         Arg.starts_with("-include") || Arg.starts_with("-idirafter");
}

Invocation parse(int Argc, const char **Argv) {
  Invocation I;
  for (int A = 1; A < Argc; ++A) {
    StringRef Arg = Argv[A];
    auto Value = [&]() -> std::string {
      if (A + 1 >= Argc)
        fail("'" + Arg + "' needs a value");
      return Argv[++A];
    };
    if (Arg == "--keep-translated") {
      I.KeepTranslated = true;
    } else if (Arg.consume_front("--bamboo-arg=")) {
      I.BambooArgs.push_back(Arg.str());
    } else if (Arg.consume_front("--mpicxx=")) {
      I.MPICxx = Arg.str();
    } else if (Arg == "-o") {
      I.Output = Value();
    } else if (Arg == "-c") {
      I.CompileOnly = true;
    } else if (Arg == "-v") {
      I.Verbose = true;
      I.CompileArgs.push_back("-v");
    } else if (Arg == "-L" || Arg == "-l" || Arg == "-Xlinker") {
      I.LinkInputs.push_back(Arg.str());
      I.LinkInputs.push_back(Value());
    } else if (Arg.starts_with("-L") || Arg.starts_with("-l") || Arg.starts_with("-Wl,")) {
      I.LinkInputs.push_back(Arg.str());
    } else if (Arg.starts_with("-std=")) {
      // Translations are C++20; a later standard is fine, an earlier one is not.
      if (!(Arg.contains("20") || Arg.contains("2a") || Arg.contains("23") ||
            Arg.contains("2b") || Arg.contains("26") || Arg.contains("2c")))
        WithColor::warning(errs(), "bamboo-cxx")
            << "translated code needs C++20; ignoring '" << Arg << "'\n";
      else {
        I.CompileArgs.push_back(Arg.str());
        I.PreprocessorArgs.push_back(Arg.str()); // the translator reads the same language
      }
    } else if (takesValue(Arg)) {
      std::string V = Value();
      I.CompileArgs.push_back(Arg.str());
      I.CompileArgs.push_back(V);
      if (isPreprocessorOption(Arg)) {
        I.PreprocessorArgs.push_back(Arg.str());
        I.PreprocessorArgs.push_back(V);
      }
    } else if (Arg.starts_with("-")) {
      I.CompileArgs.push_back(Arg.str());
      if (isPreprocessorOption(Arg))
        I.PreprocessorArgs.push_back(Arg.str());
    } else if (isCxxSource(Arg)) {
      I.Sources.push_back(Arg.str());
    } else {
      I.LinkInputs.push_back(Arg.str()); // objects, archives, C sources
    }
  }
  if (I.Sources.empty() && I.LinkInputs.empty())
    fail("no input files");
  if (I.CompileOnly && !I.Output.empty() && I.Sources.size() + I.LinkInputs.size() > 1)
    fail("-o with -c needs a single input");
  bool HasStd = false;
  for (const std::string &A : I.CompileArgs)
    HasStd |= StringRef(A).starts_with("-std=");
  if (!HasStd)
    I.CompileArgs.insert(I.CompileArgs.begin(), "-std=c++20");
  return I;
}

// Where the runtime's headers and library are: next to an installed bamboo-cxx, else the
// build tree this one was built in.
std::string runtimePath(StringRef Exe, StringRef Relative, StringRef Probe, StringRef Built) {
  SmallString<256> Dir(sys::path::parent_path(Exe));
  sys::path::append(Dir, "..", Relative);
  sys::path::remove_dots(Dir, true);
  SmallString<256> Check(Dir);
  sys::path::append(Check, Probe);
  return sys::fs::exists(Check) ? std::string(Dir) : Built.str();
}

int run(const Invocation &I, StringRef Program, const std::vector<std::string> &Args) {
  auto Found = sys::findProgramByName(Program);
  if (!Found)
    fail("cannot find '" + Program + "'");
  std::vector<StringRef> Argv = {Program};
  for (const std::string &A : Args)
    Argv.push_back(A);
  if (I.Verbose) {
    for (StringRef A : Argv)
      errs() << A << " ";
    errs() << "\n";
  }
  std::string Error;
  int Status = sys::ExecuteAndWait(*Found, Argv, std::nullopt, {}, 0, 0, &Error);
  if (Status < 0)
    fail("cannot run '" + Program + "': " + Error);
  return Status;
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  Invocation I = parse(Argc, Argv);
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv[0], &Anchor);
  SmallString<256> Translator(sys::path::parent_path(Exe));
  sys::path::append(Translator, "bamboo");
  std::string Include = runtimePath(Exe, BAMBOO_INSTALL_INCLUDEDIR, "bamboo/bamboo.h",
                                    BAMBOO_RUNTIME_INCLUDE_DIR);
  std::string Library = runtimePath(Exe, BAMBOO_INSTALL_LIBDIR, "libbamboo-runtime.a",
                                    BAMBOO_RUNTIME_LIBRARY_DIR);

  // Translations go to a temporary directory, or with --keep-translated beside the output,
  // each under its own file name (so deadlock reports and #line keep the user's names).
  SmallString<256> WorkDir;
  if (I.KeepTranslated) {
    WorkDir = I.Output.empty() ? "." : sys::path::parent_path(I.Output);
    if (WorkDir.empty())
      WorkDir = ".";
    sys::path::append(WorkDir, "bamboo-translated");
    if (std::error_code EC = sys::fs::create_directories(WorkDir))
      fail("cannot create '" + WorkDir + "': " + EC.message());
  } else if (std::error_code EC = sys::fs::createUniqueDirectory("bamboo-cxx", WorkDir)) {
    fail("cannot create a temporary directory: " + EC.message());
  }

  int Status = 0;
  std::vector<std::string> Translated, Objects;
  for (const std::string &Source : I.Sources) {
    SmallString<256> Out(WorkDir);
    sys::path::append(Out, sys::path::filename(Source));
    std::vector<std::string> Args = {"--line-directives", "-o", std::string(Out), Source};
    Args.insert(Args.end(), I.BambooArgs.begin(), I.BambooArgs.end());
    Args.push_back("--");
    Args.insert(Args.end(), I.PreprocessorArgs.begin(), I.PreprocessorArgs.end());
    if ((Status = run(I, Translator, Args)))
      break;
    Translated.push_back(std::string(Out));
  }

  // Quoted includes of the translations are looked up beside the originals.
  std::vector<std::string> Common = I.CompileArgs;
  for (const std::string &Source : I.Sources) {
    SmallString<256> Dir(Source);
    sys::fs::make_absolute(Dir);
    Common.push_back("-iquote");
    Common.push_back(std::string(sys::path::parent_path(Dir)));
  }
  Common.push_back("-I" + Include);

  if (!Status && I.CompileOnly) {
    for (size_t S = 0; S < Translated.size() && !Status; ++S) {
      std::string Object = I.Output;
      if (Object.empty()) {
        SmallString<256> Name(sys::path::filename(I.Sources[S]));
        sys::path::replace_extension(Name, ".o");
        Object = std::string(Name);
      }
      std::vector<std::string> Args = Common;
      Args.insert(Args.end(), {"-c", Translated[S], "-o", Object});
      Status = run(I, I.MPICxx, Args);
    }
    if (!Status && !I.LinkInputs.empty()) { // other sources given with -c
      std::vector<std::string> Args = Common;
      Args.push_back("-c");
      Args.insert(Args.end(), I.LinkInputs.begin(), I.LinkInputs.end());
      Status = run(I, I.MPICxx, Args);
    }
  } else if (!Status) {
    std::vector<std::string> Args = Common;
    Args.insert(Args.end(), Translated.begin(), Translated.end());
    Args.insert(Args.end(), I.LinkInputs.begin(), I.LinkInputs.end());
    Args.push_back(Library + "/libbamboo-runtime.a");
    Args.push_back("-pthread");
    if (!I.Output.empty()) {
      Args.push_back("-o");
      Args.push_back(I.Output);
    }
    Status = run(I, I.MPICxx, Args);
  }

  if (!I.KeepTranslated)
    sys::fs::remove_directories(WorkDir);
  return Status;
}
