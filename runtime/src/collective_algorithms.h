// collective_algorithms.h - the algorithm of each collective, shared by the blocking calls
// (mpi_collectives.cpp), which run it on the rank's thread, and the nonblocking ones
// (mpi_nonblocking_collectives.cpp), which run it as a child of the rank (ChildTask).
//
// Each takes MPI's arguments by value and keeps what it computes in its own frame, so that it
// can outlive the call that started it; it checks its arguments before its first wait.
#pragma once

#include "collective_support.h"

namespace bamboo::detail {

void barrierAlgorithm(Call &C, const Communicator &Cm);
void bcastAlgorithm(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type,
                    int Root);
void reduceAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf, int Count,
                     MPI_Datatype Type, MPI_Op Op, int Root);
void allreduceAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                        int Count, MPI_Datatype Type, MPI_Op Op);
void gatherAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                     MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                     int Root);
void gathervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                      MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                      const int Displs[], MPI_Datatype RecvType, int Root);
void scatterAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                      MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                      int Root);
void scattervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, const int SendCounts[],
                       const int Displs[], MPI_Datatype SendType, void *RecvBuf, int RecvCount,
                       MPI_Datatype RecvType, int Root);
void allgatherAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                        MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType);
void allgathervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                         MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                         const int Displs[], MPI_Datatype RecvType);
void alltoallAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                       MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType);
void alltoallvAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                        const int SendCounts[], const int SendDispls[], MPI_Datatype SendType,
                        void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
                        MPI_Datatype RecvType);
// Displacements in bytes, one datatype per peer (MPI_Alltoallw).
void alltoallwAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                        const int SendCounts[], const int SendDispls[],
                        const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
                        const int RecvDispls[], const MPI_Datatype RecvTypes[]);
void scanAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf, int Count,
                   MPI_Datatype Type, MPI_Op Op, bool Inclusive);
void reduceScatterBlockAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                                 void *RecvBuf, int RecvCount, MPI_Datatype Type, MPI_Op Op);
void reduceScatterAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                            const int RecvCounts[], MPI_Datatype Type, MPI_Op Op);

} // namespace bamboo::detail
