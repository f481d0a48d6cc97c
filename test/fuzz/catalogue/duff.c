/* Construct: Duff's device (a switch whose cases jump into a do-while loop). */
void copy(int *to, const int *from, int count)
{
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

int f(int count)
{
    int a[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    int b[16] = {0};
    if (count < 1 || count > 16)
        return -1;
    copy(b, a, count);
    if (b[count - 1] == 11)
        return 1;
    return 0;
}
