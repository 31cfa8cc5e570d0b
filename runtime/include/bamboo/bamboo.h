// bamboo/bamboo.h - everything a program of the Bamboo runtime includes.
#pragma once

#include "bamboo/mpi.h"
#include "bamboo/rank_local.h"
#include "bamboo/region.h"
#include "bamboo/runtime.h"
#include "bamboo/task.h"
