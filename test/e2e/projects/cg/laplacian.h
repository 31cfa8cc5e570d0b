// laplacian.h - the 1D Laplacian tridiag(-1, 2, -1) with zero Dirichlet boundaries.
#ifndef CG_LAPLACIAN_H
#define CG_LAPLACIAN_H

class DistVector;

// y = A x; refreshes the ghosts of x first (laplacian.cpp).
void apply_laplacian(DistVector &x, DistVector &y);

#endif
