/* Construct: recursion on an array (binary search on a sorted parameter array) with a global call counter. */
int depth;

int find(const int *a, int lo, int hi, int key)
{
    depth++;
    if (lo > hi)
        return -1;
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key)
        return mid;
    if (a[mid] < key)
        return find(a, mid + 1, hi, key);
    return find(a, lo, mid - 1, key);
}

int f(int a[4], int key)
{
    depth = 0;
    if (find(a, 0, 3, key) == 3 && depth == 3)
        return 1;
    return 0;
}
