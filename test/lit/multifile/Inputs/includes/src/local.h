// Next to the source.
#pragma once
inline int twice(int x) { return 2 * x; }
