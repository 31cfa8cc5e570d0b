// Matched probes for messages of unknown size, MPI_Isendrecv(_replace), MPI_Cancel of a
// receive nobody sends to, a buffer attached by every rank for MPI_Bsend, and MPI_Alltoallw.
#include <mpi.h>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;

  // Every rank attaches its own buffer and sends buffered messages of its own size.
  int bufferSize = 4096 + 64 * rank + MPI_BSEND_OVERHEAD;
  std::vector<char> buffer(bufferSize);
  MPI_Buffer_attach(buffer.data(), bufferSize);
  int length = 10 + 7 * rank;
  std::vector<int> out(length);
  for (int i = 0; i < length; ++i)
    out[i] = rank * 1000 + i;
  MPI_Bsend(out.data(), length, MPI_INT, right, 1, MPI_COMM_WORLD);

  // Matched probe: the size is known only from the status.
  MPI_Message message;
  MPI_Status status;
  MPI_Mprobe(left, 1, MPI_COMM_WORLD, &message, &status);
  int count = 0;
  MPI_Get_count(&status, MPI_INT, &count);
  std::vector<int> in(count);
  MPI_Mrecv(in.data(), count, MPI_INT, &message, MPI_STATUS_IGNORE);
  long sum = 0;
  for (int v : in)
    sum += v;
  void *detached;
  int detachedSize;
  MPI_Buffer_detach(&detached, &detachedSize);
  std::printf("rank %d got %d ints summing to %ld; detached %d bytes, own buffer %d\n", rank,
              count, sum, detachedSize - MPI_BSEND_OVERHEAD, detached == buffer.data());

  // Improbe until it arrives, then Imrecv.
  long big[3] = {rank, 2L * rank, 3L * rank};
  MPI_Request send;
  MPI_Isend(big, 3, MPI_LONG, left, 2, MPI_COMM_WORLD, &send);
  int flag = 0;
  while (!flag)
    MPI_Improbe(right, 2, MPI_COMM_WORLD, &flag, &message, &status);
  long got[3];
  MPI_Request recv;
  MPI_Imrecv(got, 3, MPI_LONG, &message, &recv);
  MPI_Wait(&recv, MPI_STATUS_IGNORE);
  MPI_Wait(&send, MPI_STATUS_IGNORE);
  std::printf("rank %d improbe %ld %ld\n", rank, got[0], got[2]);

#if MPI_VERSION >= 4 // MPI 4.0's (MPICH 4); Open MPI 4 is MPI 3.1
  // Isendrecv both ways; Isendrecv_replace in place.
  std::vector<double> a(3000, rank + 0.25), b(3000), c(3000, rank + 0.5);
  MPI_Request pair[2];
  MPI_Isendrecv(a.data(), 3000, MPI_DOUBLE, right, 3, b.data(), 3000, MPI_DOUBLE, left, 3,
                MPI_COMM_WORLD, &pair[0]);
  MPI_Isendrecv_replace(c.data(), 3000, MPI_DOUBLE, left, 4, right, 4, MPI_COMM_WORLD,
                        &pair[1]);
  // (Not their statuses' sources: MPICH 4.0.2 reports the destination there.)
  MPI_Status statuses[2];
  MPI_Waitall(2, pair, statuses);
  std::printf("rank %d isendrecv %.2f, replace %.2f\n", rank, b[2999], c[0]);
#endif

  // A receive nobody sends to, cancelled.
  int never = -1, cancelled = 0;
  MPI_Irecv(&never, 1, MPI_INT, MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &recv);
  MPI_Cancel(&recv);
  MPI_Wait(&recv, &status);
  MPI_Test_cancelled(&status, &cancelled);
  std::printf("rank %d cancelled %d value %d\n", rank, cancelled, never);

  // Alltoallw: to even ranks an int, to odd ranks a double, at byte offsets.
  std::vector<char> sendBytes(16 * size), recvBytes(16 * size);
  std::vector<int> ones(size, 1), byteDispls(size);
  std::vector<MPI_Datatype> sendTypes(size), recvTypes(size, rank % 2 ? MPI_DOUBLE : MPI_INT);
  for (int i = 0; i < size; ++i) {
    byteDispls[i] = 16 * i;
    sendTypes[i] = i % 2 ? MPI_DOUBLE : MPI_INT;
    if (i % 2)
      *reinterpret_cast<double *>(&sendBytes[16 * i]) = rank + 0.125;
    else
      *reinterpret_cast<int *>(&sendBytes[16 * i]) = 500 + rank;
  }
  MPI_Alltoallw(sendBytes.data(), ones.data(), byteDispls.data(), sendTypes.data(),
                recvBytes.data(), ones.data(), byteDispls.data(), recvTypes.data(),
                MPI_COMM_WORLD);
  double w = 0;
  for (int i = 0; i < size; ++i)
    w += rank % 2 ? *reinterpret_cast<double *>(&recvBytes[16 * i])
                  : *reinterpret_cast<int *>(&recvBytes[16 * i]);
  std::printf("rank %d alltoallw %.3f\n", rank, w);
  MPI_Finalize();
  return 0;
}
