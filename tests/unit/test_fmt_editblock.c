/* SEARCH/REPLACE blocks: markers, names, fences, several blocks, broken blocks. */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* from test_reply.c */
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);

TEST(editblock, basic)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Here is the change:\n\nsrc/app.py\n```python\n"
	                         "<<<<<<< SEARCH\ndef f():\n    return 1\n=======\n"
	                         "def f():\n    return 2\n>>>>>>> REPLACE\n```\n\nDone.\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_EDITBLOCK);
	CHECK_STR(tr_files(r), "src/app.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-def f():\n-    return 1\n+def f():\n+    return 2\n");
	CHECK_INT(r->files[0].edits[0].kind, SM_KIND_BLOCK);
	CHECK_INT(r->files[0].edits[0].flags, 0);
	CHECK_INT(r->files[0].edits[0].reply_line, 5);
	CHECK_INT(r->files[0].edits[0].hint_start, 0);
	CHECK_INT(r->files[0].edits[0].hint_len, -1);
	CHECK_INT(r->files[0].reply_line, 3);
	seam_reply_free(r);
}

TEST(editblock, marker_spellings)
{
	static const char *const heads[] = {"<<<<<<< SEARCH",   "<<<<< search", "<<<<<<<<< SEARCH",
	                                    "<<<<<<< ORIGINAL", "<<<<<<< HEAD", "------- SEARCH",
	                                    "<<<<<<<SEARCH  "};
	static const char *const tails[] = {
	    ">>>>>>> REPLACE", ">>>>> replace",   ">>>>>>>>> REPLACE",
	    ">>>>>>> UPDATED", ">>>>>>> updated", "+++++++ REPLACE",
	    ">>>>>>>"};
	char buf[512];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
		seam_reply *r;
		snprintf(buf, sizeof(buf), "x.c\n```c\n%s\nold\n=======\nnew\n%s\n```\n", heads[i],
		         tails[i]);
		r = tr_parse("auto", buf, &rc);
		CHECK_INT(rc, SEAM_OK);
		CHECK_STR(tr_edit(r, 0, 0), "-old\n+new\n");
		seam_reply_free(r);
	}
}

TEST(editblock, marker_lookalikes_are_content)
{
	int rc;
	/* 4 and 10 '<' are not markers; "=======" of 11 is content */
	seam_reply *r = tr_parse("auto",
	                         "x.md\n```\n<<<<<<< SEARCH\n<<<< SEARCH\n===========\n"
	                         "=======\n<<<<<<<<<< SEARCH\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-<<<< SEARCH\n-===========\n+<<<<<<<<<< SEARCH\n");
	seam_reply_free(r);
}

TEST(editblock, name_forms)
{
	static const char *const names[] = {
	    "src/a.py",   "**src/a.py**", "`src/a.py`", "**`src/a.py`**",   "### src/a.py",
	    "./src/a.py", "src/a.py:",    "src\\a.py",  "# File: src/a.py",
	};
	char buf[512];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		seam_reply *r;
		snprintf(buf, sizeof(buf),
		         "%s\n```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n",
		         names[i]);
		r = tr_parse("auto", buf, &rc);
		CHECK_INT(rc, SEAM_OK);
		CHECK_STR(tr_files(r), "src/a.py update 1\n");
		seam_reply_free(r);
	}
}

TEST(editblock, name_inside_fence_and_in_info)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "```python\nlib/one.py\n<<<<<<< ORIGINAL\na\n=======\nb\n"
	                         ">>>>>>> UPDATED\n```\n\n```c lib/two.c\n"
	                         "<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n```\n"
	                         "```python:lib/three.py\n<<<<<<< SEARCH\ne\n=======\nf\n"
	                         ">>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "lib/one.py update 1\nlib/two.c update 1\nlib/three.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-a\n+b\n");
	CHECK_STR(tr_edit(r, 1, 0), "-c\n+d\n");
	CHECK_STR(tr_edit(r, 2, 0), "-e\n+f\n");
	seam_reply_free(r);
}

