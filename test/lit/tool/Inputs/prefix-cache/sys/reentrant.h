/* No include guard, but a second include changes nothing, as libstdc++'s
   <cmath> is written. */
#define PREFIX_REENTRANT_TMP
#include <step.h>
#undef PREFIX_REENTRANT_TMP
