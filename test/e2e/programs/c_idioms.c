/* C idioms that mean something else, or do not compile, when C is compiled as C++ (issue 18:
   the translation of a C file stays C, compiled by mpicc). Each idiom is a function of its own;
   most of them communicate, so what rank 0 prints depends on the ranks and on the messages.
   Rank 0 prints one line per idiom: what it computed, then every rank's value (gathered).
   Built as gnu99 (statement expressions); warning-free under -Wall. */
#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size;

/* Gathers one value from every rank and prints "name: detail | v0 v1 ..." on rank 0. */
static void report(const char *name, const char *detail, long value) {
  long *all = malloc(size * sizeof *all); /* void * to long *: implicit in C */
  MPI_Gather(&value, 1, MPI_LONG, all, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("%s: %s |", name, detail);
    for (int r = 0; r < size; ++r)
      printf(" %ld", all[r]);
    printf("\n");
  }
  free(all);
}

static int ringInt(int value, int tag) {
  int got = -1;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv(&value, 1, MPI_INT, right, tag, &got, 1, MPI_INT, left, tag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  return got;
}

/* Idiom: sizeof(a == b) and sizeof 'a'. The result of ==, <, && and ! is an int in C, and a
   character constant is an int: each sizeof is 4 (C++: bool and char, 1). */
static void idiomSizeof(void) {
  int a = rank, b = 0;
  int sizes = (int)(sizeof(a == b) + sizeof(a < b) + sizeof(a && b) + sizeof(!a) + sizeof 'a');
  int total = 0;
  MPI_Allreduce(&sizes, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "sizeof(a == b) %d, sizeof 'a' %d, all five summed over ranks %d",
           (int)sizeof(a == b), (int)sizeof 'a', total);
  report("sizeof of comparisons and 'a'", detail, sizes * 10 + (a == b));
}

/* Idiom: a K&R declaration, no prototype: called with arguments before its definition (which
   has parameters, further down). */
int knrScale();

/* Idiom: an old-style (K&R) definition, with its parameters declared after the list; it calls
   MPI. Its callers have no prototype: an argument for `b` must be a double already. */
int knrOld(a, b)
  int a;
  double b;
{
  int me = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  return a * 100 + (int)(b * 2) + me;
}

static void idiomKnr(void) {
  int scaled = knrScale(rank, 3);
  int old = knrOld(rank + 1, 2.5);
  int total = 0;
  int mine = scaled + old;
  MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "knrScale(rank, 3) + knrOld(rank + 1, 2.5) summed %d", total);
  report("K&R declaration and definition", detail, mine);
}

int knrScale(int x, int k) {
  return x * k + 1;
}

/* Idiom: C++ keywords as member names; designated initializers out of order, an array
   designator and nested designators. */
struct keywords {
  int new, class, this, template, delete;
  int arr[5];
  struct {
    int b, c;
  } a;
};

static void idiomDesignators(void) {
  struct keywords k = {.class = 2, .new = 1, .arr[3] = 7, .a.b = 1, .delete = rank * 2,
                       .template = rank, .this = size, .a.c = 5};
  int v[6] = {[3] = 7, [1] = rank, [5] = 2};
  int class = k.new + k.class; /* a C++ keyword as a local variable's name */
  k.arr[0] = v[1] + v[3] + v[5] + class;
  /* A ring of the whole struct (all ints, no padding): each rank reads its left neighbour's. */
  struct keywords left;
  int right_rank = (rank + 1) % size, left_rank = (rank + size - 1) % size;
  MPI_Sendrecv(&k, (int)(sizeof k / sizeof(int)), MPI_INT, right_rank, 30, &left,
               (int)(sizeof left / sizeof(int)), MPI_INT, left_rank, 30, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  char detail[256];
  snprintf(detail, sizeof detail,
           "new %d class %d this %d template %d delete %d arr {%d,%d,%d,%d,%d} a {%d,%d}", k.new,
           k.class, k.this, k.template, k.delete, k.arr[0], k.arr[1], k.arr[2], k.arr[3],
           k.arr[4], k.a.b, k.a.c);
  report("keyword members, designators", detail,
         left.template * 10000L + left.delete * 1000L + left.arr[0] * 10L + left.a.c);
}

/* Idiom: bool, true and false are ordinary identifiers in C without <stdbool.h>: a variable, a
   parameter and a result (C++: keywords). */
static int pick(int true, int false) {
  return true ? true * 10 : false;
}

static void idiomBoolNames(void) {
  int bool = 3;
  int false = rank % 2;
  int true = 0;
  MPI_Allreduce(&bool, &true, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "bool %d, true (sum of bool) %d", bool, true);
  report("bool/true/false as names", detail, pick(false, bool) + true);
}

/* Idiom: `auto` as a storage class (C++11: type deduction; `auto int` does not compile). */
static void idiomAuto(void) {
  auto int x = rank * 3 + 1;
  auto int sum = 0;
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "sum of rank * 3 + 1: %d", sum);
  report("auto int", detail, x * 1000L + sum);
}

