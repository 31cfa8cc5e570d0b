//===- MPIModel.h - What each MPI function does ----------------*- C++ -*-===//
//
// The typed view of MPIFunctions.def: for an MPI function name, its kind,
// whether it may wait, which argument plays which role, and how it is lowered
// or why it is rejected. Also recognises MPI calls in the AST.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_MPIMODEL_H
#define BAMBOO_FRONTEND_MPIMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class NamedDecl;
class SourceManager;
} // namespace clang

namespace bamboo {

/// What an MPI function does, as far as Bamboo is concerned.
enum class MPIKind : uint8_t {
  Send,         ///< point-to-point send: Send, Isend and their modes
  Recv,         ///< point-to-point receive: Recv, Irecv
  SendRecv,     ///< both at once: Sendrecv, Sendrecv_replace
  Wait,         ///< completes requests: Wait, Waitall, Waitany, Waitsome
  Test,         ///< polls requests: Test*, Request_get_status
  RequestFree,  ///< Request_free, Cancel
  Persistent,   ///< persistent requests: Send_init and its modes, Recv_init,
                ///< Start(all)
  Probe,        ///< Probe, Iprobe, Mprobe, Improbe
  Collective,   ///< Barrier, Bcast, Reduce, ..., and Ibarrier, Ibcast, ...
  Communicator, ///< Comm_*, Group_*, Cart_*, Topo_test
  Environment,  ///< Init, Finalize, Wtime, Abort, Buffer_attach, ...
  ProcessLocal, ///< passthrough: datatypes, ops, pack, statuses, ...
  Unsupported,  ///< rejected with a reason
};

/// Whether a call can block the calling rank (which then suspends, and another
/// rank of the process runs).
enum class MPIWait : uint8_t { NeverWaits, MayWait };

/// The 0-based index of each argument role, or -1 when the function has no
/// such argument. Sends use the Send* roles and Dest, receives the Recv*
/// roles and Source; Sendrecv and collectives use both sides (Bcast and
/// Sendrecv_replace name the same buffer twice). Request is the request
/// produced by a nonblocking call or consumed by a completion call (an array
/// for the *all/*any/*some variants, with RequestCount its length). The
/// roles keep MPI's parameter types, so a few differ from the rest:
/// MPI_Comm_free's Comm is an MPI_Comm *, MPI_Request_get_status's Request
/// an MPI_Request.
struct MPIArgs {
  int8_t SendBuf = -1;
  int8_t SendCount = -1;
  int8_t SendType = -1;
  int8_t Dest = -1;
  int8_t SendTag = -1;
  int8_t RecvBuf = -1;
  int8_t RecvCount = -1;
  int8_t RecvType = -1;
  int8_t Source = -1;
  int8_t RecvTag = -1;
  int8_t Root = -1;
  int8_t Op = -1;
  int8_t Comm = -1;
  int8_t RequestCount = -1;
  int8_t Request = -1;
  int8_t Flag = -1;
  int8_t Status = -1;
};

/// One row of MPIFunctions.def (or one of its rules).
struct MPIFunctionInfo {
  /// "MPI_Send"; for a rule, the pattern ("MPI_Win_*", "MPI_*_c").
  llvm::StringRef Name;
  MPIKind Kind;
  MPIWait Wait;
  /// The MPI function whose runtime counterpart (bamboo::mpi::<name without
  /// "MPI_">) handles the call: Name for every row (the runtime has an entry
  /// for each send mode), empty for rules.
  llvm::StringRef LowersTo;
  /// Why an Unsupported function is rejected ("one-sided communication").
  llvm::StringRef Reason;
  MPIArgs Args;

  bool mayWait() const { return Wait == MPIWait::MayWait; }
  bool isSupported() const { return Kind != MPIKind::Unsupported; }
  bool isPointToPoint() const {
    return Kind == MPIKind::Send || Kind == MPIKind::Recv ||
           Kind == MPIKind::SendRecv;
  }
  /// Point-to-point calls that deliver data into a receive buffer.
  bool receives() const {
    return Kind == MPIKind::Recv || Kind == MPIKind::SendRecv;
  }
  bool sends() const {
    return Kind == MPIKind::Send || Kind == MPIKind::SendRecv;
  }
  /// Nonblocking point-to-point calls and collectives, which start a
  /// request, and the calls that make or start persistent requests.
  bool startsRequest() const {
    return (isPointToPoint() || Kind == MPIKind::Persistent ||
            Kind == MPIKind::Collective) &&
           Args.Request >= 0;
  }
  /// Whether the call may appear in an olap region: the region defers
  /// point-to-point operations and waits to its end; anything else that may
  /// wait (collectives, probes, tests, communicator creation, Finalize) would
  /// have to complete inside the region and cannot be deferred.
  bool isDeferrable() const {
    return !mayWait() || isPointToPoint() || Kind == MPIKind::Wait;
  }
};

/// Human-readable kind, as used in diagnostics ("collective", "probe").
llvm::StringRef describeKind(MPIKind Kind);

/// The rows of MPIFunctions.def, in table order (rules excluded).
llvm::ArrayRef<MPIFunctionInfo> allMPIFunctions();

/// True for names in the MPI namespace: MPI_*, PMPI_*, MPIX_*, PMPIX_*.
bool isMPIName(llvm::StringRef Name);

/// The table's entry for an MPI function name (MPI_ or PMPI_ prefix): its
/// row, else the first matching rule. MPIX_ extensions get an Unsupported
/// entry. Null when the name is in the MPI namespace but unknown, or is not
/// an MPI name at all.
const MPIFunctionInfo *lookupMPIFunction(llvm::StringRef Name);

/// Whether \p D is a function of the MPI library: its name is an MPI name and
/// it is declared in a system header or in a header named mpi*.h. A user's
/// own function named MPI_Something stays a user function.
bool isMPILibraryFunction(const clang::NamedDecl &D,
                          const clang::SourceManager &SM);

/// An MPI call recognised in the AST.
struct MPICallee {
  llvm::StringRef Name;                  ///< as written: "MPI_Send"
  const MPIFunctionInfo *Info = nullptr; ///< null: unknown MPI function
};

/// If \p Call calls an MPI library function (directly, or through a
/// still-unresolved name in a template), describes it.
bool matchMPICall(const clang::CallExpr &Call, const clang::SourceManager &SM,
                  MPICallee &Out);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_MPIMODEL_H
