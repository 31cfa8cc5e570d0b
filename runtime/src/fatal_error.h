// fatal_error.h - ending the job with a message.
#pragma once

#include <string>

namespace bamboo::detail {

// Prints "bamboo: <Message>" and ends the whole job (MPI_Abort once MPI is initialized).
[[noreturn]] void fatalError(const std::string &Message);

// Ends the whole job with Code, after letting the last messages reach mpiexec.
[[noreturn]] void abortJob(int Code);

} // namespace bamboo::detail
