// heat.h - time stepping of the heat2d program (heat.cpp).
#ifndef HEAT2D_HEAT_H
#define HEAT2D_HEAT_H

class Grid;

// Advances g by the given number of explicit steps, exchanging ghost cells before each.
void run_steps(Grid &g, int steps);

#endif
