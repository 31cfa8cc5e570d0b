//===- CxxDriver.cpp - bamboo-cxx: build as mpicxx does, through bamboo ---===//
//
// Each source of a command is translated on its own (with #line, so that
// compiler messages and debuggers name the original files), as a compiler
// compiles it, and its translation compiled at once: C++ with `mpicxx`
// in the user's C++ standard (C++17 at least), C with `mpicc` in the user's C
// standard (docs/c.md); the objects are linked with the runtime, a shared
// library found by its path and by the program's rpath, by mpicxx (the runtime
// is C++). No object depends on what another file's functions do (a rank waits
// on a stack of its own), so objects link in any mix of build orders
// (docs/multifile.md).
//
//===----------------------------------------------------------------------===//

#include "bamboo/Driver/CxxDriver.h"

#include "bamboo/CodeGen/Translate.h"
#include "bamboo/Driver/CxxArguments.h"
#include "bamboo/Driver/DependencyFile.h"
#include "bamboo/Driver/ObjectInspection.h"
#include "bamboo/Driver/ProgramTranslation.h"
#include "bamboo/Driver/TranslationOutput.h"
#include "bamboo/Tool/ToolSetup.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace bamboo::driver {

namespace {

[[noreturn]] void fail(const Twine &Message) {
  WithColor::error(errs(), "bamboo-cxx") << Message << "\n";
  std::exit(1);
}

std::string absolute(StringRef Path) {
  SmallString<256> Out(Path);
  sys::fs::make_absolute(Out);
  sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

/// The language gcc gives a file by its name ("" for none of C and C++).
StringRef languageOfName(StringRef Path) {
  return StringSwitch<StringRef>(sys::path::extension(Path))
      .Case(".c", "c")
      .Cases(".cpp", ".cc", ".cxx", ".C", ".c++", ".cp", "c++")
      .Case(".CPP", "c++")
      .Default("");
}

/// Where the runtime's headers and library are: next to an installed
/// bamboo-cxx, else the build tree this one was built in.
std::string runtimePath(StringRef Exe, StringRef Relative, StringRef Probe,
                        StringRef Built) {
  SmallString<256> Dir(sys::path::parent_path(Exe));
  sys::path::append(Dir, "..", Relative);
  sys::path::remove_dots(Dir, true);
  SmallString<256> Check(Dir);
  sys::path::append(Check, Probe);
  return sys::fs::exists(Check) ? std::string(Dir) : Built.str();
}

class Driver {
public:
  Driver(CxxArguments Args, StringRef Exe, const CxxDriverConfig &Config)
      : Args(std::move(Args)) {
    SmallString<256> Path(sys::path::parent_path(Exe));
    sys::path::append(Path, "bamboo");
    Translator = std::string(Path);
    Executable = Exe.str();
    Include = runtimePath(Exe, Config.InstallIncludeDir, "bamboo/bamboo.h",
                          Config.BuildIncludeDir);
    Library = runtimePath(Exe, Config.InstallLibDir, "libbamboo-runtime.so",
                          Config.BuildLibDir);
    Common = this->Args.CompileArgs;
    Common.push_back("-I" + Include);
    // A sanitized runtime needs its sanitizer in the program's compile and
    // link.
    Common.insert(Common.end(), Config.RuntimeFlags.begin(),
                  Config.RuntimeFlags.end());
  }

  int run();

private:
  /// Runs \p Program with \p Arguments; its exit status.
  int exec(StringRef Program, const std::vector<std::string> &Arguments);
  /// Translates \p Source into the work directory, in this process (clang
  /// reports what fails); the translation's path, or nothing.
  std::optional<std::string> translate(StringRef Source, StringRef Root,
                                       StringRef Object);
  /// Refuses the objects and archives of the link that call MPI themselves.
  void refuseUntranslatedObjects(const std::vector<std::string> &LinkInputs);

  /// The compile of one translation: C by mpicc, C++ by mpicxx.
  int compile(const SourceFile &Source, StringRef Translated, StringRef Object);
  /// The flags of a C++ compile, or of the link; of a C compile.
  std::vector<std::string> cxxFlags() const;
  std::vector<std::string> cFlags() const;

  CxxArguments Args;
  std::string Executable;
  std::string Translator; ///< `bamboo` beside this executable, for -v
  /// The translator's flags and Clang's builtin headers, once a file needs
  /// them.
  std::unique_ptr<clang::tooling::FixedCompilationDatabase> Compilations;
  std::string ResourceDir;
  std::string Include, Library;
  std::vector<std::string> Common; ///< the flags of every compile and link
  SmallString<256> WorkDir;        ///< where translations go
  unsigned Scratch = 0;
};

std::vector<std::string> Driver::cxxFlags() const {
  std::vector<std::string> Flags;
  if (!Args.CxxStandard.empty())
    Flags.push_back(Args.CxxStandard);
  Flags.insert(Flags.end(), Common.begin(), Common.end());
  return Flags;
}

std::vector<std::string> Driver::cFlags() const {
  std::vector<std::string> Flags;
  if (!Args.CStandard.empty())
    Flags.push_back(Args.CStandard);
  Flags.insert(Flags.end(), Common.begin(), Common.end());
  Flags.insert(Flags.end(), Args.COnlyArgs.begin(), Args.COnlyArgs.end());
  return Flags;
}

int Driver::compile(const SourceFile &Source, StringRef Translated,
                    StringRef Object) {
  std::vector<std::string> Command = Source.IsC ? cFlags() : cxxFlags();
  Command.push_back("-c");
  // The translation keeps its source's name: `-x` only when that does not
  // say the language (`-x c++ kernel.inc`).
  StringRef Language = Source.IsC ? "c" : "c++";
  if (languageOfName(Translated) == Language)
    Command.push_back(Translated.str());
  else
    Command.insert(Command.end(),
                   {"-x", Language.str(), Translated.str(), "-x", "none"});
  Command.insert(Command.end(), {"-o", Object.str()});
  return exec(Source.IsC ? Args.MPICC : Args.MPICxx, Command);
}

void printCommand(StringRef Program, ArrayRef<std::string> Arguments) {
  errs() << Program << " ";
  for (const std::string &A : Arguments)
    errs() << A << " ";
  errs() << "\n";
}

int Driver::exec(StringRef Program, const std::vector<std::string> &Arguments) {
  auto Found = sys::findProgramByName(Program);
  if (!Found)
    fail("cannot find '" + Program + "'");
  std::vector<std::string> Argv = {Program.str()};
  Argv.insert(Argv.end(), Arguments.begin(), Arguments.end());
  if (Args.Verbose)
    printCommand(Program, Arguments);
  std::vector<StringRef> Refs(Argv.begin(), Argv.end());
  std::string Error;
  int Status =
      sys::ExecuteAndWait(*Found, Refs, std::nullopt, {}, 0, 0, &Error);
  if (Status < 0)
    fail("cannot run '" + Program + "': " + Error);
  return Status;
}

std::string translatedPath(StringRef WorkDir, StringRef Root,
                           StringRef Source) {
  SmallString<256> Path(WorkDir);
  sys::path::append(Path, mirroredPath(Root, absolute(Source)));
  return std::string(Path);
}

std::optional<std::string> Driver::translate(StringRef Source, StringRef Root,
                                             StringRef Object) {
  OutputOptions Out;
  Out.Dir = WorkDir.str().str();
  // -MD: the original files it was made from, as gcc -MD writes them.
  if (Args.CompileOnly && Args.DependencyFile) {
    Out.DepFile = Args.DependencyOutput;
    if (Out.DepFile.empty()) {
      SmallString<256> Path(Object);
      sys::path::replace_extension(Path, ".d");
      Out.DepFile = std::string(Path);
    }
    Out.DepTargets = Args.DependencyTargets;
    if (Out.DepTargets.empty())
      Out.DepTargets.push_back(makefileEscaped(Object));
    Out.DepPhony = Args.PhonyTargets;
  }
  // The translator runs in this process (one process start less per file);
  // -v shows the `bamboo` command that does the same, as clang -v shows the
  // cc1 it runs in process.
  if (Args.Verbose) {
    std::vector<std::string> Equivalent = {"--line-directives", "--root",
                                           Root.str(), "--output-dir", Out.Dir};
    if (!Out.DepFile.empty()) {
      Equivalent.insert(Equivalent.end(), {"--depfile", Out.DepFile});
      for (const std::string &Target : Out.DepTargets)
        Equivalent.insert(Equivalent.end(), {"--depfile-target", Target});
      if (Out.DepPhony)
        Equivalent.push_back("--depfile-phony");
    }
    Equivalent.push_back(Source.str());
    Equivalent.push_back("--");
    Equivalent.insert(Equivalent.end(), Args.TranslatorArgs.begin(),
                      Args.TranslatorArgs.end());
    printCommand(Translator, Equivalent);
  }

  // What every source of the command shares, made for the first.
  if (!Compilations) {
    // The compilation database `bamboo ... -- <flags>` makes of its flags.
    std::vector<const char *> Argv = {"bamboo", "--"};
    for (const std::string &Flag : Args.TranslatorArgs)
      Argv.push_back(Flag.c_str());
    int Argc = Argv.size();
    std::string Problem;
    Compilations =
        clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
            Argc, Argv.data(), Problem);
    if (!Compilations)
      fail("cannot use the compiler flags: " + Problem);
    auto Found = tool::findResourceDir(Executable);
    if (!Found)
      fail(toString(Found.takeError()));
    ResourceDir = *Found;
  }
  ProgramOptions Options;
  Options.ResourceDir = ResourceDir;
  Options.Translate.LineDirectives = true;
  Options.Translate.Mirror = true;
  Options.Translate.Root = Root.str();
  Options.Translate.Reorder = !Args.NoReorder;
  ProgramTranslation Program =
      translateProgram(*Compilations, {Source.str()}, Options);
  if (!Program.Ok)
    return std::nullopt; // clang has said why
  if (Error E = writeTranslation(Program, Out))
    fail(toString(std::move(E)));
  return translatedPath(WorkDir, Root, Source);
}

void Driver::refuseUntranslatedObjects(
    const std::vector<std::string> &LinkInputs) {
  std::vector<std::string> SearchDirs; // -L, in order
  for (size_t I = 0; I < LinkInputs.size(); ++I) {
    StringRef Arg = LinkInputs[I];
    std::string Path = Arg.str();
    if (Arg == "-L" || Arg.starts_with("-L")) {
      SearchDirs.push_back(Arg == "-L" && I + 1 < LinkInputs.size()
                               ? LinkInputs[++I]
                               : Arg.drop_front(2).str());
      continue;
    }
    if (Arg == "-l" || Arg.starts_with("-l")) {
      // The archive the linker would take (a shared library is not ours).
      std::string Name = Arg == "-l" && I + 1 < LinkInputs.size()
                             ? LinkInputs[++I]
                             : Arg.drop_front(2).str();
      Path.clear();
      for (const std::string &Dir : SearchDirs) {
        SmallString<256> Shared(Dir), Static(Dir);
        sys::path::append(Shared, "lib" + Name + ".so");
        sys::path::append(Static, "lib" + Name + ".a");
        if (sys::fs::exists(Shared))
          break;
        if (sys::fs::exists(Static)) {
          Path = std::string(Static);
          break;
        }
      }
      if (Path.empty())
        continue;
    } else if (Arg.starts_with("-")) {
      if (Arg == "-x" || Arg == "-Xlinker")
        ++I;
      continue;
    }
    auto Found = driver::inspectObjects(Path);
    if (!Found)
      fail("'" + Path + "': " + toString(Found.takeError()));
    for (const ObjectFileInfo &Info : *Found)
      if (!Info.DirectMPICalls.empty())
        fail("'" + Info.Name + "' calls " + Info.DirectMPICalls.front() +
             " itself: it was compiled without bamboo, and its MPI calls "
             "would bypass the virtual ranks; compile it with bamboo-cxx");
  }
}

int Driver::run() {
  // Before any source is translated and compiled for nothing.
  if (!Args.CompileOnly)
    for (const auto *Flags : {&Args.CompileArgs, &Args.LinkInputs})
      for (StringRef Flag : *Flags)
        if (Flag == "-static" || Flag == "-static-pie")
          fail("cannot link with '" + Flag +
               "': the Bamboo runtime is a shared library (docs/decisions.md)");
  // Objects of a link go to a temporary directory, as gcc's do;
  // translations too, or with --keep-translated beside the output.
  SmallString<256> TempDir;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory("bamboo-cxx", TempDir))
    fail("cannot create a temporary directory: " + EC.message());
  struct Cleanup {
    SmallString<256> &Dir;
    ~Cleanup() { sys::fs::remove_directories(Dir); }
  } Clean{TempDir};
  WorkDir = TempDir;
  if (Args.KeepTranslated) {
    WorkDir = Args.Output.empty() ? "." : sys::path::parent_path(Args.Output);
    if (WorkDir.empty())
      WorkDir = ".";
    sys::path::append(WorkDir, "bamboo-translated");
    if (std::error_code EC = sys::fs::create_directories(WorkDir))
      fail("cannot create '" + WorkDir + "': " + EC.message());
  }

