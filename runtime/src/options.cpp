// options.cpp - parsing of the BAMBOO_* environment variables.
#include "bamboo/options.h"

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string_view>

extern char **environ;

namespace bamboo {
namespace {

// Below this a rank could not even enter MPI's own calls.
constexpr std::size_t MinimumStackSize = 64 * 1024;

[[noreturn]] void bad(std::string_view Name, std::string_view Value, std::string_view Want) {
  throw ConfigError(std::string(Name) + "='" + std::string(Value) + "': expected " +
                    std::string(Want));
}

long long parseInteger(std::string_view Name, std::string_view Value, long long Min, long long Max,
                       std::string_view Want) {
  long long N = 0;
  auto [End, Err] = std::from_chars(Value.data(), Value.data() + Value.size(), N);
  if (Err != std::errc() || End != Value.data() + Value.size() || N < Min || N > Max)
    bad(Name, Value, Want);
  return N;
}

std::size_t parseByteSize(std::string_view Name, std::string_view Value) {
  constexpr std::string_view Want = "a size in bytes, optionally with suffix k, m or g";
  if (Value.empty())
    bad(Name, Value, Want);
  long long Scale = 1;
  char Last = Value.back();
  if (Last == 'k' || Last == 'K')
    Scale = 1024;
  else if (Last == 'm' || Last == 'M')
    Scale = 1024 * 1024;
  else if (Last == 'g' || Last == 'G')
    Scale = 1024 * 1024 * 1024;
  std::string_view Digits = Value.substr(0, Value.size() - (Scale != 1));
  long long N = 0;
  auto [End, Err] = std::from_chars(Digits.data(), Digits.data() + Digits.size(), N);
  if (Err != std::errc() || End != Digits.data() + Digits.size() || N < 0 ||
      N > (1LL << 40) / Scale)
    bad(Name, Value, Want);
  return static_cast<std::size_t>(N) * Scale;
}

bool parseFlag(std::string_view Name, std::string_view Value) {
  if (Value == "1" || Value == "on" || Value == "yes" || Value == "true")
    return true;
  if (Value == "0" || Value == "off" || Value == "no" || Value == "false" || Value.empty())
    return false;
  bad(Name, Value, "0 or 1");
}

// A non-negative number of seconds, in the notation of C (1e-6, 0.5e-9).
bool parseSeconds(std::string_view Text, double &Seconds) {
  auto [End, Err] = std::from_chars(Text.data(), Text.data() + Text.size(), Seconds);
  return Err == std::errc() && End == Text.data() + Text.size() && Seconds >= 0;
}

Options::SimulatedRuntimeCost parseSimulatedCost(std::string_view Name, std::string_view Value) {
  using Mode = Options::SimulatedRuntimeCost::Mode;
  constexpr std::string_view Want =
      "measured, none or model:MESSAGE,BYTE (seconds a message and a byte, e.g. model:5e-7,1e-10)";
  if (Value == "measured")
    return {Mode::Measured};
  if (Value == "none")
    return {Mode::None};
  constexpr std::string_view Prefix = "model:";
  if (!Value.starts_with(Prefix))
    bad(Name, Value, Want);
  std::string_view Costs = Value.substr(Prefix.size());
  auto Comma = Costs.find(',');
  Options::SimulatedRuntimeCost Cost{Mode::Model};
  if (Comma == std::string_view::npos || !parseSeconds(Costs.substr(0, Comma), Cost.PerMessage) ||
      !parseSeconds(Costs.substr(Comma + 1), Cost.PerByte))
    bad(Name, Value, Want);
  return Cost;
}

} // namespace

Options Options::fromEnvironment() { return fromEnvironment(environ); }

std::size_t Options::defaultStackSize() {
  rlimit Limit{};
  if (getrlimit(RLIMIT_STACK, &Limit) != 0 || Limit.rlim_cur == RLIM_INFINITY)
    return std::size_t(8) << 20;
  return std::max<std::size_t>(Limit.rlim_cur, MinimumStackSize);
}

Options Options::fromEnvironment(const char *const *Environ) {
  Options O;
  for (; Environ && *Environ; ++Environ) {
    std::string_view Entry(*Environ);
    if (!Entry.starts_with("BAMBOO_"))
      continue;
    auto Eq = Entry.find('=');
    std::string_view Name = Entry.substr(0, Eq);
    std::string_view Value = Eq == std::string_view::npos ? "" : Entry.substr(Eq + 1);
    if (Name == "BAMBOO_VF")
      O.VirtualRanksPerProcess =
          parseInteger(Name, Value, 1, 1 << 16, "a positive number of virtual ranks");
    else if (Name == "BAMBOO_WORKERS")
      O.Workers = parseInteger(Name, Value, 1, 256, "a number of threads from 1 to 256");
    else if (Name == "BAMBOO_STATS")
      O.Stats = parseFlag(Name, Value);
    else if (Name == "BAMBOO_TRACE")
      O.TracePath = Value;
    else if (Name == "BAMBOO_COLLECTIVES")
      O.DetectCollectives = parseFlag(Name, Value);
    else if (Name == "BAMBOO_CART_REORDER")
      O.ReorderCartesian = parseFlag(Name, Value);
    else if (Name == "BAMBOO_EAGER_LIMIT")
      O.EagerLimit = parseByteSize(Name, Value);
    else if (Name == "BAMBOO_PROGRESS_INTERVAL")
      O.ProgressIntervalMicros =
          parseInteger(Name, Value, 0, 1000000, "microseconds from 0 (off) to 1000000");
    else if (Name == "BAMBOO_SIMULATED_RUNTIME_COST")
      O.SimulatedCost = parseSimulatedCost(Name, Value);
    else if (Name == "BAMBOO_STACK_SIZE") {
      O.StackSize = parseByteSize(Name, Value);
      if (O.StackSize < MinimumStackSize)
        bad(Name, Value, "at least 64k (a rank's stack)");
    } else if (Name != "BAMBOO_CACHE" && Name != "BAMBOO_CACHE_DIR" &&
               Name != "BAMBOO_CACHE_SIZE_MB" && Name != "BAMBOO_CACHE_REPORT")
      // The translator's settings (its cache) are set where programs run too.
      O.UnknownSettings.emplace_back(Name);
  }
  return O;
}

} // namespace bamboo
