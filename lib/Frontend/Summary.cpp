//===- Summary.cpp - What one file tells the rest of the program ----------===//
//
// JSON (llvm::json) for file summaries, and the comparison of a file's view
// of its functions with the program's.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/Summary.h"
#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Frontend/MPIModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/xxhash.h"

namespace json = llvm::json;

namespace bamboo {

ReachBits reachBits(const ReachSets &Reach, const CallGraph::Node *N) {
  // Only what can change a file's translation: whether a function called in
  // a send block starts a receive. (That a function waits changes nothing:
  // every function waits as it is written.)
  return Reach.StartsReceive.contains(N) ? 1 : 0;
}

namespace {

const char *const KindNames[] = {"direct", "implicit", "virtual", "indirect"};
const char *const RoleNames[] = {"ordinary", "main", "constructor",
                                 "destructor"};

template <size_t N>
int indexOf(const char *const (&Names)[N], llvm::StringRef Name) {
  for (size_t I = 0; I < N; ++I)
    if (Name == Names[I])
      return int(I);
  return -1;
}

json::Array strings(const std::vector<std::string> &List) {
  json::Array Out;
  for (const std::string &S : List)
    Out.push_back(S);
  return Out;
}

json::Value nodeToJSON(const CallGraph::Node &N) {
  json::Array MPI, Calls;
  for (const CallGraph::MPIUse &U : N.MPICalls)
    MPI.push_back(json::Object{{"name", U.Name}, {"loc", U.Location}});
  for (const CallGraph::Call &C : N.Calls)
    Calls.push_back(json::Object{{"kind", KindNames[int(C.Kind)]},
                                 {"callee", C.Callee},
                                 {"type", C.TypeKey},
                                 {"loc", C.Location}});
  return json::Object{{"key", N.Key},
                      {"name", N.Name},
                      {"loc", N.Location},
                      {"role", RoleNames[int(N.Role)]},
                      {"defined", N.Defined},
                      {"system", N.InSystemHeader},
                      {"region", N.ContainsRegion},
                      {"addressTaken", N.AddressTaken},
                      {"addressTypes", strings(N.AddressTypes)},
                      {"overrides", strings(N.Overrides)},
                      {"mpi", std::move(MPI)},
                      {"calls", std::move(Calls)}};
}

/// Reads JSON with a path for messages, failing on the first problem.
class Reader {
public:
  explicit Reader(json::Path::Root &Root) : Root(Root) {}

  llvm::Error error() {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bad bamboo summary: %s",
                                   llvm::toString(Root.getError()).c_str());
  }

  bool readStrings(const json::Value &V, json::Path P,
                   std::vector<std::string> &Out) {
    return json::fromJSON(V, Out, P);
  }

  bool readNode(const json::Value &V, json::Path P, CallGraph &G) {
    const json::Object *O = V.getAsObject();
    if (!O) {
      P.report("expected an object");
      return false;
    }
    json::ObjectMapper M(V, P);
    std::string Key, Role;
    if (!M || !M.map("key", Key) || !M.map("role", Role)) {
      P.report("a node needs a key and a role");
      return false;
    }
    CallGraph::Node &N = G.node(Key);
    int RoleIndex = indexOf(RoleNames, Role);
    if (RoleIndex < 0) {
      P.field("role").report("unknown role");
      return false;
    }
    N.Role = FunctionRole(RoleIndex);
    if (!M.map("name", N.Name) || !M.map("loc", N.Location) ||
        !M.map("defined", N.Defined) || !M.map("system", N.InSystemHeader) ||
        !M.map("region", N.ContainsRegion) ||
        !M.map("addressTaken", N.AddressTaken) ||
        !M.map("addressTypes", N.AddressTypes) ||
        !M.map("overrides", N.Overrides))
      return false;
    const json::Array *MPI = O->getArray("mpi");
    const json::Array *Calls = O->getArray("calls");
    if (!MPI || !Calls) {
      P.report("a node needs 'mpi' and 'calls'");
      return false;
    }
    for (size_t I = 0; I < MPI->size(); ++I) {
      json::ObjectMapper UM((*MPI)[I], P.field("mpi").index(I));
      CallGraph::MPIUse U;
      if (!UM || !UM.map("name", U.Name) || !UM.map("loc", U.Location))
        return false;
      U.Info = lookupMPIFunction(U.Name);
      N.MPICalls.push_back(std::move(U));
    }
    for (size_t I = 0; I < Calls->size(); ++I) {
      json::Path CP = P.field("calls").index(I);
      json::ObjectMapper CM((*Calls)[I], CP);
      std::string Kind;
      CallGraph::Call C;
      if (!CM || !CM.map("kind", Kind) || !CM.map("callee", C.Callee) ||
          !CM.map("type", C.TypeKey) || !CM.map("loc", C.Location))
        return false;
      int KindIndex = indexOf(KindNames, Kind);
      if (KindIndex < 0) {
        CP.field("kind").report("unknown call kind");
        return false;
      }
      C.Kind = CallKind(KindIndex);
      N.Calls.push_back(std::move(C));
    }
    return true;
  }

