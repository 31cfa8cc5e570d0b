//===- CallGraphTest.cpp - Tests of the call graph and reach sets ---------===//
//
// Who reaches MPI, through which kinds of calls, and merging the graphs of
// two files by USR.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/CallGraph.h"
#include "TestSupport.h"
#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/MPIModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace bamboo;

namespace {

/// The graph and reach sets of \p Code as the tool builds them (system
/// headers give declarations only), for the checks while the AST is alive.
struct Graph {
  const TranslationUnitModel &TU;
  const CallGraph &G;
  const ReachSets &Reach;

  explicit Graph(const TranslationUnitModel &TU)
      : TU(TU), G(TU.callGraph()), Reach(TU.reach()) {}
  const CallGraph::Node *node(llvm::StringRef Name) {
    const FunctionDecl *FD = test::findFunction(TU.context(), Name);
    EXPECT_NE(FD, nullptr) << Name.str();
    return G.lookup(FD);
  }
};

void withGraph(llvm::StringRef Code, std::function<void(Graph &)> Check) {
  bool Ran = false;
  test::Analysis A = test::analyze(Code, [&](TranslationUnitModel &TU) {
    Graph T(TU);
    Check(T);
    Ran = true;
  });
  EXPECT_TRUE(A.Ok);
  EXPECT_TRUE(Ran);
  for (const std::string &D : A.Diagnostics)
    ADD_FAILURE() << D;
}

TEST(CallGraph, ReachSetsThroughCalls) {
  withGraph(R"cpp(
#include <mpi.h>
void recvOne(int *x) { MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
void middle(int *x) { recvOne(x); }
int rank() { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); return r; }
int pure(int x) { return x + 1; }
int top(int *x) { middle(x); return rank() + pure(1); }
)cpp",
            [](Graph &T) {
              for (const char *Name : {"recvOne", "middle", "top"}) {
                EXPECT_TRUE(T.Reach.AnyMPI.contains(T.node(Name))) << Name;
                EXPECT_TRUE(T.Reach.WaitingMPI.contains(T.node(Name))) << Name;
                EXPECT_TRUE(T.Reach.Suspends.contains(T.node(Name))) << Name;
              }
              EXPECT_TRUE(T.Reach.AnyMPI.contains(T.node("rank")));
              EXPECT_FALSE(T.Reach.WaitingMPI.contains(T.node("rank")));
              EXPECT_FALSE(T.Reach.AnyMPI.contains(T.node("pure")));

              // The witness path: top -> middle -> recvOne -> MPI_Recv.
              std::vector<ReachSet::Step> Path =
                  T.Reach.WaitingMPI.path(T.node("top"));
              ASSERT_EQ(Path.size(), 3u);
              EXPECT_EQ(Path[0].To, T.node("middle"));
              EXPECT_EQ(Path[1].To, T.node("recvOne"));
              ASSERT_NE(Path[2].Use, nullptr);
              EXPECT_EQ(Path[2].Use->Name, "MPI_Recv");
              EXPECT_EQ(T.Reach.WaitingMPI.reachedUse(T.node("top"))->Name,
                        "MPI_Recv");
            });
}

TEST(CallGraph, NodesRecordMPICallsAndRoles) {
  withGraph(R"cpp(
#include <mpi.h>
struct Guard {
  Guard() { MPI_Barrier(MPI_COMM_WORLD); }
  ~Guard() {}
};
int main() { Guard g; MPI_Recv(0, 0, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); return 0; }
)cpp",
            [](Graph &T) {
              const CallGraph::Node *Main = T.node("main");
              ASSERT_NE(Main, nullptr);
              EXPECT_TRUE(Main->IsMain);
              ASSERT_EQ(Main->MPICalls.size(), 1u);
              EXPECT_EQ(Main->MPICalls[0].Name, "MPI_Recv");
              ASSERT_NE(Main->MPICalls[0].Info, nullptr);
              EXPECT_TRUE(Main->MPICalls[0].Info->mayWait());
              // The constructor of a local, and its destructor, are implicit
              // calls.
              unsigned Implicit = 0;
              for (const CallGraph::Call &C : Main->Calls)
                Implicit += C.Kind == CallKind::Implicit;
              EXPECT_EQ(Implicit, 2u);
              const CallGraph::Node *Ctor = T.node("Guard");
              ASSERT_NE(Ctor, nullptr);
              EXPECT_TRUE(isa<CXXConstructorDecl>(Ctor->Decl));
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(Ctor));
            });
}

TEST(CallGraph, TemplateInstantiationsFoldIntoOneNode) {
  withGraph(R"cpp(
#include <mpi.h>
template <typename T> void wait(T *x, MPI_Datatype t) {
  MPI_Recv(x, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
void f() { int a; double b; wait(&a, MPI_INT); wait(&b, MPI_DOUBLE); }
)cpp",
            [](Graph &T) {
              unsigned Nodes = 0;
              for (const auto &N : T.G.nodes())
                Nodes += N->Name == "wait";
              EXPECT_EQ(Nodes, 1u);
              const CallGraph::Node *F = T.node("f");
              EXPECT_EQ(F->Calls.size(), 2u);
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(F));
            });
}

