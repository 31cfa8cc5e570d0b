// collective_algorithms.h - the algorithm of each collective, shared by the blocking calls
// (mpi_collectives.cpp), which await it in the rank's task, and the nonblocking ones
// (mpi_nonblocking_collectives.cpp), which run it as a child of the rank (ChildTask).
//
// Each takes MPI's arguments by value and keeps what it computes in its own frame, so that it
// can outlive the call that started it; it checks its arguments before its first wait.
#pragma once

#include "collective_support.h"

namespace bamboo::detail {

Task<> barrierAlgorithm(Call &C, const Communicator &Cm);
Task<> bcastAlgorithm(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type,
                      int Root);
Task<> reduceAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                       int Count, MPI_Datatype Type, MPI_Op Op, int Root);
Task<> allreduceAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                          int Count, MPI_Datatype Type, MPI_Op Op);
Task<> gatherAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                       MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                       int Root);
Task<> gathervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                        MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                        const int Displs[], MPI_Datatype RecvType, int Root);
Task<> scatterAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                        MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                        int Root);
Task<> scattervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                         const int SendCounts[], const int Displs[], MPI_Datatype SendType,
                         void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Root);
Task<> allgatherAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                          MPI_Datatype SendType, void *RecvBuf, int RecvCount,
                          MPI_Datatype RecvType);
Task<> allgathervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                           MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                           const int Displs[], MPI_Datatype RecvType);
Task<> alltoallAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                         MPI_Datatype SendType, void *RecvBuf, int RecvCount,
                         MPI_Datatype RecvType);
Task<> alltoallvAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                          const int SendCounts[], const int SendDispls[], MPI_Datatype SendType,
                          void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
                          MPI_Datatype RecvType);
// Displacements in bytes, one datatype per peer (MPI_Alltoallw).
Task<> alltoallwAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                          const int SendCounts[], const int SendDispls[],
                          const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
                          const int RecvDispls[], const MPI_Datatype RecvTypes[]);
Task<> scanAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf, int Count,
                     MPI_Datatype Type, MPI_Op Op, bool Inclusive);
Task<> reduceScatterBlockAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                                   void *RecvBuf, int RecvCount, MPI_Datatype Type, MPI_Op Op);
Task<> reduceScatterAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                              const int RecvCounts[], MPI_Datatype Type, MPI_Op Op);

} // namespace bamboo::detail
