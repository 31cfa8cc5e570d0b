#pragma once
extern volatile int prefix_flag;