  bool readSummary(const json::Value &V, json::Path P, FileSummary &S) {
    json::ObjectMapper M(V, P);
    if (!M || !M.map("source", S.Source))
      return false;
    const json::Object *O = V.getAsObject();
    const json::Array *Inputs = O->getArray("inputs");
    const json::Array *Nodes = O->getArray("nodes");
    const json::Object *View = O->getObject("view");
    if (!Inputs || !Nodes || !View) {
      P.report("a summary needs 'inputs', 'nodes' and 'view'");
      return false;
    }
    for (size_t I = 0; I < Inputs->size(); ++I) {
      json::ObjectMapper IM((*Inputs)[I], P.field("inputs").index(I));
      std::pair<std::string, std::string> Input;
      if (!IM || !IM.map("path", Input.first) || !IM.map("hash", Input.second))
        return false;
      S.Inputs.push_back(std::move(Input));
    }
    for (size_t I = 0; I < Nodes->size(); ++I)
      if (!readNode((*Nodes)[I], P.field("nodes").index(I), S.Graph))
        return false;
    for (const auto &[Key, Bits] : *View) {
      std::optional<int64_t> Value = Bits.getAsInteger();
      if (!Value || *Value < 0 || *Value > 255) {
        P.field("view").field(Key).report("expected a small integer");
        return false;
      }
      S.View[Key.str()] = ReachBits(*Value);
    }
    S.Graph.reindex();
    return true;
  }

private:
  json::Path::Root &Root;
};

} // namespace

json::Value summariesToJSON(llvm::ArrayRef<const FileSummary *> Summaries) {
  json::Array Files;
  for (const FileSummary *S : Summaries) {
    json::Array Inputs, Nodes;
    for (const auto &[Path, Hash] : S->Inputs)
      Inputs.push_back(json::Object{{"path", Path}, {"hash", Hash}});
    for (const auto &N : S->Graph.nodes())
      Nodes.push_back(nodeToJSON(*N));
    json::Object View;
    for (const auto &Entry : S->View)
      View[Entry.getKey()] = int64_t(Entry.getValue());
    Files.push_back(json::Object{{"source", S->Source},
                                 {"inputs", std::move(Inputs)},
                                 {"nodes", std::move(Nodes)},
                                 {"view", std::move(View)}});
  }
  return json::Object{{"bamboo-summary", 1}, {"files", std::move(Files)}};
}

std::string writeSummaries(llvm::ArrayRef<const FileSummary *> Summaries) {
  std::string Out;
  llvm::raw_string_ostream(Out) << summariesToJSON(Summaries);
  return Out;
}

llvm::Expected<std::vector<FileSummary>> readSummaries(llvm::StringRef Text) {
  llvm::Expected<json::Value> Doc = json::parse(Text);
  if (!Doc)
    return Doc.takeError();
  return summariesFromJSON(*Doc);
}

llvm::Expected<std::vector<FileSummary>>
summariesFromJSON(const json::Value &Document) {
  const json::Value *Doc = &Document;
  json::Path::Root Root("summary");
  Reader R(Root);
  json::Path P(Root);
  const json::Object *O = Doc->getAsObject();
  const json::Array *Files = O ? O->getArray("files") : nullptr;
  if (!O || O->getInteger("bamboo-summary") != 1 || !Files) {
    P.report("not a bamboo summary of version 1");
    return R.error();
  }
  std::vector<FileSummary> Out(Files->size());
  for (size_t I = 0; I < Files->size(); ++I)
    if (!R.readSummary((*Files)[I], P.field("files").index(I), Out[I]))
      return R.error();
  return Out;
}

