// halo.h - the ghost-cell exchange of a Grid (halo.cpp).
#ifndef HEAT2D_HALO_H
#define HEAT2D_HALO_H

class Grid;

// Fills the ghost rows and columns of g.u from the four neighbours.
void exchange_halo(Grid &g);

#endif
