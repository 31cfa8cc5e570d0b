/* heat1d.c - explicit 1D heat equation on a rod split over the ranks.
 *
 * Each rank owns a contiguous slice of the rod plus one ghost cell on each
 * side.  Every step exchanges the ghost cells with the two neighbours (in a
 * bamboo olap region), applies the boundary conditions at the two ends of the
 * rod and updates the slice.  Every RESIDUAL_EVERY steps the ranks agree on
 * the largest change of a cell (MPI_Allreduce, MPI_MAX: exact in any order).
 *
 * Each cell is always computed from the same three values in the same order,
 * so the fixed-point checksums are the same for any number of ranks.
 *
 *   mpicc -std=c11 -O2 heat1d.c -o heat1d -lm && mpiexec -n 4 ./heat1d
 */
#include <mpi.h>

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RESIDUAL_EVERY 40

enum { NCELLS = 101, NSTEPS = 240 };

enum boundary_kind { BOUNDARY_DIRICHLET, BOUNDARY_NEUMANN, BOUNDARY_INSULATED };

enum { TAG_TO_LEFT = 10, TAG_TO_RIGHT = 11 };

struct boundary {
  enum boundary_kind kind;
  double value; /* temperature (Dirichlet) or gradient (Neumann) */
};

struct problem {
  int ncells;
  int nsteps;
  double alpha; /* diffusion number: dt * k / dx^2 */
  struct boundary left, right;
  const char *name;
};

/* Mutable file-scope state: the number of exchanges this rank has done and
 * the number of messages it has posted, and a non-static step counter. */
static int exchanges;
static long messages_posted = 0;
int steps_done = 0;

struct slice {
  int first; /* global index of the first owned cell */
  int n;     /* owned cells */
  int left, right;
  double *u, *next; /* n + 2 cells: ghost, owned..., ghost */
};

static void slice_init(struct slice *s, const struct problem *p, int rank, int size)
{
  int base = p->ncells / size, extra = p->ncells % size;
  s->n = base + (rank < extra ? 1 : 0);
  s->first = rank * base + (rank < extra ? rank : extra);
  s->left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  s->right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  s->u = calloc((size_t)s->n + 2, sizeof *s->u);
  s->next = malloc(((size_t)s->n + 2) * sizeof(double));
  if (!s->u || !s->next) {
    fprintf(stderr, "heat1d: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (int i = 1; i <= s->n; i++) {
    int g = s->first + i - 1;
    /* a bump in the middle of the rod */
    s->u[i] = (g > p->ncells / 3 && g < 2 * p->ncells / 3) ? 0.5 : 0.0;
  }
}

static void slice_free(struct slice *s)
{
  free(s->u);
  free(s->next);
  s->u = s->next = NULL;
}

static void exchange_ghosts(struct slice *s, MPI_Comm comm)
{
  MPI_Request reqs[4];
  MPI_Status stats[4];
  int nreq = 0;
  double *u = s->u;

#pragma bamboo olap
  {
#pragma bamboo receive
    {
      if (s->left != MPI_PROC_NULL) {
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, s->left, TAG_TO_RIGHT, comm, &reqs[nreq++]);
        messages_posted++;
      }
      if (s->right != MPI_PROC_NULL) {
        MPI_Irecv(&u[s->n + 1], 1, MPI_DOUBLE, s->right, TAG_TO_LEFT, comm, &reqs[nreq++]);
        messages_posted++;
      }
    }
#pragma bamboo send
    {
      if (s->left != MPI_PROC_NULL)
        MPI_Isend(&u[1], 1, MPI_DOUBLE, s->left, TAG_TO_LEFT, comm, &reqs[nreq++]);
      if (s->right != MPI_PROC_NULL)
        MPI_Isend(&u[s->n], 1, MPI_DOUBLE, s->right, TAG_TO_RIGHT, comm, &reqs[nreq++]);
    }
    MPI_Waitall(nreq, reqs, stats);
  }
  exchanges++;
}

static double boundary_ghost(const struct boundary *b, double inner)
{
  switch (b->kind) {
  case BOUNDARY_DIRICHLET:
    return 2.0 * b->value - inner;
  case BOUNDARY_NEUMANN:
    return inner + b->value;
  case BOUNDARY_INSULATED:
  default:
    return inner;
  }
}

/* One explicit step; returns the largest change of an owned cell. */
static double step(struct slice *s, const struct problem *p)
{
  if (s->left == MPI_PROC_NULL)
    s->u[0] = boundary_ghost(&p->left, s->u[1]);
  if (s->right == MPI_PROC_NULL)
    s->u[s->n + 1] = boundary_ghost(&p->right, s->u[s->n]);

  double change = 0.0;
  for (int i = 1; i <= s->n; i++) {
    double v = s->u[i] + p->alpha * (s->u[i - 1] - 2.0 * s->u[i] + s->u[i + 1]);
    double d = fabs(v - s->u[i]);
    if (d > change)
      change = d;
    s->next[i] = v;
  }
  double *t = s->u;
  s->u = s->next;
  s->next = t;
  steps_done++;
  return change;
}

static int64_t checksum(const struct slice *s)
{
  int64_t sum = 0;
  for (int i = 1; i <= s->n; i++)
    sum += (int64_t)llround(s->u[i] * 1e9) * (s->first + i);
  return sum;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  const struct problem prob = {
      .name = "rod",
      .alpha = 0.4,
      .ncells = NCELLS,
      .nsteps = NSTEPS,
      .left = {.kind = BOUNDARY_DIRICHLET, .value = 1.0},
      .right = {.kind = BOUNDARY_NEUMANN, .value = -0.001},
  };

  struct slice s;
  memset(&s, 0, sizeof s);
  slice_init(&s, &prob, rank, size);

  for (int t = 1; t <= prob.nsteps; t++) {
    exchange_ghosts(&s, MPI_COMM_WORLD);
    double change = step(&s, &prob);
    if (t % RESIDUAL_EVERY == 0) {
      double residual;
      MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (rank == 0)
        printf("%s step %d: residual %.6e\n", prob.name, t, residual);
    }
  }

  int64_t local = checksum(&s), total = 0;
  MPI_Reduce(&local, &total, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  printf("rank %d: cells %d..%d exchanges %d messages %ld steps %d checksum %" PRId64 "\n",
         rank, s.first, s.first + s.n - 1, exchanges, messages_posted, steps_done, local);
  if (rank == 0)
    printf("%s: %d cells, %d steps, total checksum %"PRId64"\n", prob.name, prob.ncells,
           prob.nsteps, total);

  slice_free(&s);
  MPI_Finalize();
  return 0;
}
