/* heat2d.c - the heat equation on a square plate, in C, on a 2D grid of ranks.
 *
 * A plate of N x N cells starts cold with a hot square in its middle; its
 * edges are held at 0. Each step every rank exchanges one layer of ghost
 * cells with its four neighbours, then advances its block by one explicit
 * time step. Rows are contiguous and travel as they are; columns are copied
 * into small buffers first.
 *
 * The exchange is written in the plain blocking style, wrapped in the bamboo
 * pragmas. mpicc ignores them. bamboo-cxx turns every rank into a task, runs
 * several of them ("virtual ranks") in one process and, thanks to the pragmas,
 * lets a rank that waits for its ghost cells give the core to another rank.
 *
 * Every cell is updated from the same five values in the same order whatever
 * the decomposition, and the checksum is an integer sum, so the last line is
 * the same for any number of ranks.
 */
#include <mpi.h>

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 120, STEPS = 300, REPORT_EVERY = 100 };
static const double ALPHA = 0.2; /* dt * diffusivity / dx^2, stable below 0.25 */

enum { TAG_NORTH, TAG_SOUTH, TAG_WEST, TAG_EAST }; /* the direction a message travels */

struct block {
  int ni, nj, i0, j0;           /* interior rows and columns, first global ones */
  int north, south, west, east; /* neighbour ranks, MPI_PROC_NULL at an edge */
  double *u, *next;             /* (ni + 2) x (nj + 2) cells, ghosts included */
  double *colbuf;               /* 4 columns: west out, east out, west in, east in */
};

#define AT(b, i, j) ((i) * ((b)->nj + 2) + (j))

/* Items [0, total) split over parts: the count and first item of part p. */
static int share(int total, int parts, int p) { return total / parts + (p < total % parts); }
static int start(int total, int parts, int p)
{
  return p * (total / parts) + (p < total % parts ? p : total % parts);
}

static void block_init(struct block *b, int rank, int size)
{
  int dims[2] = {0, 0};
  MPI_Dims_create(size, 2, dims); /* e.g. 6 ranks: 3 x 2 */
  int row = rank / dims[1], col = rank % dims[1];
  b->ni = share(N, dims[0], row), b->i0 = start(N, dims[0], row);
  b->nj = share(N, dims[1], col), b->j0 = start(N, dims[1], col);
  b->north = row > 0 ? rank - dims[1] : MPI_PROC_NULL;
  b->south = row < dims[0] - 1 ? rank + dims[1] : MPI_PROC_NULL;
  b->west = col > 0 ? rank - 1 : MPI_PROC_NULL;
  b->east = col < dims[1] - 1 ? rank + 1 : MPI_PROC_NULL;

  size_t cells = (size_t)(b->ni + 2) * (size_t)(b->nj + 2);
  b->u = calloc(cells, sizeof *b->u); /* ghosts at the plate's edges stay 0 */
  b->next = calloc(cells, sizeof *b->next);
  b->colbuf = malloc(4 * (size_t)b->ni * sizeof *b->colbuf);
  for (int i = 1; i <= b->ni; i++)
    for (int j = 1; j <= b->nj; j++) {
      int gi = b->i0 + i - 1, gj = b->j0 + j - 1;
      if (gi >= N / 3 && gi < 2 * N / 3 && gj >= N / 3 && gj < 2 * N / 3)
        b->u[AT(b, i, j)] = 100.0; /* the hot square */
    }
}

