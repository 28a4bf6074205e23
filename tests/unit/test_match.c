/*
 * The matcher ladder and the splice, one tier at a time, on in-memory files. An edit is written
 * as diff lines (" ctx", "-old", "+new"); block edits (SEARCH/REPLACE) as "-" then "+" lines
 * with block = 1.
 */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "lib/plan/plan.h"
#include "lib/match/match.h"
#include "util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct result {
	int status;
	const char *strategy;
	long start, end;
	char *out;     /* the file after (malloc'd) */
	char *message; /* malloc'd copy */
} result;

/* Applies one edit written as diff lines to `file`; fills r. */
static const char *anchor_text[4];
/* The file's name: its extension gives the language of placeholder comments. */
static const char *edit_path = "t.txt";

/* block: 0 a hunk, 1 a block (SM_KIND_BLOCK), or another kind */
static void run_edit_full(const char *file, const char *edit, int block, long hint, unsigned flags,
			  result *r)
{
	seam_reply reply;
	seam_plan plan;
	sm_pfile pf;
	sm_pstate st;
	sm_pedit pe;
	sm_edit e;
	sm_buf b = SM_BUF_INIT;
	const char *p = edit;

	memset(r, 0, sizeof(*r));
	memset(&reply, 0, sizeof(reply));
	reply.format = block ? SEAM_FORMAT_EDITBLOCK : SEAM_FORMAT_UDIFF;
	memset(&plan, 0, sizeof(plan));
	plan.r = &reply;
	memset(&pf, 0, sizeof(pf));
	pf.path = (char *)edit_path;
	memset(&st, 0, sizeof(st));
	memset(&pe, 0, sizeof(pe));
	memset(&e, 0, sizeof(e));
	e.hint_start = hint;
	e.hint_len = -1;
	e.reply_line = 1;
	e.kind = (sm_edit_kind)block;
	e.flags = flags;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n == 0)
			sm_edit_add_line(&e, ' ', p, 0);
		else
			sm_edit_add_line(&e, p[0], p + 1, n - 1);
		p += n + (nl ? 1 : 0);
	}
	for (int k = 0; k < 4 && anchor_text[k]; k++)
		sm_edit_add_anchor(&e, anchor_text[k], strlen(anchor_text[k]));
	sm_image_load(&st.im, file, strlen(file));
	st.exists = 1;
	if (sm_plan_update_edit(&plan, &pf, &st, &e, &pe)) {
		r->status = -1;
	} else {
		r->status = pe.status;
		r->strategy = pe.strategy;
		r->start = pe.start_line;
		r->end = pe.end_line;
		sm_image_render(&st.im, &b);
		r->out = strdup(b.ptr ? b.ptr : "");
		r->message = strdup(pe.message ? pe.message : "");
	}
	sm_buf_dispose(&b);
	sm_free(pe.message);
	sm_free(e.lines);
	sm_free(e.anchors);
	sm_image_dispose(&st.im);
	sm_pool_dispose(&plan.pool);
}

static void run_edit(const char *file, const char *edit, int block, long hint, result *r)
{
	run_edit_full(file, edit, block, hint, 0, r);
}

static void run_edit_flags(const char *file, const char *edit, unsigned flags, result *r)
{
	run_edit_full(file, edit, 0, 0, flags, r);
}

static void done(result *r)
{
	free(r->out);
	free(r->message);
}

/* 0 when the edit gives the status, strategy and output wanted (NULL: not checked). */
static int check_apply(const char *where, int line, const char *file, const char *edit, int block,
		       int want_status, const char *want_strategy, const char *want_out)
{
	result r;
	int bad = 0;

	run_edit(file, edit, block, 0, &r);
	if (r.status != want_status) {
		sm_test_fail(where, line, "status %d (%s), want %d; %s", r.status,
			     r.strategy ? r.strategy : "", want_status, r.message ? r.message : "");
		bad = 1;
	} else if (want_strategy && strcmp(r.strategy, want_strategy)) {
		sm_test_fail(where, line, "strategy %s, want %s", r.strategy, want_strategy);
		bad = 1;
	} else if (want_out && strcmp(r.out, want_out)) {
		sm_test_fail(where, line, "--- got\n%s--- want\n%s", r.out, want_out);
		bad = 1;
	}
	done(&r);
	return bad;
}

#define APPLY(file, edit, block, st, strategy, out)                                         \
	do {                                                                                \
		if (check_apply(__FILE__, __LINE__, file, edit, block, st, strategy, out))  \
			return;                                                             \
	} while (0)

static const char *PY = "import os\n"
			"\n"
			"def load(path):\n"
			"    # read the whole file\n"
			"    with open(path) as f:\n"
			"        data = f.read()\n"
			"    return data\n"
			"\n"
			"def save(path, data):\n"
			"    with open(path, \"w\") as f:\n"
			"        f.write(data)\n";

