// wait_site.h - what a suspended task waits for, as the deadlock report prints it.
#pragma once

#include "bamboo/call_site.h"
#include <string>

namespace bamboo::detail {

struct WaitSite {
  const char *Operation = ""; // "MPI_Recv", "olap region", ...
  CallSite Where;             // the user's call
};

// "file:line" of a call site; the file name without its directories.
std::string describe(const CallSite &Where);

} // namespace bamboo::detail
