// bamboo/bamboo.h - everything a program of the Bamboo runtime includes.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
// GCC gives a coroutine's frame type external linkage and then warns when a local of the
// coroutine has a type from an anonymous namespace (GCC PR 101118). Translated code is made
// of coroutines whose locals often are such types; the warning would be new in every
// translation of warning-free code. It stays off for the rest of the file.
#pragma GCC diagnostic ignored "-Wsubobject-linkage"
#endif

// A translated C file is one extern "C" block (docs/c.md); the runtime is C++ all the same.
extern "C++" {
#include <memory> // translated variable-length arrays (std::unique_ptr)

#include "bamboo/libc.h"
#include "bamboo/mpi.h"
#include "bamboo/rank_local.h"
#include "bamboo/region.h"
#include "bamboo/runtime.h"
#include "bamboo/task.h"
}
