//===- CxxArguments.cpp - bamboo-cxx's command line -----------------------===//

#include "bamboo/Driver/CxxArguments.h"
#include "bamboo/Tool/ToolSetup.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace bamboo::driver {

bool isCxxSource(StringRef Path) {
  return StringSwitch<bool>(sys::path::extension(Path))
      .Cases(".cpp", ".cc", ".cxx", ".C", ".c++", ".cp", ".CPP", true)
      .Default(false);
}

bool isCSource(StringRef Path) { return sys::path::extension(Path) == ".c"; }

namespace {

Error failure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Options whose value is the next argument when not attached.
bool takesValue(StringRef Arg) {
  return StringSwitch<bool>(Arg)
      .Cases("-I", "-D", "-U", "-isystem", "-iquote", "-include", "-idirafter",
             true)
      .Cases("-imacros", "-L", "-l", "-Xlinker", "-x", "-o", "-MF", "-MT", true)
      .Case("-MQ", true)
      .Default(false);
}

/// Preprocessor options: the translator must see them to parse the source as
/// the compiler will.
bool isPreprocessorOption(StringRef Arg) {
  for (StringRef Prefix : {"-I", "-D", "-U", "-isystem", "-iquote", "-include",
                           "-idirafter", "-imacros"})
    if (Arg.starts_with(Prefix))
      return true;
  return false;
}

/// Options that define macros or silence warnings: the translator gets them
/// as well (`-O2` defines __OPTIMIZE__, `-march=` __AVX2__, `-fopenmp`
/// _OPENMP, `-w` quiets the translator's warnings too).
bool isTranslatorOption(StringRef Arg) {
  if (Arg == "-w" || Arg.starts_with("-Wno-") || Arg.starts_with("-O") ||
      Arg.starts_with("-march=") || Arg.starts_with("-mtune=") ||
      Arg.starts_with("-mcpu=") || Arg == "-m32" || Arg == "-m64")
    return true;
  return StringSwitch<bool>(Arg)
      .Cases("-fopenmp", "-pthread", "-ffast-math", "-funsigned-char",
             "-fsigned-char", "-fno-rtti", "-fno-exceptions", true)
      .Default(false);
}

/// Warnings GCC knows for C only: a C++ compile of the same command would
/// warn about them.
bool isCOnlyWarning(StringRef Arg) {
  if (!Arg.consume_front("-W"))
    return false;
  Arg.consume_front("no-");
  Arg.consume_front("error=");
  return StringSwitch<bool>(Arg)
      .Cases("bad-function-cast", "c++-compat", "declaration-after-statement",
             "designated-init", "discarded-array-qualifiers", true)
      .Cases("discarded-qualifiers", "duplicate-decl-specifier", "implicit",
             "implicit-function-declaration", "implicit-int", true)
      .Cases("incompatible-pointer-types", "int-conversion", "jump-misses-init",
             "missing-parameter-type", "missing-prototypes", true)
      .Cases("nested-externs", "old-style-declaration", "old-style-definition",
             "override-init", "pointer-sign", true)
      .Cases("pointer-to-int-cast", "strict-prototypes", "traditional",
             "traditional-conversion", "unsuffixed-float-constants", true)
      .Cases("c90-c99-compat", "c99-c11-compat", "c11-c2x-compat",
             "absolute-value", "override-init-side-effects", true)
      .Default(false);
}

/// Nothing to build: mpicxx answers (version queries, MPI wrappers' -show,
/// preprocessing, dependency listing).
bool isPassThrough(StringRef Arg) {
  return StringSwitch<bool>(Arg)
      .Cases("--version", "-dumpversion", "-dumpfullversion", "-dumpmachine",
             "--help", true)
      .Cases("-show", "-compile-info", "-link-info", "-showme", "-E", "-M",
             "-MM", true)
      .Default(Arg.starts_with("-showme:") || Arg.starts_with("-print-"));
}

} // namespace

std::string mpiCCompilerBeside(StringRef MPICxx) {
  StringRef Dir = sys::path::parent_path(MPICxx);
  StringRef Name = sys::path::filename(MPICxx);
  for (StringRef Cxx : {"mpicxx", "mpic++", "mpiCC"}) {
    size_t At = Name.find(Cxx);
    if (At == StringRef::npos)
      continue;
    std::string C =
        (Name.take_front(At) + "mpicc" + Name.drop_front(At + Cxx.size()))
            .str();
    SmallString<256> Path(Dir);
    sys::path::append(Path, C);
    return std::string(Path);
  }
  return "";
}

