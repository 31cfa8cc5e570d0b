// fatal_error.h - ending the job with a message.
#pragma once

#include <string>

namespace bamboo::detail {

// Prints "bamboo: <Message>" and ends the whole job (MPI_Abort once MPI is initialized).
[[noreturn]] void fatalError(const std::string &Message);

// Called inside a catch handler: ends the job, naming the rank and the exception in flight
// ("rank 3: uncaught exception: <what()>").
[[noreturn]] void fatalUncaughtException(int WorldRank);

// Ends the whole job with Code, after letting the last messages reach mpiexec.
[[noreturn]] void abortJob(int Code);

} // namespace bamboo::detail
