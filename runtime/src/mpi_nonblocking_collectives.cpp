// mpi_nonblocking_collectives.cpp - MPI_Ibarrier, MPI_Ibcast, ... for virtual ranks.
//
// Each runs the algorithm of its blocking collective (collective_algorithms.h) as a child of
// the calling rank (ChildTask), owned by a request of kind Collective that completes when the
// algorithm ends. The child runs at the call until it first waits (a leaf of a reduction sends
// its contribution at once), then whenever one of its internal receives completes, even while
// the rank's own task waits in another call: a rank blocked in MPI_Recv still forwards the
// messages of a barrier it started. It never runs at the same time as the rank's task: while
// the task computes, the child waits for the task to suspend, as MPI's progress waits for MPI
// calls without an asynchronous progress thread.
//
// Its messages carry the tags of its own operation (nonblockingTagBase), so that collectives in
// progress together on one communicator, blocking or not, never take each other's messages.
// Inside an olap region the request joins the region's firing rule, as an MPI_Irecv's does.
#include "bamboo/mpi.h"

#include "collective_algorithms.h"
#include "region_state.h"

#include <functional>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Algorithm = std::function<void(Call &)>;

int start(const char *Operation, Where W, MPI_Comm Comm, MPI_Request *Handle,
          std::function<Algorithm(const Communicator &)> Make) {
  Call C = enter(Operation, W);
  const Communicator &Cm = communicator(C, Comm);
  auto *R = new Request; // held by the handle, and by the child while it runs
  R->Kind = RequestKind::Collective;
  R->Owner = &C.Rank;
  R->Site = C.Site;
  R->Comm = &Cm;
  setEmptyStatus(&R->Status);
  {
    std::lock_guard L(C.Parts.Lock);
    C.TagBase = nonblockingTagBase(C.Rank, Cm);
    *Handle = C.Parts.Requests.add(R);
    C.holdInRegion(R);
  }
  // The child holds its own Call (with its tags).
  startChild(C, *R, [C, Run = Make(Cm)]() mutable { Run(C); });
  return MPI_SUCCESS;
}

} // namespace

int Ibarrier(MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Ibarrier", W, Comm, Request, [](const Communicator &Cm) -> Algorithm {
    return [&Cm](Call &C) { return barrierAlgorithm(C, Cm); };
  });
}

int Ibcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm, MPI_Request *Request,
           Where W) {
  return start("MPI_Ibcast", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) { return bcastAlgorithm(C, Cm, Buf, Count, Type, Root); };
  });
}

int Ireduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op, int Root,
            MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Ireduce", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return reduceAlgorithm(C, Cm, SendBuf, RecvBuf, Count, Type, Op, Root);
    };
  });
}

int Iallreduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
               MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Iallreduce", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return
        [=, &Cm](Call &C) { return allreduceAlgorithm(C, Cm, SendBuf, RecvBuf, Count, Type, Op); };
  });
}

int Igather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf, int RecvCount,
            MPI_Datatype RecvType, int Root, MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Igather", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return gatherAlgorithm(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCount, RecvType,
                             Root);
    };
  });
}

int Igatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
             const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, int Root,
             MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Igatherv", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return gathervAlgorithm(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCounts, Displs,
                              RecvType, Root);
    };
  });
}

int Iscatter(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
             int RecvCount, MPI_Datatype RecvType, int Root, MPI_Comm Comm, MPI_Request *Request,
             Where W) {
  return start("MPI_Iscatter", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return scatterAlgorithm(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCount, RecvType,
                              Root);
    };
  });
}

int Iscatterv(const void *SendBuf, const int SendCounts[], const int Displs[],
              MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Root,
              MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Iscatterv", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return scattervAlgorithm(C, Cm, SendBuf, SendCounts, Displs, SendType, RecvBuf, RecvCount,
                               RecvType, Root);
    };
  });
}

int Iallgather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
               int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Iallgather", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return allgatherAlgorithm(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCount, RecvType);
    };
  });
}

int Iallgatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, MPI_Comm Comm,
                MPI_Request *Request, Where W) {
  return start("MPI_Iallgatherv", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return allgathervAlgorithm(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCounts, Displs,
                                 RecvType);
    };
  });
}

int Ialltoall(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
              int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Ialltoall", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return alltoallAlgorithm(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCount, RecvType);
    };
  });
}

int Ialltoallv(const void *SendBuf, const int SendCounts[], const int SendDispls[],
               MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
               MPI_Datatype RecvType, MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Ialltoallv", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return alltoallvAlgorithm(C, Cm, SendBuf, SendCounts, SendDispls, SendType, RecvBuf,
                                RecvCounts, RecvDispls, RecvType);
    };
  });
}

int Ialltoallw(const void *SendBuf, const int SendCounts[], const int SendDispls[],
               const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
               const int RecvDispls[], const MPI_Datatype RecvTypes[], MPI_Comm Comm,
               MPI_Request *Request, Where W) {
  return start("MPI_Ialltoallw", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return alltoallwAlgorithm(C, Cm, SendBuf, SendCounts, SendDispls, SendTypes, RecvBuf,
                                RecvCounts, RecvDispls, RecvTypes);
    };
  });
}

int Iscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
          MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Iscan", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return scanAlgorithm(C, Cm, SendBuf, RecvBuf, Count, Type, Op, /*Inclusive=*/true);
    };
  });
}

int Iexscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
            MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Iexscan", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return scanAlgorithm(C, Cm, SendBuf, RecvBuf, Count, Type, Op, /*Inclusive=*/false);
    };
  });
}

int Ireduce_scatter(const void *SendBuf, void *RecvBuf, const int RecvCounts[], MPI_Datatype Type,
                    MPI_Op Op, MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Ireduce_scatter", W, Comm, Request, [=](const Communicator &Cm) -> Algorithm {
    return [=, &Cm](Call &C) {
      return reduceScatterAlgorithm(C, Cm, SendBuf, RecvBuf, RecvCounts, Type, Op);
    };
  });
}

int Ireduce_scatter_block(const void *SendBuf, void *RecvBuf, int RecvCount, MPI_Datatype Type,
                          MPI_Op Op, MPI_Comm Comm, MPI_Request *Request, Where W) {
  return start("MPI_Ireduce_scatter_block", W, Comm, Request,
               [=](const Communicator &Cm) -> Algorithm {
                 return [=, &Cm](Call &C) {
                   return reduceScatterBlockAlgorithm(C, Cm, SendBuf, RecvBuf, RecvCount, Type, Op);
                 };
               });
}

} // namespace bamboo::mpi