TEST(match, exact)
{
	APPLY(PY, " def load(path):\n-    # read the whole file\n+    # read it all\n", 0,
	      SEAM_STATUS_APPLIED, "exact",
	      "import os\n\ndef load(path):\n    # read it all\n    with open(path) as f:\n"
	      "        data = f.read()\n    return data\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, trailing_whitespace_keeps_file_bytes)
{
	const char *file = "a = 1  \nb = 2\nc = 3\n";
	APPLY(file, " a = 1\n-b = 2\n+b = 20\n c = 3\n", 0, SEAM_STATUS_APPLIED, "whitespace",
	      "a = 1  \nb = 20\nc = 3\n");
}

TEST(match, typography_folded)
{
	const char *file = "msg = \"it's done\"\nx = 1\n";
	APPLY(file, " msg = \xE2\x80\x9Cit\xE2\x80\x99s done\xE2\x80\x9D\n-x = 1\n+x = 2\n", 0,
	      SEAM_STATUS_APPLIED, "typography", "msg = \"it's done\"\nx = 2\n");
}

TEST(match, indentation_shift_applied_to_new_side)
{
	/* the model dropped the common indentation of the block */
	APPLY(PY, " with open(path) as f:\n-    data = f.read()\n+    data = f.read().strip()\n", 0,
	      SEAM_STATUS_APPLIED, "indentation",
	      "import os\n\ndef load(path):\n    # read the whole file\n    with open(path) as f:\n"
	      "        data = f.read().strip()\n    return data\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, indentation_shift_leaves_whitespace_only_lines)
{
	/* a whitespace-only line carries no indentation: it is written as the reply wrote it, not
	   moved with the block (aider's rule; the committed files of the dev set agree) */
	const char *file = "def f():\n    a = 1\n    b = 2\n";
	APPLY(file, "-a = 1\n-b = 2\n+a = 1\n+  \n+b = 3\n", 1, SEAM_STATUS_APPLIED,
	      "indentation", "def f():\n    a = 1\n  \n    b = 3\n");
}

TEST(match, indentation_shift_writes_whitespace_only_context_as_given)
{
	/* a SEARCH/REPLACE block found shifted gives the region's new text whole: a
	   whitespace-only line on both its sides is written as the reply has it too, not kept
	   as the file's differing whitespace (aider's rule, as for added lines) */
	const char *file = "def f():\n    a = 1\n        \n    b = 2\n";
	APPLY(file, "-a = 1\n-  \n-b = 2\n+a = 1\n+  \n+b = 3\n", 1, SEAM_STATUS_APPLIED,
	      "indentation", "def f():\n    a = 1\n  \n    b = 3\n");
	/* not shifted: the file's own line stays */
	APPLY(file, "-    a = 1\n-  \n-    b = 2\n+    a = 1\n+  \n+    b = 3\n", 1,
	      SEAM_STATUS_APPLIED, "whitespace", "def f():\n    a = 1\n        \n    b = 3\n");
}

TEST(match, indentation_tabs_written_as_spaces)
{
	const char *file = "int f(void)\n{\n\tif (x)\n\t\treturn 1;\n\treturn 0;\n}\n";
	APPLY(file, "-    if (x)\n-        return 1;\n+    if (x && y)\n+        return 1;\n", 1,
	      SEAM_STATUS_APPLIED, "indentation",
	      "int f(void)\n{\n\tif (x && y)\n\t\treturn 1;\n\treturn 0;\n}\n");
}

TEST(match, blank_line_dropped_by_model)
{
	APPLY(PY, "-    return data\n-def save(path, data):\n+    return data.upper()\n+\n+def save(path, data):\n",
	      1, SEAM_STATUS_APPLIED, "blank-lines",
	      "import os\n\ndef load(path):\n    # read the whole file\n    with open(path) as f:\n"
	      "        data = f.read()\n    return data.upper()\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, elision_keeps_elided_lines)
{
	APPLY(PY, " def load(path):\n ...\n-    return data\n+    return data or ''\n", 0,
	      SEAM_STATUS_APPLIED, "elision",
	      "import os\n\ndef load(path):\n    # read the whole file\n    with open(path) as f:\n"
	      "        data = f.read()\n    return data or ''\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, dropped_comment_context_kept)
{
	/* the hunk forgot "# read the whole file" */
	APPLY(PY, " def load(path):\n     with open(path) as f:\n-        data = f.read()\n+        data = f.read(100)\n",
	      0, SEAM_STATUS_APPLIED, "diff-repair",
	      "import os\n\ndef load(path):\n    # read the whole file\n    with open(path) as f:\n"
	      "        data = f.read(100)\n    return data\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, search_missing_line_that_replace_has)
{
	/* SEARCH dropped the comment, REPLACE kept it: written once, not twice */
	APPLY(PY, "-def load(path):\n-    with open(path) as f:\n+def load(path):\n+    # read the whole file\n+    with open(path, 'rb') as f:\n",
	      1, SEAM_STATUS_APPLIED, "diff-repair",
	      "import os\n\ndef load(path):\n    # read the whole file\n    with open(path, 'rb') as f:\n"
	      "        data = f.read()\n    return data\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, unmarked_addition)
{
	/* "import sys" is written as context but is nowhere in the file: it is an addition */
	APPLY(PY, " import os\n import sys\n \n def load(path):\n", 0, SEAM_STATUS_APPLIED,
	      "diff-repair",
	      "import os\nimport sys\n\ndef load(path):\n    # read the whole file\n    with open(path) as f:\n"
	      "        data = f.read()\n    return data\n\ndef save(path, data):\n"
	      "    with open(path, \"w\") as f:\n        f.write(data)\n");
}

TEST(match, merged_hunks_split)
{
	char file[4096] = "";
	char want[4096] = "";
	int i;
	for (i = 0; i < 30; i++) {
		char line[64];
		snprintf(line, sizeof(line), "value_%d = compute(%d)\n", i, i);
		strcat(file, line);
		if (i == 3)
			strcat(want, "value_3 = compute(33)\n");
		else if (i == 25)
			strcat(want, "value_25 = compute(2525)\n");
		else
			strcat(want, line);
	}
	APPLY(file,
	      " value_2 = compute(2)\n-value_3 = compute(3)\n+value_3 = compute(33)\n value_4 = compute(4)\n"
	      " value_24 = compute(24)\n-value_25 = compute(25)\n+value_25 = compute(2525)\n value_26 = compute(26)\n",
	      0, SEAM_STATUS_APPLIED, "merged-hunk", want);
}

/* A file where the first half of a merged block stands whole once (after a line of its own)
 * and, but for that line, twice more, one copy right above the second half. */
static const char *TWIN_C = "int tally(int n)\n"
			    "{\n"
			    "\tlong seed = prime(n);\n"
			    "\tif (n < 1) {\n"
			    "\t\tif (n == cap) {\n"
			    "\t\t\tlong block = ring(0);\n"
			    "\t\t}\n"
			    "\t}\n"
			    "\tif (n < 1) {\n"
			    "\t\tif (n == cap) {\n"
			    "\t\t\tlong block = ring(0);\n"
			    "\t\t}\n"
			    "\t}\n"
			    "\tint left = check(n);\n"
			    "\treturn left;\n"
			    "}\n"
			    "\n"
			    "int emit(int opt)\n"
			    "{\n"
			    "\tif (n < 1) {\n"
			    "\t\tif (n == cap) {\n"
			    "\t\t\tlong block = ring(0);\n"
			    "\t\t}\n"
			    "\t}\n"
			    "\tfor (size_t k = 0; k < opt; k++) {\n"
			    "\t\t// walk the ring once\n"
			    "\t}\n"
			    "\tfor (size_t k = 0; k < opt; k++) {\n"
			    "\t\tscan(k);\n"
			    "\t}\n"
			    "\treturn 0;\n"
			    "}\n";

/* A merged SEARCH/REPLACE block (two blocks made one, the lines between left out) whose halves
 * each stand as written in one way only: lines 8-13 and 27-30. The half above has copies, but
 * for its first line, nearer the second half (lines 20-24); the alignment and the split took
 * that copy, a line short, and moved a line of emit() (bench/oracle.py, merged-hunks). Each
 * half holding every one of its lines places the block. */
TEST(match, merged_block_halves_standing_whole_place_it)
{
	const char *edit = "-\t}\n"
			   "-\tif (n < 1) {\n"
			   "-\t\tif (n == cap) {\n"
			   "-\t\t\tlong block = ring(0);\n"
			   "-\t\t}\n"
			   "-\t}\n"
			   "-\t}\n"
			   "-\tfor (size_t k = 0; k < opt; k++) {\n"
			   "-\t\tscan(k);\n"
			   "-\t}\n"
			   "+\t}\n"
			   "+\tif (n < 1) {\n"
			   "+\t\tif (n == cap) {\n"
			   "+\t\t}\n"
			   "+\t\t\tlong block = ring(0);\n"
			   "+\t}\n"
			   "+\t}\n"
			   "+\tfor (size_t k = 0; k < opt; k++) {\n"
			   "+\t\tscan(k + 1);\n"
			   "+\t}\n";
	/* the second copy's "long block" below its "}", and scan(k) changed: nothing else */
	const char *want = "int tally(int n)\n"
			   "{\n"
			   "\tlong seed = prime(n);\n"
			   "\tif (n < 1) {\n"
			   "\t\tif (n == cap) {\n"
			   "\t\t\tlong block = ring(0);\n"
			   "\t\t}\n"
			   "\t}\n"
			   "\tif (n < 1) {\n"
			   "\t\tif (n == cap) {\n"
			   "\t\t}\n"
			   "\t\t\tlong block = ring(0);\n"
			   "\t}\n"
			   "\tint left = check(n);\n"
			   "\treturn left;\n"
			   "}\n"
			   "\n"
			   "int emit(int opt)\n"
			   "{\n"
			   "\tif (n < 1) {\n"
			   "\t\tif (n == cap) {\n"
			   "\t\t\tlong block = ring(0);\n"
			   "\t\t}\n"
			   "\t}\n"
			   "\tfor (size_t k = 0; k < opt; k++) {\n"
			   "\t\t// walk the ring once\n"
			   "\t}\n"
			   "\tfor (size_t k = 0; k < opt; k++) {\n"
			   "\t\tscan(k + 1);\n"
			   "\t}\n"
			   "\treturn 0;\n"
			   "}\n";

	APPLY(TWIN_C, edit, 1, SEAM_STATUS_APPLIED, "merged-hunk", want);
}

/* A merged block whose second half starts with a line the SEARCH side wrote with a curly
 * quote: the diff of the two sides pairs that line with nothing, so the new side is cut where
 * it holds the lines around the cut, compared as the typography tier compares them */
TEST(match, merged_block_cut_at_a_curly_quote_line)
{
	static const char F[] = "def alpha(rows):\n"
				"    label = \"alpha\"\n"
				"    for row in rows:\n"
				"        row.mark()\n"
				"    return label\n"
				"\n"
				"\n"
				"def beta(rows):\n"
				"    label = \"beta\"\n"
				"    for row in rows:\n"
				"        row.wipe()\n"
				"    return label\n";
	static const char W[] = "def alpha(rows):\n"
				"    label = \"alpha\"\n"
				"    for row in rows:\n"
				"        row.mark(1)\n"
				"    return label\n"
				"\n"
				"\n"
				"def beta(rows):\n"
				"    label = \"beta\"\n"
				"    for row in rows:\n"
				"        row.wipe(1)\n"
				"    return label\n";

	APPLY(F,
	      "-    label = \"alpha\"\n-    for row in rows:\n-        row.mark()\n-    return label\n"
	      "-    label = \xe2\x80\x9c" "beta\"\n-    for row in rows:\n-        row.wipe()\n"
	      "-    return label\n"
	      "+    label = \"alpha\"\n+    for row in rows:\n+        row.mark(1)\n+    return label\n"
	      "+    label = \"beta\"\n+    for row in rows:\n+        row.wipe(1)\n+    return label\n",
	      1, SEAM_STATUS_APPLIED, "merged-hunk", W);
}

/* A merged block whose new side holds the lines around the cut ("while (n) {" then "}") one
 * after the other twice: either pair may be where its halves meet, and the diff of the two
 * sides took the one that put a loop into the second half (bench/oracle.py, an ln-diff block);
 * this tier decides nothing */
TEST(match, merged_block_new_side_cut_twice_decides_nothing)
{
	static const char F[] = "int spin(void)\n"
				"{\n"
				"\twhile (n) {\n"
				"\t\tm--;\n"
				"\t}\n"
				"\twhile (n) {\n"
				"\t\tn--;\n"
				"\t}\n"
				"}\n"
				"\n"
				"int rest(void)\n"
				"{\n"
				"\tfor (i = 0; i < n; i++) {\n"
				"\t\tstep(i);\n"
				"\t}\n"
				"\tif (n) {\n"
				"\t\treturn m;\n"
				"\t}\n"
				"}\n";
	result r;

	run_edit(F,
		 "-{\n-\twhile (n) {\n-\t\tm--;\n-\t}\n-\twhile (n) {\n"
		 "-\t}\n-\tif (n) {\n-\t\treturn m;\n-\t}\n-}\n"
		 "+{\n+\t\tm--;\n+\twhile (n) {\n+\t}\n+\twhile (n) {\n+\t}\n"
		 "+\treturn m;\n+}\n",
		 1, 0, &r);
	CHECK(r.strategy == NULL || strcmp(r.strategy, "merged-hunk") != 0);
	done(&r);
}

/* A merged block whose halves meet at a blank context line that stands both below the first
 * half and above the second one: cut above it or below it, the same lines kept and changed,
 * one reading, not two */
/* A block whose old side has two blank lines where the file has a line between two (left out,
 * or a merged hunk's skipped stretch?), its new side holding two blank lines once. Read as
 * halves, the new side was cut at its later blank pair and log("b") written above the skipped
 * log("a"): those halves lose log("b"), a line the whole diff keeps, so they are no reading; the
 * repair reads the skipped line as one the old side left out, kept where it stands. */
TEST(match, merged_block_cut_between_two_blank_lines_is_no_reading)
{
	APPLY("def flush():\n    send()\n    close()\n\n    log(\"a\")\n\n    log(\"b\")\n\n"
	      "    log(\"c\")\n",
	      "     send()\n     close()\n+    done()\n \n-\n     log(\"b\")\n \n+\n     "
	      "log(\"c\")\n",
	      1, SEAM_STATUS_APPLIED, "diff-repair", NULL);
}

TEST(match, merged_block_cut_either_side_of_a_blank_line_is_one_reading)
{
	static const char F[] = "def one():\n"
				"\n"
				"    a = make()\n"
				"    a += 1\n"
				"\n"
				"    b = make()\n"
				"\n"
				"def two():\n"
				"    a += 2\n"
				"    return a\n"
				"\n"
				"    a += 3\n"
				"    if b:\n"
				"        return b\n";
	static const char W[] = "def one():\n"
				"\n"
				"    a = make()\n"
				"    a += 1\n"
				"\n"
				"    b = make()\n"
				"\n"
				"def two():\n"
				"    a += 2\n"
				"    return a\n"
				"\n"
				"    a += 33\n"
				"    if b:\n"
				"        return b\n";

	APPLY(F,
	      "-\n-    a = make()\n-    a += 1\n-\n-    b = make()\n-\n-    a += 3\n-    if b:\n"
	      "-        return b\n"
	      "+\n+    a = make()\n+    a += 1\n+\n+    b = make()\n+\n+    a += 33\n+    if b:\n"
	      "+        return b\n",
	      1, SEAM_STATUS_APPLIED, "merged-hunk", W);
}

/* A merged block whose new side holds the lines around the cut (a blank line, then "try:") one
 * after the other twice, as its old side does: the place whose halves, each diffed on its own,
 * keep every line the whole block's diff keeps is where they meet (the other one would move
 * "if ready:" above the skipped lines, into close_all()'s first try, as the split did) */
TEST(match, merged_block_new_side_cut_where_its_halves_keep_every_line)
{
	static const char F[] =
				"def open_all():\n"
				"\n"
				"    for row in rows:\n"
				"        touch(row)\n"
				"\n"
				"def close_all():\n"
				"    try:\n"
				"        row = touch()\n"
				"    except ValueError:\n"
				"        pass\n"
				"    return row\n"
				"    for row in rows:\n"
				"        touch(row)\n"
				"\n"
				"    try:\n"
				"        row = touch()\n"
				"    except ValueError:\n"
				"        pass\n"
				"\n"
				"def sweep():\n"
				"    for row in rows:\n"
				"        touch(row)\n"
				"    try:\n"
				"        row = sweep()\n"
				"    except ValueError:\n"
				"        pass\n"
				"    for row in rows:\n"
				"        mark(row)\n"
				"    return row\n"
				"    try:\n"
				"        row = touch()\n"
				"    except ValueError:\n"
				"        pass\n"
				"    return row\n"
				"    return row\n";
	static const char W[] =
				"def open_all():\n"
				"\n"
				"    for row in rows:\n"
				"        touch(row)\n"
				"\n"
				"def close_all():\n"
				"    try:\n"
				"        row = touch()\n"
				"    except ValueError:\n"
				"        pass\n"
				"    return row\n"
				"    for row in rows:\n"
				"        touch(row)\n"
				"\n"
				"    try:\n"
				"        if ready:\n"
				"            row = touch()\n"
				"    except ValueError:\n"
				"        pass\n"
				"\n"
				"def sweep():\n"
				"    for row in rows:\n"
				"        touch(row)\n"
				"    try:\n"
				"        row = sweep()\n"
				"    except ValueError:\n"
				"        pass\n"
				"    for row in rows:\n"
				"        mark(row)\n"
				"    return row\n"
				"    try:\n"
				"        row = touch()\n"
				"    except ValueError:\n"
				"        log(row)\n"
				"        pass\n"
				"    return row\n"
				"    return row\n";

	APPLY(F,
		 "-        touch(row)\n"
		 "-\n"
		 "-    try:\n"
		 "-        row = touch()\n"
		 "-    except ValueError:\n"
		 "-        pass\n"
		 "-\n"
		 "-    try:\n"
		 "-        row = touch()\n"
		 "-    except ValueError:\n"
		 "-        pass\n"
		 "-    return row\n"
		 "-    return row\n"
		 "+        touch(row)\n"
		 "+\n"
		 "+    try:\n"
		 "+        if ready:\n"
		 "+            row = touch()\n"
		 "+    except ValueError:\n"
		 "+        pass\n"
		 "+\n"
		 "+    try:\n"
		 "+        row = touch()\n"
		 "+    except ValueError:\n"
		 "+        log(row)\n"
		 "+        pass\n"
		 "+    return row\n"
		 "+    return row\n",
	      1, SEAM_STATUS_APPLIED, "merged-hunk", W);
}

/* A merged block whose first half ends with a blank line that also stands above the second
 * half: cut above it or below it, one reading. The new side moves a line next to that blank
 * line (the diff adds it there), and holds the lines around one of the two cuts one after the
 * other: that cut is the place (no reading was found when the first cut decided alone) */
TEST(match, merged_block_cut_either_side_of_a_blank_line_new_side_decides)
{
	static const char F[] =
				"def tick():\n"
				"    speed += 1\n"
				"    for part in parts:\n"
				"        wind(part)\n"
				"    part = tick()\n"
				"\n"
				"def tock():\n"
				"    return speed\n"
				"    for part in parts:\n"
				"        wind(speed)\n"
				"\n"
				"def tick():\n"
				"    return speed\n"
				"    speed = tick()\n"
				"    return speed\n"
				"\n"
				"    part = tick()\n"
				"\n"
				"def reset():\n"
				"    part += 1\n"
				"\n"
				"    for part in parts:\n"
				"        wind(speed)\n"
				"    return speed\n"
				"\n"
				"def tick():\n"
				"    for part in parts:\n"
				"        wind(speed)\n"
				"    part += 1\n"
				"\n"
				"    speed += 1\n"
				"    part -= 1\n"
				"    return speed\n";
	static const char W[] =
				"def tick():\n"
				"    speed += 1\n"
				"    for part in parts:\n"
				"        wind(part)\n"
				"    part = tick()\n"
				"\n"
				"def tock():\n"
				"    return speed\n"
				"    for part in parts:\n"
				"        wind(speed)\n"
				"\n"
				"def tick():\n"
				"    return speed\n"
				"    return speed\n"
				"    speed = tick()\n"
				"\n"
				"    part = tick()\n"
				"\n"
				"def reset():\n"
				"    part += 1\n"
				"\n"
				"    for part in parts:\n"
				"        wind(speed)\n"
				"    return speed\n"
				"\n"
				"def tick():\n"
				"    for part in parts:\n"
				"        wind(speed)\n"
				"    part += 1\n"
				"\n"
				"    speed += 1\n"
				"    part -= 1\n"
				"    return speed + 1\n";

	APPLY(F,
		 "-def tick():\n"
		 "-    return speed\n"
		 "-    speed = tick()\n"
		 "-    return speed\n"
		 "-\n"
		 "-    speed += 1\n"
		 "-    part -= 1\n"
		 "-    return speed\n"
		 "+def tick():\n"
		 "+    return speed\n"
		 "+    return speed\n"
		 "+    speed = tick()\n"
		 "+\n"
		 "+    speed += 1\n"
		 "+    part -= 1\n"
		 "+    return speed + 1\n",
	      1, SEAM_STATUS_APPLIED, "merged-hunk", W);
}

/* A merged block cut between two blank lines, the new side holding them one after the other
 * once, its halves keeping every line the whole diff keeps: note(2) goes above "if (depth)", below
 * the skipped lines */
TEST(match, merged_block_cut_between_two_blank_lines_kept_by_both_halves)
{
	static const char F[] =
				"int drain(void)\n"
				"{\n"
				"\tfor (k = 0; k < depth; k++) {\n"
				"\t\tdrain(k);\n"
				"\t}\n"
				"\treturn 0;\n"
				"\twhile (queued) {\n"
				"\t\tqueued--;\n"
				"\t}\n"
				"\t/* keep the tail short */\n"
				"\tqueued++;\n"
				"\n"
				"}\n"
				"\n"
				"int refill(void)\n"
				"{\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\treturn 0;\n"
				"\tdrain(depth);\n"
				"\n"
				"\tif (depth) {\n"
				"\t\treturn queued;\n"
				"\t}\n"
				"}\n";
	static const char W[] =
				"int drain(void)\n"
				"{\n"
				"\tfor (k = 0; k < depth; k++) {\n"
				"\t\tdrain(k);\n"
				"\t}\n"
				"\treturn 0;\n"
				"\twhile (queued) {\n"
				"\t\tqueued--;\n"
				"\t}\n"
				"\t/* keep the tail short */\n"
				"\tqueued++;\n"
				"\n"
				"\tnote(1);\n"
				"}\n"
				"\n"
				"int refill(void)\n"
				"{\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\treturn 0;\n"
				"\tdrain(depth);\n"
				"\n"
				"\tnote(2);\n"
				"\tif (depth) {\n"
				"\t\treturn queued;\n"
				"\t}\n"
				"}\n";

	APPLY(F,
		 "-\t/* keep the tail short */\n"
		 "-\tqueued++;\n"
		 "-\n"
		 "-}\n"
		 "-\n"
		 "-\n"
		 "-\tif (depth) {\n"
		 "-\t\treturn queued;\n"
		 "+\t/* keep the tail short */\n"
		 "+\tqueued++;\n"
		 "+\n"
		 "+\tnote(1);\n"
		 "+}\n"
		 "+\n"
		 "+\n"
		 "+\tnote(2);\n"
		 "+\tif (depth) {\n"
		 "+\t\treturn queued;\n",
	      1, SEAM_STATUS_APPLIED, "merged-hunk", W);
}

/* A block whose old side left out one of two blank lines between two functions, its new side
 * writing both: cut at either blank line, its halves stand with only a blank line between
 * them, which is a blank line left out (the blank-lines tier's reading, the file's two kept),
 * not a merged hunk's skipped stretch (halves that wrote a third blank line) */
TEST(match, merged_block_halves_with_only_blank_lines_between_are_no_reading)
{
	static const char F[] = "\n"
				"\n"
				"def make_none():\n"
				"    cfg = Config(size=None)\n"
				"    assert cfg == Config()\n"
				"\n"
				"\n"
				"def make_one_none():\n"
				"    cfg = Config(depth=None)\n"
				"    assert cfg == Config()\n"
				"\n"
				"\n"
				"def make_one():\n"
				"    cfg = Config(depth=5)\n";
	static const char W[] = "\n"
				"\n"
				"def make_none():\n"
				"    cfg = Config(size=None)\n"
				"    assert cfg == Config(None)\n"
				"\n"
				"\n"
				"def make_one_none():\n"
				"    cfg = Config(None, depth=None)\n"
				"    assert cfg == Config(None)\n"
				"\n"
				"\n"
				"def make_one():\n"
				"    cfg = Config(depth=5)\n";

	APPLY(F,
	      "-def make_none():\n-    cfg = Config(size=None)\n-    assert cfg == Config()\n-\n"
	      "-def make_one_none():\n-    cfg = Config(depth=None)\n-    assert cfg == Config()\n"
	      "-\n-\n"
	      "+def make_none():\n+    cfg = Config(size=None)\n+    assert cfg == Config(None)\n+\n+\n"
	      "+def make_one_none():\n+    cfg = Config(None, depth=None)\n+    assert cfg == Config(None)\n"
	      "+\n+\n",
	      1, SEAM_STATUS_APPLIED, "blank-lines", W);
}

/* A merged block whose new side adds, right after a copy of the first half's last line, a line
 * that is the skipped stretch's first line at another depth: a line moved or re-indented, not
 * the skipped line written back (which would stand as the file has it), so the halves place
 * the block */
TEST(match, merged_block_adding_a_skipped_line_re_indented_is_no_write_back)
{
	static const char F[] = "void f(void)\n"
				"{\n"
				"\tx = 1;\n"
				"\tif (c) {\n"
				"\t\ty();\n"
				"\t}\n"
				"\tw();\n"
				"\t}\n"
				"\t\tif (b) {\n"
				"\t\tq();\n"
				"\t\t}\n"
				"\tr = 3;\n"
				"\ts = 4;\n"
				"}\n";
	static const char W[] = "void f(void)\n"
				"{\n"
				"\tx = 1;\n"
				"\tif (c) {\n"
				"\t\ty();\n"
				"\t}\n"
				"\tif (b) {\n"
				"\tw();\n"
				"\t}\n"
				"\t\tif (b) {\n"
				"\t\tq();\n"
				"\t\t}\n"
				"\tr = 3;\n"
				"\ts = 5;\n"
				"}\n";

	APPLY(F,
	      " \tx = 1;\n \tif (c) {\n \t\ty();\n \t}\n+\tif (b) {\n \tw();\n \t}\n"
	      " \tr = 3;\n-\ts = 4;\n+\ts = 5;\n }\n",
	      0, SEAM_STATUS_APPLIED, "merged-hunk", W);
}

/* The same block when the half above stands whole twice (its first line repeated before the
 * copy near the second half): two readings, and this tier decides nothing (the later ones
 * judge the block as before) */
TEST(match, merged_block_halves_in_two_readings_decide_nothing)
{
	char file[2048];
	result r;
	const char *at = strstr(TWIN_C, "int emit(int opt)\n{\n");

	snprintf(file, sizeof(file), "%.*sint emit(int opt)\n{\n\t}\n%s", (int)(at - TWIN_C), TWIN_C,
		 at + 20);
	run_edit(file,
		 "-\t}\n-\tif (n < 1) {\n-\t\tif (n == cap) {\n-\t\t\tlong block = ring(0);\n"
		 "-\t\t}\n-\t}\n-\t}\n-\tfor (size_t k = 0; k < opt; k++) {\n-\t\tscan(k);\n"
		 "-\t}\n+\t}\n+\tif (n < 1) {\n+\t\tif (n == cap) {\n+\t\t}\n"
		 "+\t\t\tlong block = ring(0);\n+\t}\n+\t}\n+\tfor (size_t k = 0; k < opt; k++) {\n"
		 "+\t\tscan(k + 1);\n+\t}\n",
		 1, 0, &r);
	CHECK(r.strategy == NULL || strcmp(r.strategy, "merged-hunk") != 0);
	done(&r);
}

/* A line the new side adds where the halves meet: above or below the lines between them? The
 * reply does not say; this tier decides nothing */
TEST(match, merged_hunk_adding_at_the_cut_decides_nothing)
{
	result r;

	run_edit(TWIN_C,
		 " \t}\n \tif (n < 1) {\n \t\tif (n == cap) {\n \t\t\tlong block = ring(0);\n"
		 " \t\t}\n \t}\n+\tcount(n);\n \t}\n \tfor (size_t k = 0; k < opt; k++) {\n"
		 "-\t\tscan(k);\n+\t\tscan(k + 1);\n \t}\n",
		 0, 0, &r);
	CHECK(r.strategy == NULL || strcmp(r.strategy, "merged-hunk") != 0);
	done(&r);
}

/* The lines of a merged hunk: "value_N = compute(N)", or "vN = f(N)" (short) when short. */
static void merged_file(char *file, size_t cap, int shortlines, const char *quote)
{
	int i;
	file[0] = '\0';
	for (i = 0; i < 30; i++) {
		char line[80];
		if (i == 3)
			snprintf(line, sizeof(line), "# don%st drop line_%d yet\n", quote, i);
		else if (shortlines)
			snprintf(line, sizeof(line), "v%d = f(%d)\n", i, i);
		else
			snprintf(line, sizeof(line), "value_%d = compute(%d)\n", i, i);
		strncat(file, line, cap - strlen(file) - 1);
	}
}

/* A change run of a merged hunk next to one context line only (the other lines the reply gave
 * around it are far away): placed by that line when it has a bare run's substance; a short
 * one would fit too many places to say */
TEST(match, merged_hunks_split_one_long_context_line)
{
	char file[4096];
	result r;

	merged_file(file, sizeof(file), 0, "'");
	APPLY(file,
	      " value_1 = compute(1)\n+first = 0\n value_2 = compute(2)\n value_24 = compute(24)\n"
	      "+extra = 1\n",
	      0, SEAM_STATUS_APPLIED, "split-hunk", NULL);
	run_edit(file,
		 " value_1 = compute(1)\n+first = 0\n value_2 = compute(2)\n value_24 = compute(24)\n"
		 "+extra = 1\n",
		 0, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK(strstr(r.out, "value_1 = compute(1)\nfirst = 0\nvalue_2 = compute(2)\n") != NULL);
	CHECK(strstr(r.out, "value_24 = compute(24)\nextra = 1\nvalue_25 = compute(25)\n") != NULL);
	done(&r);
	merged_file(file, sizeof(file), 1, "'");
	run_edit(file, " v1 = f(1)\n+first = 0\n v2 = f(2)\n v24 = f(24)\n+extra = 1\n", 0, 0, &r);
	CHECK(r.status != SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, file);
	done(&r);
}

/* A run that only deletes lines is found by its own old lines, also when the reply wrote a
 * curly apostrophe for the file's straight one (typography, the same text); a line changed
 * beyond that is not */
TEST(match, merged_hunks_split_bare_deletion_typography)
{
	char file[4096];
	result r;

	merged_file(file, sizeof(file), 0, "'");
	run_edit(file,
		 "-# don\xE2\x80\x99t drop line_3 yet\n-value_4 = compute(4)\n value_24 = compute(24)\n"
		 "+extra = 1\n value_25 = compute(25)\n",
		 0, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK(strstr(r.out, "value_2 = compute(2)\nvalue_5 = compute(5)\n") != NULL);
	CHECK(strstr(r.out, "value_24 = compute(24)\nextra = 1\nvalue_25 = compute(25)\n") != NULL);
	done(&r);
	run_edit(file,
		 "-# do not drop line_3 yet\n-value_4 = compute(4)\n value_24 = compute(24)\n"
		 "+extra = 1\n value_25 = compute(25)\n",
		 0, 0, &r);
	CHECK(r.status != SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, file);
	done(&r);
}

TEST(match, fuzzy_miscopied_identifier)
{
	APPLY(PY, " def save(path, data):\n-    with open(path, \"w\") as fh:\n+    with open(path, \"a\") as f:\n         f.write(data)\n",
	      0, SEAM_STATUS_APPLIED, "fuzzy",
	      "import os\n\ndef load(path):\n    # read the whole file\n    with open(path) as f:\n"
	      "        data = f.read()\n    return data\n\ndef save(path, data):\n"
	      "    with open(path, \"a\") as f:\n        f.write(data)\n");
}

TEST(match, ambiguous_refused)
{
	const char *file = "a()\nx = 1\nb()\nx = 1\nc()\n";
	result r;
	run_edit(file, "-x = 1\n+x = 2\n", 1, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(r.message, "2 places") != NULL);
	CHECK(strstr(r.message, "line 2,") && strstr(r.message, "line 4"));
	CHECK_STR(r.out, file);
	done(&r);
}

TEST(match, line_hint_breaks_tie)
{
	const char *file = "a()\nx = 1\nb()\nc()\nd()\ne()\nf()\ng()\nh()\ni()\nj()\nk()\nl()\nm()\n"
			   "n()\no()\np()\nq()\nx = 1\nz()\n";
	result r;
	run_edit(file, "-x = 1\n+x = 2\n", 0, 19, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_INT(r.start, 19);
	CHECK(strstr(r.out, "q()\nx = 2\nz()") != NULL);
	CHECK(strstr(r.out, "a()\nx = 1\n") != NULL);
	done(&r);
}

/* A file of n numbered lines "lN()" with `text` put in place of the lines listed (0-ended). */
static char *numbered_file(int n, const int *at, const char *text)
{
	sm_buf b = SM_BUF_INIT;
	int i, k;

	for (i = 1; i <= n; i++) {
		int put = 0;
		for (k = 0; at[k]; k++)
			put |= at[k] == i;
		if (put)
			sm_buf_printf(&b, "%s\n", text);
		else
			sm_buf_printf(&b, "l%d()\n", i);
	}
	return sm_buf_detach(&b, NULL);
}

/* The claimed line number is a hint, never a licence: two equal places close together stay
 * ambiguous when the claim points right at one of them (or between), whichever it names. */
TEST(match, hint_at_one_of_two_close_places_refused)
{
	static const int at[] = {20, 23, 0};
	static const long hints[] = {20, 23, 21, 22, 19, 24};
	char *file = numbered_file(60, at, "x = 1");
	size_t i;

	for (i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
		result r;
		run_edit(file, "-x = 1\n+x = 2\n", 0, hints[i], &r);
		CHECK_INT(r.status, SEAM_STATUS_AMBIGUOUS);
		CHECK(strstr(r.message, "line 20") && strstr(r.message, "line 23"));
		CHECK_STR(r.out, file);
		done(&r);
	}
	sm_free(file);
}

/* A one-place hunk is found wherever its claim points: right, off by a few, far off, past the
 * end of the file, or nothing claimed. */
TEST(match, hint_off_by_n_found)
{
	static const int at[] = {50, 0};
	static const long hints[] = {50, 49, 53, 47, 40, 60, 1, 0, 500, 100000};
	char *file = numbered_file(80, at, "x = 1");
	size_t i;

	for (i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
		result r;
		run_edit(file, " l49()\n-x = 1\n+x = 2\n l51()\n", 0, hints[i], &r);
		CHECK_INT(r.status, SEAM_STATUS_APPLIED);
		CHECK_INT(r.start, 49);
		CHECK_STR(r.strategy, "exact");
		CHECK(strstr(r.out, "l49()\nx = 2\nl51()\n") != NULL);
		done(&r);
	}
	sm_free(file);
}

/* The claim points at a place that matches only past the exact tier (the line indented there):
 * the one exact place elsewhere wins, as without the claim. */
TEST(match, hint_at_tolerant_place_exact_elsewhere_wins)
{
	static const int near[] = {10, 0};
	char *a = numbered_file(60, near, "    x = 1"), *file;
	char *nl = a;
	int k;
	/* line 40 of the same file holds x = 1 as written */
	for (k = 1; k < 40; k++)
		nl = strchr(nl, '\n') + 1;
	{
		sm_buf b = SM_BUF_INIT;
		sm_buf_put(&b, a, (size_t)(nl - a));
		sm_buf_puts(&b, "x = 1\n");
		sm_buf_puts(&b, strchr(nl, '\n') + 1);
		file = sm_buf_detach(&b, NULL);
	}
	for (k = 0; k < 3; k++) {
		result r;
		long hint = k == 0 ? 10 : k == 1 ? 11 : 9;
		run_edit(file, "-x = 1\n+x = 2\n", 0, hint, &r);
		CHECK_INT(r.status, SEAM_STATUS_APPLIED);
		CHECK_INT(r.start, 40);
		CHECK_STR(r.strategy, "exact");
		CHECK(strstr(r.out, "l39()\nx = 2\nl41()\n") != NULL);
		CHECK(strstr(r.out, "l9()\n    x = 1\nl11()\n") != NULL);
		done(&r);
	}
	sm_free(a);
	sm_free(file);
}

TEST(match, no_match_explains)
{
	result r;
	run_edit(PY, "-def load(path, mode):\n-    # read the file\n+def load(path, mode=\"r\"):\n", 1, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(r.message, "was not found") != NULL);
	CHECK(strstr(r.message, "def load(path):") != NULL);
	CHECK_STR(r.out, PY);
	done(&r);
}

TEST(match, foreign_text_no_match)
{
	result r;
	run_edit(PY, "-func main() {\n-\tfmt.Println(\"hi\")\n+func main() {\n+\tfmt.Println(\"hello\")\n", 1,
		 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(r.message, "none of them occurs") != NULL);
	done(&r);
}

TEST(match, already_applied_is_noop)
{
	const char *after = "import os\n\ndef load(path):\n    # read it all\n";
	APPLY(after, " def load(path):\n-    # read the whole file\n+    # read it all\n", 0,
	      SEAM_STATUS_ALREADY_APPLIED, "already-applied", after);
}

TEST(match, insertion_retried_is_noop)
{
	const char *after = "a()\nb()\nnew()\nc()\n";
	APPLY(after, " b()\n+new()\n c()\n", 0, SEAM_STATUS_ALREADY_APPLIED, NULL, after);
}

TEST(match, crlf_kept_and_given_to_new_lines)
{
	APPLY("one\r\ntwo\r\nthree\r\n", " one\n-two\n+2\n+2b\n three\n", 0, SEAM_STATUS_APPLIED,
	      "exact", "one\r\n2\r\n2b\r\nthree\r\n");
}

TEST(match, no_final_newline_kept_when_last_line_stays)
{
	APPLY("a\nb\nc", "-a\n+A\n b\n", 0, SEAM_STATUS_APPLIED, "exact", "A\nb\nc");
	APPLY("a\nb\nc", " a\n-b\n+B\n c\n", 0, SEAM_STATUS_APPLIED, "exact", "a\nB\nc");
}

TEST(match, new_last_line_ends_as_the_edit_says)
{
	/* a SEARCH/REPLACE side ends with a newline: so does a new last line */
	APPLY("a\nb\nc", "-c\n+C\n", 1, SEAM_STATUS_APPLIED, "exact", "a\nb\nC\n");
}

TEST(match, append_with_empty_search)
{
	APPLY("a\n", "+b\n", 1, SEAM_STATUS_APPLIED, "append", "a\nb\n");
}

TEST(match, lazy_placeholder_refused)
{
	result r;
	edit_path = "t.py";
	run_edit(PY,
		 "-def load(path):\n-    # read the whole file\n-    with open(path) as f:\n-        data = f.read()\n-    return data\n"
		 "+def load(path):\n+    # ... rest of the function unchanged ...\n+    return data.strip()\n",
		 1, 0, &r);
	edit_path = "t.txt";
	CHECK_INT(r.status, SEAM_STATUS_LAZY);
	CHECK(strstr(r.message, "rest of the function") != NULL);
	CHECK_STR(r.out, PY);
	done(&r);
}

TEST(match, bounded_placeholder_expanded_and_reported)
{
	result r;
	edit_path = "t.py";
	/* SEARCH/REPLACE with a miscopied line in the span: matched as written, and the file's
	   own lines are what comes back */
	run_edit(PY,
		 "-def load(path):\n-    # read the whole file\n-    with open(path) as ff:\n"
		 "-        data = f.read()\n-    return data\n"
		 "+def load(path):\n+    # ... existing code ...\n+    return data.strip()\n",
		 1, 0, &r);
	edit_path = "t.txt";
	CHECK_INT(r.status, SEAM_STATUS_LAZY); /* next to a changed line: refused */
	CHECK(strstr(r.message, "it would delete 4 lines of code, lines 4-7") != NULL);
	done(&r);
	edit_path = "t.py";
	run_edit(PY,
		 "-def load(path):\n-    # read the whole file\n-    with open(path) as ff:\n"
		 "-        data = f.read()\n-    return data\n"
		 "+def load(path):\n+    # ... existing code ...\n+    return data\n+\n+def loaded():\n"
		 "+    return True\n",
		 1, 0, &r);
	edit_path = "t.txt";
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_STR(r.strategy, "fuzzy+expanded-placeholder");
	CHECK_STR(r.out, "import os\n\ndef load(path):\n    # read the whole file\n"
			 "    with open(path) as f:\n        data = f.read()\n    return data\n\n"
			 "def loaded():\n    return True\n\ndef save(path, data):\n"
			 "    with open(path, \"w\") as f:\n        f.write(data)\n");
	CHECK(strstr(r.message, "expanded-placeholder: \"    # ... existing code ...\"") != NULL);
	CHECK(strstr(r.message, "stands for 3 unchanged lines (lines 4-6 of the file)") != NULL);
	done(&r);
}

TEST(match, added_comment_is_not_lazy)
{
	APPLY(PY, " import os\n+# ... more imports may follow ...\n \n", 0, SEAM_STATUS_APPLIED, "exact",
	      NULL);
}


TEST(match, no_newline_marker_keeps_lack)
{
	result r;
	run_edit_flags("a\nb\nc", " b\n-c\n+C\n", SM_EDIT_OLD_NOEOL | SM_EDIT_NEW_NOEOL, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, "a\nb\nC");
	done(&r);
}

TEST(match, comment_dropped_above_search_written_once)
{
	/* SEARCH starts with a blank line and leaves out the comment under it; REPLACE has it */
	APPLY("\ta();\n\n\t/* note */\n\tif (x) {\n\t\ty = 1;\n\t}\n",
	      "-\n-\tif (x) {\n-\t\ty = 1;\n-\t}\n+\n+\t/* note */\n+\tif (x) {\n+\t\ty = 2;\n+\t}\n", 1,
	      SEAM_STATUS_APPLIED, NULL, "\ta();\n\n\t/* note */\n\tif (x) {\n\t\ty = 2;\n\t}\n");
}

TEST(match, placeholder_already_in_file_is_not_lazy)
{
	const char *file = "int f(int e)\n{\n\t/* propagate the error unchanged */\n\treturn e;\n}\n";
	APPLY(file, "-{\n-\treturn e;\n+{\n+\t/* propagate the error unchanged */\n+\treturn e + 0;\n", 1,
	      SEAM_STATUS_APPLIED, NULL,
	      "int f(int e)\n{\n\t/* propagate the error unchanged */\n\treturn e + 0;\n}\n");
}

TEST(match, new_function_keeps_previous_closing_braces)
{
	/* the REPLACE adds a function ending in "  }\n}\n" just below one ending the same way */
	const char *file = "function a() {\n  if (x) {\n    y();\n  }\n}\n\nfunction b() {\n  z();\n}\n";
	APPLY(file, "-function b() {\n+function c() {\n+  if (q) {\n+    r();\n+  }\n+}\n+\n+function b() {\n", 1,
	      SEAM_STATUS_APPLIED, "exact",
	      "function a() {\n  if (x) {\n    y();\n  }\n}\n\nfunction c() {\n  if (q) {\n    r();\n  }\n}\n\n"
	      "function b() {\n  z();\n}\n");
}

static const char *TWO = "class A:\n    def run(self):\n        return 1\n\n"
			 "class B:\n    def run(self):\n        return 1\n";

TEST(match, anchor_picks_the_block)
{
	result r;
	anchor_text[0] = "class B:";
	run_edit(TWO, "     def run(self):\n-        return 1\n+        return 2\n", 0, 0, &r);
	anchor_text[0] = NULL;
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, "class A:\n    def run(self):\n        return 1\n\n"
			 "class B:\n    def run(self):\n        return 2\n");
	done(&r);
}

TEST(match, nested_anchors_and_missing_anchor)
{
	result r;
	anchor_text[0] = "class A:";
	anchor_text[1] = "def run(self):";
	run_edit(TWO, "-        return 1\n+        return 3\n", 0, 0, &r);
	anchor_text[0] = anchor_text[1] = NULL;
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK(strstr(r.out, "class A:\n    def run(self):\n        return 3\n") != NULL);
	done(&r);
	anchor_text[0] = "class C:";
	run_edit(TWO, "-        return 1\n+        return 3\n", 0, 0, &r);
	anchor_text[0] = NULL;
	CHECK_INT(r.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(r.message, "class C:") != NULL);
	done(&r);
}

TEST(match, end_of_file_does_not_break_a_tie)
{
	result r;
	/* like a claimed line number, "*** End of File" is never trusted alone */
	run_edit_flags(TWO, "-        return 1\n+        return 4\n", SM_EDIT_AT_EOF, &r);
	CHECK_INT(r.status, SEAM_STATUS_AMBIGUOUS);
	done(&r);
	run_edit_flags(TWO, "     def run(self):\n-        return 1\n+        return 4\n", SM_EDIT_AT_EOF, &r);
	CHECK_INT(r.status, SEAM_STATUS_AMBIGUOUS);
	done(&r);
	run_edit_flags(TWO, " class B:\n     def run(self):\n-        return 1\n+        return 4\n",
		       SM_EDIT_AT_EOF, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK(strstr(r.out, "class B:\n    def run(self):\n        return 4\n") != NULL);
	done(&r);
}

TEST(match, numbered_block_off_by_two)
{
	const char *file = "x = 1\ny = 2\nx = 1\nz = 3\nw = 4\nv = 5\nx = 1\n";
	result r;
	/* claimed at line 5, the text is at 3 and 7: 3 is nearer... by 2, 7 by 2: a tie */
	run_edit_full(file, "-x = 1\n+x = 9\n", 1, 5, SM_EDIT_NUMBERED, &r);
	CHECK_INT(r.status, SEAM_STATUS_AMBIGUOUS);
	done(&r);
	run_edit_full(file, "-x = 1\n+x = 9\n", 1, 6, SM_EDIT_NUMBERED, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, "x = 1\ny = 2\nx = 1\nz = 3\nw = 4\nv = 5\nx = 9\n");
	done(&r);
}

TEST(match, insert_after_line)
{
	result r;
	run_edit_full("a\nb\nc\n", "+b\n+x\n", SM_KIND_INSERT, 2, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, "a\nb\nb\nx\nc\n");
	done(&r);
	run_edit_full("a\nb\nc\n", "+top\n", SM_KIND_INSERT, 0, 0, &r);
	CHECK_STR(r.out, "top\na\nb\nc\n");
	done(&r);
	run_edit_full("a\nb\nc\n", "+late\n", SM_KIND_INSERT, 7, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(r.message, "has 3 lines") != NULL);
	done(&r);
}

/* The planner dispatches on the kind: a kind it does not know is refused, the file untouched. */
TEST(match, unknown_kind_refused)
{
	result r;
	run_edit_full("a\nb\nc\n", "-b\n+x\n", SM_KIND_COUNT, 0, 0, &r);
	CHECK_INT(r.status, SEAM_STATUS_NO_MATCH);
	CHECK_STR(r.out, "a\nb\nc\n");
	CHECK(strstr(r.message, "of no kind seam knows") != NULL);
	done(&r);
}

TEST(match, kind_names)
{
	CHECK_STR(sm_edit_kind_name(SM_KIND_HUNK), "hunk");
	CHECK_STR(sm_edit_kind_name(SM_KIND_BLOCK), "block");
	CHECK_STR(sm_edit_kind_name(SM_KIND_LINES), "lines");
	CHECK_STR(sm_edit_kind_name(SM_KIND_INSERT), "insert");
	CHECK_STR(sm_edit_kind_name(SM_KIND_FAST), "fast");
	CHECK_STR(sm_edit_kind_name(SM_KIND_COUNT), "?");
}

TEST(match, replace_all_every_place)
{
	result r;
	run_edit_full("x = 1\ny = x\nx = 1\n", "-x = 1\n+x = 2\n", 1, 0, SM_EDIT_REPLACE_ALL, &r);
	CHECK_INT(r.status, SEAM_STATUS_APPLIED);
	CHECK_STR(r.out, "x = 2\ny = x\nx = 2\n");
	done(&r);
}

/* Lines longer than what similarity compares: a difference past the cut still counts. */
TEST(match, similarity_of_long_lines)
{
	size_t n = 5000;
	char *a = malloc(n), *b = malloc(n);

	CHECK(a && b);
	if (!a || !b)
		return;
	memset(a, 'x', n);
	memcpy(b, a, n);
	CHECK(sm_text_similarity(a, n, b, n) == 1.0);
	memset(b + 1000, 'y', n - 1000); /* the first 1000 bytes alike, the rest not */
	CHECK(sm_text_similarity(a, n, b, n) < 0.5);
	memcpy(b, a, n);
	b[10] = 'y'; /* one byte differs, in the compared head */
	CHECK(sm_text_similarity(a, n, b, n) > 0.99);
	free(a);
	free(b);
}

/* The edit distance the similarity is made of, as the textbook table computes it: the
 * reference for the bit-parallel distance sm_text_similarity takes for short lines. */
static size_t ref_distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t row[200], i, j;

	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* sm_text_similarity is 1 - distance / longer length, on random strings of few letters (many
 * matches, so every kind of step) around and past the 64 bytes of one machine word, where the
 * distance changes method, and on one side empty. */
TEST(match, similarity_is_edit_distance)
{
	char a[200], b[200];
	size_t t, i, la, lb, bad = 0;
	unsigned long x = 12345;

	for (t = 0; t < 4000; t++) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		la = (x >> 33) % 140;
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		lb = t % 7 == 0 ? la : (x >> 33) % 140;
		for (i = 0; i < la; i++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			a[i] = (char)('a' + (x >> 40) % (t % 3 ? 4 : 26));
		}
		for (i = 0; i < lb; i++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			/* half the time b is a copied with slips, the other half random */
			b[i] =
			    t % 2 && i < la && (x >> 50) % 5 ? a[i] : (char)('a' + (x >> 40) % 4);
		}
		if (la == 0 && lb == 0)
			continue;
		bad += sm_text_similarity(a, la, b, lb) !=
		       1.0 - (double)ref_distance(a, la, b, lb) / (double)(la > lb ? la : lb);
	}
	CHECK(bad == 0);
}

/* sm_text_similarity_if gives the similarity itself when it reaches the bar and a value below
 * the bar otherwise, on lines of ASCII (told apart by their bytes, whitespace not counted) and
 * on lines with typography the similarity folds (curly quotes, an ellipsis: bytes the bound
 * cannot count as they stand). */
TEST(match, similarity_if_is_similarity_at_the_bar)
{
	static const char *const L[] = {"say(\"hello\", n);",
	                                "say(\xe2\x80\x9chello\xe2\x80\x9d, n);",
	                                "say(\"hallo\",  n);",
	                                "\tsay( \"hello\" , n ) ;",
	                                "wait\xe2\x80\xa6",
	                                "wait...",
	                                "n = n + 1;",
	                                "   ",
	                                ""};
	static const double BAR[] = {0.0, 0.5, 0.8, 1.0};
	size_t i, j, t, n = sizeof L / sizeof *L, bad = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			for (t = 0; t < sizeof BAR / sizeof *BAR; t++) {
				double full = sm_text_similarity(L[i], strlen(L[i]), L[j],
				                                 strlen(L[j])),
				       got = sm_text_similarity_if(L[i], strlen(L[i]), L[j],
				                                   strlen(L[j]), BAR[t]);
				bad += full >= BAR[t] ? got != full : got >= BAR[t];
			}
	CHECK(bad == 0);
	/* folded, the curly quotes and the ellipsis are the plain ones: alike at any bar */
	CHECK(sm_text_similarity_if(L[0], strlen(L[0]), L[1], strlen(L[1]), 1.0) == 1.0);
	CHECK(sm_text_similarity_if(L[4], strlen(L[4]), L[5], strlen(L[5]), 1.0) == 1.0);
	CHECK(sm_text_similarity_if(L[0], strlen(L[0]), L[6], strlen(L[6]), 0.8) < 0.8);
}

/* sm_text_similar answers as sm_text_similarity compared with the bar does, on pairs its byte
 * bound turns away (other letters), pairs it must measure (the same letters in another order,
 * a miscopy), blank and whitespace-only lines, and lines past the compared length. */
TEST(match, similar_agrees_with_similarity)
{
	static const char *const L[] = {"count -= node >> 7;",
	                                "delta -= count >> 2;",
	                                "count -= node >> 9;",
	                                "edon -= tnuoc >> 7;",
	                                "\tcount -=  node >> 7;  ",
	                                "",
	                                "   ",
	                                "}",
	                                "{",
	                                "return rc ? rc : (int)frame;",
	                                "return rc ? rc : (int)fram;",
	                                "x",
	                                "abcdefghijklmnopqrstuvwxyz",
	                                "zyxwvutsrqponmlkjihgfedcba"};
	static const double BAR[] = {0.0, 0.5, 0.72, 0.85, 1.0};
	size_t i, j, t, n = sizeof L / sizeof *L, agree = 0, cases = 0;
	char *a = malloc(3000), *b = malloc(3000);

	CHECK(a && b);
	if (!a || !b)
		return;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			for (t = 0; t < sizeof BAR / sizeof *BAR; t++) {
				cases++;
				agree += sm_text_similar(L[i], strlen(L[i]), L[j], strlen(L[j]),
				                         BAR[t]) ==
				         (sm_text_similarity(L[i], strlen(L[i]), L[j],
				                             strlen(L[j])) >= BAR[t]);
			}
	CHECK(agree == cases);
	memset(a, 'q', 3000);
	memcpy(b, a, 3000);
	b[2999] = 'r';
	CHECK(sm_text_similar(a, 3000, b, 3000, 0.99) ==
	      (sm_text_similarity(a, 3000, b, 3000) >= 0.99));
	CHECK(!sm_text_similar("count -= node >> 7;", 19, "edon -= tnuoc >> 7;", 19, 1.0));
	CHECK(sm_text_similar("count -= node >> 7;", 19, "count -= node >> 9;", 19, 0.85));
	free(a);
	free(b);
}
