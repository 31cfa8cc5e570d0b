#ifndef PREFIX_AWARE_H
#define PREFIX_AWARE_H
#include <aware.h>
#endif
