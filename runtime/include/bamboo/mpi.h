// bamboo/mpi.h - MPI for virtual ranks.
//
// bamboo::mpi::X has the meaning, the parameters and the result of MPI_X, for the virtual rank
// of the calling task. An operation that waits (a receive, a wait, a collective) suspends the
// rank's thread, never the core: another rank of the process runs meanwhile. It may be called
// from any function the rank runs, at any depth:
//
//   bamboo::mpi::Recv(Buf, N, MPI_DOUBLE, Left, 0, MPI_COMM_WORLD, &Status);
// Handles are MPI's own types: datatypes and ops are real MPI objects (create and commit them
// with MPI's own calls); communicators are MPI_COMM_WORLD (all virtual ranks), MPI_COMM_SELF
// and those made by the calls below; groups and requests are values the runtime makes, valid
// only with bamboo::mpi calls.
//
// Every call takes a trailing CallSite, defaulted to the call site: the deadlock
// report names it.
//
// Thread safety: call these only from task code (inside bamboo::run), each virtual rank from
// its own task, as MPI_THREAD_FUNNELED allows for a process.
#pragma once

#include "bamboo/call_site.h"
#include <mpi.h>

namespace bamboo::mpi {

using Where = CallSite;

// Environment. MPI itself is initialized by bamboo::run; these track each virtual rank's view.
int Init(int *Argc, char ***Argv, Where W = Where::current());
int Init_thread(int *Argc, char ***Argv, int Required, int *Provided, Where W = Where::current());
int Initialized(int *Flag);
int Finalized(int *Flag);
int Finalize(Where W = Where::current());
int Query_thread(int *Provided);
int Is_thread_main(int *Flag);
[[noreturn]] int Abort(MPI_Comm Comm, int ErrorCode, Where W = Where::current());
double Wtime();
double Wtick();

// Communicators: MPI_COMM_WORLD, MPI_COMM_SELF and those made from them. The calls that make
// one are collective (over the communicator; MPI_Comm_create_group over the group only) and
// wait; a new communicator inherits its parent's error handler.
int Comm_rank(MPI_Comm Comm, int *Rank);
int Comm_size(MPI_Comm Comm, int *Size);
int Comm_compare(MPI_Comm Comm1, MPI_Comm Comm2, int *Result, Where W = Where::current());
int Comm_group(MPI_Comm Comm, MPI_Group *Group, Where W = Where::current());
int Comm_dup(MPI_Comm Comm, MPI_Comm *NewComm, Where W = Where::current());
int Comm_split(MPI_Comm Comm, int Color, int Key, MPI_Comm *NewComm, Where W = Where::current());
// MPI_COMM_TYPE_SHARED: the virtual ranks of one process, which share its memory.
int Comm_split_type(MPI_Comm Comm, int SplitType, int Key, MPI_Info Info, MPI_Comm *NewComm,
                    Where W = Where::current());
int Comm_create(MPI_Comm Comm, MPI_Group Group, MPI_Comm *NewComm, Where W = Where::current());
int Comm_create_group(MPI_Comm Comm, MPI_Group Group, int Tag, MPI_Comm *NewComm,
                      Where W = Where::current());
int Comm_free(MPI_Comm *Comm, Where W = Where::current());
// MPI_ERRORS_ARE_FATAL (the default) and MPI_ERRORS_RETURN, per rank and communicator.
int Comm_set_errhandler(MPI_Comm Comm, MPI_Errhandler Handler);
int Comm_get_errhandler(MPI_Comm Comm, MPI_Errhandler *Handler);

// Groups: lists of ranks, local to the calling rank. MPI_GROUP_EMPTY is the empty group (every
// empty result is MPI_GROUP_EMPTY).
int Group_size(MPI_Group Group, int *Size, Where W = Where::current());
int Group_rank(MPI_Group Group, int *Rank, Where W = Where::current());
int Group_translate_ranks(MPI_Group Group1, int N, const int Ranks1[], MPI_Group Group2,
                          int Ranks2[], Where W = Where::current());
int Group_compare(MPI_Group Group1, MPI_Group Group2, int *Result, Where W = Where::current());
int Group_union(MPI_Group Group1, MPI_Group Group2, MPI_Group *NewGroup,
                Where W = Where::current());
int Group_intersection(MPI_Group Group1, MPI_Group Group2, MPI_Group *NewGroup,
                       Where W = Where::current());
int Group_difference(MPI_Group Group1, MPI_Group Group2, MPI_Group *NewGroup,
                     Where W = Where::current());
int Group_incl(MPI_Group Group, int N, const int Ranks[], MPI_Group *NewGroup,
               Where W = Where::current());
int Group_excl(MPI_Group Group, int N, const int Ranks[], MPI_Group *NewGroup,
               Where W = Where::current());
int Group_range_incl(MPI_Group Group, int N, int Ranges[][3], MPI_Group *NewGroup,
                     Where W = Where::current());
int Group_range_excl(MPI_Group Group, int N, int Ranges[][3], MPI_Group *NewGroup,
                     Where W = Where::current());
int Group_free(MPI_Group *Group, Where W = Where::current());

// Cartesian topologies. Ranks keep their order in the grid (`reorder` is ignored, as MPI
// allows); ranks beyond the grid get MPI_COMM_NULL from Cart_create.
int Cart_create(MPI_Comm Comm, int NDims, const int Dims[], const int Periods[], int Reorder,
                MPI_Comm *NewComm, Where W = Where::current());
int Cart_sub(MPI_Comm Comm, const int RemainDims[], MPI_Comm *NewComm, Where W = Where::current());
int Cart_map(MPI_Comm Comm, int NDims, const int Dims[], const int Periods[], int *NewRank,
             Where W = Where::current());
int Cartdim_get(MPI_Comm Comm, int *NDims, Where W = Where::current());
int Cart_get(MPI_Comm Comm, int MaxDims, int Dims[], int Periods[], int Coords[],
             Where W = Where::current());
int Cart_coords(MPI_Comm Comm, int Rank, int MaxDims, int Coords[], Where W = Where::current());
int Cart_rank(MPI_Comm Comm, const int Coords[], int *Rank, Where W = Where::current());
int Cart_shift(MPI_Comm Comm, int Direction, int Disp, int *Source, int *Dest,
               Where W = Where::current());
// MPI_CART for a Cartesian communicator, MPI_UNDEFINED for any other.
int Topo_test(MPI_Comm Comm, int *Status, Where W = Where::current());

// Point-to-point. Sends of up to BAMBOO_EAGER_LIMIT bytes (and every send inside an olap
// region) take the data at the call and never wait; larger sends wait for the receive, as
// MPI_Send may.
int Send(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
         Where W = Where::current());
int Ssend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          Where W = Where::current());
int Bsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          Where W = Where::current());
int Rsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          Where W = Where::current());
int Recv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
         MPI_Status *Status, Where W = Where::current());
int Sendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest, int SendTag,
             void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source, int RecvTag,
             MPI_Comm Comm, MPI_Status *Status, Where W = Where::current());
int Sendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag, int Source,
                     int RecvTag, MPI_Comm Comm, MPI_Status *Status, Where W = Where::current());

int Isend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          MPI_Request *Request, Where W = Where::current());
int Issend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           MPI_Request *Request, Where W = Where::current());
int Ibsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           MPI_Request *Request, Where W = Where::current());
int Irsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           MPI_Request *Request, Where W = Where::current());
int Irecv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
          MPI_Request *Request, Where W = Where::current());

// Nonblocking send-receive (MPI 4.0): the request completes when both halves have, with the
// receive's status.
int Isendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest, int SendTag,
              void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source, int RecvTag,
              MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Isendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag, int Source,
                      int RecvTag, MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());

// The buffer of buffered sends, one per virtual rank. A buffered send needs its packed size
// plus MPI_BSEND_OVERHEAD bytes of it, else it fails with MPI_ERR_BUFFER; the runtime copies
// the message at the call, so the space is free again when the call returns.
int Buffer_attach(void *Buffer, int Size, Where W = Where::current());
int Buffer_detach(void *BufferAddress, int *Size, Where W = Where::current());
int Buffer_attach_c(void *Buffer, MPI_Count Size, Where W = Where::current());
int Buffer_detach_c(void *BufferAddress, MPI_Count *Size, Where W = Where::current());

