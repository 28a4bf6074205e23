/* ln-diff editblocks: the number column, new-line prefixes, names, broken blocks, hostile text. */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/read/reply.h"
#include "util/alloc.h"

#include <stdio.h>
#include <string.h>

int sm_lndiff_sniff(const sm_lines *ls);
int sm_lndiff_parse(seam_reply *r, const sm_lines *ls);

/* A reply read by the ln-diff parser alone (detection is not involved). */
typedef struct ln_reply {
	seam_reply r;
	sm_lines ls;
	int rc;
} ln_reply;

static void ln_parse_n(ln_reply *x, const char *text, size_t len, size_t max_edits)
{
	memset(x, 0, sizeof(*x));
	x->r.text = (char *)text;
	x->r.len = len;
	x->r.max_edits = max_edits;
	x->rc = sm_lines_split(&x->ls, text, len) ? SEAM_ENOMEM : sm_lndiff_parse(&x->r, &x->ls);
}

static void ln_parse(ln_reply *x, const char *text)
{
	ln_parse_n(x, text, strlen(text), 0);
}

static void ln_free(ln_reply *x)
{
	sm_reply_clear(&x->r);
	sm_buf_dispose(&x->r.notes);
	sm_lines_free(&x->ls);
}

static int ln_sniff(const char *text)
{
	sm_lines ls = {0};
	int s;

	if (sm_lines_split(&ls, text, strlen(text)))
		return -1;
	s = sm_lndiff_sniff(&ls);
	sm_lines_free(&ls);
	return s;
}

/* One line per file: "path edits". */
static const char *ln_files(const ln_reply *x)
{
	static char buf[4096];
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < x->r.nfiles && o < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s %zu\n", x->r.files[i].path,
		                      x->r.files[i].nedits);
	return buf;
}

/* The edit's lines as kind + text, then "@start,len flags". */
static const char *ln_edit(const ln_reply *x, size_t file, size_t edit)
{
	static char buf[8192];
	const sm_edit *e;
	size_t i, o = 0;

	if (file >= x->r.nfiles || edit >= x->r.files[file].nedits)
		return "(no such edit)";
	e = &x->r.files[file].edits[edit];
	for (i = 0; i < e->nlines && o + e->lines[i].text.n + 64 < sizeof(buf); i++) {
		buf[o++] = e->lines[i].kind;
		memcpy(buf + o, e->lines[i].text.p, e->lines[i].text.n);
		o += e->lines[i].text.n;
		buf[o++] = '\n';
	}
	snprintf(buf + o, sizeof(buf) - o, "@%ld,%ld %s%s\n", e->hint_start, e->hint_len,
	         e->kind == SM_KIND_BLOCK ? "B" : "", e->flags & SM_EDIT_NUMBERED ? "N" : "");
	return buf;
}

/* The number each line of the edit carries (sm_hline.no), separated by spaces. */
static const char *ln_numbers(const ln_reply *x, size_t file, size_t edit)
{
	static char buf[1024];
	const sm_edit *e;
	size_t i, o = 0;

	buf[0] = '\0';
	if (file >= x->r.nfiles || edit >= x->r.files[file].nedits)
		return "(no such edit)";
	e = &x->r.files[file].edits[edit];
	for (i = 0; i < e->nlines && o + 16 < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%lu", i ? " " : "",
		                      (unsigned long)e->lines[i].no);
	return buf;
}

static const char *ln_notes(const ln_reply *x)
{
	return x->r.notes.ptr ? x->r.notes.ptr : "";
}

#define BAR "\xe2\x94\x82" /* U+2502 */

TEST(lndiff, basic)
{
	ln_reply x;

	ln_parse(&x,
	         "Here is the change:\n\nsrc/app.py\n<editblock>\n<<<<<<< REMOVE\n"
	         " 9" BAR "def f():\n10" BAR "    return 1  \n=======\n"
	         "  " BAR "def f():\n  " BAR "\treturn 2\n>>>>>>> INSERT\n</editblock>\n\nDone.\n");
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_STR(ln_files(&x), "src/app.py 1\n");
	/* the code starts right after the separator: its indentation and trailing spaces stay */
	CHECK_STR(ln_edit(&x, 0, 0),
	          "-def f():\n-    return 1  \n+def f():\n+\treturn 2\n@9,2 BN\n");
	CHECK_INT(x.r.files[0].edits[0].reply_line, 5);
	CHECK_INT(x.r.files[0].reply_line, 3);
	CHECK_STR(ln_notes(&x), "");
	ln_free(&x);
}

