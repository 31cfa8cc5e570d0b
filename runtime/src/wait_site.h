// wait_site.h - what a suspended task waits for, as the deadlock report prints it.
#pragma once

#include <source_location>
#include <string>

namespace bamboo::detail {

struct WaitSite {
  const char *Operation = ""; // "MPI_Recv", "olap region", ...
  std::source_location Where; // the user's call
};

// "file:line" of a call site; the file name without its directories.
std::string describe(const std::source_location &Where);

} // namespace bamboo::detail