int Probe(int Source, int Tag, MPI_Comm Comm, MPI_Status *Status, Where W = Where::current());
// When nothing matches, Iprobe lets the other ready tasks run before it returns.
int Iprobe(int Source, int Tag, MPI_Comm Comm, int *Flag, MPI_Status *Status,
           Where W = Where::current());

// Matched probes: the message found is taken out of matching, for MPI_Mrecv/MPI_Imrecv only.
// MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC.
int Mprobe(int Source, int Tag, MPI_Comm Comm, MPI_Message *Message, MPI_Status *Status,
           Where W = Where::current());
int Improbe(int Source, int Tag, MPI_Comm Comm, int *Flag, MPI_Message *Message, MPI_Status *Status,
            Where W = Where::current());
int Mrecv(void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message, MPI_Status *Status,
          Where W = Where::current());
int Imrecv(void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message, MPI_Request *Request,
           Where W = Where::current());

int Wait(MPI_Request *Request, MPI_Status *Status, Where W = Where::current());
int Waitall(int Count, MPI_Request Requests[], MPI_Status Statuses[], Where W = Where::current());
int Waitany(int Count, MPI_Request Requests[], int *Index, MPI_Status *Status,
            Where W = Where::current());
int Waitsome(int InCount, MPI_Request Requests[], int *OutCount, int Indices[],
             MPI_Status Statuses[], Where W = Where::current());
// A test that fails lets the other ready tasks run before it returns.
int Test(MPI_Request *Request, int *Flag, MPI_Status *Status, Where W = Where::current());
int Testall(int Count, MPI_Request Requests[], int *Flag, MPI_Status Statuses[],
            Where W = Where::current());
int Testany(int Count, MPI_Request Requests[], int *Index, int *Flag, MPI_Status *Status,
            Where W = Where::current());
int Testsome(int InCount, MPI_Request Requests[], int *OutCount, int Indices[],
             MPI_Status Statuses[], Where W = Where::current());
// Like Test, but leaves a completed request active (MPI_Request_get_status).
int Request_get_status(MPI_Request Request, int *Flag, MPI_Status *Status,
                       Where W = Where::current());
int Request_free(MPI_Request *Request);
// Cancels a receive that no message has matched yet: it completes, and MPI_Test_cancelled says
// so. Sends (and a receive already matched) are not cancelled, as MPI allows; nonblocking
// collectives cannot be (MPI calls it erroneous).
int Cancel(MPI_Request *Request, Where W = Where::current());

// Persistent requests: an init records the operation, each MPI_Start begins it again as
// MPI_Isend or MPI_Irecv would (inside an olap region a started receive joins the firing rule);
// a completed one stays, inactive, until MPI_Request_free.
int Send_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
              MPI_Request *Request, Where W = Where::current());
int Ssend_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               MPI_Request *Request, Where W = Where::current());
int Bsend_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               MPI_Request *Request, Where W = Where::current());
int Rsend_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               MPI_Request *Request, Where W = Where::current());
int Recv_init(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
              MPI_Request *Request, Where W = Where::current());
int Start(MPI_Request *Request, Where W = Where::current());
int Startall(int Count, MPI_Request Requests[], Where W = Where::current());

// Collectives. Any datatype; predefined and user (MPI_Op_create) operations; MPI_IN_PLACE
// where MPI allows it.
int Barrier(MPI_Comm Comm, Where W = Where::current());
int Bcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm,
          Where W = Where::current());
int Reduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op, int Root,
           MPI_Comm Comm, Where W = Where::current());
int Allreduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
              MPI_Comm Comm, Where W = Where::current());
int Gather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf, int RecvCount,
           MPI_Datatype RecvType, int Root, MPI_Comm Comm, Where W = Where::current());
int Gatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
            const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, int Root,
            MPI_Comm Comm, Where W = Where::current());
