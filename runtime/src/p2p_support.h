// p2p_support.h - what the point-to-point calls share: starting sends and receives, finding
// and finishing requests, and olap regions' receives and deferred waits. Everything here runs
// under the engine lock unless it says otherwise.
#pragma once

#include "api_support.h"

#include <functional>
#include <mutex>
#include <vector>

namespace bamboo::detail {

using Lock = std::lock_guard<std::mutex>;

// Fills S and starts it; its arguments were checked (checkArguments). InParts: its buffer is
// final only as the rank says (Engine::startSendInParts).
const Communicator &beginSend(Call &C, Request &S, const void *Buf, int Count, MPI_Datatype Type,
                              int Dest, int Tag, MPI_Comm Comm, SendMode Mode,
                              bool InParts = false);
// Fills R and starts it; its arguments were checked (checkArguments).
const Communicator &beginRecv(Call &C, Request &R, void *Buf, int Count, MPI_Datatype Type,
                              int Source, int Tag, MPI_Comm Comm);
// checkArguments of a send or a receive on Comm.
int checkSend(Call &C, MPI_Comm Comm, int Dest, int Tag, int Count, MPI_Datatype Type);
int checkRecv(Call &C, MPI_Comm Comm, int Source, int Tag, int Count, MPI_Datatype Type);
// Detaches G from every request still pointing at it (Waitany/Waitsome).
void detach(WaitGroup &G, int Count, MPI_Request Handles[], Call &C);
// Where the status of request I goes (MPI_STATUSES_IGNORE: nowhere).
MPI_Status *statusAt(MPI_Status Statuses[], int I);
// Completes a request the user holds: status, handle reset to MPI_REQUEST_NULL (or inactive,
// if persistent), release. Returns its error code after the communicator's error handler.
int finish(Call &C, MPI_Request *Handle, Request &R, MPI_Status *Status);
// A buffered send needs room in the rank's attached buffer (mpi_send_buffer.cpp); MPI_SUCCESS,
// or the error under MPI_ERRORS_RETURN.
int checkBuffered(Call &C, SendMode Mode, int Count, MPI_Datatype Type, int Dest, MPI_Comm Comm);
// Registers a receive of the open region (MPI_Recv inside olap).
int regionRecv(Call &C, void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
               MPI_Status *Status);
// Lookups that skip MPI_REQUEST_NULL.
std::vector<Request *> lookupAll(Call &C, int Count, MPI_Request Handles[]);
// Attaches a wake-on-any group to the active requests among Handles; false if there are
// none.
bool awaitAny(Call &C, WaitGroup &G, int Count, MPI_Request Handles[]);
// Inside a region a wait is deferred to the region's end (Finish runs it then); the region
// holds its requests. False outside a region. Takes the engine lock itself.
bool deferToRegion(Call &C, int Count, MPI_Request Handles[], std::function<int()> Finish);

} // namespace bamboo::detail