TEST(lndiff, column_width_and_literal_new_lines)
{
	ln_reply x;

	/* width 3 (" 19"); new lines fit it or are literal: a wrong pad, no column, no pad */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n 19" BAR "#define A 1\n 20" BAR "\n"
	             "=======\n   " BAR "#define A 2\n   " BAR "\n  " BAR "x\nplain\n" BAR "y\n"
	             ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_STR(ln_edit(&x, 0, 0),
	          "-#define A 1\n-\n+#define A 2\n+\n+  " BAR "x\n+plain\n+" BAR "y\n@19,2 BN\n");
	ln_free(&x);

	/* numbers not right-aligned: any width the numbers used fits */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n9" BAR "a\n10" BAR "b\n=======\n " BAR
	             "A\n  " BAR "B\n   " BAR "C\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n-b\n+A\n+B\n+   " BAR "C\n@9,2 BN\n");
	ln_free(&x);
}

TEST(lndiff, ascii_separator)
{
	ln_reply x;

	ln_parse(&x, "a.sh\n<editblock>\n<<<<<<< REMOVE\n 7|ls | wc\n 8|  echo\n=======\n"
	             "  |ls | wc -l\n  |  echo\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_STR(ln_edit(&x, 0, 0), "-ls | wc\n-  echo\n+ls | wc -l\n+  echo\n@7,2 BN\n");
	ln_free(&x);
}

TEST(lndiff, gap_keeps_span)
{
	ln_reply x;

	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n12" BAR "a\n13" BAR "b\n15" BAR "d\n"
	             "=======\n  " BAR "a\n  " BAR "c\n  " BAR "d\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n-b\n-d\n+a\n+c\n+d\n@12,4 BN\n");
	CHECK_STR(ln_numbers(&x, 0, 0), "12 13 15 0 0 0");
	ln_free(&x);
}

