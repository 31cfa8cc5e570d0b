// options_test.cpp - the BAMBOO_* settings: defaults, values, and clear errors.
#include <bamboo/options.h>
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <algorithm>

using bamboo::ConfigError;
using bamboo::Options;

namespace {
Options parse(std::initializer_list<const char *> Entries) {
  std::vector<const char *> Env(Entries);
  Env.push_back(nullptr);
  return Options::fromEnvironment(Env.data());
}

std::string errorOf(std::initializer_list<const char *> Entries) {
  try {
    parse(Entries);
  } catch (const ConfigError &E) {
    return E.what();
  }
  return "";
}
} // namespace

TEST(Options, DefaultsWithoutSettings) {
  Options O = parse({"PATH=/bin", "HOME=/root"});
  EXPECT_EQ(O.VirtualRanksPerProcess, 1);
  EXPECT_EQ(O.Workers, 1);
  EXPECT_FALSE(O.Stats);
  EXPECT_TRUE(O.TracePath.empty());
  EXPECT_EQ(O.EagerLimit, 32u * 1024);
  EXPECT_EQ(O.ProgressIntervalMicros, 100);
  EXPECT_TRUE(O.DetectCollectives);
  EXPECT_FALSE(O.ReorderCartesian);
  EXPECT_EQ(O.SimulatedCost.Kind, Options::SimulatedRuntimeCost::Mode::Measured);
  EXPECT_EQ(O.StackSize, Options::defaultStackSize());
  EXPECT_TRUE(O.UnknownSettings.empty());
}

// A rank's stack is by default as large as the main thread's.
TEST(Options, DefaultStackIsTheMainThreadsLimit) {
  rlimit Limit{};
  ASSERT_EQ(getrlimit(RLIMIT_STACK, &Limit), 0);
  if (Limit.rlim_cur == RLIM_INFINITY)
    EXPECT_EQ(Options::defaultStackSize(), 8u << 20);
  else
    EXPECT_EQ(Options::defaultStackSize(), std::max<std::size_t>(Limit.rlim_cur, 64 * 1024));
}

TEST(Options, ReadsEverySetting) {
  Options O = parse({"BAMBOO_VF=8", "BAMBOO_WORKERS=2", "BAMBOO_STATS=1",
                     "BAMBOO_TRACE=/tmp/t.json", "BAMBOO_EAGER_LIMIT=4k"});
  EXPECT_EQ(O.VirtualRanksPerProcess, 8);
  EXPECT_EQ(O.Workers, 2);
  EXPECT_TRUE(O.Stats);
  EXPECT_EQ(O.TracePath, "/tmp/t.json");
  EXPECT_EQ(O.EagerLimit, 4096u);
  EXPECT_EQ(parse({"BAMBOO_EAGER_LIMIT=2m"}).EagerLimit, 2u * 1024 * 1024);
  EXPECT_EQ(parse({"BAMBOO_EAGER_LIMIT=100"}).EagerLimit, 100u);
  EXPECT_FALSE(parse({"BAMBOO_STATS=0"}).Stats);
  EXPECT_FALSE(parse({"BAMBOO_COLLECTIVES=off"}).DetectCollectives);
  EXPECT_TRUE(parse({"BAMBOO_COLLECTIVES=1"}).DetectCollectives);
  EXPECT_TRUE(parse({"BAMBOO_CART_REORDER=1"}).ReorderCartesian);
  EXPECT_FALSE(parse({"BAMBOO_CART_REORDER=off"}).ReorderCartesian);
  EXPECT_EQ(parse({"BAMBOO_PROGRESS_INTERVAL=0"}).ProgressIntervalMicros, 0);
  EXPECT_EQ(parse({"BAMBOO_PROGRESS_INTERVAL=250"}).ProgressIntervalMicros, 250);
  EXPECT_EQ(parse({"BAMBOO_STACK_SIZE=256k"}).StackSize, 256u * 1024);
  EXPECT_EQ(parse({"BAMBOO_STACK_SIZE=1g"}).StackSize, 1u << 30);
  using CostMode = Options::SimulatedRuntimeCost::Mode;
  EXPECT_EQ(parse({"BAMBOO_SIMULATED_RUNTIME_COST=none"}).SimulatedCost.Kind, CostMode::None);
  EXPECT_EQ(parse({"BAMBOO_SIMULATED_RUNTIME_COST=measured"}).SimulatedCost.Kind,
            CostMode::Measured);
  Options::SimulatedRuntimeCost Model =
      parse({"BAMBOO_SIMULATED_RUNTIME_COST=model:5e-7,0.25e-9"}).SimulatedCost;
  EXPECT_EQ(Model.Kind, CostMode::Model);
  EXPECT_DOUBLE_EQ(Model.PerMessage, 5e-7);
  EXPECT_DOUBLE_EQ(Model.PerByte, 0.25e-9);
  EXPECT_EQ(parse({"BAMBOO_SIMULATED_RUNTIME_COST=model:0,0"}).SimulatedCost.PerMessage, 0);
}

