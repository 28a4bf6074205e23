/*
 * A host program linking libseam.a that has symbols of its own named like seam's internals
 * (sm_buf_put) and like the grammars seam builds in (tree_sitter_python): the link must not
 * clash, and each side must call its own. Then one reply applied through the public API, and
 * one built by calls (seam_reply_new, seam_reply_add_*).
 */
#include "seam.h"

#include <stdio.h>
#include <string.h>

/* The host's own: same names, other meanings. */
int sm_buf_put(void);
const void *tree_sitter_python(void);
int sm_buf_put(void)
{
	return 42;
}
const void *tree_sitter_python(void)
{
	return "the host's grammar";
}

int main(void)
{
	static const char reply[] = "a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n"
				    ">>>>>>> REPLACE\n```\n";
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	const char *got;
	size_t n = 0;
	int ok;

	if (sm_buf_put() != 42 || strcmp(tree_sitter_python(), "the host's grammar")) {
		fprintf(stderr, "host: its own functions were replaced by seam's\n");
		return 1;
	}
	ok = !seam_session_new(&s, NULL) && !seam_tree_new_memory(&t, s) &&
	     !seam_tree_put(t, "a.py", "x = 1\n", 6, 0644) &&
	     !seam_reply_parse(&r, s, reply, sizeof(reply) - 1) && !seam_plan_new(&p, s, r, t) &&
	     !seam_plan_commit(p);
	got = ok ? seam_tree_get(t, "a.py", &n) : NULL;
	ok = ok && got && n == 6 && !memcmp(got, "x = 2\n", 6);
	if (!ok)
		fprintf(stderr, "host: apply failed: %s\n", s ? seam_session_errmsg(s) : "no session");
	seam_plan_free(p);
	seam_reply_free(r);
	p = NULL;
	r = NULL;
	if (ok) {
		size_t f = 0;
		ok = !seam_reply_new(&r, s) && !seam_reply_add_file(r, s, "a.py", SEAM_OP_UPDATE, &f) &&
		     !seam_reply_add_replace(r, s, f, "x = 2", 5, "x = 3", 5, 0) &&
		     !seam_reply_add_insert(r, s, f, 0, "import os\n", 10) &&
		     !seam_plan_new(&p, s, r, t) && !seam_plan_commit(p);
		got = ok ? seam_tree_get(t, "a.py", &n) : NULL;
		ok = ok && got && n == 16 && !memcmp(got, "import os\nx = 3\n", 16);
		if (!ok)
			fprintf(stderr, "host: built reply failed: %s\n", seam_session_errmsg(s));
		seam_plan_free(p);
		seam_reply_free(r);
	}
	seam_tree_free(t);
	seam_session_free(s);
	return ok ? 0 : 1;
}
