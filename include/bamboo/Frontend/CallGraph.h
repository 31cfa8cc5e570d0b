//===- CallGraph.h - Who calls whom, and who reaches MPI -------*- C++ -*-===//
//
// The call graph of a translation unit, keyed by USR. Each node records its
// direct MPI calls and its outgoing calls: direct, implicit (constructors,
// destructors), virtual and through function pointers. Reach sets are computed
// on top: which functions reach any MPI call, which reach one that may wait
// (and so may suspend their rank), which start a receive.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_CALLGRAPH_H
#define BAMBOO_FRONTEND_CALLGRAPH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceLocation;
class SourceManager;
class CallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace bamboo {

struct MPIFunctionInfo;

enum class CallKind : uint8_t {
  Direct,   ///< f(), obj.f() without virtual dispatch
  Implicit, ///< constructors, destructors of locals and temporaries, new/delete
  Virtual,  ///< may reach the callee or any of its overriders
  Indirect, ///< through a function pointer: any address-taken function of
            ///< the same type
  Callback, ///< a callable given to a library function, which may call it
};

class CallGraph {
public:
  /// A call of an MPI library function.
  struct MPIUse {
    std::string Name;                      ///< "MPI_Recv" as written
    const MPIFunctionInfo *Info = nullptr; ///< null: unknown MPI function
    std::string Location;                  ///< locationKey()
    const clang::CallExpr *Call = nullptr; ///< valid while its AST lives
  };

  /// A call of a user or library function.
  struct Call {
    CallKind Kind = CallKind::Direct;
    std::string Callee;   ///< node key; empty for Indirect
    std::string TypeKey;  ///< Indirect: the function type called through
    std::string Location; ///< locationKey()
    const clang::Expr *Site = nullptr; ///< valid while its AST lives
  };

  struct Node {
    std::string Key;  ///< USR of the function (of its template pattern)
    std::string Name; ///< "exchange", "Grid::step", "lambda at f.cpp:3:5"
    std::string
        Location; ///< of its definition (else its declaration): locationKey()
    /// The source-level declaration (the pattern of an instantiation); valid
    /// while its AST lives.
    const clang::FunctionDecl *Decl = nullptr;
    bool IsMain = false; ///< where every rank starts
    bool Defined = false;
    bool InSystemHeader = false;
    bool ContainsRegion = false; ///< has a `#pragma bamboo olap` region
    bool AddressTaken = false;   ///< may be called through a pointer
    /// The function types its address is taken as (one per instantiation
    /// of a template), which an indirect call must match.
    std::vector<std::string> AddressTypes;
    std::vector<std::string> Overrides; ///< keys of overridden methods
    std::vector<MPIUse> MPICalls;
    std::vector<Call> Calls;
  };

  CallGraph() = default;
  CallGraph(CallGraph &&) noexcept = default;
  CallGraph &operator=(CallGraph &&) noexcept = default;

  /// Builds the graph of every function with a body in \p Ctx, including
  /// template instantiations (folded into their pattern's node), lambdas and
  /// library code.
  static CallGraph build(clang::ASTContext &Ctx);

  /// Where \p Loc is, the same way in every file of the program (the
  /// absolute path of the file where its macro is expanded, line, column):
  /// the Location of nodes, calls and MPI uses.
  static std::string locationKey(clang::SourceLocation Loc,
                                 const clang::SourceManager &SM);

  /// The key of \p FD: the USR of its template pattern, if any. A function
  /// that other files cannot name (internal linkage, a lambda) is keyed with
  /// the main file's path as well: the `static void helper()` of two files,
  /// or of one header included by two files, are different functions.
  static std::string keyFor(const clang::FunctionDecl *FD);

  /// The node with key \p Key, created empty if missing.
  Node &node(llvm::StringRef Key);
  const Node *lookup(llvm::StringRef Key) const;
  const Node *lookup(const clang::FunctionDecl *FD) const;

  /// All nodes, in creation order.
  llvm::ArrayRef<std::unique_ptr<Node>> nodes() const { return Nodes; }

  /// The nodes a call may reach: its callee; for a virtual call also every
  /// overrider; for an indirect call every address-taken function of the
  /// called type.
  llvm::SmallVector<const Node *, 4> targets(const Call &C) const;

  /// Rebuilds the override and function-type indexes used by targets();
  /// build() calls it; so must whoever changes the nodes after.
  void reindex();

private:
  std::vector<std::unique_ptr<Node>> Nodes;
  llvm::StringMap<Node *> ByKey;
  llvm::StringMap<llvm::SmallVector<const Node *, 2>> Overriders;
  llvm::StringMap<llvm::SmallVector<const Node *, 2>> AddressTakenByType;
};

/// A set of functions that reach something (an MPI call of some sort, or an
/// olap region), each with a witness: the first step of a shortest way there.
class ReachSet {
public:
  struct Step {
    const CallGraph::Node *From = nullptr;
    /// Exactly one of these: the MPI call reached, the call to the next
    /// function on the way (To), or the region of From itself.
    const CallGraph::MPIUse *Use = nullptr;
    const CallGraph::Call *Call = nullptr;
    const CallGraph::Node *To = nullptr;
    bool Region = false;
  };

  bool contains(const CallGraph::Node *N) const { return Steps.count(N); }
  const Step *witness(const CallGraph::Node *N) const;
  /// The steps from \p N to what it reaches.
  std::vector<Step> path(const CallGraph::Node *N) const;
  /// The MPI call that \p N reaches (null if it reaches a region).
  const CallGraph::MPIUse *reachedUse(const CallGraph::Node *N) const;
  size_t size() const { return Steps.size(); }

  /// Functions that directly make an MPI call accepted by \p Seed (or, with
  /// \p SeedRegions, contain an olap region), and every function that calls
  /// one of them, transitively, through any kind of call.
  static ReachSet
  compute(const CallGraph &G,
          llvm::function_ref<bool(const CallGraph::MPIUse &)> Seed,
          bool SeedRegions = false);

private:
  llvm::DenseMap<const CallGraph::Node *, Step> Steps;
};

/// The reach sets the translator works with.
struct ReachSets {
  /// Reaches any MPI call.
  ReachSet AnyMPI;
  /// Reaches an MPI call that may wait (MPIFunctionInfo::mayWait).
  ReachSet WaitingMPI;
  /// May suspend its rank: reaches a waiting MPI call or an olap region (a
  /// region's end waits). Called in a region, it completes in the call.
  ReachSet Suspends;
  /// For the region checks: reaches a call that starts a receive (Irecv,
  /// Imrecv). Called in a region, that receive joins the region's firing
  /// rule, so a function called in a send block must not.
  ReachSet StartsReceive;

  static ReachSets compute(const CallGraph &G);
};

} // namespace bamboo

#endif // BAMBOO_FRONTEND_CALLGRAPH_H
