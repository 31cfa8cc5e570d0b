#include "kernels.h"
#include <cstdio>
int steps = 0;
double weights[4] = {1, 2, 3, 4};
int Tally::created = 10;
void Tally::report() const {
  ++events;
  std::printf("%d %d %d\n", total(), created, ticket());
}
