/* git's ignore rules as the tree reads them (tree_ignore.c): each verdict below is the one
 * `git check-ignore --no-index` gives on the same files. */
#define _GNU_SOURCE
#include "test.h"
#include "lib/tree/tree_impl.h"
#include "util/alloc.h"

#include <stdio.h>
#include <sys/stat.h>

static void put(const char *root, const char *rel, const char *data)
{
	char p[2048];
	size_t i;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	for (i = strlen(root) + 1; p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		mkdir(p, 0777);
		p[i] = '/';
	}
	sm_test_write_file(p, data, strlen(data));
}

TEST(ignore, rules_as_git)
{
	static const struct {
		const char *path;
		int ignored;
	} cases[] = {
		{"build/x.py", 1},        {"build/keep.py", 1}, /* no way back from an ignored dir */
		{"src/build/y.py", 1},    {"x.log", 1},
		{"keep.log", 0},          {"src/keep.log", 0},
		{"src/z.log", 1},         {"top.txt", 1},
		{"src/top.txt", 0},       {"docs/gen", 1},
		{"docs/a/b/gen", 1},      {"docs/a/gen/f.c", 1},
		{"src/cache/f", 1},       {"cache/f", 1},
		{"a/b.txt", 1},           {"a/x/y/b.txt", 1},
		{"#hash", 1},             {"trailing.txt", 1},
		{"sub/f.tmp", 1},         {"sub/important.tmp", 0},
		{"f.tmp", 0},             {"sub/local.txt", 1},
		{"sub/deeper/local.txt", 0}, {"sub/deeper/g.tmp", 1},
		{"excluded.c", 1},        {"src/excluded.c", 1},
		{"src/ok.c", 0},          {"not/made/yet/x.log", 1},
	};
	const char *root = sm_test_tmpdir();
	seam_session *s = NULL;
	seam_tree *t = NULL;
	size_t i;

	put(root, ".gitignore", "# comment\nbuild/\n!build/keep.py\n*.log\n!keep.log\n/top.txt\n"
				"docs/**/gen\n**/cache\na/**/b.txt\n\\#hash\ntrailing.txt   \n"
				"x/**/**/**/y\n");
	put(root, "sub/.gitignore", "*.tmp\r\n!important.tmp\n/local.txt\n");
	put(root, ".git/info/exclude", "excluded.c\n");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		put(root, cases[i].path, "x\n");
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, root), SEAM_OK);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sm_buf why = SM_BUF_INIT;
		int got = sm_ignore_path(t->rootfd, t->root, cases[i].path, &why);
		sm_buf_dispose(&why);
		if (got != cases[i].ignored)
			sm_test_fail(__FILE__, __LINE__, "%s: ignored %d, git says %d", cases[i].path,
				     got, cases[i].ignored);
	}
	/* the listing gives the same verdicts */
	{
		sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
		char *out = NULL;
		CHECK_INT(sm_disk_list(t), 0);
		for (i = 0; i < t->nnames; i++) {
			size_t k;
			for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
				if (!strcmp(t->names[i], cases[k].path) &&
				    t->ignored[i] != cases[k].ignored)
					sm_test_fail(__FILE__, __LINE__, "listing: %s: ignored %d",
						     cases[k].path, t->ignored[i]);
		}
		/* "g.tmp" fits only an ignored file: taken, and said */
		CHECK_INT(sm_name_match(t->names, t->ignored, t->nnames, "g.tmp", 0, &out, &note, &why),
			  SEAM_STATUS_APPLIED);
		CHECK_STR(out, "sub/deeper/g.tmp");
		CHECK(strstr(note.ptr, "which git ignores") != NULL);
		sm_free(out);
		out = NULL;
		/* "local.txt" fits a kept file and an ignored one: the kept one, never ambiguous */
		CHECK_INT(sm_name_match(t->names, t->ignored, t->nnames, "local.txt", 0, &out, &note,
					&why),
			  SEAM_STATUS_APPLIED);
		CHECK_STR(out, "sub/deeper/local.txt");
		CHECK(strstr(note.ptr, "such as 'sub/local.txt'") != NULL);
		sm_free(out);
		out = NULL;
		/* without the flags, as before: two files fit */
		CHECK_INT(sm_name_match(t->names, NULL, t->nnames, "local.txt", 0, &out, &note, &why),
			  SEAM_STATUS_AMBIGUOUS);
		/* two ignored files and no kept one: ambiguous, said */
		CHECK_INT(sm_name_match(t->names, t->ignored, t->nnames, "b.txt", 0, &out, &note, &why),
			  SEAM_STATUS_AMBIGUOUS);
		CHECK(strstr(why.ptr, "all ignored by git") != NULL);
		sm_buf_dispose(&note);
		sm_buf_dispose(&why);
	}
	seam_tree_free(t);
	seam_session_free(s);
}

