/* Construct: self-referential structs (a list walk, insertion at the head, a cycle check). */
#include <stddef.h>

struct node { int key; struct node *next; };

int length(struct node *l)
{
    int n = 0;
    for (; l != NULL; l = l->next)
        n++;
    return n;
}

int f(struct node *l, int key)
{
    struct node extra = { key, l };
    struct node *slow = l, *fast = l;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
        if (slow == fast)
            return -1;
    }
    if (length(&extra) == 3 && l->next->key == key)
        return 1;
    return 0;
}
