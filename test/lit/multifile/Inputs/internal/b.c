static int counter = 100;
static double scale[3] = {1, 2, 3};
int bump_b(void) { counter += 5; return counter + (int)scale[2]; }
