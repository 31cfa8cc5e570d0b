#pragma once
#define prefix_n 4
