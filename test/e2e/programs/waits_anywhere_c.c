/* Waits reached from anywhere a C rank runs (issue 18): a function pointer chosen at run time
   (as LINPACK codes choose their panel factorization), a variable-length array and a pointer to
   a VLA type in a function that waits, a GNU statement expression, a qsort callback, and
   recursion. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size;

static int ring(int value, int tag) {
  int got = -1;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv(&value, 1, MPI_INT, right, tag, &got, 1, MPI_INT, left, tag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  return got;
}

static int reduceSum(int value, int tag) {
  int sum = 0;
  (void)tag;
  MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

typedef int (*exchange_fn)(int, int);

/* A 2D VLA and a pointer to a VLA type in a function that waits. */
static double vlaSum(int n, int m) {
  double a[n][m];
  double (*row)[m] = a;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i][j] = rank + i * m + j;
  double local = 0, total = 0;
  for (int i = 0; i < n; ++i)
    local += row[i][m - 1];
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total + (double)sizeof(a) / sizeof(double);
}

static int compareAfterWait(const void *a, const void *b) {
  int token = *(const int *)a;
  MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_SELF);
  return *(const int *)a - *(const int *)b;
}

static int recurse(int depth) { return depth == 0 ? ring(rank, 9) : recurse(depth - 1) + 1; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  exchange_fn choices[2] = {ring, reduceSum};
  for (int c = 0; c < 2; ++c)
    printf("rank %d: choice %d gives %d\n", rank, c, choices[c](rank + c, 1));

  printf("rank %d: VLA sum %.1f\n", rank, vlaSum(3 + rank % 2, 4));

  int viaStatement = ({
    int got = ring(rank * 7, 2);
    got - 1;
  });
  printf("rank %d: statement expression %d\n", rank, viaStatement);

  int v[3] = {rank + 2, rank, rank + 1};
  qsort(v, 3, sizeof(int), compareAfterWait);
  printf("rank %d: sorted %d %d %d\n", rank, v[0], v[1], v[2]);

  printf("rank %d: deep recursion %d\n", rank, recurse(3000));
  MPI_Finalize();
  return 0;
}
