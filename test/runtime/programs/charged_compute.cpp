// What the simulation charges under SMPI with BAMBOO_SIMULATED_RUNTIME_COST=none or =model
// (runtime/src/rank_code_charges.h). Run as one process of two virtual ranks. Each rank
// computes 20 ms of its thread's CPU time in steps of 0.5 ms around an MPI_Wtime (which lets
// the simulator run other processes: not the rank's time), then the two ping-pong 200 messages
// of 1 MiB. Between ranks of one process a message is the runtime's work alone (matching, a
// copy of 1 MiB, switching ranks) and no network's.
//   charged_compute none                 the ranks' code, all of it, and nothing of the
//                                        runtime: the computation costs at least 90% of its
//                                        CPU time, a round trip at most MaxRoundTripMicros (not
//                                        charged; charged, it costs about 100 us);
//   charged_compute model MESSAGE BYTE   nothing timed: the computation costs under 10% of its
//                                        CPU time, and a round trip what two messages cost in
//                                        the model, within 2% and MaxRoundTripMicros.
// Rank 0 prints the simulated time of each phase and "charged: ok" or "charged: wrong".
#include <bamboo/bamboo.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {
double cpuSeconds() {
  timespec T{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) * 1e-9;
}

constexpr double MaxRoundTripMicros = 5;
constexpr int RoundTrips = 200;
constexpr int MessageBytes = 1 << 20;
} // namespace

int rankMain(int Argc, char **Argv) {
  bool Model = Argc == 4 && std::strcmp(Argv[1], "model") == 0;
  if (!Model && !(Argc == 2 && std::strcmp(Argv[1], "none") == 0)) {
    std::fprintf(stderr, "usage: charged_compute none | model MESSAGE BYTE\n");
    return 2;
  }
  int Rank, Size;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  bamboo::mpi::Barrier(MPI_COMM_WORLD);
  double Start = bamboo::mpi::Wtime();
  double Spent = 0;
  for (int Slice = 0; Slice < 40; ++Slice) {
    double From = cpuSeconds();
    while (cpuSeconds() - From < 0.0005) {
    }
    Spent += cpuSeconds() - From;
    bamboo::mpi::Wtime();
  }
  double Computed = bamboo::mpi::Wtime() - Start;

  int Peer = Rank ^ 1;
  std::vector<char> Message(MessageBytes);
  bamboo::mpi::Barrier(MPI_COMM_WORLD);
  Start = bamboo::mpi::Wtime();
  if (Peer < Size)
    for (int I = 0; I < RoundTrips; ++I) {
      if (Rank % 2 == 0) {
        bamboo::mpi::Send(Message.data(), MessageBytes, MPI_BYTE, Peer, 0, MPI_COMM_WORLD);
        bamboo::mpi::Recv(Message.data(), MessageBytes, MPI_BYTE, Peer, 0, MPI_COMM_WORLD,
                          MPI_STATUS_IGNORE);
      } else {
        bamboo::mpi::Recv(Message.data(), MessageBytes, MPI_BYTE, Peer, 0, MPI_COMM_WORLD,
                          MPI_STATUS_IGNORE);
        bamboo::mpi::Send(Message.data(), MessageBytes, MPI_BYTE, Peer, 0, MPI_COMM_WORLD);
      }
    }
  double RoundTrip = (bamboo::mpi::Wtime() - Start) / RoundTrips;
  if (Rank == 0) {
    bool Ok = false;
    if (Model) {
      double Expected = 2 * (std::atof(Argv[2]) + std::atof(Argv[3]) * MessageBytes);
      Ok = Computed < 0.1 * Spent && RoundTrip >= 0.98 * Expected &&
           RoundTrip <= 1.02 * Expected + MaxRoundTripMicros * 1e-6;
      std::printf("the model's round trip: %.2f us\n", Expected * 1e6);
    } else {
      Ok = Computed >= 0.9 * Spent && RoundTrip * 1e6 <= MaxRoundTripMicros;
    }
    std::printf("computed %.2f ms simulated for %.2f ms of CPU time; round trip %.2f us\n"
                "charged: %s\n",
                Computed * 1e3, Spent * 1e3, RoundTrip * 1e6, Ok ? "ok" : "wrong");
  }
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
