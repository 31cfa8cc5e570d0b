/* No include guard clang recognizes (an #else), and a second include adds a
   declaration. */
#ifndef PREFIX_COUNTED
#define PREFIX_COUNTED
int counted_first;
#else
int counted_again;
#endif
