/* params.h - the problem: sizes, sweeps, and the tags of the halo messages. */
#ifndef CSTENCIL_PARAMS_H
#define CSTENCIL_PARAMS_H

#define GLOBAL_NX 46 /* interior rows of the whole grid */
#define GLOBAL_NY 35 /* interior columns */
#define NSWEEPS 300
#define REPORT_EVERY 75

#define TOP_VALUE 1.0  /* Dirichlet value of the top edge */
#define LEFT_VALUE 0.5 /* ... and of the left edge; the others are 0 */

enum halo_tag { TAG_NORTHWARD = 100, TAG_SOUTHWARD, TAG_WESTWARD, TAG_EASTWARD };

#endif /* CSTENCIL_PARAMS_H */