  // Each source is translated, then compiled before the next is
  // translated: a header the sources share may translate differently for
  // each (its macros), as it may compile differently.
  std::vector<std::string> Absolute;
  for (const SourceFile &Source : Args.Sources)
    Absolute.push_back(absolute(Source.Path));
  std::string Root = commonRoot(Absolute);
  std::vector<std::string> Objects;
  for (const SourceFile &Source : Args.Sources) {
    std::string Object = Args.CompileOnly ? Args.Output : std::string();
    if (Object.empty()) {
      SmallString<256> Name(sys::path::filename(Source.Path));
      sys::path::replace_extension(Name, ".o");
      if (!Args.CompileOnly) { // a temporary object, as gcc makes one
        SmallString<256> Path(TempDir);
        sys::path::append(Path, std::to_string(Scratch++) + "-" + Name);
        Name = Path;
      }
      Object = std::string(Name);
    }
    std::optional<std::string> Translated =
        translate(Source.Path, Root, Object);
    if (!Translated)
      return 1; // the translator said why
    if (int Status = compile(Source, *Translated, Object))
      return Status;
    Objects.push_back(Object);
  }

  if (Args.CompileOnly) {
    if (!Args.LinkInputs.empty()) { // other sources given with -c
      std::vector<std::string> Command = Args.CompileArgs;
      Command.push_back("-c");
      Command.insert(Command.end(), Args.LinkInputs.begin(),
                     Args.LinkInputs.end());
      if (!Args.Output.empty())
        Command.insert(Command.end(), {"-o", Args.Output});
      return exec(Args.MPICxx, Command);
    }
    return 0;
  }

