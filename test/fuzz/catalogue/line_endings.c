/* Construct: unusual layout: CRLF line endings, a backslash-newline inside an identifier and a string, tabs, form feeds, a last line without newline. */
int f(int x)
{
	int va\
lue = x;
	const char *s = "ab\
cd";
	if (value == 3 && s[2] == 'c')
		return 1;
	return 0;
}
int g(int y) { return y; }