namespace {

/// \p G without the library code that leads nowhere: a library function
/// stays if it may call user code (a callback through std::function, an
/// algorithm) or MPI, or if a method of the user's overrides it. The rest
/// cannot be in any reach set nor lead into one; dropping it makes a summary
/// a few kilobytes instead of a megabyte of the standard library.
CallGraph withoutIdleLibraryCode(const CallGraph &G) {
  llvm::DenseMap<const CallGraph::Node *,
                 llvm::SmallVector<const CallGraph::Node *, 4>>
      Callers;
  for (const auto &N : G.nodes())
    for (const CallGraph::Call &C : N->Calls)
      for (const CallGraph::Node *T : G.targets(C))
        Callers[T].push_back(N.get());
  llvm::DenseSet<const CallGraph::Node *> Keep;
  std::vector<const CallGraph::Node *> Work;
  for (const auto &N : G.nodes())
    if (!N->InSystemHeader || !N->MPICalls.empty() || N->ContainsRegion) {
      Keep.insert(N.get());
      Work.push_back(N.get());
    }
  while (!Work.empty()) {
    const CallGraph::Node *N = Work.back();
    Work.pop_back();
    for (const CallGraph::Node *Caller : Callers.lookup(N))
      if (Keep.insert(Caller).second)
        Work.push_back(Caller);
  }
  llvm::StringSet<> Overridden;
  for (const CallGraph::Node *N : Keep)
    for (const std::string &Base : N->Overrides)
      Overridden.insert(Base);

  CallGraph Out;
  auto Kept = [&](llvm::StringRef Key) {
    const CallGraph::Node *N = G.lookup(Key);
    return N && (Keep.contains(N) || Overridden.contains(Key));
  };
  for (const auto &N : G.nodes()) {
    if (!Kept(N->Key))
      continue;
    CallGraph::Node &Copy = Out.node(N->Key);
    Copy = *N;
    llvm::erase_if(Copy.Calls, [&](const CallGraph::Call &C) {
      return C.Kind != CallKind::Indirect && !Kept(C.Callee);
    });
  }
  Out.reindex();
  return Out;
}

} // namespace

FileSummary summarize(const TranslationUnitModel &Model) {
  const clang::SourceManager &SM = Model.context().getSourceManager();
  FileSummary S;
  S.Source = absolutePath(SM, SM.getMainFileID());
  llvm::StringSet<> Seen;
  if (const Inclusions *Includes = Model.inclusions())
    for (clang::FileID FID : Includes->files()) {
      std::string Path = absolutePath(SM, FID);
      if (isUserFile(SM, FID) && Seen.insert(Path).second)
        S.Inputs.push_back({Path, contentHash(SM.getBufferData(FID))});
    }
  S.Graph = withoutIdleLibraryCode(Model.fileGraph());
  S.Graph.forgetAST();
  for (const auto &N : S.Graph.nodes())
    S.View[N->Key] = reachBits(
        Model.reach(), Model.callGraph().lookup(llvm::StringRef(N->Key)));
  return S;
}

CallGraph mergeGraphs(llvm::ArrayRef<const FileSummary *> Summaries) {
  CallGraph Program;
  for (const FileSummary *S : Summaries)
    Program.merge(S->Graph);
  return Program;
}

std::vector<std::string> staleFunctions(const FileSummary &S,
                                        const CallGraph &Program,
                                        const ReachSets &ProgramReach) {
  std::vector<std::string> Out;
  for (const auto &N : S.Graph.nodes()) {
    auto It = S.View.find(N->Key);
    ReachBits Used = It == S.View.end() ? 0 : It->second;
    const CallGraph::Node *Now = Program.lookup(llvm::StringRef(N->Key));
    if (Now && reachBits(ProgramReach, Now) != Used)
      Out.push_back(N->Name);
  }
  return Out;
}

std::string contentHash(llvm::StringRef Text) {
  std::string Out;
  llvm::raw_string_ostream(Out)
      << llvm::format_hex_no_prefix(llvm::xxh3_64bits(Text), 16);
  return Out;
}

} // namespace bamboo
