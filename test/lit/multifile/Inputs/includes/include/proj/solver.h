// Found through -I: the translated file must be pointed at its translation.
#pragma once
#include "detail.h"
void solve(double *u, int n);
