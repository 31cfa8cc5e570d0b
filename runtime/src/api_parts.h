// api_parts.h - what the MPI API layer works with (mpi_*.cpp, region.cpp, the collectives):
// the engine lock, the matching engine, the tables, and the transport's outbox.
//
// The runtime (runtime_core.h) makes one ApiParts and hands it to each of its tasks
// (RankTask::Parts); every call reaches the runtime through it alone (Call::Parts): the API
// never sees the workers, the scheduler's queues, the detector, the observers or the options.
#pragma once

#include "communicator.h"
#include "engine.h"
#include "group.h"
#include "matched_message.h"
#include "rank_code_charges.h"
#include "request.h"

#include <mutex>

namespace bamboo::detail {

struct RankTask;
struct ChildTask;

// The transport as the API sees it: an olap region sends the frames its calls built when it
// ends, so that the task may go on computing without suspending.
class Outbox {
public:
  virtual ~Outbox() = default;
  // Sends the frames built so far; true if any went out. Under the engine lock.
  virtual bool flush() = 0;
  // The rank goes on computing after its olap region: wakes the progress thread if what the
  // rank sent or awaits needs MPI calls to move meanwhile (a frame not yet sent, a payload on
  // its way). Calls inside a region do not wake it: the region ends soon, and its rank either
  // suspends there, and its worker polls, or goes on and calls this. Under the engine lock.
  virtual void rankGoesOn() = 0;
};

struct ApiParts {
  std::mutex &Lock; // the engine lock: guards everything below
  Engine &Eng;
  RequestTable &Requests;
  CommunicatorTable &Comms;
  GroupTable &Groups;
  MessageTable &Messages;
  Outbox &Net;
  const Placement Place;    // where each rank lives: MPI_COMM_TYPE_SHARED, Cart_create
  const bool ReorderGrids;  // Cart_create's `reorder` places ranks (BAMBOO_CART_REORDER)
  RankCodeCharges &Charges; // what a call pauses of the rank's code (under SMPI)
};

// Runs child Ch of rank T (which is current) until it waits or ends; an ended child completes
// its request and is destroyed. Only from the worker that runs T: the worker loop, and
// startChild when the child starts.
void resumeChild(ApiParts &Parts, RankTask &T, ChildTask &Ch);

} // namespace bamboo::detail
