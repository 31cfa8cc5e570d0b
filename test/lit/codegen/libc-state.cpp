// The C library's functions with hidden state (rand, random, drand48, strtok,
// getopt) become bamboo::libc's, which keep one state per virtual rank (and
// exit, which ends the rank, not the process): every
// use of the library's name, qualified or not, also in a macro's body and as a
// function pointer; getopt's variables become calls of accessors. A function
// of the user's with such a name stays.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <mpi.h>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#define DRAW() (std::rand() % 6)
// CHECK: #define DRAW() (bamboo::libc::rand() % 6)
namespace mine {
int random() { return 4; }
} // namespace mine
int (*generator)() = rand;
// CHECK: struct BambooGlobal_generator { int (*generator)() = bamboo::libc::rand; }; {{.*}}
int roll(int faces) {
  MPI_Barrier(MPI_COMM_WORLD);
  return std::rand() % faces + DRAW() + mine::random() + generator();
  // CHECK: return bamboo::libc::rand() % faces + DRAW() + mine::random() + bambooGlobal_generator()();
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  srand(7);
  // CHECK: bamboo::libc::srand(7);
  ::srandom(8);
  // CHECK: bamboo::libc::srandom(8);
  char text[] = "a b";
  char *t = strtok(text, " ");
  // CHECK: char *t = bamboo::libc::strtok(text, " ");
  int r = roll(6) + (t != nullptr) + (int)(drand48() * 10) + (int)std::strlen(text);
  // CHECK: int r = roll(6) + (t != nullptr) + (int)(bamboo::libc::drand48() * 10) + (int)std::strlen(text);
  while (getopt(argc, argv, "x:") != -1)
    // CHECK: while (bamboo::libc::getopt(argc, argv, "x:") != -1)
    r += optarg != nullptr;
    // CHECK: r += bamboo::libc::optarg() != nullptr;
  r += optind + opterr;
  // CHECK: r += bamboo::libc::optind() + bamboo::libc::opterr();
  MPI_Finalize();
  if (r > 1000)
    std::exit(1);
  // CHECK: bamboo::libc::exit(1);
  return r < 0;
}
