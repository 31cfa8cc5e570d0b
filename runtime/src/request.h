// request.h - the runtime's requests and the groups of them a task waits for.
#pragma once

#include "completion.h"
#include "datatype_hold.h"
#include "slot_handle.h"
#include "wait_site.h"

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace bamboo::detail {

struct RankTask;
struct ChildTask;
struct Communicator;

// Collective and SendRecv requests are completed by a child thread of their rank
// (ChildTask): a nonblocking collective (empty status), MPI_Isendrecv (the receive's status).
enum class RequestKind { Send, Recv, Collective, SendRecv };

enum class SendMode {
  Standard,    // eager up to the eager limit, rendezvous above
  Buffered,    // the data is copied at the call: the send completes at once
  Synchronous, // completes when a receive has matched
};

struct Request {
  RequestKind Kind = RequestKind::Recv;
  RankTask *Owner = nullptr;
  bool Complete = false;
  // Who holds the request: a handle the user has, an open region, a blocking call. A request
  // that is complete and held by nobody is deleted (see release()).
  int Holders = 1;
  MPI_Status Status{}; // the outcome (for receives: source, tag, error, count)
  int Error = MPI_SUCCESS;
  WaitGroup *Group = nullptr;
  WaitSite Site;

  // Receives: where the data goes and what matches.
  void *Buf = nullptr;
  int Count = 0;
  MPI_Datatype Type = MPI_DATATYPE_NULL; // TypeHold's: the user may free theirs
  DatatypeHold TypeHold;
  int Source = 0;
  int Tag = 0;
  int Context = 0;
  const Communicator *Comm = nullptr;

  // Sends waiting for a receive (rendezvous): the data still in the user's buffer.
  const void *SendBuf = nullptr;
  int DestWorld = -1;
  // A send inside an olap region, or the runtime's own, keeps a copy here.
  std::vector<std::byte> Copy;
};

// Drops one hold on a heap-allocated request; deletes it once complete and unheld.
void release(Request *R);

// A persistent request (MPI_Send_init, MPI_Recv_init, ...): the operation that each MPI_Start
// starts again, as a new Request, with the arguments given at the init.
struct PersistentRequest {
  RequestKind Kind = RequestKind::Recv;
  SendMode Mode = SendMode::Standard;
  void *Buf = nullptr; // a send's buffer is only read
  int Count = 0;
  MPI_Datatype Type = MPI_DATATYPE_NULL; // the user's, until the handle holds it
  int Peer = 0;                          // destination or source
  int Tag = 0;
  MPI_Comm Comm = MPI_COMM_NULL;
  // The user may free the datatype while the persistent request lives.
  std::shared_ptr<DatatypeHold> TypeHold;
};

// Maps the requests a task holds to MPI_Request values. Bamboo's handles share no value with
// MPI's own (slot_handle.h: 0x7b...... with MPICH, whose requests are 0x2c, 0xac or 0xec......)
// so mixing them up fails loudly.
class RequestTable {
public:
  // A handle for a started nonblocking operation; it holds R.
  MPI_Request add(Request *R);
  // A handle for an inactive persistent request.
  MPI_Request addPersistent(const PersistentRequest &P);
  // The active request of a handle: null for MPI_REQUEST_NULL and for an inactive persistent
  // request (MPI treats both alike), a fatal error for a value the runtime did not make.
  Request *lookup(MPI_Request Handle, const WaitSite &Site) const;
  // The operation of a persistent request; a fatal error for any other handle.
  const PersistentRequest &persistent(MPI_Request Handle, const WaitSite &Site) const;
  // MPI_Start: R becomes the active request of a persistent handle, which holds it.
  void start(MPI_Request Handle, Request *R);
  // The user learned that the active request completed (a wait or test): a nonblocking
  // handle is freed and set to MPI_REQUEST_NULL, a persistent one becomes inactive.
  void retire(MPI_Request *Handle);
  // MPI_Request_free: the handle is freed, whatever it is.
  void remove(MPI_Request Handle);

private:
  struct Slot {
    bool Used = false;
    Request *Active = nullptr;
    std::unique_ptr<PersistentRequest> Persistent;
  };
  using Handles = SlotHandles<MPI_Request, 0x7b000000>;
  MPI_Request take(Slot Content);
  Slot &slotOf(MPI_Request Handle, const WaitSite &Site);
  const Slot &slotOf(MPI_Request Handle, const WaitSite &Site) const;

  std::vector<Slot> Slots;
  std::vector<std::size_t> FreeSlots;
};

} // namespace bamboo::detail
