/* bamboo/c.h - the runtime's interface for C; bamboo/bamboo.h includes it in a C file.
 *
 * A translated C file stays C (docs/c.md): its MPI calls become calls of bamboo_MPI_X, with
 * MPI_X's parameters and meaning for the calling virtual rank (bamboo/mpi.h). Each is also a
 * function-like macro of the same name that passes the call's file and line first (a macro
 * does not expand inside itself), so the translation reads as the original:
 *
 *   bamboo_MPI_Send(&x, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
 *
 * Olap regions (bamboo/region.h), as the translation writes them:
 *
 *   { bamboo_region *bambooOlap = bamboo_region_open(2);
 *     bamboo_region_MPI_Recv(&y, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &status);
 *     ...
 *     bamboo_region_complete(bambooOlap); }
 *
 * bamboo_region_MPI_X is a blocking call written in the region's body, deferred to its end.
 * Its macro passes the region named bambooOlap where the call is written: the innermost
 * region around it, as `bambooOlap.Recv(...)` is in C++. */
#ifndef BAMBOO_C_H
#define BAMBOO_C_H

#include <mpi.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BAMBOO_PARAMETERS(...) __VA_ARGS__

#define BAMBOO_MPI(Name, Parameters, Arguments)                                                    \
  int bamboo_MPI_##Name(const char *File, int Line, BAMBOO_PARAMETERS Parameters);
#define BAMBOO_MPI_LOCAL(Name, Parameters, Arguments)                                              \
  int bamboo_MPI_##Name(BAMBOO_PARAMETERS Parameters);
#include "bamboo/mpi_functions.def"
#undef BAMBOO_MPI
#undef BAMBOO_MPI_LOCAL

int bamboo_MPI_Finalize(const char *File, int Line);
#ifdef __GNUC__
__attribute__((noreturn))
#endif
int bamboo_MPI_Abort(const char *File, int Line, MPI_Comm Comm, int ErrorCode);
double bamboo_MPI_Wtime(void);
double bamboo_MPI_Wtick(void);

/* A send started before its buffer is written (bamboo/send_in_parts.h). */
int bamboo_isend_in_parts(const char *File, int Line, const void *Buf, int Count, MPI_Datatype Type,
                          int Dest, int Tag, MPI_Comm Comm, MPI_Request *Request);
int bamboo_send_part_end(const char *File, int Line, MPI_Request Request, long long Element,
                         size_t ElementBytes, long long *End);
int bamboo_send_ready(const char *File, int Line, MPI_Request Request, long long Elements,
                      size_t ElementBytes);
int bamboo_send_ready_all(const char *File, int Line, MPI_Request Request);

/* Olap regions. An opaque handle: the region's state lives in the runtime. */
typedef struct bamboo_region bamboo_region;
bamboo_region *bamboo_region_open(const char *File, int Line, int Priority);
int bamboo_region_complete(bamboo_region *Region);
#define BAMBOO_REGION_CALL(Name, Parameters, Arguments)                                            \
  int bamboo_region_MPI_##Name(bamboo_region *Region, const char *File, int Line,                  \
                               BAMBOO_PARAMETERS Parameters);
#include "bamboo/region_calls.def"
#undef BAMBOO_REGION_CALL

/* Rank-local storage: a privatized variable has one instance per virtual rank, Size bytes
 * aligned to Align (its type's alignment, or more if declared), a copy of Image (null: zeroed),
 * then filled by Init (null: nothing more). A translated file registers its variables before main
 * runs (a constructor function), and every rank then makes all of them as it starts: first every
 * instance, then every Init, so that initializers may take each other's addresses, and no thread of
 * the rank ever sees an instance half made. bamboo_rank_local_get gives the running rank's instance
 * (one not registered, a static local, is made at its first use).
 *
 *   static int bambooImage_x[3] = {7, 8, 9};
 *   static bamboo_rank_local bambooLocal_x = BAMBOO_RANK_LOCAL(
 *       sizeof bambooImage_x, __alignof__(bambooImage_x), &bambooImage_x, 0);
 *   ... (*(__typeof__(bambooImage_x) *)bamboo_rank_local_get(&bambooLocal_x))[1] ... */
typedef struct bamboo_rank_local {
  unsigned long Size;
  unsigned long Align;
  const void *Image;
  void (*Init)(void *Instance);
  unsigned long Slot; /* the runtime's: 0 until the variable has one */
} bamboo_rank_local;
#define BAMBOO_RANK_LOCAL(Size, Align, Image, Init) {(Size), (Align), (Image), (Init), 0}
void bamboo_rank_local_register(bamboo_rank_local *Local);
/* `const` for GCC and Clang: within one activation of a function the answer for one Local never
 * changes (a function runs for one rank, its thread or its OpenMP team, and the instance, once
 * made, lives as long as the rank), so the compiler may compute it once and keep it out of a
 * kernel's loops. Making the instance early is harmless: it is a copy of a constant image. */
