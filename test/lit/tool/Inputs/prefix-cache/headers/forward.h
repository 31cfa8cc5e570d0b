/* Declarations of the user's own names only, before any system header. */
#ifndef PREFIX_FORWARD_H
#define PREFIX_FORWARD_H
struct prefix_grid;
int prefix_exchange(struct prefix_grid *grid);
#endif