Expected<CxxArguments> parseCxxArguments(ArrayRef<std::string> Args,
                                         StringRef DefaultMPICxx,
                                         StringRef DefaultMPICC) {
  CxxArguments Out;
  Out.MPICxx = DefaultMPICxx.str();
  std::string Language; // -x: "" is by extension
  bool ForcedCxx = false, MPICxxGiven = false;
  for (size_t A = 0; A < Args.size(); ++A) {
    StringRef Arg = Args[A];
    std::string Value;
    auto TakeValue = [&]() -> Error {
      if (A + 1 >= Args.size())
        return failure("'" + Arg + "' needs a value");
      Value = Args[++A];
      return Error::success();
    };
    if (Arg == "--keep-translated") {
      Out.KeepTranslated = true;
    } else if (Arg == "--no-reorder") {
      Out.NoReorder = true;
    } else if (Arg.consume_front("--mpicxx=")) {
      Out.MPICxx = Arg.str();
      MPICxxGiven = true;
    } else if (Arg.consume_front("--mpicc=")) {
      Out.MPICC = Arg.str();
    } else if (isPassThrough(Arg)) {
      Out.PassThrough = true;
    } else if (Arg == "-c") {
      Out.CompileOnly = true;
    } else if (Arg == "-v") {
      Out.Verbose = true;
      Out.CompileArgs.push_back("-v");
    } else if (Arg == "-MD" || Arg == "-MMD") {
      Out.DependencyFile = true; // user headers: -MD lists what -MMD does
    } else if (Arg == "-MP") {
      Out.PhonyTargets = true;
    } else if (Arg.starts_with("-MF") || Arg.starts_with("-MT") ||
               Arg.starts_with("-MQ")) {
      StringRef Flag = Arg.take_front(3);
      if (Arg.size() > 3)
        Value = Arg.drop_front(3).str();
      else if (Error E = TakeValue())
        return E;
      if (Flag == "-MF")
        Out.DependencyOutput = Value;
      else
        Out.DependencyTargets.push_back(Value);
    } else if (Arg == "-o") {
      if (Error E = TakeValue())
        return E;
      Out.Output = Value;
    } else if (Arg == "-x") {
      if (Error E = TakeValue())
        return E;
      Language = Value == "none" ? "" : Value;
    } else if (Arg.starts_with("-x")) {
      Language = Arg.drop_front(2) == "none" ? "" : Arg.drop_front(2).str();
    } else if (Arg == "-L" || Arg == "-l" || Arg == "-Xlinker") {
      if (Error E = TakeValue())
        return E;
      Out.LinkInputs.push_back(Arg.str());
      Out.LinkInputs.push_back(Value);
    } else if (Arg.starts_with("-L") || Arg.starts_with("-l") ||
               Arg.starts_with("-Wl,")) {
      Out.LinkInputs.push_back(Arg.str());
    } else if (Arg.starts_with("-std=")) {
      // The translator reads each file in its own language (ToolSetup.h).
      if (Arg.contains("++"))
        Out.CxxStandard = tool::translationStandard(Arg);
      else
        Out.CStandard = Arg.str();
      Out.TranslatorArgs.push_back(Arg.str());
    } else if (takesValue(Arg)) {
      if (Error E = TakeValue())
        return E;
      Out.CompileArgs.push_back(Arg.str());
      Out.CompileArgs.push_back(Value);
      if (isPreprocessorOption(Arg)) {
        Out.TranslatorArgs.push_back(Arg.str());
        Out.TranslatorArgs.push_back(Value);
      }
    } else if (isCOnlyWarning(Arg)) {
      Out.COnlyArgs.push_back(Arg.str());
    } else if (Arg.starts_with("-")) {
      Out.CompileArgs.push_back(Arg.str());
      if (isPreprocessorOption(Arg) || isTranslatorOption(Arg))
        Out.TranslatorArgs.push_back(Arg.str());
    } else if (Language == "c++" || Language == "c" ||
               (Language.empty() && (isCxxSource(Arg) || isCSource(Arg)))) {
      // C is translated too, into C (docs/c.md).
      bool IsC = Language == "c" || (Language.empty() && isCSource(Arg));
      Out.Sources.push_back({Arg.str(), IsC});
      ForcedCxx |= Language == "c++" && !isCxxSource(Arg);
    } else if (!Language.empty()) {
      Out.LinkInputs.insert(Out.LinkInputs.end(),
                            {"-x", Language, Arg.str(), "-x", "none"});
    } else {
      Out.LinkInputs.push_back(Arg.str()); // objects, archives, C sources
    }
  }
  if (Out.PassThrough)
    return Out;
  if (Out.Sources.empty() && Out.LinkInputs.empty())
    return failure("no input files");
  if (Out.CompileOnly && !Out.Output.empty() &&
      Out.Sources.size() + Out.LinkInputs.size() > 1)
    return failure("-o with -c needs a single input");
  if (Out.MPICC.empty()) // the C compiler of the same MPI
    Out.MPICC = MPICxxGiven ? mpiCCompilerBeside(Out.MPICxx) : "";
  if (Out.MPICC.empty())
    Out.MPICC = DefaultMPICC.str();
  // A source made C++ by -x is read as C++ by the translator too.
  if (ForcedCxx)
    Out.TranslatorArgs.insert(Out.TranslatorArgs.begin(), {"-x", "c++"});
  // The compiler warns about the translation, which keeps the user's lines:
  // Clang's warnings too would say everything twice, in two dialects. Bamboo's
  // own warnings (about regions) belong to no warning group and stay. GCC's
  // warning names that Clang does not know are quiet too.
  Out.TranslatorArgs.push_back("-Wno-everything");
  return Out;
}

} // namespace bamboo::driver
