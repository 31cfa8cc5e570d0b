//===- Explain.h - bamboo --explain ----------------------------*- C++ -*-===//
//
// Prints, for each olap region, where it is, its sends and its firing rule
// (the receives it waits for, with the conditions and loops that guard them,
// in source form), then the functions that may wait (reach a waiting MPI call
// or an olap region): where a rank may suspend and let another one run.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_EXPLAIN_H
#define BAMBOO_FRONTEND_EXPLAIN_H

#include <string>

namespace llvm {
class raw_ostream;
}

namespace bamboo {

class TranslationUnitModel;
struct Guard;
struct MPICallSite;

void explain(const TranslationUnitModel &TU, llvm::raw_ostream &OS);

/// "if (rank > 0)", "if !(rank > 0)", "for (int i = 0; i < n; ++i)".
std::string describeGuard(const Guard &G, const TranslationUnitModel &TU);

/// "MPI_Irecv from (rank - 1) tag 0 on MPI_COMM_WORLD" (the receive side)
/// or "MPI_Isend to next tag 0 on comm" (the send side).
std::string describeCall(const MPICallSite &C, bool ReceiveSide,
                         const TranslationUnitModel &TU);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_EXPLAIN_H
