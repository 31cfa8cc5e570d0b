// A library header, found through -isystem: bamboo never rewrites it.
#pragma once
void exchange(int peer);
extern int shared_counter;
struct Registry {
  static int entries;
};
