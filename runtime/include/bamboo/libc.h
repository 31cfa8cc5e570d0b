// bamboo/libc.h - the C library functions whose hidden state must be one per virtual rank.
//
// rand, random, drand48, strtok and getopt keep state between calls in the process. Under MPI each
// rank is a process and has its own; virtual ranks share one process, and a rank that suspends
// between two calls would see another rank's draws. The translator calls these instead
// (docs/decisions.md): the same functions, with the state of the calling rank, seeded as the C
// library seeds a new process. Outside a rank (a thread the program starts itself) they are
// the C library's own.
#pragma once

struct option; // <getopt.h>

namespace bamboo::libc {

int rand() noexcept;
void srand(unsigned Seed) noexcept;
long random() noexcept;
void srandom(unsigned Seed) noexcept;

double drand48() noexcept;
long lrand48() noexcept;
long mrand48() noexcept;
void srand48(long Seed) noexcept;
unsigned short *seed48(unsigned short Seed[3]) noexcept;

char *strtok(char *Text, const char *Delimiters) noexcept;

// getopt's position (optind, optarg, opterr, optopt) per rank. The C library keeps more of it
// inside (within a group of short options), so ranks of a process parse one after another: a
// rank that starts while another is in the middle of its options is a fatal error.
int getopt(int Argc, char *const Argv[], const char *Options) noexcept;
int getopt_long(int Argc, char *const Argv[], const char *Options, const struct option *Long,
                int *Index) noexcept;
int getopt_long_only(int Argc, char *const Argv[], const char *Options, const struct option *Long,
                     int *Index) noexcept;
// exit(Status) in a virtual rank ends that rank with Status, as it would end the rank's
// process: the other ranks of the process go on. Allowed where a process may exit alone (before
// MPI_Init or after MPI_Finalize); in between it ends the job, as MPI does for a process that
// exits without finalizing. It unwinds the rank's code (an exception no `catch (...)` should
// swallow); outside a rank it is std::exit.
[[noreturn]] void exit(int Status);

int &optind() noexcept;
int &opterr() noexcept;
int &optopt() noexcept;
char *&optarg() noexcept;

} // namespace bamboo::libc
