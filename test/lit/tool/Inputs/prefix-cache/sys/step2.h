#pragma once
int step(int, int);