TEST(lndiff, empty_remove_creates)
{
	ln_reply x;

	ln_parse(&x, "./new/file.go\n<editblock>\n<<<<<<< REMOVE\n=======\n " BAR "package x\n"
	             " " BAR "\n\n " BAR "func F() {}\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_STR(ln_files(&x), "new/file.go 1\n");
	CHECK_STR(ln_edit(&x, 0, 0), "+package x\n+\n+\n+func F() {}\n@0,0 BN\n");
	ln_free(&x);

	/* a created Markdown table is not a column of '|' */
	ln_parse(&x, "t.md\n<editblock>\n<<<<<<< REMOVE\n=======\n| a | b |\n|---|---|\n"
	             ">>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "+| a | b |\n+|---|---|\n@0,0 BN\n");
	ln_free(&x);
}

TEST(lndiff, deletion_only)
{
	ln_reply x;

	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n3" BAR "x\n=======\n>>>>>>> INSERT\n"
	             "</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-x\n@3,1 BN\n");
	ln_free(&x);
}

TEST(lndiff, several_blocks_and_files)
{
	ln_reply x;

	ln_parse(&x, "a.js\n<editblock>\n<<<<<<< REMOVE\n40" BAR "late\n=======\n  " BAR "LATE\n"
	             ">>>>>>> INSERT\n</editblock>\n\na.js\n<editblock>\n<<<<<<< REMOVE\n"
	             " 2" BAR "early\n=======\n  " BAR "EARLY\n>>>>>>> INSERT\n</editblock>\n\n"
	             "**b.js**\n<editblock>\n<<<<<<< REMOVE\n1" BAR "b\n=======\n " BAR "B\n"
	             ">>>>>>> INSERT\n</editblock>\n\nAnd then:\n\n<editblock>\n<<<<<<< REMOVE\n"
	             "5" BAR "c\n=======\n " BAR "C\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.rc, SEAM_OK);
	/* blocks keep the reply's order; the unnamed one takes the previous block's file */
	CHECK_STR(ln_files(&x), "a.js 2\nb.js 2\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-late\n+LATE\n@40,1 BN\n");
	CHECK_STR(ln_edit(&x, 0, 1), "-early\n+EARLY\n@2,1 BN\n");
	CHECK_STR(ln_edit(&x, 1, 1), "-c\n+C\n@5,1 BN\n");
	CHECK_INT(x.r.total_edits, 4);
	ln_free(&x);
}

TEST(lndiff, name_forms)
{
	static const char *const heads[] = {
	    "src/a.py\n",           "**src/a.py**\n",
	    "`src/a.py`\n",         "**`src/a.py`**\n",
	    "### src/a.py\n",       "./src/a.py\n",
	    "src/a.py:\n",          "src/a.py\n\n",
	    "```python src/a.py\n", "src/a.py\n```python\n",
	    "```\nsrc/a.py\n",      "src/a.py\n<editblock>\n```\n",
	};
	char buf[512];
	size_t i;
	ln_reply x;

	for (i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
		snprintf(buf, sizeof(buf),
		         "%s%s<<<<<<< REMOVE\n1" BAR "a\n=======\n " BAR "b\n>>>>>>> INSERT\n"
		         "</editblock>\n```\n",
		         heads[i], strstr(heads[i], "<editblock>") ? "" : "<editblock>\n");
		ln_parse(&x, buf);
		CHECK_INT(x.rc, SEAM_OK);
		CHECK_STR(ln_files(&x), "src/a.py 1\n");
		CHECK_STR(ln_edit(&x, 0, 0), "-a\n+b\n@1,1 BN\n");
		ln_free(&x);
	}
}

TEST(lndiff, without_editblock_tags)
{
	ln_reply x;

	ln_parse(&x, "a.c\n<<<<<<< REMOVE\n1" BAR "a\n=======\n " BAR "b\n>>>>>>> INSERT\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n+b\n@1,1 BN\n");
	ln_free(&x);
}

TEST(lndiff, markers_inside_columns_are_content)
{
	ln_reply x;

	ln_parse(&x, "m.md\n<editblock>\n<<<<<<< REMOVE\n1" BAR "<<<<<<< REMOVE\n2" BAR "=======\n"
	             "=======\n " BAR ">>>>>>> INSERT\n " BAR "</editblock>\n=======\n"
	             ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.rc, SEAM_OK);
	/* a bare "=======" after the divider is a new line that lost its column */
	CHECK_STR(ln_edit(&x, 0, 0), "-<<<<<<< REMOVE\n-=======\n+>>>>>>> INSERT\n+</editblock>\n"
	                             "+=======\n@1,2 BN\n");
	ln_free(&x);
}

TEST(lndiff, unnumbered_and_unordered)
{
	ln_reply x;

	/* no numbers at all: a plain SEARCH/REPLACE block; a padded column goes on both sides */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n  " BAR "a\n  " BAR "b\n=======\n"
	             "  " BAR "c\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n-b\n+c\n@0,-1 B\n");
	CHECK(strstr(ln_notes(&x), "line 3: REMOVE lines without line numbers"));
	ln_free(&x);

	/* numbers going back: located by text, the first number kept as a hint */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n8" BAR "a\n7" BAR "b\n=======\n"
	             " " BAR "c\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n-b\n+c\n@8,-1 B\n");
	CHECK(strstr(ln_notes(&x), "not increasing"));
	/* numbers that cannot all be right are no line's own number */
	CHECK_STR(ln_numbers(&x, 0, 0), "0 0 0");
	ln_free(&x);

	/* a blank old line written without its number stays a blank line */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n8" BAR "a\n\n10" BAR "b\n=======\n"
	             " " BAR "c\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n-\n-b\n+c\n@8,3 BN\n");
	CHECK_STR(ln_numbers(&x, 0, 0), "8 0 10 0");
	ln_free(&x);
}

