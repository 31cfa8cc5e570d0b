#pragma once
int prefix_fill(double *out, int prefix_n);
