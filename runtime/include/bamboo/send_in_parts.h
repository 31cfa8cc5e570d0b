// bamboo/send_in_parts.h - a send started before its buffer is written: Bamboo's own, not
// MPI's. The translator emits it to strip-mine a loop that fills a buffer it then sends
// (docs/reorder.md); a program may use it by hand.
//
//   MPI_Request Q;
//   bamboo::isendInParts(Out, N, MPI_DOUBLE, Right, 0, MPI_COMM_WORLD, &Q);
//   for (int I = 0; I < N;) {
//     long long End;
//     bamboo::sendPartEnd(Q, I, sizeof Out[0], &End);
//     for (; I < N && I < End; ++I)
//       Out[I] = f(I);
//     bamboo::sendReady(Q, I, sizeof Out[0]);
//   }
//   bamboo::sendReadyAll(Q);
//   ...
//   bamboo::mpi::Wait(&Q, MPI_STATUS_IGNORE);
//
// The rank writes the buffer front to back after the start. A message to another process above
// the eager limit, from a contiguous buffer, is announced at the start and leaves in parts as
// they become final, so the network carries it while the rank writes the rest; any other
// starts whole at sendReadyAll, which must come before any wait or test of the request. It is
// matched as an MPI_Isend made at the start would be, so no other send of the rank to the same
// destination should start between the two.
#pragma once

#include "bamboo/call_site.h"

#include <mpi.h>

#include <cstddef>

namespace bamboo {

// MPI_Isend's parameters and result.
int isendInParts(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                 MPI_Request *Request, CallSite Where = CallSite::current());
// Where the part that holds element Element ends (the first element after it): a loop that
// writes the buffer calls sendReady there. LLONG_MAX for a send that leaves whole.
int sendPartEnd(MPI_Request Request, long long Element, std::size_t ElementBytes, long long *End,
                CallSite Where = CallSite::current());
// The first Elements elements of ElementBytes bytes of the buffer are final.
int sendReady(MPI_Request Request, long long Elements, std::size_t ElementBytes,
              CallSite Where = CallSite::current());
// All of the buffer is final.
int sendReadyAll(MPI_Request Request, CallSite Where = CallSite::current());

} // namespace bamboo