#if defined(__GNUC__)
__attribute__((const))
#endif
void *
bamboo_rank_local_get(bamboo_rank_local *Local);
/* The same for a variable that was thread-local (__thread, _Thread_local), one per thread under
 * MPI: the rank's own thread has the rank's instance, and every other thread of the rank's
 * OpenMP team one of its own, a copy of the image made at its first use. Not `const`: the
 * address depends on the calling thread. */
void *bamboo_thread_rank_local_get(bamboo_rank_local *Local);

/* The C library's hidden state, one per virtual rank (bamboo/libc.h): the translation calls
 * these for rand, strtok, getopt..., and reads getopt's variables through pointers
 * (`optind` is `(*bamboo_optind())`). bamboo_exit ends the calling rank. */
struct option; /* <getopt.h> */
int bamboo_rand(void);
void bamboo_srand(unsigned Seed);
long bamboo_random(void);
void bamboo_srandom(unsigned Seed);
double bamboo_drand48(void);
long bamboo_lrand48(void);
long bamboo_mrand48(void);
void bamboo_srand48(long Seed);
unsigned short *bamboo_seed48(unsigned short Seed[3]);
char *bamboo_strtok(char *Text, const char *Delimiters);
int bamboo_getopt(int Argc, char *const Argv[], const char *Options);
int bamboo_getopt_long(int Argc, char *const Argv[], const char *Options, const struct option *Long,
                       int *Index);
int bamboo_getopt_long_only(int Argc, char *const Argv[], const char *Options,
                            const struct option *Long, int *Index);
#ifdef __GNUC__
__attribute__((noreturn))
#endif
void bamboo_exit(int Status);
int *bamboo_optind(void);
int *bamboo_opterr(void);
int *bamboo_optopt(void);
char **bamboo_optarg(void);
/* Runs Main once per virtual rank (bamboo::run); the generated main returns its result. */
int bamboo_run(int Argc, char **Argv, int (*Main)(int, char **));

#ifdef __cplusplus
} /* extern "C" */
#endif

