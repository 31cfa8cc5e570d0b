// A plain library the program links with -lscale.
int scale(int x) { return 2 * x; }