  refuseUntranslatedObjects(Args.LinkInputs);
  std::vector<std::string> Command = cxxFlags();
  Command.insert(Command.end(), Objects.begin(), Objects.end());
  Command.insert(Command.end(), Args.LinkInputs.begin(), Args.LinkInputs.end());
  // By its path, not -L, which would change what the user's -l find; the
  // rpath lets the program run without LD_LIBRARY_PATH. `-x` of the user's
  // never reaches the runtime library.
  Command.insert(Command.end(),
                 {"-x", "none", Library + "/libbamboo-runtime.so",
                  "-Wl,-rpath," + Library, "-pthread"});
  if (!Args.Output.empty())
    Command.insert(Command.end(), {"-o", Args.Output});
  return exec(Args.MPICxx, Command);
}

} // namespace

int runCxxDriver(ArrayRef<std::string> Arguments, StringRef Executable,
                 const CxxDriverConfig &Config) {
  auto Parsed = parseCxxArguments(Arguments, Config.MPICxx, Config.MPICC);
  if (!Parsed)
    fail(toString(Parsed.takeError()));
  if (Parsed->PassThrough) { // --version, -show, -E, -M: mpicxx's answer
    auto Found = sys::findProgramByName(Parsed->MPICxx);
    if (!Found)
      fail("cannot find '" + Parsed->MPICxx + "'");
    std::vector<StringRef> Refs = {Parsed->MPICxx};
    for (const std::string &A : Arguments)
      if (!StringRef(A).starts_with("--mpicxx=") &&
          !StringRef(A).starts_with("--mpicc=") && A != "--keep-translated" &&
          A != "--no-reorder")
        Refs.push_back(A);
    return sys::ExecuteAndWait(*Found, Refs);
  }
  return Driver(std::move(*Parsed), Executable, Config).run();
}

} // namespace bamboo::driver