/* Idiom: a forward goto past a `for` that declares its variable and past an initialized
   declaration `double *b = malloc(...)`, to a label in b's scope: legal in C (C++: "jump
   bypasses variable initialization"). A token is received (MPI_Recv) before and sent on
   after the label. */
static void idiomGoto(void) {
  int token = 0;
  if (rank > 0)
    MPI_Recv(&token, 1, MPI_INT, rank - 1, 60, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  token += rank + 2;
  int result = token;
  if (token % 2 == 1)
    goto pass;
  for (int i = 0; i < 4; ++i)
    result += i * token;
  double *b = malloc(3 * sizeof *b);
  if (b == NULL)
    goto pass;
  for (int i = 0; i < 3; ++i)
    b[i] = token + i;
  result += (int)(b[0] + b[1] + b[2]);
  free(b);
pass:
  if (rank < size - 1)
    MPI_Send(&token, 1, MPI_INT, rank + 1, 60, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "token %d on rank 0 (odd tokens jump)", token);
  report("goto past declarations", detail, result);
}

/* Idiom: a string literal that fills its array exactly, without the '\0' (C++: too long),
   printed with %.3s; and a string literal as a `char *` (C++: const char *). */
static void idiomCharArray(void) {
  char s[3] = "abc";
  char *word = "xyz";
  s[rank % 3] = (char)('A' + rank % 26);
  char *all = malloc(3 * size);
  MPI_Gather(s, 3, MPI_CHAR, all, 3, MPI_CHAR, 0, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "%.3s (sizeof %d), %s, gathered %.*s", s, (int)sizeof s, word,
           rank == 0 ? 3 * size : 0, rank == 0 ? all : "");
  report("char s[3] = \"abc\"", detail, s[0] + s[1] + s[2]);
  free(all);
}

/* Idiom: an int assigned to an enum, and ++, ++ and -= on an enum variable whose values are
   used (C++: no ++ for an enum, no conversion from int). */
enum phase { PH_INIT, PH_RUN, PH_DONE };

static void idiomEnum(void) {
  enum phase e = rank % 3;
  int k = e++;
  int k2 = ++e;
  int k3 = (e -= 2);
  int left = ringInt(k2, 40);
  char detail[256];
  snprintf(detail, sizeof detail, "k %d k2 %d k3 %d e %d, left's k2 %d", k, k2, k3, (int)e, left);
  report("++ on an enum used as a value", detail, k * 100 + k2 * 10 + k3 + left * 1000L);
}

/* Idiom: a parameter of variably modified type, `double a[n][m]`, in a function that waits:
   a halo exchange of the array's rows. Rows 0 and n - 1 are halos. */
static double vlaHalo(int n, int m, double a[n][m]) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv(a[1], m, MPI_DOUBLE, left, 70, a[n - 1], m, MPI_DOUBLE, right, 70, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(a[n - 2], m, MPI_DOUBLE, right, 71, a[0], m, MPI_DOUBLE, left, 71, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  double sum = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      sum += a[i][j];
  return sum + (double)(sizeof a[0] / sizeof a[0][0]); /* a row's size: m doubles, at run time */
}

static void idiomVla(void) {
  int n = 4, m = 2 + size;
  double (*p)[m] = malloc(n * sizeof *p); /* a pointer to a VLA type */
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      p[i][j] = (i == 0 || i == n - 1) ? -1 : rank * 100 + i * 10 + j;
  double s = vlaHalo(n, m, p);
  char detail[256];
  snprintf(detail, sizeof detail, "m %d, halo rows %g %g (from the left and the right)", m,
           p[0][0], p[n - 1][0]);
  report("VLA parameter double a[n][m]", detail, (long)s);
  free(p);
}

/* Idiom: a GNU statement expression whose block waits (MPI_Recv) and yields a value: a
   pipeline of prefix sums. */
static void idiomStatementExpression(void) {
  int prefix = rank == 0 ? 0 : ({
    int t = -1;
    MPI_Recv(&t, 1, MPI_INT, rank - 1, 80, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    t;
  });
  prefix += rank + 1;
  if (rank < size - 1)
    MPI_Send(&prefix, 1, MPI_INT, rank + 1, 80, MPI_COMM_WORLD);
  report("statement expression that waits", "prefix sums of rank + 1", prefix);
}

/* Idiom: a table of function pointers to functions that call MPI, called through it. */
static int opAllreduce(int v) {
  int s = 0;
  MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

static int opRing(int v) {
  return ringInt(v, 90) * 10 + v;
}

static void idiomFunctionPointers(void) {
  int (*ops[2])(int) = {opAllreduce, opRing};
  int a = ops[0](rank + 1);
  int b = ops[1](rank * a);
  int (*chosen)(int) = ops[size % 2]; /* the same choice on every rank */
  int c = chosen(b);
  char detail[256];
  snprintf(detail, sizeof detail, "allreduce %d, chosen ops[%d]", a, size % 2);
  report("function pointer table", detail, c * 10000L + b);
}

/* Idiom: _Bool, restrict, the address of a compound literal, array compound literals (one as
   a send buffer) and _Generic (a character constant is an int, a comparison an int). */
struct pt {
  int x, y;
};

static int dot3(const int *restrict a, const int *restrict b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

#define KIND(x) _Generic((x), _Bool: 1, char: 2, int: 3, double: 4, default: 0)

static void idiomC99(void) {
  _Bool odd = rank % 2;
  _Bool nonzero = rank + 5; /* any nonzero value converts to 1 */
  struct pt *q = &(struct pt){rank, 2};
  q->x += 1;
  int d = dot3((int[]){1, 2, 3}, (int[]){rank, odd, nonzero});
  int kinds = KIND(odd) * 1000 + KIND('a') * 100 + KIND(rank == 0) * 10 + KIND(0.5);
  int got[3] = {-1, -1, -1};
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv((int[]){odd, nonzero, d + q->x + q->y}, 3, MPI_INT, right, 50, got, 3, MPI_INT,
               left, 50, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  char detail[256];
  snprintf(detail, sizeof detail, "_Generic kinds %d, sizeof(_Bool) %d, own d %d q {%d,%d}", kinds,
           (int)sizeof(_Bool), d, q->x, q->y);
  report("_Bool restrict compound literals _Generic", detail,
         got[0] * 10000L + got[1] * 1000L + got[2]);
}

/* Idiom: file-scope statics declared together and modified per rank, and a function-local
   static tested and cleared on the first call. */
static double eps = 1e-9, half = 0.5;

static int firstCall(void) {
  static int first = 1;
  if (first) {
    first = 0;
    return 1;
  }
  return 0;
}

static void idiomStatics(void) {
  half += rank;
  eps *= rank + 1;
  int firsts = firstCall() * 10;
  firsts += firstCall();
  double halves = 0, maxEps = 0;
  MPI_Allreduce(&half, &halves, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&eps, &maxEps, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  int exact = fabs(half - (rank + 0.5)) < eps;
  char detail[256];
  snprintf(detail, sizeof detail, "sum of half %.1f, max eps %.1e", halves, maxEps);
  report("file and local statics", detail, firsts * 10 + exact);
}

/* Idiom: a cycle of file-scope structs whose static initializers point at each other. */
struct node {
  struct node *next;
  int v;
};
extern struct node nb;
struct node na = {&nb, 1}, nb = {&na, 2};

static void idiomCycle(void) {
  na.v += rank;
  long walk = 0;
  const struct node *p = &na;
  for (int i = 0; i < 5; ++i, p = p->next)
    walk = walk * 10 + p->v;
  int closed = na.next->next == &na && nb.next == &na;
  int total = 0;
  MPI_Allreduce(&na.v, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "closed %d, sum of na.v %d", closed, total);
  report("cycle of static initializers", detail, walk);
}

/* Idiom: a `static struct option`-like table whose entries point at file-scope ints: set
   through the table, read directly. */
static int flag_a;
int flag_b;
static struct opt {
  const char *name;
  int *flag;
  int val;
} opts[] = {{"a", &flag_a, 1}, {"b", &flag_b, 2}, {0, 0, 0}};

static void idiomOptionTable(void) {
  for (struct opt *o = opts; o->name; ++o)
    *o->flag = o->val * (rank + 1);
  int direct = flag_a * 100 + flag_b;
  int total = 0;
  MPI_Allreduce(&direct, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "%s and %s, sum of flag_a * 100 + flag_b %d", opts[0].name,
           opts[1].name, total);
  report("option table of pointers", detail, direct);
}

/* Idiom: double _Complex arithmetic (C++: std::complex), sent around a ring. */
static void idiomComplex(void) {
  double _Complex z = (1.0 + 2.0 * I) * (rank + 1.0 * I); /* (rank - 2) + (2 rank + 1) i */
  double _Complex w = 0;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv(&z, 1, MPI_C_DOUBLE_COMPLEX, right, 100, &w, 1, MPI_C_DOUBLE_COMPLEX, left, 100,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  double _Complex zw = z * conj(w);
  double parts[2] = {creal(z + w), cimag(z * w)}, sums[2] = {0, 0};
  MPI_Allreduce(parts, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  char detail[256];
  snprintf(detail, sizeof detail, "z %.1f%+.1fi, sum re(z + w) %.1f, sum im(z w) %.1f",
           creal(z), cimag(z), sums[0], sums[1]);
  report("double _Complex", detail, (long)creal(zw) * 1000 + (long)cimag(zw));
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  idiomSizeof();
  idiomKnr();
  idiomDesignators();
  idiomBoolNames();
  idiomAuto();
  idiomGoto();
  idiomCharArray();
  idiomEnum();
  idiomVla();
  idiomStatementExpression();
  idiomFunctionPointers();
  idiomC99();
  idiomStatics();
  idiomCycle();
  idiomOptionTable();
  idiomComplex();
  MPI_Finalize();
  return 0;
}
