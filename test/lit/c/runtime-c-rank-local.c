// The C interface's rank-local storage (bamboo/c.h), used as a C translation
// will use it for privatized globals: registered before main, made by every
// rank as it starts (initializers that take each other's addresses), and one
// made at its first use. Each of 3 ranks per process counts on its own.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mpicc -std=c99 -Wall -Wextra -Werror -I%runtime_include -c %s -o %t/app.o
// RUN: %mpicxx %t/app.o %runtime_library -o %t/app
// RUN: env BAMBOO_VF=3 %mpiexec -n 2 %t/app | sort | FileCheck %s
// CHECK-COUNT-6: rank {{[0-5]}}: calls 3, cycle ok, table 7 8 9, lazy 42, aligned 0
#include <bamboo/bamboo.h>
#include <stdio.h>

// struct node a = {&b}, b = {&a};  static int calls;  static int table[3] = {7, 8, 9};
struct node {
  struct node *next;
};
static bamboo_rank_local bambooLocal_a, bambooLocal_b;
static void initA(void *P) {
  ((struct node *)P)->next = (struct node *)bamboo_rank_local_get(&bambooLocal_b);
}
static void initB(void *P) {
  ((struct node *)P)->next = (struct node *)bamboo_rank_local_get(&bambooLocal_a);
}
static bamboo_rank_local bambooLocal_a = BAMBOO_RANK_LOCAL(sizeof(struct node), __alignof__(struct node), 0, initA);
static bamboo_rank_local bambooLocal_b = BAMBOO_RANK_LOCAL(sizeof(struct node), __alignof__(struct node), 0, initB);
static bamboo_rank_local bambooLocal_calls = BAMBOO_RANK_LOCAL(sizeof(int), __alignof__(int), 0, 0);
// A constant initializer is copied from an image.
static int bambooImage_table[3] = {7, 8, 9};
static bamboo_rank_local bambooLocal_table =
    BAMBOO_RANK_LOCAL(sizeof bambooImage_table, __alignof__(bambooImage_table), bambooImage_table, 0);
// Not registered: made at its first use, from its image and by its initializer.
static int bambooImage_lazy = 40;
static void initLazy(void *P) { *(int *)P += 2; }
static bamboo_rank_local bambooLocal_lazy =
    BAMBOO_RANK_LOCAL(sizeof bambooImage_lazy, __alignof__(bambooImage_lazy), &bambooImage_lazy,
                      initLazy);
// Declared alignment is kept (aligned vector loads of a privatized array).
static double bambooImage_aligned[8] __attribute__((aligned(64)));
static bamboo_rank_local bambooLocal_aligned =
    BAMBOO_RANK_LOCAL(sizeof bambooImage_aligned, __alignof__(bambooImage_aligned), 0, 0);

__attribute__((constructor)) static void registerLocals(void) {
  bamboo_rank_local_register(&bambooLocal_a);
  bamboo_rank_local_register(&bambooLocal_b);
  bamboo_rank_local_register(&bambooLocal_calls);
  bamboo_rank_local_register(&bambooLocal_table);
  bamboo_rank_local_register(&bambooLocal_aligned);
}

static int count(void) { return ++*(int *)bamboo_rank_local_get(&bambooLocal_calls); }

static int rankMain(int argc, char **argv) {
  int rank, n = 0;
  bamboo_MPI_Init(&argc, &argv);
  bamboo_MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 3; ++i) {
    n = count();
    bamboo_MPI_Barrier(MPI_COMM_WORLD); // the other ranks of the process run meanwhile
  }
  struct node *a = bamboo_rank_local_get(&bambooLocal_a);
  struct node *b = bamboo_rank_local_get(&bambooLocal_b);
  int *table = bamboo_rank_local_get(&bambooLocal_table);
  printf("rank %d: calls %d, cycle %s, table %d %d %d, lazy %d, aligned %d\n", rank, n,
         a->next == b && b->next == a ? "ok" : "broken", table[0], table[1], table[2],
         *(int *)bamboo_rank_local_get(&bambooLocal_lazy),
         (int)((unsigned long)bamboo_rank_local_get(&bambooLocal_aligned) % 64));
  bamboo_MPI_Finalize();
  return 0;
}

int main(int argc, char **argv) { return bamboo_run(argc, argv, rankMain); }
