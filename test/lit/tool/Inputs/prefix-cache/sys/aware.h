/* A system header that tests a user header's guard: read before that header,
   it would declare the other aware(). */
#ifdef PREFIX_AWARE_H
int aware(int a, int b);
#else
int aware(int a);
#endif