TEST(lndiff, new_side_column_fallbacks)
{
	ln_reply x;

	/* new lines all without padding: still the column */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n 8" BAR "a\n=======\n" BAR "  b\n" BAR
	             "c\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n+  b\n+c\n@8,1 BN\n");
	ln_free(&x);

	/* new lines given with their new numbers */
	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n 8" BAR "a\n=======\n 8" BAR "b\n 9" BAR
	             "c\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n+b\n+c\n@8,1 BN\n");
	ln_free(&x);

	/* no column on the new side: a match arm's '|' is code */
	ln_parse(&x, "a.rs\n<editblock>\n<<<<<<< REMOVE\n 8" BAR "A => 1,\n=======\n"
	             "    | A => 1,\n    | B => 2,\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-A => 1,\n+    | A => 1,\n+    | B => 2,\n@8,1 BN\n");
	ln_free(&x);
}

TEST(lndiff, broken_blocks_are_skipped)
{
	ln_reply x;

	ln_parse(&x, "a.c\n<editblock>\n<<<<<<< REMOVE\n1" BAR "x\n>>>>>>> INSERT\n</editblock>\n"
	             "a.c\n<editblock>\n<<<<<<< REMOVE\n2" BAR "y\n=======\n " BAR "Y\n"
	             "a.c\n<editblock>\n<<<<<<< REMOVE\n3" BAR "z\n=======\n " BAR "Z\n"
	             ">>>>>>> INSERT\n</editblock>\n"
	             "a.c\n<editblock>\n<<<<<<< REMOVE\n=======\n>>>>>>> INSERT\n</editblock>\n"
	             "<editblock>\n<<<<<<< REMOVE\n4" BAR "w\n=======\n " BAR "W\n</editblock>\n"
	             "<<<<<<< REMOVE\n5" BAR "v\n");
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_STR(ln_files(&x), "a.c 2\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-z\n+Z\n@3,1 BN\n");
	/* a closing tag ends the new lines as well as a marker would */
	CHECK_STR(ln_edit(&x, 0, 1), "-w\n+W\n@4,1 BN\n");
	CHECK_STR(ln_notes(&x), "line 3: REMOVE block without a ======= line, skipped\n"
	                        "line 9: REMOVE block without a >>>>>>> INSERT line, skipped\n"
	                        "line 23: empty REMOVE/INSERT block, skipped\n"
	                        "line 28: block without a >>>>>>> INSERT line, ended at "
	                        "</editblock>\n"
	                        "line 33: REMOVE block without a ======= line, skipped\n");
	ln_free(&x);

	ln_parse(&x, "Some prose.\n\n<editblock>\n<<<<<<< REMOVE\n1" BAR "a\n=======\n"
	             " " BAR "b\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.r.nfiles, 0);
	CHECK(strstr(ln_notes(&x), "line 4: REMOVE block with no file name"));
	ln_free(&x);
}

TEST(lndiff, sniff)
{
	CHECK_INT(ln_sniff("x\n<<<<<<< REMOVE\n1" BAR "a\n=======\n>>>>>>> INSERT\n"), 1);
	CHECK_INT(ln_sniff("x\n  <editblock>  \n"), 1);
	CHECK_INT(ln_sniff(">>>>>>> INSERT\n<<<<<<< REMOVE\n"), 0);
	CHECK_INT(ln_sniff("x\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n"), 0);
	CHECK_INT(ln_sniff("x\n<<<<<<< REMOVE\na\n=======\nb\n>>>>>>>\n"), 0);
	CHECK_INT(ln_sniff(""), 0);
}

TEST(lndiff, crlf_reply)
{
	ln_reply x;

	ln_parse(&x, "a.c\r\n<editblock>\r\n<<<<<<< REMOVE\r\n1" BAR "a\r\n=======\r\n " BAR
	             "b\r\n>>>>>>> INSERT\r\n</editblock>\r\n");
	CHECK_STR(ln_edit(&x, 0, 0), "-a\n+b\n@1,1 BN\n");
	ln_free(&x);
}

TEST(lndiff, hostile_bytes)
{
	/* a NUL in code, a cut separator, invalid UTF-8, numbers too long or zero */
	static const char text[] = "a.c\n<editblock>\n<<<<<<< REMOVE\n1" BAR "a\0b\n"
	                           "2\xe2\x94x\n3\xff\xfe\n12345678901" BAR "q\n0" BAR "z\n"
	                           "=======\n \xe2\x94\n>>>>>>> INSERT\n</editblock>\n";
	ln_reply x;

	ln_parse_n(&x, text, sizeof(text) - 1, 0);
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_INT(x.r.files[0].nedits, 1);
	CHECK_INT(x.r.files[0].edits[0].nlines, 6);
	CHECK_MEM(x.r.files[0].edits[0].lines[0].text.p, x.r.files[0].edits[0].lines[0].text.n,
	          "a\0b", 3);
	CHECK_MEM(x.r.files[0].edits[0].lines[1].text.p, x.r.files[0].edits[0].lines[1].text.n,
	          "2\xe2\x94x", 4);
	CHECK_MEM(x.r.files[0].edits[0].lines[3].text.p, x.r.files[0].edits[0].lines[3].text.n,
	          "12345678901" BAR "q", 15);
	CHECK_MEM(x.r.files[0].edits[0].lines[4].text.p, x.r.files[0].edits[0].lines[4].text.n,
	          "0" BAR "z", 5);
	CHECK_INT(x.r.files[0].edits[0].hint_start, 1);
	CHECK_INT(x.r.files[0].edits[0].hint_len, 1);
	ln_free(&x);

	/* a NUL inside a name makes no file */
	{
		static const char t2[] = "a\0.c\n<editblock>\n<<<<<<< REMOVE\n1" BAR "a\n=======\n"
		                         ">>>>>>> INSERT\n";
		ln_parse_n(&x, t2, sizeof(t2) - 1, 0);
		CHECK_INT(x.rc, SEAM_OK);
		CHECK_INT(x.r.nfiles, 0);
		ln_free(&x);
	}
}

TEST(lndiff, many_broken_blocks_stay_linear)
{
	/* every head opens a block cut short by the next: each line is read a bounded number of
	   times, and the notes stop growing */
	size_t n = 200000, i, o = 0, unit = sizeof("<<<<<<< REMOVE\n=======\n") - 1;
	char *t = sm_malloc(n * unit + 1);
	ln_reply x;

	CHECK(t);
	for (i = 0; i < n; i++, o += unit)
		memcpy(t + o, "<<<<<<< REMOVE\n=======\n", unit);
	ln_parse_n(&x, t, o, 0);
	CHECK_INT(x.rc, SEAM_OK);
	CHECK_INT(x.r.nfiles, 0);
	CHECK(x.r.notes.len < SM_NOTES_MAX + 256);
	ln_free(&x);
	sm_free(t);
}

TEST(lndiff, edit_limit)
{
	ln_reply x;
	const char *t = "a.c\n<<<<<<< REMOVE\n1" BAR "a\n=======\n>>>>>>> INSERT\n"
	                "<<<<<<< REMOVE\n2" BAR "b\n=======\n>>>>>>> INSERT\n";

	ln_parse_n(&x, t, strlen(t), 1);
	CHECK_INT(x.rc, SEAM_ELIMIT);
	ln_free(&x);
}

TEST(lndiff, out_of_memory)
{
	const char *t = "a.c\n<editblock>\n<<<<<<< REMOVE\n1" BAR "a\n2" BAR "b\n=======\n " BAR
	                "c\n>>>>>>> INSERT\n</editblock>\nb.c\n<editblock>\n<<<<<<< REMOVE\n"
	                "=======\n " BAR "d\n>>>>>>> INSERT\n</editblock>\n";
	long k;
	ln_reply x;

	for (k = 0; k < 200; k++) {
		sm_alloc_fail_after(k);
		ln_parse(&x, t);
		sm_alloc_fail_after(-1);
		if (x.rc == SEAM_OK) {
			CHECK_STR(ln_files(&x), "a.c 1\nb.c 1\n");
			ln_free(&x);
			break;
		}
		CHECK_INT(x.rc, SEAM_ENOMEM);
		ln_free(&x);
	}
	CHECK(k < 200);
}