/* Fills the ghost layer of b->u from the neighbours' edge cells. */
static void exchange(struct block *b)
{
  const int ni = b->ni, nj = b->nj;
  double *u = b->u;
  double *west_out = b->colbuf, *east_out = west_out + ni;
  double *west_in = east_out + ni, *east_in = west_in + ni;
  for (int i = 1; i <= ni; i++) {
    west_out[i - 1] = u[AT(b, i, 1)];
    east_out[i - 1] = u[AT(b, i, nj)];
  }

  MPI_Request reqs[4];
  int n = 0;
  /* The olap region: under bamboo, the receives posted in it form the
   * region's firing rule, the MPI_Waitall at its end does not block the
   * core, and the rank resumes once all its ghost cells have arrived; other
   * virtual ranks compute meanwhile. Inside it: point-to-point calls and
   * waits only, and nothing reads the receive buffers before its end. */
#pragma bamboo olap
  {
#pragma bamboo receive /* what this rank waits for */
    {
      if (b->north != MPI_PROC_NULL)
        MPI_Irecv(&u[AT(b, 0, 1)], nj, MPI_DOUBLE, b->north, TAG_SOUTH, MPI_COMM_WORLD, &reqs[n++]);
      if (b->south != MPI_PROC_NULL)
        MPI_Irecv(&u[AT(b, ni + 1, 1)], nj, MPI_DOUBLE, b->south, TAG_NORTH, MPI_COMM_WORLD,
                  &reqs[n++]);
      if (b->west != MPI_PROC_NULL)
        MPI_Irecv(west_in, ni, MPI_DOUBLE, b->west, TAG_EAST, MPI_COMM_WORLD, &reqs[n++]);
      if (b->east != MPI_PROC_NULL)
        MPI_Irecv(east_in, ni, MPI_DOUBLE, b->east, TAG_WEST, MPI_COMM_WORLD, &reqs[n++]);
    }
#pragma bamboo send /* what it gives its neighbours */
    {
      if (b->north != MPI_PROC_NULL)
        MPI_Send(&u[AT(b, 1, 1)], nj, MPI_DOUBLE, b->north, TAG_NORTH, MPI_COMM_WORLD);
      if (b->south != MPI_PROC_NULL)
        MPI_Send(&u[AT(b, ni, 1)], nj, MPI_DOUBLE, b->south, TAG_SOUTH, MPI_COMM_WORLD);
      if (b->west != MPI_PROC_NULL)
        MPI_Send(west_out, ni, MPI_DOUBLE, b->west, TAG_WEST, MPI_COMM_WORLD);
      if (b->east != MPI_PROC_NULL)
        MPI_Send(east_out, ni, MPI_DOUBLE, b->east, TAG_EAST, MPI_COMM_WORLD);
    }
    MPI_Status stats[4];
    MPI_Waitall(n, reqs, stats);
  }
  /* Past the region the received columns can be read. */
  for (int i = 1; i <= ni && b->west != MPI_PROC_NULL; i++)
    u[AT(b, i, 0)] = west_in[i - 1];
  for (int i = 1; i <= ni && b->east != MPI_PROC_NULL; i++)
    u[AT(b, i, nj + 1)] = east_in[i - 1];
}

/* One explicit step; returns the hottest cell of the block. */
static double advance(struct block *b)
{
  double hottest = 0.0;
  for (int i = 1; i <= b->ni; i++)
    for (int j = 1; j <= b->nj; j++) {
      const double *u = &b->u[AT(b, i, j)];
      double v = *u + ALPHA * (u[-(b->nj + 2)] + u[b->nj + 2] + u[-1] + u[1] - 4.0 * *u);
      b->next[AT(b, i, j)] = v;
      hottest = fmax(hottest, v);
    }
  double *t = b->u;
  b->u = b->next;
  b->next = t;
  return hottest;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct block b;
  block_init(&b, rank, size);

  for (int step = 1; step <= STEPS; step++) {
    exchange(&b);
    double hottest = advance(&b);
    if (step % REPORT_EVERY == 0) { /* a maximum is exact in any order */
      double global;
      MPI_Allreduce(&hottest, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (rank == 0)
        printf("step %d: hottest cell %.6f\n", step, global);
    }
  }

  /* Heat left on the plate, in units of 1e-6: an integer sum, exact in any order. */
  int64_t local = 0, total = 0;
  for (int i = 1; i <= b.ni; i++)
    for (int j = 1; j <= b.nj; j++)
      local += llround(b.u[AT(&b, i, j)] * 1e6);
  MPI_Reduce(&local, &total, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("heat2d: %dx%d plate, %d steps, checksum %" PRId64 "\n", N, N, STEPS, total);

  free(b.u);
  free(b.next);
  free(b.colbuf);
  MPI_Finalize();
  return 0;
}
