#pragma once
int step(int);