TEST(CallGraph, VirtualAndIndirectCallsReachEveryCandidate) {
  withGraph(R"cpp(
#include <mpi.h>
struct Base { virtual void step() {} virtual ~Base() = default; };
struct Remote : Base {
  void step() override { MPI_Barrier(MPI_COMM_WORLD); }
};
static void a() { MPI_Barrier(MPI_COMM_WORLD); }
static void b() {}
static void c(int) {}
void callVirtual(Base &x) { x.step(); }
void callPointer(bool k) { void (*p)() = k ? a : b; p(); }
void callOther(void (*q)(int)) { q(1); }
void useC() { callOther(c); }
)cpp",
            [](Graph &T) {
              const CallGraph::Node *V = T.node("callVirtual");
              ASSERT_EQ(V->Calls.size(), 1u);
              EXPECT_EQ(V->Calls[0].Kind, CallKind::Virtual);
              EXPECT_EQ(T.G.targets(V->Calls[0]).size(), 2u);
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(V));

              const CallGraph::Node *P = T.node("callPointer");
              ASSERT_EQ(P->Calls.size(), 1u);
              EXPECT_EQ(P->Calls[0].Kind, CallKind::Indirect);
              EXPECT_EQ(T.G.targets(P->Calls[0]).size(), 2u); // a and b, not c
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(P));
              EXPECT_FALSE(T.Reach.WaitingMPI.contains(T.node("callOther")));
            });
}

TEST(CallGraph, LambdasAreFunctions) {
  withGraph(R"cpp(
#include <mpi.h>
void f(int *x) {
  auto get = [x] { MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); };
  get();
}
)cpp",
            [](Graph &T) {
              const CallGraph::Node *F = T.node("f");
              EXPECT_TRUE(F->MPICalls.empty());
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(F));
              std::vector<ReachSet::Step> Path = T.Reach.WaitingMPI.path(F);
              ASSERT_EQ(Path.size(), 2u);
              EXPECT_EQ(llvm::StringRef(Path[0].To->Name).substr(0, 10),
                        "lambda at ");
            });
}

TEST(CallGraph, GenericLambdasInTemplatesAreOneNode) {
  withGraph(R"cpp(
#include <mpi.h>
template <typename T> void generic(T *x) {
  auto get = [&](auto *y) {
    MPI_Recv(y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  };
  get(x);
}
void use() { int a; long b; generic(&a); generic(&b); }
)cpp",
            [](Graph &T) {
              unsigned Lambdas = 0;
              for (const auto &N : T.G.nodes())
                Lambdas += llvm::StringRef(N->Name).starts_with("lambda at ");
              EXPECT_EQ(Lambdas, 1u);
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(T.node("use")));
            });
}

TEST(CallGraph, LibraryInstantiationsStaySeparate) {
  // std::function<void()> and std::function<void(int)> call different
  // lambdas; only the first reaches MPI.
  withGraph(R"cpp(
#include <functional>
#include <mpi.h>
void waits() {
  std::function<void()> f = [] { MPI_Barrier(MPI_COMM_WORLD); };
  f();
}
void pure() {
  std::function<void(int)> g = [](int) {};
  g(1);
}
)cpp",
            [](Graph &T) {
              EXPECT_TRUE(T.Reach.WaitingMPI.contains(T.node("waits")));
              EXPECT_FALSE(T.Reach.WaitingMPI.contains(T.node("pure")));
            });
}

TEST(CallGraph, CallablesGivenToTheLibraryMayBeCalledThere) {
  // Library bodies are not parsed: a lambda, a function object, a function
  // or a function pointer given to a library function may be called by it.
  withGraph(R"cpp(
#include <algorithm>
#include <cstdlib>
#include <mpi.h>
#include <thread>
#include <vector>
struct Waiter {
  void operator()(int) const { MPI_Barrier(MPI_COMM_WORLD); }
};
static int order(const void *, const void *) {
  MPI_Barrier(MPI_COMM_WORLD);
  return 0;
}
static void receive() {
  int x;
  MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
void lambda(std::vector<int> &v) {
  std::for_each(v.begin(), v.end(), [](int) { MPI_Barrier(MPI_COMM_WORLD); });
}
void object(std::vector<int> &v) { std::for_each(v.begin(), v.end(), Waiter()); }
void function(int *v) { std::qsort(v, 4, sizeof *v, order); }
void pointer(void (*p)()) { std::thread t(p); t.join(); }
void take() { pointer(receive); }
void pure(std::vector<int> &v) { std::sort(v.begin(), v.end()); }
)cpp",
            [](Graph &T) {
              for (const char *Name :
                   {"lambda", "object", "function", "pointer"})
                EXPECT_TRUE(T.Reach.WaitingMPI.contains(T.node(Name))) << Name;
              EXPECT_FALSE(T.Reach.AnyMPI.contains(T.node("pure")));
              const CallGraph::Node *F = T.node("function");
              bool Callback = false;
              for (const CallGraph::Call &C : F->Calls)
                Callback |= C.Kind == CallKind::Callback &&
                            C.Callee == T.node("order")->Key;
              EXPECT_TRUE(Callback);
              // std::sort's body was skipped: its node calls nothing.
              for (const auto &N : T.G.nodes())
                if (N->InSystemHeader) {
                  EXPECT_TRUE(N->Calls.empty()) << N->Name;
                }
            });
}

TEST(CallGraph, AFunctionOfAnotherFileIsANodeWithoutCalls) {
  // main.cpp calls exchange(), which another file defines: a file is
  // analysed on its own, as it is compiled, and knows no more of it.
  withGraph(R"cpp(
void exchange(double *u);
int main() { double u[2]; exchange(u); return 0; }
)cpp",
            [](Graph &Main) {
              const CallGraph::Node *MainNode = Main.node("main");
              ASSERT_NE(MainNode, nullptr);
              ASSERT_EQ(MainNode->Calls.size(), 1u);
              const CallGraph::Node *Exchange =
                  Main.G.lookup(MainNode->Calls[0].Callee);
              ASSERT_NE(Exchange, nullptr);
              EXPECT_FALSE(Exchange->Defined);
              EXPECT_TRUE(Exchange->Calls.empty());
              EXPECT_TRUE(Exchange->MPICalls.empty());
              EXPECT_FALSE(Main.Reach.WaitingMPI.contains(MainNode));
            });
}

} // namespace
