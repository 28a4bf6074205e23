/* The quotes of the snippet flow's first step, on ordinary and hostile replies. */
#include "test.h"
#include "lib/loop/quotes.h"

#include <stdlib.h>
#include <string.h>

TEST(loop_quotes, names_and_bodies)
{
	const char *t = "Two places:\n\n**src/a.py**\n<selected_snippet>\ndef f():\n    pass\n"
			"</selected_snippet>\n\nb.c\n<selected_snippet>int x;\n</selected_snippet>\n";
	sm_quote q[4];
	size_t n = 0;

	CHECK_INT(sm_quotes_find(t, strlen(t), q, 4, &n), 0);
	CHECK_INT(n, 2);
	CHECK_STR(q[0].path, "src/a.py");
	CHECK(q[0].n == strlen("def f():\n    pass\n") && !memcmp(q[0].p, "def f():\n    pass\n", q[0].n));
	CHECK_INT(q[0].line, 4);
	CHECK_STR(q[1].path, "b.c");
	CHECK(q[1].n == 7 && !memcmp(q[1].p, "int x;\n", 7));
	CHECK_INT(q[1].line, 10);
}

TEST(loop_quotes, pairs_are_not_quotes_and_hostile_input_is_bounded)
{
	const char *pair = "a.py\n<selected_snippet>\nx\n</selected_snippet>\n<updated_snippet>\ny\n"
			   "</updated_snippet>\n";
	const char *open = "a.py\n<selected_snippet>\nx\n";
	sm_quote *q = malloc(SM_QUOTES_MAX * sizeof(*q));
	size_t n = 99, i, len;
	char *many;

	CHECK(q != NULL);
	CHECK_INT(sm_quotes_find(pair, strlen(pair), q, SM_QUOTES_MAX, &n), 1);
	CHECK_INT(sm_quotes_find(open, strlen(open), q, SM_QUOTES_MAX, &n), 0);
	CHECK_INT(n, 0); /* never closed: no quote */
	/* a thousand quotes: at most SM_QUOTES_MAX kept */
	len = 1000 * 50 + 10;
	many = malloc(len);
	CHECK(many != NULL);
	strcpy(many, "a.py\n");
	for (i = 0; i < 1000; i++)
		strcat(many, "<selected_snippet>\nx\n</selected_snippet>\n");
	CHECK_INT(sm_quotes_find(many, strlen(many), q, SM_QUOTES_MAX, &n), 0);
	CHECK_INT(n, SM_QUOTES_MAX);
	free(many);
	/* a name line longer than a path: no name, no crash */
	many = malloc(5000);
	CHECK(many != NULL);
	memset(many, 'a', 4000);
	memcpy(many + 4000, ".py\n<selected_snippet>\nx\n</selected_snippet>\n", 44);
	CHECK_INT(sm_quotes_find(many, 4044, q, SM_QUOTES_MAX, &n), 0);
	CHECK_INT(n, 1);
	CHECK(strlen(q[0].path) <= SM_QUOTE_PATH);
	free(many);
	free(q);
}
