// Included twice, without a guard, with a different macro each time.
#ifdef FIRST
inline void first() { MPI_Barrier(MPI_COMM_WORLD); }
#else
inline void second() { MPI_Barrier(MPI_COMM_WORLD); }
#endif