TEST(editblock, several_blocks_and_files)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "a.js\n```js\n<<<<<<< SEARCH\n1\n=======\n2\n>>>>>>> "
	                         "REPLACE\n\n<<<<<<< SEARCH\n3\n=======\n4\n>>>>>>> REPLACE\n"
	                         "```\n\nb.js\n```js\n<<<<<<< SEARCH\n5\n=======\n6\n"
	                         ">>>>>>> REPLACE\n```\n\nAnd one more:\n\n```js\n"
	                         "<<<<<<< SEARCH\n7\n=======\n8\n>>>>>>> REPLACE\n```\n"
	                         "a.js\n```js\n<<<<<<< SEARCH\n9\n=======\n10\n>>>>>>> "
	                         "REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	/* the block under "And one more:" has no name: it takes the previous block's, b.js;
	 * the second a.js fence joins the first a.js */
	CHECK_STR(tr_files(r), "a.js update 3\nb.js update 2\n");
	CHECK_STR(tr_edit(r, 0, 1), "-3\n+4\n");
	CHECK_STR(tr_edit(r, 0, 2), "-9\n+10\n");
	CHECK_STR(tr_edit(r, 1, 1), "-7\n+8\n");
	CHECK_INT(r->total_edits, 5);
	seam_reply_free(r);
}

TEST(editblock, unfenced)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Change this:\n\nconfig/app.yml\n<<<<<<< SEARCH\nport: 1\n"
	                         "=======\nport: 2\n>>>>>>> REPLACE\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "config/app.yml update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-port: 1\n+port: 2\n");
	seam_reply_free(r);
}

TEST(editblock, empty_search_creates)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "new/mod.py\n```python\n<<<<<<< SEARCH\n=======\n"
	                         "import os\n\nprint(os.sep)\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "new/mod.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+import os\n+\n+print(os.sep)\n");
	seam_reply_free(r);
}

TEST(editblock, fences_inside_are_content)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "README.md\n````markdown\n<<<<<<< SEARCH\n```bash\nmake\n"
	                         "```\n=======\n```bash\nmake all\n```\n```\n>>>>>>> REPLACE\n"
	                         "````\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-```bash\n-make\n-```\n+```bash\n+make all\n+```\n+```\n");
	seam_reply_free(r);
}

TEST(editblock, unterminated_blocks_are_noted_and_skipped)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "a.py\n```\n<<<<<<< SEARCH\nx\n```\n\nb.py\n```\n"
	                         "<<<<<<< SEARCH\ny\n=======\nz\n```\n\nc.py\n```\n"
	                         "<<<<<<< SEARCH\nok\n=======\nfine\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "c.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-ok\n+fine\n");
	CHECK(r->notes.ptr && strstr(r->notes.ptr, "line 3: SEARCH block without a ======= line"));
	CHECK(strstr(r->notes.ptr, "line 9: SEARCH block without a >>>>>>> REPLACE line"));
	seam_reply_free(r);
}

TEST(editblock, prose_is_not_a_name)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Here is the change:\n```js\n<<<<<<< SEARCH\na\n=======\n"
	                         "b\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK(r == NULL);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "no file name"));

	r = tr_parse("auto",
	             "export default App;\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
}

TEST(editblock, name_lookup_stops_at_previous_block)
{
	int rc;
	/* the ```bash fence between the blocks has no name: the block after it keeps x.ts */
	seam_reply *r = tr_parse("auto",
	                         "x.ts\n```ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> "
	                         "REPLACE\n```\n```bash\nnpm test\n```\n```ts\n"
	                         "<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "x.ts update 2\n");
	seam_reply_free(r);
}

TEST(editblock, windows_paths_and_crlf)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "src\\components\\Nav.tsx\r\n```tsx\r\n<<<<<<< SEARCH\r\n"
	                         "<a/>\r\n=======\r\n<b/>\r\n>>>>>>> REPLACE\r\n```\r\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "src/components/Nav.tsx update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-<a/>\n+<b/>\n");
	seam_reply_free(r);
}

