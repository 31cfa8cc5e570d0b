//===- Effects.h - What a statement reads, writes and communicates -*- C++
//-*-===//
//
// The dependence model that reordering stands on (issue 19, docs/reorder.md):
// for each statement of a block, the variables it reads and writes, whether it
// reaches memory through pointers, its part in communication (a start, a
// completion, a blocking transfer) and, if nothing may move across it, why.
// What the model cannot see through is a barrier: an unknown call, I/O,
// control flow leaving the statement, a collective.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_EFFECTS_H
#define BAMBOO_FRONTEND_EFFECTS_H

#include "bamboo/Frontend/MPIModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class SourceManager;
class IdentifierInfo;
class CompoundStmt;
class FunctionDecl;
class Stmt;
class ValueDecl;
} // namespace clang

namespace bamboo {

/// A statement's part in point-to-point communication.
enum class CommRole : uint8_t {
  None,
  Start,      ///< MPI_Isend, MPI_Irecv: may move up, to after its buffer's
              ///< last conflicting access
  Completion, ///< MPI_Wait(all) of requests: may move down
  Blocking,   ///< MPI_Send, MPI_Recv, MPI_Sendrecv: stays among communication
};

/// A blocking point-to-point call (MPI_Send, MPI_Recv, MPI_Sendrecv and
/// their modes) becomes two items when its window can grow: its nonblocking
/// start (MPI_Isend) and a wait for it (docs/reorder.md).
struct SplitCall {
  enum Half : uint8_t { Start, Completion };
  Half Is = Start;
  const clang::CallExpr *Call = nullptr;
  const MPIFunctionInfo *StartAs = nullptr; ///< MPI_Isend for MPI_Send
};

/// Which messages a point-to-point operation may match, for MPI's order:
/// two sends (two receives) that may match the same message keep their
/// written order.
struct MatchKey {
  bool Sends = false;
  std::optional<long> Peer; ///< a constant destination/source, if any
  std::optional<long> Tag;  ///< a constant tag, if any
  bool Wildcard = false;    ///< MPI_ANY_SOURCE or MPI_ANY_TAG
  std::string Comm;         ///< the communicator as written
};

struct Effects {
  const clang::Stmt *S = nullptr;
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> Reads, Writes;
  /// Accesses through pointers or references: any variable whose address
  /// escapes, and any memory outside the function.
  bool ReadsIndirect = false, WritesIndirect = false;

  CommRole Role = CommRole::None;
  const MPIFunctionInfo *MPI = nullptr;
  /// One half of a blocking call split in two; both halves have the same S.
  std::optional<SplitCall> Split;
  std::vector<MatchKey> Matches; ///< one per operation a call starts
  /// The request variables a start sets or a completion completes.
  llvm::SmallPtrSet<const clang::ValueDecl *, 2> Requests;
  /// The same, element by element: &r[1] is slot 1 of r; r or &r is all of
  /// it. Starts filling distinct slots of one array do not conflict.
  struct Slot {
    const clang::ValueDecl *Var;
    std::optional<long> Index;
  };
  llvm::SmallVector<Slot, 2> Slots;

  /// Names the statement declares, and every name it uses: a declaration
  /// stays on its side of a statement that uses its name, which may mean
  /// another declaration (shadowing).
  llvm::SmallPtrSet<const clang::IdentifierInfo *, 2> Declared;
  llvm::SmallPtrSet<const clang::IdentifierInfo *, 8> Named;

