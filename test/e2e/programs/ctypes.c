/* ctypes.c - C idioms in an MPI program: void * without casts, enums from
 * ints, string literals in char *, restrict, static helpers, a tentative
 * definition, const tables, a VLA handed to a collective, bool, and
 * MPI_Sendrecv/MPI_Bcast/MPI_Reduce/MPI_Scan.
 *
 * Every value printed is an integer or a sum of small multiples of 1/4 (exact
 * in double), so each rank's line is the same for any run.
 */
#include <mpi.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NPARTICLES 6
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum color { RED, GREEN, BLUE, NCOLORS };

/* const file-scope tables, one with external linkage */
const int weights[] = {3, 1, 4, 1, 5, 9, 2, 6};
static const double scales[NCOLORS] = {0.5, 1.0, 2.0};
static const char *const color_names[NCOLORS] = {"red", "green", "blue"};
static const struct {
  const char *name;
  int bonus;
} bonuses[] = {{"light", 1}, {"heavy", 10}};

/* a tentative definition: zero-initialized, one per rank */
int count;

struct particle {
  int id;
  enum color color;
  double mass;
  char *label;
  bool active;
};

struct config {
  int rounds;
  enum color base;
  double factor;
  _Bool verbose;
  char title[24];
};

static void *xmalloc(size_t n)
{
  void *p = malloc(n);
  if (p == NULL) {
    fprintf(stderr, "ctypes: out of memory (%zu bytes)\n", n);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return p;
}

static enum color next_color(int i)
{
  return (i + 1) % NCOLORS;
}

static double color_scale(enum color c)
{
  switch (c) {
  case RED:
    return scales[RED];
  case GREEN:
    return scales[GREEN];
  case BLUE:
    return scales[BLUE];
  default:
    return 0.0;
  }
}

/* y += a * x */
static void axpy(int n, double a, const double *restrict x, double *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

static int by_mass_then_id(const void *a, const void *b)
{
  const struct particle *pa = a, *pb = b;
  if (pa->mass != pb->mass)
    return pa->mass < pb->mass ? -1 : 1;
  return pa->id - pb->id;
}

/* A variable-length array handed to a collective: element i of the result is
 * the sum over ranks of (rank + i / 2), exact in double. */
static double vla_total(int n, int rank, MPI_Comm comm)
{
  double buf[n];
  for (int i = 0; i < n; i++)
    buf[i] = rank + 0.5 * i;
  MPI_Allreduce(MPI_IN_PLACE, buf, n, MPI_DOUBLE, MPI_SUM, comm);
  double total = 0.0;
  for (int i = 0; i < n; i++)
    total += buf[i];
  return total;
}

int main(int argc, char *argv[])
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  /* rank 0 sets the configuration, everybody gets it as bytes */
  struct config cfg;
  memset(&cfg, 0, sizeof cfg);
  if (rank == 0) {
    cfg = (struct config){.rounds = 3, .base = GREEN, .factor = 1.5, .verbose = true};
    strcpy(cfg.title, "ctypes");
  }
  MPI_Bcast(&cfg, (int)sizeof cfg, MPI_BYTE, 0, MPI_COMM_WORLD);

  struct particle *parts = xmalloc(NPARTICLES * sizeof *parts);
  for (int i = 0; i < NPARTICLES; i++) {
    parts[i].id = rank * NPARTICLES + i;
    parts[i].color = (rank + i + (int)cfg.base) % NCOLORS;
    parts[i].mass = weights[(rank + i) % ARRAY_SIZE(weights)] * color_scale(parts[i].color);
    parts[i].label = parts[i].mass > 4.0 ? "heavy" : "light";
    parts[i].active = (parts[i].id % (rank + 2)) != 0;
  }
  qsort(parts, NPARTICLES, sizeof parts[0], by_mass_then_id);

  int per_color[NCOLORS] = {0};
  for (int c = RED; c < NCOLORS; c++) {
    enum color col = c;
    for (int i = 0; i < NPARTICLES; i++)
      if (parts[i].color == col && parts[i].active) {
        per_color[c]++;
        count++;
      }
  }

  int bonus = 0;
  for (int i = 0; i < NPARTICLES; i++)
    for (size_t b = 0; b < ARRAY_SIZE(bonuses); b++)
      if (strcmp(parts[i].label, bonuses[b].name) == 0)
        bonus += bonuses[b].bonus;

  /* masses travel one step around the ring, then get added with a weight */
  double *mine = xmalloc(NPARTICLES * sizeof(double));
  double *theirs = calloc(NPARTICLES, sizeof *theirs);
  for (int i = 0; i < NPARTICLES; i++)
    mine[i] = parts[i].mass;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv(mine, NPARTICLES, MPI_DOUBLE, right, 7, theirs, NPARTICLES, MPI_DOUBLE, left, 7,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int r = 0; r < cfg.rounds; r++)
    axpy(NPARTICLES, cfg.factor, theirs, mine);
  double mass_sum = 0.0;
  for (int i = 0; i < NPARTICLES; i++)
    mass_sum += mine[i];

  int total_count = 0, prefix = 0;
  MPI_Reduce(&count, &total_count, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Scan(&count, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

  double vla = vla_total(cfg.rounds + 2, rank, MPI_COMM_WORLD);

  enum color favourite = next_color(rank);
  _Bool lucky = per_color[favourite] > 0;
  printf("rank %d: count %d prefix %d per-color %d/%d/%d favourite %s%s bonus %d "
         "masses %.2f vla %.1f first %s#%d\n",
         rank, count, prefix, per_color[RED], per_color[GREEN], per_color[BLUE],
         color_names[favourite], lucky ? " (lucky)" : "", bonus, mass_sum, vla,
         parts[0].label, parts[0].id);
  if (rank == 0 && cfg.verbose)
    printf("%s: %d ranks, %d active particles\n", cfg.title, size, total_count);

  free(theirs);
  free(mine);
  free(parts);
  MPI_Finalize();
  return 0;
}
