#ifndef PREFIX_MARKER_H
#define PREFIX_MARKER_H
#include <marker.h>
#endif
