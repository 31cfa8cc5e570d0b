#pragma once
int step; /* <step.h> declares step() */