TEST(editblock, blank_lines_kept_exactly)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "a.py\n```\n<<<<<<< SEARCH\n\nx\n  \n=======\n\n"
	                         ">>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-\n-x\n-  \n+\n");
	seam_reply_free(r);
}

TEST(editblock, huge_marker_flood_is_linear)
{
	/* 200000 heads with no divider: each is skipped once, no quadratic rescans */
	size_t n = 200000, i, o = 0;
	char *t = malloc(n * 16 + 64);
	int rc;
	seam_reply *r;

	CHECK(t);
	o += (size_t)sprintf(t, "a.py\n");
	for (i = 0; i < n; i++)
		o += (size_t)sprintf(t + o, "<<<<<<< SEARCH\n");
	r = tr_parse("auto", t, &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	seam_reply_free(r);
	free(t);
}

TEST(editblock, underline_dividers_in_content)
{
	int rc;
	/* "=======" underlines on both sides: the middle one divides */
	seam_reply *r = tr_parse("auto",
	                         "doc.md\n```\n<<<<<<< SEARCH\nSummary\n=======\nold\n"
	                         "=======\nSummary\n=======\nnew\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-Summary\n-=======\n-old\n+Summary\n+=======\n+new\n");
	seam_reply_free(r);

	/* a shorter underline is content when an exact divider exists */
	r = tr_parse("auto",
	             "doc.rst\n```\n<<<<<<< SEARCH\nTitle\n=====\n=======\nTitle\n=====\n"
	             "more\n>>>>>>> REPLACE\n```\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-Title\n-=====\n+Title\n+=====\n+more\n");
	seam_reply_free(r);
}

TEST(editblock, start_line_hint)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "a.py\n```\n<<<<<<< SEARCH\n:start_line:42\n-------\nx = 1\n=======\n"
	                         "x = 2\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n+x = 2\n");
	CHECK_INT(r->files[0].edits[0].hint_start, 42);
	seam_reply_free(r);
}

TEST(editblock, four_char_original_updated)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "a.py\n```\n<<<< ORIGINAL\nx = 1\n====\nx = 2\n>>>> UPDATED\n```\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n+x = 2\n");
	seam_reply_free(r);
}

/* A REPLACE side that ends with a blank line its SEARCH side's last line (text) does not match
 * is marked (SM_EDIT_NEW_TAIL_BLANK): the planner reads that line as spacing where the file has
 * a blank line after the old text. Sides ending alike, or a SEARCH side ending blank, are not. */
TEST(editblock, replace_side_ending_blank_is_marked)
{
	static const struct {
		const char *search, *replace;
		unsigned flags;
	} v[] = {
	    {"a = 1\n", "a = 2\n\n", SM_EDIT_NEW_TAIL_BLANK},
	    {"a = 1\n", "a = 2\n   \n", SM_EDIT_NEW_TAIL_BLANK},
	    {"a = 1\n", "a = 2\n", 0},
	    {"a = 1\n\n", "a = 2\n\n", 0},
	    {"a = 1\n  \n", "a = 2\n\n", 0},
	    {"a = 1\n\n", "a = 2\n", 0},
	    {"a = 1\n\n", "", 0},
	    {"", "a = 2\n\n", 0},
	};
	char buf[256];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		seam_reply *r;
		snprintf(buf, sizeof(buf), "x.py\n```\n<<<<<<< SEARCH\n%s=======\n%s>>>>>>> REPLACE\n```\n",
		         v[i].search, v[i].replace);
		r = tr_parse("auto", buf, &rc);
		CHECK_INT(rc, SEAM_OK);
		if (rc == SEAM_OK)
			CHECK_INT(r->files[0].edits[0].flags & SM_EDIT_NEW_TAIL_BLANK, v[i].flags);
		seam_reply_free(r);
	}
}
