// fatal_error.cpp - ending the job with a message.
#include "fatal_error.h"

#include "simulated_mpi.h"

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

namespace bamboo::detail {

void fatalError(const std::string &Message) {
  std::fflush(stdout);
  std::fprintf(stderr, "bamboo: %s\n", Message.c_str());
  std::fflush(stderr);
  int Initialized = 0, Finalized = 0;
  MPI_Initialized(&Initialized);
  MPI_Finalized(&Finalized);
  if (Initialized && !Finalized) {
    abortJob(1);
  }
  std::_Exit(1);
}

void fatalUncaughtException(int WorldRank) {
  std::string Rank = "rank " + std::to_string(WorldRank) + ": uncaught exception";
  try {
    throw;
  } catch (const std::exception &E) {
    fatalError(Rank + ": " + E.what());
  } catch (...) {
    fatalError(Rank);
  }
}

void abortJob(int Code) {
  std::fflush(stdout);
  std::fflush(stderr);
  if constexpr (MPIIsSimulated) // the whole job is this OS process (simulated_mpi.h)
    std::_Exit(Code ? Code : 1);
  // mpiexec's proxies forward output asynchronously and drop what is still in the pipe when
  // MPI_Abort kills the job; a moment's pause lets the last message out.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  MPI_Abort(MPI_COMM_WORLD, Code);
  std::_Exit(Code ? Code : 1);
}

} // namespace bamboo::detail
