// mpi_collectives.cpp - the blocking collectives: each awaits its algorithm
// (collective_algorithms.h) in the rank's task.
#include "bamboo/mpi.h"

#include "collective_algorithms.h"

namespace bamboo::mpi {

using namespace detail;

Task<int> Barrier(MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Barrier", W);
  co_await barrierAlgorithm(C, communicator(C, Comm));
  co_return MPI_SUCCESS;
}

Task<int> Bcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Bcast", W);
  co_await bcastAlgorithm(C, communicator(C, Comm), Buf, Count, Type, Root);
  co_return MPI_SUCCESS;
}

Task<int> Reduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
                 int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Reduce", W);
  co_await reduceAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op, Root);
  co_return MPI_SUCCESS;
}

Task<int> Allreduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
                    MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Allreduce", W);
  co_await allreduceAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op);
  co_return MPI_SUCCESS;
}

Task<int> Gather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                 int RecvCount, MPI_Datatype RecvType, int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Gather", W);
  co_await gatherAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf,
                           RecvCount, RecvType, Root);
  co_return MPI_SUCCESS;
}

Task<int> Gatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                  const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, int Root,
                  MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Gatherv", W);
  co_await gathervAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf,
                            RecvCounts, Displs, RecvType, Root);
  co_return MPI_SUCCESS;
}

Task<int> Scatter(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                  int RecvCount, MPI_Datatype RecvType, int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Scatter", W);
  co_await scatterAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf,
                            RecvCount, RecvType, Root);
  co_return MPI_SUCCESS;
}

Task<int> Scatterv(const void *SendBuf, const int SendCounts[], const int Displs[],
                   MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                   int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Scatterv", W);
  co_await scattervAlgorithm(C, communicator(C, Comm), SendBuf, SendCounts, Displs, SendType,
                             RecvBuf, RecvCount, RecvType, Root);
  co_return MPI_SUCCESS;
}

Task<int> Allgather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                    int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Allgather", W);
  co_await allgatherAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf,
                              RecvCount, RecvType);
  co_return MPI_SUCCESS;
}

Task<int> Allgatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                     const int RecvCounts[], const int Displs[], MPI_Datatype RecvType,
                     MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Allgatherv", W);
  co_await allgathervAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf,
                               RecvCounts, Displs, RecvType);
  co_return MPI_SUCCESS;
}

Task<int> Alltoall(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                   int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Alltoall", W);
  co_await alltoallAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf,
                             RecvCount, RecvType);
  co_return MPI_SUCCESS;
}

Task<int> Alltoallv(const void *SendBuf, const int SendCounts[], const int SendDispls[],
                    MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                    const int RecvDispls[], MPI_Datatype RecvType, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Alltoallv", W);
  co_await alltoallvAlgorithm(C, communicator(C, Comm), SendBuf, SendCounts, SendDispls, SendType,
                              RecvBuf, RecvCounts, RecvDispls, RecvType);
  co_return MPI_SUCCESS;
}

Task<int> Alltoallw(const void *SendBuf, const int SendCounts[], const int SendDispls[],
                    const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
                    const int RecvDispls[], const MPI_Datatype RecvTypes[], MPI_Comm Comm,
                    Where W) {
  Call C = enter("MPI_Alltoallw", W);
  co_await alltoallwAlgorithm(C, communicator(C, Comm), SendBuf, SendCounts, SendDispls, SendTypes,
                              RecvBuf, RecvCounts, RecvDispls, RecvTypes);
  co_return MPI_SUCCESS;
}

Task<int> Scan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
               MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Scan", W);
  co_await scanAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op,
                         /*Inclusive=*/true);
  co_return MPI_SUCCESS;
}

Task<int> Exscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
                 MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Exscan", W);
  co_await scanAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op,
                         /*Inclusive=*/false);
  co_return MPI_SUCCESS;
}

Task<int> Reduce_scatter_block(const void *SendBuf, void *RecvBuf, int RecvCount, MPI_Datatype Type,
                               MPI_Op Op, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Reduce_scatter_block", W);
  co_await reduceScatterBlockAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, RecvCount, Type,
                                       Op);
  co_return MPI_SUCCESS;
}

Task<int> Reduce_scatter(const void *SendBuf, void *RecvBuf, const int RecvCounts[],
                         MPI_Datatype Type, MPI_Op Op, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Reduce_scatter", W);
  co_await reduceScatterAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, RecvCounts, Type, Op);
  co_return MPI_SUCCESS;
}

} // namespace bamboo::mpi
