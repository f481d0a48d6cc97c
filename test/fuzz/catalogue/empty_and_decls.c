/* Construct: functions with no statements, only prototypes, a function returning void with an empty return. */
int proto(int);
void nothing(void) {}
void early(int x) { if (x) return; }
static void unused_static(void) { }
int g(void);
