// mpi_collectives.cpp - the blocking collectives: each runs its algorithm
// (collective_algorithms.h) on the rank's thread.
#include "bamboo/mpi.h"

#include "collective_algorithms.h"

namespace bamboo::mpi {

using namespace detail;

int Barrier(MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Barrier", W);
  barrierAlgorithm(C, communicator(C, Comm));
  return MPI_SUCCESS;
}

int Bcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Bcast", W);
  bcastAlgorithm(C, communicator(C, Comm), Buf, Count, Type, Root);
  return MPI_SUCCESS;
}

int Reduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op, int Root,
           MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Reduce", W);
  reduceAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op, Root);
  return MPI_SUCCESS;
}

int Allreduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
              MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Allreduce", W);
  allreduceAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op);
  return MPI_SUCCESS;
}

int Gather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf, int RecvCount,
           MPI_Datatype RecvType, int Root, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Gather", W);
  gatherAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf, RecvCount,
                  RecvType, Root);
  return MPI_SUCCESS;
}

int Gatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
            const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, int Root,
            MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Gatherv", W);
  gathervAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf, RecvCounts,
                   Displs, RecvType, Root);
  return MPI_SUCCESS;
}

int Scatter(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf, int RecvCount,
            MPI_Datatype RecvType, int Root, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Scatter", W);
  scatterAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf, RecvCount,
                   RecvType, Root);
  return MPI_SUCCESS;
}

int Scatterv(const void *SendBuf, const int SendCounts[], const int Displs[], MPI_Datatype SendType,
             void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Root, MPI_Comm Comm,
             Where W) {
  Call C = enterBlocking("MPI_Scatterv", W);
  scattervAlgorithm(C, communicator(C, Comm), SendBuf, SendCounts, Displs, SendType, RecvBuf,
                    RecvCount, RecvType, Root);
  return MPI_SUCCESS;
}

int Allgather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
              int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Allgather", W);
  allgatherAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf, RecvCount,
                     RecvType);
  return MPI_SUCCESS;
}

int Allgatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
               const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, MPI_Comm Comm,
               Where W) {
  Call C = enterBlocking("MPI_Allgatherv", W);
  allgathervAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf, RecvCounts,
                      Displs, RecvType);
  return MPI_SUCCESS;
}

int Alltoall(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
             int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Alltoall", W);
  alltoallAlgorithm(C, communicator(C, Comm), SendBuf, SendCount, SendType, RecvBuf, RecvCount,
                    RecvType);
  return MPI_SUCCESS;
}

int Alltoallv(const void *SendBuf, const int SendCounts[], const int SendDispls[],
              MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
              MPI_Datatype RecvType, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Alltoallv", W);
  alltoallvAlgorithm(C, communicator(C, Comm), SendBuf, SendCounts, SendDispls, SendType, RecvBuf,
                     RecvCounts, RecvDispls, RecvType);
  return MPI_SUCCESS;
}

int Alltoallw(const void *SendBuf, const int SendCounts[], const int SendDispls[],
              const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
              const int RecvDispls[], const MPI_Datatype RecvTypes[], MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Alltoallw", W);
  alltoallwAlgorithm(C, communicator(C, Comm), SendBuf, SendCounts, SendDispls, SendTypes, RecvBuf,
                     RecvCounts, RecvDispls, RecvTypes);
  return MPI_SUCCESS;
}

int Scan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op, MPI_Comm Comm,
         Where W) {
  Call C = enterBlocking("MPI_Scan", W);
  scanAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op,
                /*Inclusive=*/true);
  return MPI_SUCCESS;
}

int Exscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
           MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Exscan", W);
  scanAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, Count, Type, Op,
                /*Inclusive=*/false);
  return MPI_SUCCESS;
}

int Reduce_scatter_block(const void *SendBuf, void *RecvBuf, int RecvCount, MPI_Datatype Type,
                         MPI_Op Op, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Reduce_scatter_block", W);
  reduceScatterBlockAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, RecvCount, Type, Op);
  return MPI_SUCCESS;
}

int Reduce_scatter(const void *SendBuf, void *RecvBuf, const int RecvCounts[], MPI_Datatype Type,
                   MPI_Op Op, MPI_Comm Comm, Where W) {
  Call C = enterBlocking("MPI_Reduce_scatter", W);
  reduceScatterAlgorithm(C, communicator(C, Comm), SendBuf, RecvBuf, RecvCounts, Type, Op);
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
