/* CReach's assert.h: first on the include path when CReach preprocesses a
   file, so that `assert(e)` reaches the front end as a plain call it turns
   into an `assert` instruction. NDEBUG is ignored on purpose: the
   assertions are the properties to check. */
#ifndef CREACH_ASSERT_H
#define CREACH_ASSERT_H
void __creach_assert(int, const char *);
#undef assert
#define assert(e) __creach_assert((e), #e)
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
#ifndef static_assert
#define static_assert _Static_assert
#endif
#endif
#endif
