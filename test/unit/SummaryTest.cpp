//===- SummaryTest.cpp - File summaries and the program's facts -----------===//

#include "TestSupport.h"

#include "bamboo/Frontend/Summary.h"
#include "gtest/gtest.h"

using namespace bamboo;

namespace {

FileSummary summaryOf(llvm::StringRef Code) {
  FileSummary Out;
  test::Analysis A =
      test::analyze(Code, [&](TranslationUnitModel &M) { Out = summarize(M); });
  EXPECT_TRUE(A.Ok);
  return Out;
}

const char *const MainCode = R"cpp(
void exchange(double *u);
int main() { double u[2]; exchange(u); return 0; }
)cpp";

const char *const LibCode = R"cpp(
#include <mpi.h>
static void post(double *u, MPI_Request *r) {
  MPI_Irecv(u, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, r);
}
void exchange(double *u) {
  MPI_Request r;
  post(u, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
)cpp";

TEST(Summary, RoundTripsThroughJSON) {
  FileSummary Lib = summaryOf(LibCode);
  ASSERT_EQ(Lib.Inputs.size(), 1u); // the file itself; <mpi.h> is MPI's
  auto Read = readSummaries(writeSummaries({&Lib}));
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  ASSERT_EQ(Read->size(), 1u);
  const FileSummary &Back = Read->front();
  EXPECT_EQ(Back.Source, Lib.Source);
  EXPECT_EQ(Back.Inputs, Lib.Inputs);
  ASSERT_EQ(Back.Graph.nodes().size(), Lib.Graph.nodes().size());
  for (const auto &N : Lib.Graph.nodes()) {
    const CallGraph::Node *M = Back.Graph.lookup(llvm::StringRef(N->Key));
    ASSERT_NE(M, nullptr) << N->Key;
    EXPECT_EQ(M->Name, N->Name);
    EXPECT_EQ(M->Location, N->Location);
    EXPECT_EQ(M->Role, N->Role);
    EXPECT_EQ(M->Defined, N->Defined);
    EXPECT_EQ(M->Calls.size(), N->Calls.size());
    ASSERT_EQ(M->MPICalls.size(), N->MPICalls.size());
    for (size_t I = 0; I < N->MPICalls.size(); ++I) {
      EXPECT_EQ(M->MPICalls[I].Name, N->MPICalls[I].Name);
      EXPECT_EQ(M->MPICalls[I].Info, N->MPICalls[I].Info);
    }
    EXPECT_EQ(Back.View.lookup(N->Key), Lib.View.lookup(N->Key));
  }
  // The file-local helper is keyed with its file: another file's `post`
  // is another function.
  bool LocalKeyed = false;
  for (const auto &N : Back.Graph.nodes())
    if (N->Name == "post")
      LocalKeyed = llvm::StringRef(N->Key).contains("@tu@");
  EXPECT_TRUE(LocalKeyed);
}

TEST(Summary, ProgramFactsFindWhatOneFileCouldNotKnow) {
  FileSummary Main = summaryOf(MainCode);
  FileSummary Lib = summaryOf(LibCode);
  CallGraph Program = mergeGraphs({&Main, &Lib});
  ReachSets Reach = ReachSets::compute(Program);
  // main.cpp alone took exchange for a function that starts no receive (a
  // call of it in a send block would be an error).
  std::vector<std::string> Stale = staleFunctions(Main, Program, Reach);
  EXPECT_NE(llvm::find(Stale, "exchange"), Stale.end());
  EXPECT_NE(llvm::find(Stale, "main"), Stale.end());
  // The library file saw all there is to see about its functions.
  EXPECT_TRUE(staleFunctions(Lib, Program, Reach).empty());
  // Through the other file, main waits.
  const CallGraph::Node *MainNode =
      Program.lookup(llvm::StringRef("c:@F@main#"));
  ASSERT_NE(MainNode, nullptr);
  EXPECT_TRUE(Reach.WaitingMPI.contains(MainNode));
}

TEST(Summary, WaitingIsNoReasonToTranslateAgain) {
  // A function of another file that only waits: every file calls it as
  // written, so main.cpp's translation needs no facts about it.
  FileSummary Main = summaryOf(MainCode);
  FileSummary Lib = summaryOf(R"cpp(
#include <mpi.h>
void exchange(double *u) {
  MPI_Recv(u, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
}
)cpp");
  CallGraph Program = mergeGraphs({&Main, &Lib});
  ReachSets Reach = ReachSets::compute(Program);
  EXPECT_TRUE(staleFunctions(Main, Program, Reach).empty());
  const CallGraph::Node *MainNode =
      Program.lookup(llvm::StringRef("c:@F@main#"));
  ASSERT_NE(MainNode, nullptr);
  EXPECT_TRUE(Reach.Suspends.contains(MainNode));
}

TEST(Summary, BadDocumentsAreErrors) {
  for (const char *Text :
       {"not json", "{}", R"({"bamboo-summary": 2, "files": []})",
        R"({"bamboo-summary": 1, "files": [{"source": "a.cpp"}]})",
        R"({"bamboo-summary": 1, "files": [{"source": "a.cpp", "inputs": [],
            "nodes": [{"key": "k", "role": "boss"}], "view": {}}]})"}) {
    auto Read = readSummaries(Text);
    EXPECT_FALSE(bool(Read)) << Text;
    if (!Read)
      llvm::consumeError(Read.takeError());
  }
}

TEST(Summary, ContentHashTellsTextsApart) {
  EXPECT_EQ(contentHash("int x;"), contentHash("int x;"));
  EXPECT_NE(contentHash("int x;"), contentHash("int y;"));
  EXPECT_EQ(contentHash("").size(), 16u);
}

} // namespace
