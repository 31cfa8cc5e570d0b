// A function of a newer MPI than the one Bamboo knows.
int MPI_Frobnicate(int level);
