#include "shared.h"
int main(int argc, char **argv) { MPI_Init(&argc, &argv); sync(); MPI_Finalize(); }
