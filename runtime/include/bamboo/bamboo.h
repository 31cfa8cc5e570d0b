/* bamboo/bamboo.h - everything a program of the Bamboo runtime includes: the C++ interface in
 * C++, the C interface (bamboo/c.h) in C. */
#pragma once

#ifdef __cplusplus
#if __cplusplus < 201703L
#error "the Bamboo runtime's headers need C++17 or later (bamboo-cxx compiles older C++ as C++17)"
#endif
/* A C file translated as C++ is one extern "C" block (docs/c.md); the runtime is C++ all the
 * same. */
extern "C++" {
#include "bamboo/libc.h"
#include "bamboo/mpi.h"
#include "bamboo/rank_local.h"
#include "bamboo/region.h"
#include "bamboo/runtime.h"
#include "bamboo/send_in_parts.h"
}
#else
#include "bamboo/c.h"
#endif
