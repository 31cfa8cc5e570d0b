// A user header that defines a mutable global.
#pragma once
inline int counter = 0;
