#include "shared.h"
void other() { sync(); }
