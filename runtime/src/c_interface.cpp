// c_interface.cpp - the runtime's C interface (bamboo/c.h): each function calls its C++
// counterpart with the caller's place as the CallSite.
#define BAMBOO_C_INTERFACE_IMPLEMENTATION // the functions, not the call macros
#include "bamboo/c.h"

#include "bamboo/mpi.h"
#include "bamboo/region.h"
#include "bamboo/runtime.h"

namespace {
bamboo::CallSite site(const char *File, int Line) {
  return {File ? File : "", static_cast<unsigned>(Line)};
}
} // namespace

// A region opened from C: the C++ region object, on the heap.
struct bamboo_region : bamboo::Region {
  using Region::Region;
};

extern "C" {

#define BAMBOO_MPI(Name, Parameters, Arguments)                                                    \
  int bamboo_MPI_##Name(const char *File, int Line, BAMBOO_PARAMETERS Parameters) {                \
    return bamboo::mpi::Name(BAMBOO_PARAMETERS Arguments, site(File, Line));                       \
  }
#define BAMBOO_MPI_LOCAL(Name, Parameters, Arguments)                                              \
  int bamboo_MPI_##Name(BAMBOO_PARAMETERS Parameters) {                                            \
    return bamboo::mpi::Name(BAMBOO_PARAMETERS Arguments);                                         \
  }
#include "bamboo/mpi_functions.def"
#undef BAMBOO_MPI
#undef BAMBOO_MPI_LOCAL

int bamboo_MPI_Finalize(const char *File, int Line) {
  return bamboo::mpi::Finalize(site(File, Line));
}
int bamboo_MPI_Abort(const char *File, int Line, MPI_Comm Comm, int ErrorCode) {
  bamboo::mpi::Abort(Comm, ErrorCode, site(File, Line));
}
double bamboo_MPI_Wtime(void) { return bamboo::mpi::Wtime(); }
double bamboo_MPI_Wtick(void) { return bamboo::mpi::Wtick(); }

bamboo_region *bamboo_region_open(const char *File, int Line, int Priority) {
  return new bamboo_region(Priority, site(File, Line));
}
int bamboo_region_complete(bamboo_region *Region) {
  int Result = Region->complete();
  delete Region;
  return Result;
}

#define BAMBOO_REGION_CALL(Name, Parameters, Arguments)                                            \
  int bamboo_region_MPI_##Name(bamboo_region *Region, const char *File, int Line,                  \
                               BAMBOO_PARAMETERS Parameters) {                                     \
    return Region->Name(BAMBOO_PARAMETERS Arguments, site(File, Line));                            \
  }
BAMBOO_REGION_CALL(Send,
                   (const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                    MPI_Comm Comm),
                   (Buf, Count, Type, Dest, Tag, Comm))
BAMBOO_REGION_CALL(Ssend,
                   (const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                    MPI_Comm Comm),
                   (Buf, Count, Type, Dest, Tag, Comm))
BAMBOO_REGION_CALL(Bsend,
                   (const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                    MPI_Comm Comm),
                   (Buf, Count, Type, Dest, Tag, Comm))
BAMBOO_REGION_CALL(Rsend,
                   (const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                    MPI_Comm Comm),
                   (Buf, Count, Type, Dest, Tag, Comm))
BAMBOO_REGION_CALL(Recv,
                   (void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
                    MPI_Status *Status),
                   (Buf, Count, Type, Source, Tag, Comm, Status))
BAMBOO_REGION_CALL(Sendrecv,
                   (const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest,
                    int SendTag, void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source,
                    int RecvTag, MPI_Comm Comm, MPI_Status *Status),
                   (SendBuf, SendCount, SendType, Dest, SendTag, RecvBuf, RecvCount, RecvType,
                    Source, RecvTag, Comm, Status))
BAMBOO_REGION_CALL(Sendrecv_replace,
                   (void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag, int Source,
                    int RecvTag, MPI_Comm Comm, MPI_Status *Status),
                   (Buf, Count, Type, Dest, SendTag, Source, RecvTag, Comm, Status))
BAMBOO_REGION_CALL(Mrecv,
                   (void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message,
                    MPI_Status *Status),
                   (Buf, Count, Type, Message, Status))
BAMBOO_REGION_CALL(Wait, (MPI_Request * Request, MPI_Status *Status), (Request, Status))
BAMBOO_REGION_CALL(Waitall, (int Count, MPI_Request Requests[], MPI_Status Statuses[]),
                   (Count, Requests, Statuses))
BAMBOO_REGION_CALL(Waitany, (int Count, MPI_Request Requests[], int *Index, MPI_Status *Status),
                   (Count, Requests, Index, Status))
BAMBOO_REGION_CALL(Waitsome,
                   (int InCount, MPI_Request Requests[], int *OutCount, int Indices[],
                    MPI_Status Statuses[]),
                   (InCount, Requests, OutCount, Indices, Statuses))
#undef BAMBOO_REGION_CALL

int bamboo_run(int Argc, char **Argv, int (*Main)(int, char **)) {
  return bamboo::run(Argc, Argv, Main);
}

} // extern "C"
