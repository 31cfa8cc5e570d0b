//===- CxxDriver.cpp - bamboo-cxx: build as mpicxx does, through bamboo ---===//
//
// The sources of one command are translated together (with #line, so that
// compiler messages and debuggers name the original files), compiled with
// `mpicxx -std=c++20` and linked with the runtime. `-c` records each
// source's summary in its object; the link checks every object against the
// program and translates again those that saw it wrong (docs/multifile.md).
//
//===----------------------------------------------------------------------===//

#include "bamboo/Driver/CxxDriver.h"

#include "bamboo/CodeGen/Translate.h"
#include "bamboo/Driver/CxxArguments.h"
#include "bamboo/Driver/DependencyFile.h"
#include "bamboo/Driver/ObjectRecord.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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

void writeFile(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream Out(Path, EC);
  if (EC)
    fail("cannot write '" + Path + "': " + EC.message());
  Out << Text;
}

std::string readFile(StringRef Path) {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    fail("cannot read '" + Path + "': " + Buffer.getError().message());
  return (*Buffer)->getBuffer().str();
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
      : Args(std::move(Args)), Objcopy(Config.Objcopy) {
    SmallString<256> Path(sys::path::parent_path(Exe));
    sys::path::append(Path, "bamboo");
    Translator = std::string(Path);
    Include = runtimePath(Exe, Config.InstallIncludeDir, "bamboo/bamboo.h",
                          Config.BuildIncludeDir);
    Library = runtimePath(Exe, Config.InstallLibDir, "libbamboo-runtime.a",
                          Config.BuildLibDir);
    // The translator parsed with the MPI C++ bindings skipped: so does the
    // compile, or the two would not see the same macros.
    Compile = this->Args.CompileArgs;
    Compile.insert(Compile.end(), {"-DMPICH_SKIP_MPICXX=1",
                                   "-DOMPI_SKIP_MPICXX=1", "-I" + Include});
    // A sanitized runtime needs its sanitizer in the program's compile and
    // link.
    Compile.insert(Compile.end(), Config.RuntimeFlags.begin(),
                   Config.RuntimeFlags.end());
  }

  int run();

private:
  /// Runs \p Program with \p Arguments in \p Directory (empty: here).
  int exec(StringRef Program, const std::vector<std::string> &Arguments,
           StringRef Directory = "");
  /// Translates \p Sources together with \p Facts into \p Out; returns the
  /// summaries (empty on failure, after the translator's messages).
  std::optional<std::vector<FileSummary>>
  translate(const std::vector<std::string> &Sources, StringRef Root,
            StringRef Out, const std::vector<std::string> &BambooArgs,
            const std::vector<std::string> &TranslatorArgs,
            const std::vector<const FileSummary *> &Facts,
            StringRef Directory = "");
  void writeDependencies(const FileSummary &Summary, StringRef Object);
  void recordInto(StringRef Object, FileSummary Summary, StringRef Root);
  /// Objects of the link that saw the program wrong, translated and
  /// compiled again; objects that call MPI themselves refused.
  void reconcile(std::vector<std::string> &LinkInputs,
                 std::vector<FileSummary> &ThisCommand);

  CxxArguments Args;
  std::string Objcopy, Translator, Include, Library;
  std::vector<std::string> Compile;
  SmallString<256> WorkDir;
  unsigned Scratch = 0;
};