/* The calls as the translation writes them: the call's place goes first. */
#ifndef BAMBOO_C_INTERFACE_IMPLEMENTATION
#define bamboo_isend_in_parts(...) bamboo_isend_in_parts(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_send_part_end(...) bamboo_send_part_end(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_send_ready(...) bamboo_send_ready(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_send_ready_all(...) bamboo_send_ready_all(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Finalize() bamboo_MPI_Finalize(__FILE__, __LINE__)
#define bamboo_MPI_Abort(...) bamboo_MPI_Abort(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Init(...) bamboo_MPI_Init(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Init_thread(...) bamboo_MPI_Init_thread(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_compare(...) bamboo_MPI_Comm_compare(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_group(...) bamboo_MPI_Comm_group(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_dup(...) bamboo_MPI_Comm_dup(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_split(...) bamboo_MPI_Comm_split(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_split_type(...) bamboo_MPI_Comm_split_type(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_create(...) bamboo_MPI_Comm_create(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_create_group(...)                                                          \
  bamboo_MPI_Comm_create_group(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Comm_free(...) bamboo_MPI_Comm_free(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_size(...) bamboo_MPI_Group_size(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_rank(...) bamboo_MPI_Group_rank(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_translate_ranks(...)                                                      \
  bamboo_MPI_Group_translate_ranks(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_compare(...) bamboo_MPI_Group_compare(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_union(...) bamboo_MPI_Group_union(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_intersection(...)                                                         \
  bamboo_MPI_Group_intersection(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_difference(...)                                                           \
  bamboo_MPI_Group_difference(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_incl(...) bamboo_MPI_Group_incl(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_excl(...) bamboo_MPI_Group_excl(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_range_incl(...)                                                           \
  bamboo_MPI_Group_range_incl(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_range_excl(...)                                                           \
  bamboo_MPI_Group_range_excl(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Group_free(...) bamboo_MPI_Group_free(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_create(...) bamboo_MPI_Cart_create(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_sub(...) bamboo_MPI_Cart_sub(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_map(...) bamboo_MPI_Cart_map(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cartdim_get(...) bamboo_MPI_Cartdim_get(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_get(...) bamboo_MPI_Cart_get(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_coords(...) bamboo_MPI_Cart_coords(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_rank(...) bamboo_MPI_Cart_rank(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cart_shift(...) bamboo_MPI_Cart_shift(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Topo_test(...) bamboo_MPI_Topo_test(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Send(...) bamboo_MPI_Send(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ssend(...) bamboo_MPI_Ssend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Bsend(...) bamboo_MPI_Bsend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Rsend(...) bamboo_MPI_Rsend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Recv(...) bamboo_MPI_Recv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Sendrecv(...) bamboo_MPI_Sendrecv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Sendrecv_replace(...)                                                           \
  bamboo_MPI_Sendrecv_replace(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Isend(...) bamboo_MPI_Isend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Issend(...) bamboo_MPI_Issend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ibsend(...) bamboo_MPI_Ibsend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Irsend(...) bamboo_MPI_Irsend(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Irecv(...) bamboo_MPI_Irecv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Isendrecv(...) bamboo_MPI_Isendrecv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Isendrecv_replace(...)                                                          \
  bamboo_MPI_Isendrecv_replace(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Buffer_attach(...) bamboo_MPI_Buffer_attach(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Buffer_detach(...) bamboo_MPI_Buffer_detach(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Buffer_attach_c(...) bamboo_MPI_Buffer_attach_c(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Buffer_detach_c(...) bamboo_MPI_Buffer_detach_c(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Probe(...) bamboo_MPI_Probe(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iprobe(...) bamboo_MPI_Iprobe(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Mprobe(...) bamboo_MPI_Mprobe(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Improbe(...) bamboo_MPI_Improbe(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Mrecv(...) bamboo_MPI_Mrecv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Imrecv(...) bamboo_MPI_Imrecv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Wait(...) bamboo_MPI_Wait(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Waitall(...) bamboo_MPI_Waitall(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Waitany(...) bamboo_MPI_Waitany(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Waitsome(...) bamboo_MPI_Waitsome(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Test(...) bamboo_MPI_Test(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Testall(...) bamboo_MPI_Testall(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Testany(...) bamboo_MPI_Testany(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Testsome(...) bamboo_MPI_Testsome(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Request_get_status(...)                                                         \
  bamboo_MPI_Request_get_status(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Cancel(...) bamboo_MPI_Cancel(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Send_init(...) bamboo_MPI_Send_init(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ssend_init(...) bamboo_MPI_Ssend_init(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Bsend_init(...) bamboo_MPI_Bsend_init(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Rsend_init(...) bamboo_MPI_Rsend_init(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Recv_init(...) bamboo_MPI_Recv_init(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Start(...) bamboo_MPI_Start(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Startall(...) bamboo_MPI_Startall(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Barrier(...) bamboo_MPI_Barrier(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Bcast(...) bamboo_MPI_Bcast(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Reduce(...) bamboo_MPI_Reduce(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Allreduce(...) bamboo_MPI_Allreduce(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Gather(...) bamboo_MPI_Gather(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Gatherv(...) bamboo_MPI_Gatherv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Scatter(...) bamboo_MPI_Scatter(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Scatterv(...) bamboo_MPI_Scatterv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Allgather(...) bamboo_MPI_Allgather(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Allgatherv(...) bamboo_MPI_Allgatherv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Alltoall(...) bamboo_MPI_Alltoall(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Alltoallv(...) bamboo_MPI_Alltoallv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Alltoallw(...) bamboo_MPI_Alltoallw(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Scan(...) bamboo_MPI_Scan(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Exscan(...) bamboo_MPI_Exscan(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Reduce_scatter(...) bamboo_MPI_Reduce_scatter(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Reduce_scatter_block(...)                                                       \
  bamboo_MPI_Reduce_scatter_block(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ibarrier(...) bamboo_MPI_Ibarrier(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ibcast(...) bamboo_MPI_Ibcast(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ireduce(...) bamboo_MPI_Ireduce(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iallreduce(...) bamboo_MPI_Iallreduce(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Igather(...) bamboo_MPI_Igather(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Igatherv(...) bamboo_MPI_Igatherv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iscatter(...) bamboo_MPI_Iscatter(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iscatterv(...) bamboo_MPI_Iscatterv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iallgather(...) bamboo_MPI_Iallgather(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iallgatherv(...) bamboo_MPI_Iallgatherv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ialltoall(...) bamboo_MPI_Ialltoall(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ialltoallv(...) bamboo_MPI_Ialltoallv(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ialltoallw(...) bamboo_MPI_Ialltoallw(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iscan(...) bamboo_MPI_Iscan(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Iexscan(...) bamboo_MPI_Iexscan(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ireduce_scatter(...) bamboo_MPI_Ireduce_scatter(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_MPI_Ireduce_scatter_block(...)                                                      \
  bamboo_MPI_Ireduce_scatter_block(__FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Send(...)                                                                \
  bamboo_region_MPI_Send(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Ssend(...)                                                               \
  bamboo_region_MPI_Ssend(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Bsend(...)                                                               \
  bamboo_region_MPI_Bsend(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Rsend(...)                                                               \
  bamboo_region_MPI_Rsend(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Recv(...)                                                                \
  bamboo_region_MPI_Recv(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Sendrecv(...)                                                            \
  bamboo_region_MPI_Sendrecv(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Sendrecv_replace(...)                                                    \
  bamboo_region_MPI_Sendrecv_replace(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Mrecv(...)                                                               \
  bamboo_region_MPI_Mrecv(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Wait(...)                                                                \
  bamboo_region_MPI_Wait(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Waitall(...)                                                             \
  bamboo_region_MPI_Waitall(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Waitany(...)                                                             \
  bamboo_region_MPI_Waitany(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_MPI_Waitsome(...)                                                            \
  bamboo_region_MPI_Waitsome(bambooOlap, __FILE__, __LINE__, __VA_ARGS__)
#define bamboo_region_open(Priority) bamboo_region_open(__FILE__, __LINE__, Priority)
#endif

#endif /* BAMBOO_C_H */