int Scatter(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf, int RecvCount,
            MPI_Datatype RecvType, int Root, MPI_Comm Comm, Where W = Where::current());
int Scatterv(const void *SendBuf, const int SendCounts[], const int Displs[], MPI_Datatype SendType,
             void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Root, MPI_Comm Comm,
             Where W = Where::current());
int Allgather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
              int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, Where W = Where::current());
int Allgatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
               const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, MPI_Comm Comm,
               Where W = Where::current());
int Alltoall(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
             int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, Where W = Where::current());
int Alltoallv(const void *SendBuf, const int SendCounts[], const int SendDispls[],
              MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
              MPI_Datatype RecvType, MPI_Comm Comm, Where W = Where::current());
// Displacements in bytes, one datatype per peer.
int Alltoallw(const void *SendBuf, const int SendCounts[], const int SendDispls[],
              const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
              const int RecvDispls[], const MPI_Datatype RecvTypes[], MPI_Comm Comm,
              Where W = Where::current());
int Scan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op, MPI_Comm Comm,
         Where W = Where::current());
int Exscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
           MPI_Comm Comm, Where W = Where::current());
int Reduce_scatter(const void *SendBuf, void *RecvBuf, const int RecvCounts[], MPI_Datatype Type,
                   MPI_Op Op, MPI_Comm Comm, Where W = Where::current());
int Reduce_scatter_block(const void *SendBuf, void *RecvBuf, int RecvCount, MPI_Datatype Type,
                         MPI_Op Op, MPI_Comm Comm, Where W = Where::current());

// Nonblocking collectives: they start the collective and return a request that every wait and
// test completes. The operation progresses whenever the rank is not computing, also while the
// rank waits in another call; MPI's rules hold (every rank starts the collectives of a
// communicator in the same order; arrays and buffers stay untouched until completion). Inside
// an olap region the request joins the region's firing rule.
int Ibarrier(MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Ibcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm, MPI_Request *Request,
           Where W = Where::current());
int Ireduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op, int Root,
            MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Iallreduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
               MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Igather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf, int RecvCount,
            MPI_Datatype RecvType, int Root, MPI_Comm Comm, MPI_Request *Request,
            Where W = Where::current());
int Igatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
             const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, int Root,
             MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Iscatter(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
             int RecvCount, MPI_Datatype RecvType, int Root, MPI_Comm Comm, MPI_Request *Request,
             Where W = Where::current());
int Iscatterv(const void *SendBuf, const int SendCounts[], const int Displs[],
              MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Root,
              MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Iallgather(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
               int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, MPI_Request *Request,
               Where W = Where::current());
int Iallgatherv(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
                const int RecvCounts[], const int Displs[], MPI_Datatype RecvType, MPI_Comm Comm,
                MPI_Request *Request, Where W = Where::current());
int Ialltoall(const void *SendBuf, int SendCount, MPI_Datatype SendType, void *RecvBuf,
              int RecvCount, MPI_Datatype RecvType, MPI_Comm Comm, MPI_Request *Request,
              Where W = Where::current());
int Ialltoallv(const void *SendBuf, const int SendCounts[], const int SendDispls[],
               MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
               MPI_Datatype RecvType, MPI_Comm Comm, MPI_Request *Request,
               Where W = Where::current());
int Ialltoallw(const void *SendBuf, const int SendCounts[], const int SendDispls[],
               const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
               const int RecvDispls[], const MPI_Datatype RecvTypes[], MPI_Comm Comm,
               MPI_Request *Request, Where W = Where::current());
int Iscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
          MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Iexscan(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
            MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Ireduce_scatter(const void *SendBuf, void *RecvBuf, const int RecvCounts[], MPI_Datatype Type,
                    MPI_Op Op, MPI_Comm Comm, MPI_Request *Request, Where W = Where::current());
int Ireduce_scatter_block(const void *SendBuf, void *RecvBuf, int RecvCount, MPI_Datatype Type,
                          MPI_Op Op, MPI_Comm Comm, MPI_Request *Request,
                          Where W = Where::current());

} // namespace bamboo::mpi
