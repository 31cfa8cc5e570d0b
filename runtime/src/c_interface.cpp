// c_interface.cpp - the runtime's C interface (bamboo/c.h): each function calls its C++
// counterpart with the caller's place as the CallSite.
#define BAMBOO_C_INTERFACE_IMPLEMENTATION // the functions, not the call macros
#include "bamboo/c.h"

#include "bamboo/libc.h"
#include "bamboo/mpi.h"
#include "bamboo/rank_local.h"
#include "bamboo/region.h"
#include "bamboo/runtime.h"
#include "bamboo/send_in_parts.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

namespace {
bamboo::CallSite site(const char *File, int Line) {
  return {File ? File : "", static_cast<unsigned>(Line)};
}

// The slot of a C rank-local, given at its first use by any thread (Slot holds it plus one).
std::size_t slotOf(bamboo_rank_local *Local) {
  std::atomic_ref<unsigned long> Slot(Local->Slot);
  if (unsigned long Known = Slot.load(std::memory_order_acquire))
    return Known - 1;
  unsigned long Mine = bamboo::detail::allocateRankLocalSlot() + 1, Expected = 0;
  if (Slot.compare_exchange_strong(Expected, Mine, std::memory_order_acq_rel))
    return Mine - 1;
  return Expected - 1; // another thread gave it one first
}

// A new instance of Local: a copy of its image, or zeroed.
void *newInstance(bamboo_rank_local *Local) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  std::size_t Align = std::max<std::size_t>(Local->Align, alignof(std::max_align_t));
  std::size_t Size = (std::max<std::size_t>(Local->Size, 1) + Align - 1) / Align * Align;
  void *Instance = std::aligned_alloc(Align, Size);
  if (!Instance)
    throw std::bad_alloc();
  if (Local->Image)
    std::memcpy(Instance, Local->Image, Local->Size);
  else
    std::memset(Instance, 0, Size);
  return Instance;
}

// The running rank's instance of Local, made from its image or zeroed (and initialized if
// asked).
void *makeLocal(bamboo_rank_local *Local, bool Initialize) {
  bamboo::detail::FirstUseGuard Guard; // threads of the rank's team see it made and initialized
  if (void *Made = bamboo::detail::findRankLocal(slotOf(Local)))
    return Made;
  void *Instance = newInstance(Local);
  void *Kept = bamboo::detail::adoptRankLocal(slotOf(Local), Instance, std::free);
  if (Initialize && Kept == Instance && Local->Init)
    Local->Init(Instance);
  return Kept;
}

// The C rank-locals registered before main, in registration order.
std::vector<bamboo_rank_local *> &registeredLocals() {
  static std::vector<bamboo_rank_local *> Locals;
  return Locals;
}

// As each rank starts: every registered instance, then every initializer.
void makeRegisteredLocals(void *) {
  for (bamboo_rank_local *Local : registeredLocals())
    if (!bamboo::detail::findRankLocal(slotOf(Local)))
      makeLocal(Local, /*Initialize=*/false);
  for (bamboo_rank_local *Local : registeredLocals())
    if (Local->Init)
      Local->Init(bamboo::detail::findRankLocal(slotOf(Local)));
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
int bamboo_isend_in_parts(const char *File, int Line, const void *Buf, int Count, MPI_Datatype Type,
                          int Dest, int Tag, MPI_Comm Comm, MPI_Request *Request) {
  return bamboo::isendInParts(Buf, Count, Type, Dest, Tag, Comm, Request, site(File, Line));
}
int bamboo_send_part_end(const char *File, int Line, MPI_Request Request, long long Element,
                         size_t ElementBytes, long long *End) {
  return bamboo::sendPartEnd(Request, Element, ElementBytes, End, site(File, Line));
}
int bamboo_send_ready(const char *File, int Line, MPI_Request Request, long long Elements,
                      size_t ElementBytes) {
  return bamboo::sendReady(Request, Elements, ElementBytes, site(File, Line));
}
int bamboo_send_ready_all(const char *File, int Line, MPI_Request Request) {
  return bamboo::sendReadyAll(Request, site(File, Line));
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
#include "bamboo/region_calls.def"
#undef BAMBOO_REGION_CALL

void bamboo_rank_local_register(bamboo_rank_local *Local) {
  if (registeredLocals().empty())
    bamboo::detail::registerBeforeMain(makeRegisteredLocals, nullptr);
  registeredLocals().push_back(Local);
}

void *bamboo_thread_rank_local_get(bamboo_rank_local *Local) {
  // A thread of the rank's team has an instance of its own, as each thread has under MPI.
  auto Make = [](void *Context) -> void * {
    auto *L = static_cast<bamboo_rank_local *>(Context);
    void *Instance = newInstance(L);
    if (L->Init)
      L->Init(Instance);
    return Instance;
  };
  if (void *Mine = bamboo::detail::teamThreadInstance(slotOf(Local), Make, Local, std::free))
    return Mine;
  return bamboo_rank_local_get(Local);
}

void *bamboo_rank_local_get(bamboo_rank_local *Local) {
  if (void *Instance = bamboo::detail::findRankLocal(slotOf(Local)))
    return Instance;
  return makeLocal(Local, /*Initialize=*/true);
}

int bamboo_rand(void) { return bamboo::libc::rand(); }
void bamboo_srand(unsigned Seed) { bamboo::libc::srand(Seed); }
long bamboo_random(void) { return bamboo::libc::random(); }
void bamboo_srandom(unsigned Seed) { bamboo::libc::srandom(Seed); }
double bamboo_drand48(void) { return bamboo::libc::drand48(); }
long bamboo_lrand48(void) { return bamboo::libc::lrand48(); }
long bamboo_mrand48(void) { return bamboo::libc::mrand48(); }
void bamboo_srand48(long Seed) { bamboo::libc::srand48(Seed); }
unsigned short *bamboo_seed48(unsigned short Seed[3]) { return bamboo::libc::seed48(Seed); }
char *bamboo_strtok(char *Text, const char *Delimiters) {
  return bamboo::libc::strtok(Text, Delimiters);
}
int bamboo_getopt(int Argc, char *const Argv[], const char *Options) {
  return bamboo::libc::getopt(Argc, Argv, Options);
}
int bamboo_getopt_long(int Argc, char *const Argv[], const char *Options, const struct option *Long,
                       int *Index) {
  return bamboo::libc::getopt_long(Argc, Argv, Options, Long, Index);
}
int bamboo_getopt_long_only(int Argc, char *const Argv[], const char *Options,
                            const struct option *Long, int *Index) {
  return bamboo::libc::getopt_long_only(Argc, Argv, Options, Long, Index);
}
// A C rank's frames are unwound too (the exception passes through them: GCC and Clang give C
// functions unwind tables by default on x86-64 and AArch64); C has nothing to destroy.
void bamboo_exit(int Status) { bamboo::libc::exit(Status); }
int *bamboo_optind(void) { return &bamboo::libc::optind(); }
int *bamboo_opterr(void) { return &bamboo::libc::opterr(); }
int *bamboo_optopt(void) { return &bamboo::libc::optopt(); }
char **bamboo_optarg(void) { return &bamboo::libc::optarg(); }

int bamboo_run(int Argc, char **Argv, int (*Main)(int, char **)) {
  return bamboo::run(Argc, Argv, Main);
}

} // extern "C"
