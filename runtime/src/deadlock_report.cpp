// deadlock_report.cpp - what every waiting virtual rank waits for, printed by process 0.
#include "runtime_core.h"

#include "gather_text.h"

#include <cstdio>
#include <sstream>

namespace bamboo::detail {

void Runtime::reportDeadlock() {
  std::ostringstream Out;
  for (auto &T : Tasks) {
    if (T->State == TaskState::Done)
      continue;
    if (T->Thread->done())
      Out << "  rank " << T->WorldRank << " has ended, with nonblocking operations in progress\n";
    else
      Out << "  rank " << T->WorldRank << " waits in " << T->Waiting.Operation << " at "
          << describe(T->Waiting.Where) << "\n";
    for (const std::string &Line : Eng.pendingOperations(T->WorldRank, Comms))
      Out << "    " << Line << "\n";
  }
  std::string All = gatherText(Net.controlComm(), Out.str());
  if (Process == 0) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "bamboo: deadlock: no virtual rank can run and no message is in flight\n%s",
                 All.c_str());
    std::fflush(stderr);
  }
  MPI_Barrier(Net.controlComm());
}

} // namespace bamboo::detail