/* A hostile .gitignore: long, many '**', no newline at the end; the rules stay bounded. */
TEST(ignore, hostile_files)
{
	const char *root = sm_test_tmpdir();
	static char big[SM_IGNORE_MAX_BYTES * 2];
	seam_session *s = NULL;
	seam_tree *t = NULL;
	size_t i, n = 0;

	/* patterns with too many '**' are skipped; those with two are matched, and the
	   stars of a component never backtrack exponentially */
	while (n + 80 < sizeof(big)) {
		memcpy(big + n, "**/**/**/**/*a*a*a*a*a*a*a*a*b\n", 31);
		n += 31;
		memcpy(big + n, "**/x/**/*a*a*a*a*a*a*a*a*a*a*a*a*b\n", 35);
		n += 35;
	}
	memcpy(big + n, "deep*", 5);
	big[n + 5] = '\0';
	put(root, ".gitignore", big);
	put(root, "a/b/c/d/e/f/aaaaaaaaaaaaaaaaaaaaaaaaaaaac", "x\n");
	put(root, "x/b/c/x/e/f/aaaaaaaaaaaaaaaaaaaaaaaaaaaab", "x\n");
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, root), SEAM_OK);
	CHECK_INT(sm_ignore_path(t->rootfd, t->root, "a/b/c/d/e/f/aaaaaaaaaaaaaaaaaaaaaaaaaaaac", NULL), 0);
	CHECK_INT(sm_ignore_path(t->rootfd, t->root, "x/b/c/x/e/f/aaaaaaaaaaaaaaaaaaaaaaaaaaaab", NULL), 1);
	CHECK_INT(sm_disk_list(t), 0);
	for (i = 0; i < t->nnames; i++)
		CHECK_INT(t->ignored[i], t->names[i][0] == 'x');
	seam_tree_free(t);
	seam_session_free(s);
}

/* patterns read from memory (the fuzz target's way in); a NUL byte ends its line, so no
   pattern is ever empty (fuzz/regress/ignore-nul-starts-a-pattern) */
TEST(ignore, parse_in_memory)
{
	static const char text[] = "\0*\nbuild/\n!keep\0.log\n\n# c\n/a/b\n";
	sm_ignore ig;
	size_t i;

	CHECK_INT(sm_ignore_parse(text, sizeof(text) - 1, "", &ig), 0);
	CHECK_INT((long)ig.n, 3);
	for (i = 0; i < ig.n; i++)
		CHECK(ig.v[i].p[0] != '\0');
	CHECK_INT(sm_ignore_match(&ig, 1, "x", 0, NULL), 0);
	CHECK_INT(sm_ignore_match(&ig, 1, "src/build", 1, NULL), 1);
	CHECK_INT(sm_ignore_match(&ig, 1, "src/build", 0, NULL), 0);
	CHECK_INT(sm_ignore_match(&ig, 1, "a/b", 0, NULL), 1);
	CHECK_INT(sm_ignore_match(&ig, 1, "q/a/b", 0, NULL), 0);
	sm_ignore_dispose(&ig);
}
