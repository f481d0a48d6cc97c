/* Construct: UTF-8 outside ASCII: in comments (ééé ∀x ∃y), in strings, and in identifiers (C99 universal characters). */
int f(int größe)
{
    const char *s = "naïve ✓";
    int \u00e9t\u00e9 = größe + 1;
    if (été == 3 && s[0] == 'n')
        return 1;
    return 0;
}
