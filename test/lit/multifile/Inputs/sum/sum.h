// Declared here, defined in sum.cpp, called in main.cpp.
#pragma once
int global_sum(int x);