TEST(Options, BadValuesNameTheVariable) {
  EXPECT_EQ(errorOf({"BAMBOO_VF=0"}), "BAMBOO_VF='0': expected a positive number of virtual ranks");
  EXPECT_EQ(errorOf({"BAMBOO_VF=two"}),
            "BAMBOO_VF='two': expected a positive number of virtual ranks");
  EXPECT_EQ(errorOf({"BAMBOO_VF=4x"}),
            "BAMBOO_VF='4x': expected a positive number of virtual ranks");
  EXPECT_EQ(errorOf({"BAMBOO_VF="}), "BAMBOO_VF='': expected a positive number of virtual ranks");
  EXPECT_EQ(errorOf({"BAMBOO_WORKERS=-1"}),
            "BAMBOO_WORKERS='-1': expected a number of threads from 1 to 256");
  EXPECT_EQ(errorOf({"BAMBOO_STATS=maybe"}), "BAMBOO_STATS='maybe': expected 0 or 1");
  EXPECT_EQ(errorOf({"BAMBOO_CART_REORDER=yes please"}),
            "BAMBOO_CART_REORDER='yes please': expected 0 or 1");
  EXPECT_EQ(errorOf({"BAMBOO_PROGRESS_INTERVAL=-5"}),
            "BAMBOO_PROGRESS_INTERVAL='-5': expected microseconds from 0 (off) to 1000000");
  EXPECT_EQ(errorOf({"BAMBOO_EAGER_LIMIT=big"}),
            "BAMBOO_EAGER_LIMIT='big': expected a size in bytes, optionally with suffix k, m or g");
  EXPECT_EQ(errorOf({"BAMBOO_EAGER_LIMIT=12q"}),
            "BAMBOO_EAGER_LIMIT='12q': expected a size in bytes, optionally with suffix k, m or g");
  EXPECT_EQ(errorOf({"BAMBOO_STACK_SIZE=4k"}),
            "BAMBOO_STACK_SIZE='4k': expected at least 64k (a rank's stack)");
  const std::string CostWant = "': expected measured, none or model:MESSAGE,BYTE (seconds a "
                               "message and a byte, e.g. model:5e-7,1e-10)";
  for (const char *Bad : {"free", "model:", "model:1e-6", "model:1e-6,", "model:-1e-6,0",
                          "model:1e-6,2x", "model:1e-6,1e-9,3"}) {
    std::string Entry = "BAMBOO_SIMULATED_RUNTIME_COST=" + std::string(Bad);
    EXPECT_EQ(errorOf({Entry.c_str()}),
              "BAMBOO_SIMULATED_RUNTIME_COST='" + std::string(Bad) + CostWant);
  }
}

TEST(Options, UnknownNamesAreCollectedNotFatal) {
  Options O = parse({"BAMBOO_WORKER=2", "BAMBOO_VF=2"});
  EXPECT_EQ(O.VirtualRanksPerProcess, 2);
  ASSERT_EQ(O.UnknownSettings.size(), 1u);
  EXPECT_EQ(O.UnknownSettings[0], "BAMBOO_WORKER");
}

TEST(Options, TheTranslatorsSettingsAreNotUnknown) {
  // bamboo-cxx's cache settings live in the same environment as the program.
  Options O = parse({"BAMBOO_CACHE=0", "BAMBOO_CACHE_DIR=/tmp/c", "BAMBOO_CACHE_SIZE_MB=9",
                     "BAMBOO_CACHE_REPORT=1", "BAMBOO_CACHEDIR=/tmp/c"});
  ASSERT_EQ(O.UnknownSettings.size(), 1u);
  EXPECT_EQ(O.UnknownSettings[0], "BAMBOO_CACHEDIR");
}
