// mpi_gtest_main.cpp - GoogleTest under mpiexec (after LLNL/gtest-mpi-listener).
//
// MPI is initialized once for all tests; every process runs every test in the same order
// (the runtime's calls are collective). Process 0 prints GoogleTest's usual report; the others
// print only their failures, tagged with their process number. Every process exits non-zero
// if any process had a failure.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>

namespace {
class FailurePrinter : public ::testing::EmptyTestEventListener {
public:
  explicit FailurePrinter(int Process) : Process(Process) {}
  void OnTestPartResult(const ::testing::TestPartResult &R) override {
    if (R.failed())
      std::fprintf(stderr, "[process %d] %s:%d: failure\n%s\n", Process,
                   R.file_name() ? R.file_name() : "?", R.line_number(), R.message());
  }

private:
  int Process;
};
} // namespace

int main(int Argc, char **Argv) {
  ::testing::InitGoogleTest(&Argc, Argv);
  int Provided = 0;
  MPI_Init_thread(&Argc, &Argv, MPI_THREAD_MULTIPLE, &Provided);
  int Process = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &Process);
  if (Process != 0) {
    auto &Listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete Listeners.Release(Listeners.default_result_printer());
    Listeners.Append(new FailurePrinter(Process));
  }
  int Failed = RUN_ALL_TESTS();
  int AnyFailed = 0;
  MPI_Allreduce(&Failed, &AnyFailed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return AnyFailed;
}
