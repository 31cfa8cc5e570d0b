// A file without MPI: translated unchanged but for nothing at all.
int helper(int x) { return x + 1; }
