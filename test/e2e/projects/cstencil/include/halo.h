/* halo.h - the ghost-cell exchange of a block (halo.c). */
#ifndef CSTENCIL_HALO_H
#define CSTENCIL_HALO_H

#include "grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Messages this rank has received so far (halo.c). */
extern long halo_messages;

void halo_exchange(grid_t *g);
void halo_release(void); /* frees the packing buffers */

#ifdef __cplusplus
}
#endif

#endif /* CSTENCIL_HALO_H */