  /// Nothing moves across a barrier; Why says what it is ("calls 'f', whose
  /// effects are unknown").
  bool Barrier = false;
  const clang::Stmt *BarrierAt = nullptr;
  std::string Why;
};

/// What a call to a function defined in the translation unit does, as its
/// callers see it: the variables outside any function it reads and writes,
/// what it reaches through each pointer or reference parameter (and `this`),
/// and its part in communication. A call is a barrier if the function is
/// one (it does I/O, calls what is unknown, starts a transfer it does not
/// complete, ...).
struct CallSummary {
  struct Access {
    bool Read = false, Write = false;
  };
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> Reads, Writes;
  /// Through pointers it does not get from its parameters.
  bool ReadsIndirect = false, WritesIndirect = false;
  std::vector<Access> Params; ///< one per parameter
  Access This;
  CommRole Role = CommRole::None; ///< None or Blocking
  std::vector<MatchKey> Matches;
  bool Barrier = false;
  std::string Why; ///< "calls 'printf', whose effects are unknown"
};

/// What the dependence model knows of a translation unit's functions, each
/// fact computed once, on first use: the summaries of calls, from the
/// function's body and the summaries of what it calls, and each function's
/// allocations.
class CallSummaries {
public:
  explicit CallSummaries(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The summary of \p FD's definition; null while it is being computed (a
  /// recursive call).
  const CallSummary *of(const clang::FunctionDecl *FD);
  /// The local pointers of \p FD initialized by malloc, calloc,
  /// aligned_alloc or new and never changed: each points only into memory
  /// of its own, for which the pointer variable stands (p[i] = 0 writes p).
  const llvm::SmallPtrSetImpl<const clang::ValueDecl *> &
  allocations(const clang::FunctionDecl *FD);

private:
  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::optional<CallSummary>> Done;
  std::map<const clang::FunctionDecl *,
           llvm::SmallPtrSet<const clang::ValueDecl *, 4>>
      Allocated;
};

/// The effects of each statement of \p Block, in written order, in \p FD.
/// A completion also takes the buffer effects of the starts of its requests
/// in the block (a receive writes its buffer when it completes). A call to
/// a function defined in the translation unit has its summary's effects. A
/// statement that is a blocking point-to-point call whose arguments have no
/// side effects is two items, its start and its completion (SplitCall).
std::vector<Effects> blockEffects(const clang::CompoundStmt *Block,
                                  const clang::FunctionDecl *FD,
                                  clang::ASTContext &Ctx,
                                  CallSummaries &Summaries);

/// Why \p A (written first) must stay before \p B, or nothing if it need
/// not: a data dependence ("writes 'x'"), MPI's matching order, a barrier, or
/// blocking communication, which keeps its place among communication except
/// that a start may move up past it and a completion down past it (a
/// started transfer completes whatever the rank does next, MPI's progress
/// rule, so neither can make a wait-for cycle).
std::optional<std::string>
dependence(const Effects &A, const Effects &B,
           const llvm::SmallPtrSetImpl<const clang::ValueDecl *> &Escaped);
inline bool
mustPrecede(const Effects &A, const Effects &B,
            const llvm::SmallPtrSetImpl<const clang::ValueDecl *> &Escaped) {
  return dependence(A, B, Escaped).has_value();
}

/// A call of an accessor of a `std::vector` or `std::array`: the container
/// it is called on, and whether it reaches the elements (`v[i]`, `v.data()`,
/// `v.front()`, `v.back()`) or only reads the container (`v.size()`,
/// `v.empty()`). The elements are memory only the container reaches, so an
/// access to them is an access to the container's object: none of these
/// calls throws, allocates or keeps anything.
struct ContainerAccess {
  const clang::Expr *Container = nullptr;
  bool Elements = false;
};
std::optional<ContainerAccess>
containerAccessor(const clang::Expr *X, const clang::SourceManager &SM);

/// Whether evaluating \p E changes nothing: Clang's test, except that a
/// container's accessor (`v.data()`, `v.size()`) has no side effects either.
bool withoutSideEffects(const clang::Expr *E, const clang::ASTContext &Ctx);

/// Whether a call's text can be taken apart and its arguments evaluated
/// again elsewhere (a split call's start, a send started in parts): the call
/// is written in the file, each argument has no side effects and a text of
/// its own (not two arguments from one macro).
bool argumentsApart(const clang::CallExpr *Call, const clang::ASTContext &Ctx);

/// The variables of \p FD whose address escapes (taken, arrays, references,
/// globals named in it, its allocations' pointers): what an access through a
/// pointer may touch, with every variable outside a function (dependence()
/// adds those).
llvm::SmallPtrSet<const clang::ValueDecl *, 8>
escapedVariables(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_EFFECTS_H