/// \p Arg quoted for /bin/sh.
std::string shellQuoted(StringRef Arg) {
  std::string Out = "'";
  for (char C : Arg)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

int Driver::exec(StringRef Program, const std::vector<std::string> &Arguments,
                 StringRef Directory) {
  auto Found = sys::findProgramByName(Program);
  if (!Found)
    fail("cannot find '" + Program + "'");
  std::string Command = *Found;
  std::vector<std::string> Argv = {Program.str()};
  Argv.insert(Argv.end(), Arguments.begin(), Arguments.end());
  if (!Directory.empty()) { // a recorded compile runs where it first ran
    std::string Line =
        "cd " + shellQuoted(Directory) + " && exec " + shellQuoted(*Found);
    for (const std::string &A : Arguments)
      Line += " " + shellQuoted(A);
    Command = "/bin/sh";
    Argv = {"sh", "-c", Line};
  }
  if (Args.Verbose) {
    for (const std::string &A : Argv)
      errs() << A << " ";
    errs() << "\n";
  }
  std::vector<StringRef> Refs(Argv.begin(), Argv.end());
  std::string Error;
  int Status =
      sys::ExecuteAndWait(Command, Refs, std::nullopt, {}, 0, 0, &Error);
  if (Status < 0)
    fail("cannot run '" + Program + "': " + Error);
  return Status;
}

std::optional<std::vector<FileSummary>>
Driver::translate(const std::vector<std::string> &Sources, StringRef Root,
                  StringRef Out, const std::vector<std::string> &BambooArgs,
                  const std::vector<std::string> &TranslatorArgs,
                  const std::vector<const FileSummary *> &Facts,
                  StringRef Directory) {
  if (std::error_code EC = sys::fs::create_directories(Out))
    fail("cannot create '" + Out + "': " + EC.message());
  SmallString<256> SummaryFile(Out);
  sys::path::append(SummaryFile, "bamboo-summaries.json");
  std::vector<std::string> Command = {
      "--line-directives",     "--root",  Root.str(),
      "--output-dir",          Out.str(), "--summary-out",
      std::string(SummaryFile)};
  if (!Facts.empty()) {
    SmallString<256> FactFile(Out);
    sys::path::append(FactFile, "bamboo-facts.json");
    writeFile(FactFile, writeSummaries(Facts));
    Command.insert(Command.end(), {"--facts", std::string(FactFile)});
  }
  Command.insert(Command.end(), BambooArgs.begin(), BambooArgs.end());
  Command.insert(Command.end(), Sources.begin(), Sources.end());
  Command.push_back("--");
  Command.insert(Command.end(), TranslatorArgs.begin(), TranslatorArgs.end());
  if (exec(Translator, Command, Directory))
    return std::nullopt;
  auto Summaries = readSummaries(readFile(SummaryFile));
  if (!Summaries)
    fail("'" + SummaryFile + "': " + toString(Summaries.takeError()));
  return std::move(*Summaries);
}

std::string translatedPath(StringRef WorkDir, StringRef Root,
                           StringRef Source) {
  SmallString<256> Path(WorkDir);
  sys::path::append(Path, mirroredPath(Root, absolute(Source)));
  return std::string(Path);
}

/// As gcc -MD writes them: the object, then every file it was made from.
void Driver::writeDependencies(const FileSummary &Summary, StringRef Object) {
  std::string File = Args.DependencyOutput;
  if (File.empty()) {
    SmallString<256> Path(Object);
    sys::path::replace_extension(Path, ".d");
    File = std::string(Path);
  }
  std::vector<std::string> Targets = Args.DependencyTargets;
  if (Targets.empty())
    Targets.push_back(makefileEscaped(Object));
  std::vector<std::string> Read; // the source first
  for (const auto &[Path, Hash] : Summary.Inputs)
    Read.push_back(Path);
  std::string Rule = dependencyRule(Targets, Read, Args.PhonyTargets);
  writeFile(File, Rule);
}

void Driver::recordInto(StringRef Object, FileSummary Summary, StringRef Root) {
  ObjectRecord Record;
  Record.Directory = absolute(".");
  Record.Root = Root.str();
  Record.BambooArgs = Args.BambooArgs;
  Record.TranslatorArgs = Args.TranslatorArgs;
  Record.CompileArgs = Compile;
  Record.Summary = std::move(Summary);
  SmallString<256> File(WorkDir);
  sys::path::append(File, "record-" + std::to_string(Scratch++) + ".json");
  writeFile(File, driver::writeObjectRecord(Record));
  std::string Section = driver::RecordSection;
  if (exec(Objcopy, {"--add-section", Section + "=" + std::string(File),
                     // exclude: the linker leaves it out of the program.
                     "--set-section-flags",
                     Section + "=exclude,noload,readonly", Object.str()}))
    fail("cannot record the program's facts in '" + Object + "'");
}

void Driver::reconcile(std::vector<std::string> &LinkInputs,
                       std::vector<FileSummary> &ThisCommand) {
  struct Input {
    size_t Position; // in LinkInputs
    ObjectFileInfo Info;
  };
  std::vector<Input> Objects;
  std::vector<std::string> SearchDirs; // -L, in order
  for (size_t I = 0; I < LinkInputs.size(); ++I) {
    StringRef Arg = LinkInputs[I];
    std::string Path = Arg.str();
    if (Arg == "-L" || Arg.starts_with("-L")) {
      SearchDirs.push_back(Arg == "-L" ? LinkInputs[++I]
                                       : Arg.drop_front(2).str());
      continue;
    }
    if (Arg == "-l" || Arg.starts_with("-l")) {
      // The archive the linker would take (a shared library is not ours).
      std::string Name =
          Arg == "-l" ? LinkInputs[++I] : Arg.drop_front(2).str();
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
    for (ObjectFileInfo &Info : *Found)
      Objects.push_back({I, std::move(Info)});
  }

  std::vector<const FileSummary *> All;
  for (const FileSummary &S : ThisCommand)
    All.push_back(&S);
  for (const Input &O : Objects) {
    if (O.Info.Record)
      All.push_back(&O.Info.Record->Summary);
    else if (!O.Info.DirectMPICalls.empty())
      fail("'" + O.Info.Name + "' calls " + O.Info.DirectMPICalls.front() +
           " itself: it was compiled without bamboo, and its MPI calls would "
           "bypass the virtual ranks; compile it with bamboo-cxx");
  }
  if (All.empty())
    return;
  CallGraph Program = mergeGraphs(All);
  ReachSets Reach = ReachSets::compute(Program);

  for (const Input &O : Objects) {
    if (!O.Info.Record)
      continue;
    const ObjectRecord &Record = *O.Info.Record;
    std::vector<std::string> Stale =
        staleFunctions(Record.Summary, Program, Reach);
    if (Stale.empty())
      continue;
    std::string Names = "'" + Stale.front() + "'";
    if (Stale.size() > 1)
      Names += " and " + std::to_string(Stale.size() - 1) + " more";
    if (O.Info.InArchive)
      fail("'" + O.Info.Name + "' was compiled without knowing what " + Names +
           " does in this program; compile its source together with the " +
           "program's other files, or link its object instead of the archive");
    for (const auto &[Path, Hash] : Record.Summary.Inputs) {
      auto Now = MemoryBuffer::getFile(Path);
      if (!Now || contentHash((*Now)->getBuffer()) != Hash)
        fail("'" + O.Info.Name + "' is older than '" + Path +
             "', which changed since it was compiled: rebuild it");
    }
    // Translated again, with the program's facts, where it first was; its
    // warnings were shown when it was compiled.
    if (Args.Verbose)
      errs() << "bamboo-cxx: translating '" << O.Info.Name
             << "' again: it was compiled without knowing what " << Names
             << " does in this program\n";
    SmallString<256> Out(WorkDir);
    sys::path::append(Out, "relink-" + std::to_string(Scratch++));
    std::vector<std::string> TranslatorArgs = Record.TranslatorArgs;
    TranslatorArgs.push_back("-w");
    auto Again =
        translate({Record.Summary.Source}, Record.Root, Out, Record.BambooArgs,
                  TranslatorArgs, All, Record.Directory);
    if (!Again)
      fail("cannot translate '" + Record.Summary.Source + "' again for '" +
           O.Info.Name + "'");
    std::string Object = std::string(Out) + ".o";
    std::vector<std::string> Command = Record.CompileArgs;
    Command.insert(Command.end(),
                   {"-w", "-c", "-x", "c++",
                    translatedPath(Out, Record.Root, Record.Summary.Source),
                    "-x", "none", "-o", Object});
    if (exec(Args.MPICxx, Command, Record.Directory))
      fail("cannot compile '" + Record.Summary.Source + "' again for '" +
           O.Info.Name + "'");
    LinkInputs[O.Position] = Object;
  }
}

int Driver::run() {
  // Translations go to a temporary directory, or with --keep-translated
  // beside the output.
  if (Args.KeepTranslated) {
    WorkDir = Args.Output.empty() ? "." : sys::path::parent_path(Args.Output);
    if (WorkDir.empty())
      WorkDir = ".";
    sys::path::append(WorkDir, "bamboo-translated");
    if (std::error_code EC = sys::fs::create_directories(WorkDir))
      fail("cannot create '" + WorkDir + "': " + EC.message());
  } else if (std::error_code EC =
                 sys::fs::createUniqueDirectory("bamboo-cxx", WorkDir)) {
    fail("cannot create a temporary directory: " + EC.message());
  }
  struct Cleanup {
    SmallString<256> &Dir;
    bool Keep;
    ~Cleanup() {
      if (!Keep)
        sys::fs::remove_directories(Dir);
    }
  } Clean{WorkDir, Args.KeepTranslated};

  // The sources of one command are one part of the program, translated
  // together with what the objects of the link already know.
  std::vector<std::string> Absolute;
  for (const std::string &Source : Args.Sources)
    Absolute.push_back(absolute(Source));
  std::string Root = commonRoot(Absolute);
  std::vector<FileSummary> Summaries;
  if (!Args.Sources.empty()) {
    auto Done = translate(Args.Sources, Root, WorkDir, Args.BambooArgs,
                          Args.TranslatorArgs, {});
    if (!Done)
      return 1; // the translator said why; nothing was compiled
    Summaries = std::move(*Done);
  }

  if (Args.CompileOnly) {
    for (size_t S = 0; S < Args.Sources.size(); ++S) {
      std::string Object = Args.Output;
      if (Object.empty()) {
        SmallString<256> Name(sys::path::filename(Args.Sources[S]));
        sys::path::replace_extension(Name, ".o");
        Object = std::string(Name);
      }
      std::vector<std::string> Command = Compile;
      Command.insert(Command.end(),
                     {"-c", "-x", "c++",
                      translatedPath(WorkDir, Root, Args.Sources[S]), "-x",
                      "none", "-o", Object});
      if (int Status = exec(Args.MPICxx, Command))
        return Status;
      if (Args.DependencyFile)
        writeDependencies(Summaries[S], Object);
      recordInto(Object, std::move(Summaries[S]), Root);
    }
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

  std::vector<std::string> LinkInputs = Args.LinkInputs;
  reconcile(LinkInputs, Summaries);
  std::vector<std::string> Command = Compile;
  if (!Args.Sources.empty()) {
    Command.insert(Command.end(), {"-x", "c++"});
    for (const std::string &Source : Args.Sources)
      Command.push_back(translatedPath(WorkDir, Root, Source));
    Command.insert(Command.end(), {"-x", "none"});
  }
  Command.insert(Command.end(), LinkInputs.begin(), LinkInputs.end());
  // `-x` of the user's never reaches the runtime library.
  Command.insert(Command.end(), {"-x", "none", Library + "/libbamboo-runtime.a",
                                 "-lboost_context", "-pthread"});
  if (!Args.Output.empty())
    Command.insert(Command.end(), {"-o", Args.Output});
  return exec(Args.MPICxx, Command);
}

} // namespace

int runCxxDriver(ArrayRef<std::string> Arguments, StringRef Executable,
                 const CxxDriverConfig &Config) {
  auto Parsed = parseCxxArguments(Arguments, Config.MPICxx);
  if (!Parsed)
    fail(toString(Parsed.takeError()));
  if (Parsed->PassThrough) { // --version, -show, -E, -M: mpicxx's answer
    auto Found = sys::findProgramByName(Parsed->MPICxx);
    if (!Found)
      fail("cannot find '" + Parsed->MPICxx + "'");
    std::vector<StringRef> Refs = {Parsed->MPICxx};
    for (const std::string &A : Arguments)
      if (!StringRef(A).starts_with("--mpicxx=") &&
          !StringRef(A).starts_with("--bamboo-arg=") &&
          A != "--keep-translated")
        Refs.push_back(A);
    return sys::ExecuteAndWait(*Found, Refs);
  }
  return Driver(std::move(*Parsed), Executable, Config).run();
}

} // namespace bamboo::driver
