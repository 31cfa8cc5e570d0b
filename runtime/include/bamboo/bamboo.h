// bamboo/bamboo.h - everything a program of the Bamboo runtime includes.
#pragma once

// A translated C file is one extern "C" block (docs/c.md); the runtime is C++ all the same.
extern "C++" {
#include "bamboo/libc.h"
#include "bamboo/mpi.h"
#include "bamboo/rank_local.h"
#include "bamboo/region.h"
#include "bamboo/runtime.h"
}
