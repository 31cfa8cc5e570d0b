// wait_site.cpp - naming a call site in messages.
#include "wait_site.h"

#include <string_view>

namespace bamboo::detail {

std::string describe(const CallSite &Where) {
  std::string_view File = Where.File ? Where.File : "";
  if (auto Slash = File.rfind('/'); Slash != std::string_view::npos)
    File.remove_prefix(Slash + 1);
  return std::string(File) + ":" + std::to_string(Where.Line);
}

} // namespace bamboo::detail
