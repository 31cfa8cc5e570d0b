// bamboo/region.h - an olap region: post everything, then wait once.
//
//   {
//     bamboo::Region Olap(/*Priority=*/0);
//     Olap.Send(...);        // takes the data at the call, never waits
//     Olap.Recv(...);        // registers the receive in the firing rule
//     computeInterior();     // runs before any receive has completed
//     Olap.complete();       // suspends once, until every receive is in
//   }
//
// The calls written in the region's body go through the region object: its blocking
// point-to-point calls and waits (Send, Recv, Sendrecv, Mrecv, Wait*) are deferred to the
// region's end, receives join the firing rule and sends take their data at the call. While the
// region is open, every operation the rank *starts* (Isend, Irecv, Start, Imrecv, nonblocking
// collectives), from the body or from any function it calls, joins the firing rule too, and
// sends take their data at the call. complete() suspends the rank until the firing rule
// holds, fills the statuses, finishes the deferred waits in program order, and the rank runs
// again with the region's priority.
//
// A blocking call made through bamboo::mpi while the region is open (by a function the body
// calls) completes in the call, in program order, as it would outside any region: deferring it
// would write its status and buffer after the callee's frame is gone. Collectives and probes
// always complete in the call.
//
// A region opened while another is open (by a called function) is its own: it is the
// innermost until it completes, and the outer one is open again after it.
#pragma once

#include "bamboo/call_site.h"
#include <mpi.h>

namespace bamboo {

namespace detail {
struct RegionState;
}

class Region {
public:
  using Where = CallSite;

  explicit Region(int Priority = 0, Where W = Where::current());
  ~Region();
  Region(const Region &) = delete;
  Region &operator=(const Region &) = delete;

  // The blocking calls of the region's body, with MPI's parameters: deferred to its end.
  int Send(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           Where W = Where::current());
  int Ssend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
            Where W = Where::current());
  int Bsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
            Where W = Where::current());
  int Rsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
            Where W = Where::current());
  int Recv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
           MPI_Status *Status, Where W = Where::current());
  int Sendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest, int SendTag,
               void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source, int RecvTag,
               MPI_Comm Comm, MPI_Status *Status, Where W = Where::current());
  int Sendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag, int Source,
                       int RecvTag, MPI_Comm Comm, MPI_Status *Status, Where W = Where::current());
  int Mrecv(void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message, MPI_Status *Status,
            Where W = Where::current());
  int Wait(MPI_Request *Request, MPI_Status *Status, Where W = Where::current());
  int Waitall(int Count, MPI_Request Requests[], MPI_Status Statuses[], Where W = Where::current());
  int Waitany(int Count, MPI_Request Requests[], int *Index, MPI_Status *Status,
              Where W = Where::current());
  int Waitsome(int InCount, MPI_Request Requests[], int *OutCount, int Indices[],
               MPI_Status Statuses[], Where W = Where::current());

  // Waits for the firing rule; returns MPI_SUCCESS or the first error of a deferred operation.
  int complete();

private:
  detail::RegionState *State; // owned by the rank while open
  // Checks that this is the innermost open region and makes the rank's next blocking call a
  // call of this region.
  void through(const char *Operation, Where W);
};

} // namespace bamboo
