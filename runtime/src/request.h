// request.h - the runtime's requests and the groups of them a task waits for.
#pragma once

#include "slot_handle.h"
#include "wait_site.h"

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace bamboo::detail {

struct RankTask;
struct Communicator;

// A task waiting for some requests: woken when all of them (or any, for Waitany/Waitsome)
// have completed.
struct WaitGroup {
  int Pending = 0;
  int Completed = 0;
  bool WakeOnAny = false;
  RankTask *Waiter = nullptr;
  int WakePriority = 0;
  bool satisfied() const { return WakeOnAny ? Completed > 0 : Pending <= 0; }
};

enum class RequestKind { Send, Recv };

struct Request {
  RequestKind Kind = RequestKind::Recv;
  RankTask *Owner = nullptr;
  bool Complete = false;
  // Who holds the request: a handle the user has, an open region, a blocking call. A request
  // that is complete and held by nobody is deleted (see release()).
  int Holders = 1;
  MPI_Status Status{};      // the outcome (for receives: source, tag, error, count)
  int Error = MPI_SUCCESS;
  WaitGroup *Group = nullptr;
  WaitSite Site;

  // Receives: where the data goes and what matches.
  void *Buf = nullptr;
  int Count = 0;
  MPI_Datatype Type = MPI_DATATYPE_NULL;
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

// Maps the requests a task holds to MPI_Request values. Bamboo's handles share no value with
// MPI's own (slot_handle.h: 0x7b...... with MPICH, whose requests are 0x2c, 0xac or 0xec......)
// so mixing them up fails loudly.
class RequestTable {
public:
  MPI_Request add(Request *R);
  // Null for MPI_REQUEST_NULL; a fatal error for a value the runtime did not make.
  Request *lookup(MPI_Request Handle, const WaitSite &Site) const;
  void remove(MPI_Request Handle);
  std::size_t live() const { return Live; }

private:
  using Handles = SlotHandles<MPI_Request, 0x7b000000>;
  std::vector<Request *> Slots;
  std::vector<int> FreeSlots;
  std::size_t Live = 0;
};

} // namespace bamboo::detail
