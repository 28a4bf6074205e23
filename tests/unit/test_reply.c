/*
 * Reading replies: lines, fences, thinking sections, file names, and the public reply API.
 * Also holds the helpers the test_fmt_*.c files share (tr_*), so that every parser test states
 * its expectations as short strings.
 */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/read/reply.h"
#include "lib/format/format.h"
#include "util/alloc.h"

#include <stdio.h>
#include <string.h>

/* ---- shared helpers (declared again in test_fmt_*.c) ---- */

static char tr_err[4096];

seam_reply *tr_parse_n(const char *format, const char *text, size_t len, int *rc);
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);
seam_reply *tr_parse_alone(seam_format_t f, const char *text, size_t len, size_t max_edits,
                           int *rc);

seam_reply *tr_parse_n(const char *format, const char *text, size_t len, int *rc)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;

	o.format = (seam_format_t)seam_format_from_name(format);
	*rc = seam_session_new(&s, &o);
	if (*rc)
		return NULL;
	*rc = seam_reply_parse(&r, s, text, len);
	snprintf(tr_err, sizeof(tr_err), "%s", seam_session_errmsg(s));
	seam_session_free(s);
	return r;
}

seam_reply *tr_parse(const char *format, const char *text, int *rc)
{
	return tr_parse_n(format, text, strlen(text), rc);
}

/* Reads text with format f's parser alone (no detection, no other format asked), as
 * sm_reply_read does once detection chose f. NULL, with *rc SEAM_ENOMEM, when out of memory
 * before the parser ran (the fault loops). */
seam_reply *tr_parse_alone(seam_format_t f, const char *text, size_t len, size_t max_edits,
                           int *rc)
{
	seam_reply *r = sm_calloc(1, sizeof(*r));
	sm_lines ls;

	*rc = SEAM_ENOMEM;
	if (!r)
		return NULL;
	r->text = sm_malloc(len + 1);
	if (!r->text) {
		sm_free(r);
		return NULL;
	}
	memcpy(r->text, text, len);
	r->text[len] = '\0';
	r->len = len;
	if (sm_lines_split(&ls, r->text, len)) {
		sm_lines_free(&ls);
		seam_reply_free(r);
		return NULL;
	}
	r->max_edits = max_edits;
	r->format = f;
	*rc = sm_format_get(f)->parse(r, &ls);
	sm_lines_free(&ls);
	return r;
}

const char *tr_errmsg(void)
{
	return tr_err;
}

/* One line per file: "path op edits[ -> move_to]". */
const char *tr_files(const seam_reply *r)
{
	static char buf[8192];
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; r && i < r->nfiles && o < sizeof(buf); i++) {
		const sm_fileop *f = &r->files[i];
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s %s %zu%s%s\n", f->path,
		                      seam_op_name(f->op), f->nedits, f->move_to ? " -> " : "",
		                      f->move_to ? f->move_to : "");
	}
	return buf;
}

/* The edit's lines, each as its kind then its text, '\n'-terminated. */
const char *tr_edit(const seam_reply *r, size_t file, size_t edit)
{
	static char buf[65536];
	const sm_edit *e;
	size_t i, o = 0;

	buf[0] = '\0';
	if (!r || file >= r->nfiles || edit >= r->files[file].nedits)
		return "(no such edit)";
	e = &r->files[file].edits[edit];
	for (i = 0; i < e->nlines && o + e->lines[i].text.n + 3 < sizeof(buf); i++) {
		buf[o++] = e->lines[i].kind;
		memcpy(buf + o, e->lines[i].text.p, e->lines[i].text.n);
		o += e->lines[i].text.n;
		buf[o++] = '\n';
	}
	buf[o] = '\0';
	return buf;
}

/* ---- lines ---- */

TEST(reply, lines_split)
{
	sm_lines ls;
	const char *t = "a\r\nb\n\nc";

	CHECK_INT(sm_lines_split(&ls, t, strlen(t)), 0);
	CHECK_INT(ls.n, 4);
	CHECK_INT(ls.v[0].n, 1);
	CHECK_INT(ls.v[2].n, 0);
	CHECK_INT(ls.v[3].no, 4);
	CHECK(ls.v[3].p[0] == 'c');
	sm_lines_free(&ls);

	CHECK_INT(sm_lines_split(&ls, "x\n", 2), 0);
	CHECK_INT(ls.n, 1);
	sm_lines_free(&ls);
	CHECK_INT(sm_lines_split(&ls, "", 0), 0);
	CHECK_INT(ls.n, 0);
	sm_lines_free(&ls);
	/* a NUL is an ordinary byte of a line */
	CHECK_INT(sm_lines_split(&ls, "a\0b\nc", 5), 0);
	CHECK_INT(ls.n, 2);
	CHECK_INT(ls.v[0].n, 3);
	sm_lines_free(&ls);
}

/* ---- fences ---- */

TEST(reply, fence_line)
{
	sm_fence_mark m;

	CHECK(sm_fence_line("```python", 9, &m));
	CHECK(m.ch == '`');
	CHECK_INT(m.len, 3);
	CHECK_MEM(m.info.p, m.info.n, "python", 6);
	CHECK(sm_fence_line("  ~~~~~  ", 9, &m));
	CHECK(m.ch == '~');
	CHECK_INT(m.len, 5);
	CHECK_INT(m.indent, 2);
	CHECK_INT(m.info.n, 0);
	CHECK(!sm_fence_line("``", 2, &m));
	CHECK(!sm_fence_line("```x = 1```", 11, &m));
	CHECK(sm_fence_line("<source>python", 14, &m));
	CHECK(m.ch == '<');
	CHECK_MEM(m.info.p, m.info.n, "python", 6);
	CHECK(sm_fence_line("</source>", 9, &m));
	CHECK(m.ch == '>');
	CHECK(!sm_fence_line("<source src=\"a.mp4\">", 20, &m));
	/* the HTML tags models write around code instead of a fence (issue 11): each closed by
	   its own closing tag only; an element with attributes or content is HTML */
	CHECK(sm_fence_line("<pre>", 5, &m));
	CHECK(m.ch == '<');
	CHECK(sm_fence_line("  <CODE>python", 14, &m));
	CHECK(m.ch == '<');
	CHECK_MEM(m.info.p, m.info.n, "python", 6);
	CHECK(sm_fence_line("<codeblock>", 11, &m));
	CHECK(sm_fence_closes(&m, "</codeblock>", 12));
	CHECK(!sm_fence_closes(&m, "</code>", 7));
	CHECK(!sm_fence_closes(&m, "```", 3));
	CHECK(!sm_fence_line("<pre class=\"x\">", 15, &m));
	CHECK(!sm_fence_line("<code>x = 1</code>", 18, &m));
	CHECK(!sm_fence_line("</pre> text", 11, &m));
	CHECK(!sm_fence_line("<preview>", 9, &m));
}

static int fences_of(const char *text, sm_fence *out, size_t max)
{
	sm_lines ls;
	sm_fence *v = NULL;
	size_t n = 0, i;

	if (sm_lines_split(&ls, text, strlen(text)))
		return -1;
	if (sm_fences_find(&ls, &v, &n)) {
		sm_lines_free(&ls);
		return -1;
	}
	for (i = 0; i < n && i < max; i++)
		out[i] = v[i];
	sm_free(v);
	sm_lines_free(&ls);
	return (int)n;
}

TEST(reply, fences_nested)
{
	sm_fence f[4];

	/* a Markdown file holding ```bash blocks stays one fence */
	CHECK_INT(
	    fences_of("README.md\n```markdown\n# T\n```bash\nls\n```\ntext\n```\nafter\n", f, 4),
	    1);
	CHECK_INT(f[0].open, 1);
	CHECK_INT(f[0].close, 7);
	/* a longer opener is only closed by a run as long */
	CHECK_INT(fences_of("````\n```\nx\n```\n````\n```sh\nls\n```\n", f, 4), 2);
	CHECK_INT(f[0].close, 4);
	CHECK_INT(f[1].open, 5);
	CHECK_INT(f[1].close, 7);
	/* an indented example inside a docstring does not close the fence */
	CHECK_INT(fences_of("```\ndef f():\n    ```\n    x\n```\n", f, 4), 1);
	CHECK_INT(f[0].close, 4);
	/* <source> holds anything until </source> */
	CHECK_INT(fences_of("<source>\n```\n~~~\n</source>\n", f, 4), 1);
	CHECK_INT(f[0].close, 3);
	/* unclosed */
	CHECK_INT(fences_of("```\nabc\n", f, 4), 1);
	CHECK_INT(f[0].close, 2);
}

TEST(reply, fences_unclosed_nested_falls_back)
{
	sm_fence f[4];

	/* the inner ```js never closes: reading on flat beats swallowing the reply */
	CHECK_INT(fences_of("```md\n```js\nx\n```\nprose\n```py\ny\n```\n", f, 4), 2);
	CHECK_INT(f[0].open, 0);
	CHECK_INT(f[0].close, 3);
	CHECK_INT(f[1].open, 5);
	CHECK_INT(f[1].close, 7);
}

/* ---- thinking ---- */

static const char *without_thinking(const char *text, size_t *removed)
{
	static char buf[4096];
	sm_lines all, out;
	const sm_lines *show;
	size_t i, o = 0;

	buf[0] = '\0';
	if (sm_lines_split(&all, text, strlen(text)))
		return "(oom)";
	if (sm_lines_drop_thinking(&out, &all, removed)) {
		sm_lines_free(&all);
		return "(oom)";
	}
	/* nothing removed: the contract is to read `all` */
	show = *removed ? &out : &all;
	for (i = 0; i < show->n && o + show->v[i].n + 8 < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%ld:%.*s\n", show->v[i].no,
		                      (int)show->v[i].n, show->v[i].p);
	sm_lines_free(&out);
	sm_lines_free(&all);
	return buf;
}

TEST(reply, thinking_dropped)
{
	size_t rm;

	CHECK_STR(without_thinking("<think>\na\n```\n</think>\nb\n", &rm), "5:b\n");
	CHECK_INT(rm, 4);
	CHECK_STR(without_thinking("<thinking>x</thinking>tail\nb\n", &rm), "1:tail\n2:b\n");
	CHECK_STR(
	    without_thinking("<thinking-content-7bbe>\nq\n</thinking-content-7bbe>\nz\n", &rm),
	    "4:z\n");
	/* a close tag of another name does not end it */
	CHECK_STR(
	    without_thinking("<thinking-content-1>\n</think>\n</thinking-content-1>\nz\n", &rm),
	    "4:z\n");
	/* unclosed: runs to the end */
	CHECK_STR(without_thinking("a\n<think>\nb\n", &rm), "1:a\n");
	CHECK_INT(rm, 2);
	/* inside a fence it is file content */
	CHECK_STR(without_thinking("```\n<think>\n```\n", &rm), "1:```\n2:<think>\n3:```\n");
	CHECK_INT(rm, 0);
	/* not at the start of a line: prose */
	CHECK_STR(without_thinking("use <think> tags\n", &rm), "1:use <think> tags\n");
}

/* ---- names ---- */

static const char *name_of(size_t (*fn)(const char *, size_t, char *), const char *line)
{
	static char out[SM_PATH_MAX + 1];
	if (!fn(line, strlen(line), out))
		return "(none)";
	return out;
}

TEST(reply, name_line_accepts)
{
	CHECK_STR(name_of(sm_name_line, "src/x.c"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "  src/x.c:  "), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "**src/x.c**"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "**src/x.c:**"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "`src/x.c`"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "**`src/x.c`**:"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "### src/x.c"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "# `src/x.c`"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "### File: src/x.c"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "./src/x.c"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "src\\app\\page.tsx"), "src/app/page.tsx");
	CHECK_STR(name_of(sm_name_line, "C:\\work\\app.py"), "C:/work/app.py");
	CHECK_STR(name_of(sm_name_line, "\"src/x.c\""), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "Makefile"), "Makefile");
	CHECK_STR(name_of(sm_name_line, ".env"), ".env");
	CHECK_STR(name_of(sm_name_line, "app/(auth)/login/page.tsx"), "app/(auth)/login/page.tsx");
	CHECK_STR(name_of(sm_name_line, "src/pages/blog/[...slug].astro"),
	          "src/pages/blog/[...slug].astro");
	CHECK_STR(name_of(sm_name_line, "`docs/My Notes.md`"), "docs/My Notes.md");
	CHECK_STR(name_of(sm_name_line, "src/new.py (new file)"), "src/new.py");
	CHECK_STR(name_of(sm_name_line, "**src/new.py** (updated):"), "src/new.py");
	CHECK_STR(name_of(sm_name_line, "__init__.py"), "__init__.py");
	CHECK_STR(name_of(sm_name_line, "### 2. `src/x.c`"), "src/x.c");
	CHECK_STR(name_of(sm_name_line, "## 10) src/x.c:"), "src/x.c");
}

TEST(reply, name_line_rejects_prose)
{
	CHECK_STR(name_of(sm_name_line, "export default App;"), "(none)");
	CHECK_STR(name_of(sm_name_line, "Here is the change:"), "(none)");
	CHECK_STR(name_of(sm_name_line, "Update `src/x.py` as follows:"), "(none)");
	CHECK_STR(name_of(sm_name_line, "main()"), "(none)");
	CHECK_STR(name_of(sm_name_line, "foo.bar(x)"), "(none)");
	CHECK_STR(name_of(sm_name_line, "x = y.z"), "(none)");
	CHECK_STR(name_of(sm_name_line, "Example"), "(none)");
	CHECK_STR(name_of(sm_name_line, "Done."), "(none)");
	CHECK_STR(name_of(sm_name_line, "src/"), "(none)");
	CHECK_STR(name_of(sm_name_line, "src/.../x.c"), "(none)");
	CHECK_STR(name_of(sm_name_line, "https://example.com/x.js"), "(none)");
	CHECK_STR(name_of(sm_name_line, "--- a/x.c"), "(none)");
	CHECK_STR(name_of(sm_name_line, "}"), "(none)");
	CHECK_STR(name_of(sm_name_line, "#include <stdio.h>"), "(none)");
	CHECK_STR(name_of(sm_name_line, "src/x.py (excerpt)"), "(none)");
	CHECK_STR(name_of(sm_name_line, "`a b c d e.txt`"), "(none)");
	CHECK_STR(name_of(sm_name_line, "a\tb.c"), "(none)");
	CHECK_STR(name_of(sm_name_line, "1. src/x.c"), "(none)");
	CHECK_STR(name_of(sm_name_line, "- src/x.c"), "(none)");
	CHECK(!sm_name_line("a\0b.c", 5, (char[SM_PATH_MAX + 1]){0}));
}

TEST(reply, name_first_line_is_strict)
{
	CHECK_STR(name_of(sm_name_first_line, "src/x.py"), "src/x.py");
	CHECK_STR(name_of(sm_name_first_line, "`src/x.py`"), "src/x.py");
	CHECK_STR(name_of(sm_name_first_line, "Dockerfile"), "Dockerfile");
	CHECK_STR(name_of(sm_name_first_line, "/langchain"), "(none)");
	CHECK_STR(name_of(sm_name_first_line, "# src/x.py"), "(none)");
	CHECK_STR(name_of(sm_name_first_line, "os.path"), "os.path");
	CHECK_STR(name_of(sm_name_first_line, "src/lib"), "(none)");
	CHECK_STR(name_of(sm_name_first_line, "import os"), "(none)");
}

TEST(reply, name_info)
{
	CHECK_STR(name_of(sm_name_info, "c src/x.c"), "src/x.c");
	CHECK_STR(name_of(sm_name_info, "python:src/x.py"), "src/x.py");
	CHECK_STR(name_of(sm_name_info, "src/walk.rs"), "src/walk.rs");
	CHECK_STR(name_of(sm_name_info, "js title=\"lib/a.js\""), "lib/a.js");
	CHECK_STR(name_of(sm_name_info, "python"), "(none)");
	CHECK_STR(name_of(sm_name_info, "diff"), "(none)");
	CHECK_STR(name_of(sm_name_info, "Makefile"), "(none)");
	CHECK_STR(name_of(sm_name_info, "12:15:src/x.ts"), "(none)");
	CHECK_STR(name_of(sm_name_info, "jsx{1,3}"), "(none)");
	CHECK_STR(name_of(sm_name_info, ""), "(none)");
}

/* ---- public API ---- */

TEST(reply, format_names)
{
	CHECK_INT(seam_format_from_name("auto"), SEAM_FORMAT_AUTO);
	CHECK_INT(seam_format_from_name("editblock"), SEAM_FORMAT_EDITBLOCK);
	CHECK_INT(seam_format_from_name("editblock-fenced"), SEAM_FORMAT_EDITBLOCK);
	CHECK_INT(seam_format_from_name("udiff"), SEAM_FORMAT_UDIFF);
	CHECK_INT(seam_format_from_name("gitdiff"), SEAM_FORMAT_UDIFF);
	CHECK_INT(seam_format_from_name("diff"), SEAM_FORMAT_UDIFF);
	CHECK_INT(seam_format_from_name("WHOLE"), SEAM_FORMAT_WHOLE);
	CHECK_INT(seam_format_from_name("patch"), SEAM_FORMAT_PATCH);
	CHECK_INT(seam_format_from_name("apply_patch"), SEAM_FORMAT_PATCH);
	CHECK_INT(seam_format_from_name("apply\x7fpatch"), -1);
	CHECK_INT(seam_format_from_name("lndiff"), SEAM_FORMAT_LNDIFF);
	CHECK_INT(seam_format_from_name("toolcall"), SEAM_FORMAT_TOOLCALL);
	CHECK_INT(seam_format_from_name("numbered"), SEAM_FORMAT_NUMBERED);
	CHECK_INT(seam_format_from_name("update_lines"), SEAM_FORMAT_NUMBERED);
	CHECK_INT(seam_format_from_name("Snippet"), SEAM_FORMAT_SNIPPET);
	CHECK_INT(seam_format_from_name("ed"), -1);
	CHECK_INT(seam_format_from_name(""), -1);
	CHECK_INT(seam_format_from_name(NULL), -1);
	CHECK_STR(seam_format_name(SEAM_FORMAT_UDIFF), "udiff");
	CHECK_STR(seam_format_name(SEAM_FORMAT_EDITBLOCK), "editblock");
	CHECK_STR(seam_format_name(SEAM_FORMAT_WHOLE), "whole");
	CHECK_STR(seam_format_name(SEAM_FORMAT_PATCH), "patch");
	CHECK_STR(seam_format_name(SEAM_FORMAT_LNDIFF), "lndiff");
	CHECK_STR(seam_format_name(SEAM_FORMAT_TOOLCALL), "toolcall");
	CHECK_STR(seam_format_name(SEAM_FORMAT_NUMBERED), "numbered");
	CHECK_STR(seam_format_name(SEAM_FORMAT_SNIPPET), "snippet");
	CHECK_STR(seam_format_name(SEAM_FORMAT_COUNT), "unknown");
	CHECK_STR(seam_format_name(SEAM_FORMAT_AUTO), "auto");
	CHECK_STR(seam_op_name(SEAM_OP_UPDATE), "update");
	CHECK_STR(seam_op_name(SEAM_OP_CREATE), "create");
	CHECK_STR(seam_op_name(SEAM_OP_DELETE), "delete");
	CHECK_STR(seam_op_name(SEAM_OP_WHOLE), "whole");
}

static const char block[] = "a.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n";

TEST(reply, getters)
{
	int rc;
	seam_reply *r = tr_parse("auto", block, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_EDITBLOCK);
	CHECK_INT(seam_reply_file_count(r), 1);
	CHECK_STR(seam_reply_file_path(r, 0), "a.py");
	CHECK_INT(seam_reply_file_op(r, 0), SEAM_OP_UPDATE);
	CHECK_INT(seam_reply_edit_count(r, 0), 1);
	CHECK(seam_reply_file_path(r, 1) == NULL);
	CHECK_INT(seam_reply_edit_count(r, 7), 0);
	/* the reply's text is a copy: spans point into it, not into the caller's buffer */
	CHECK(r->files[0].edits[0].lines[0].text.p >= r->text &&
	      r->files[0].edits[0].lines[0].text.p < r->text + r->len);
	seam_reply_free(r);
	CHECK_INT(seam_reply_file_count(NULL), 0);
	CHECK(seam_reply_file_path(NULL, 0) == NULL);
	seam_reply_free(NULL);
}

TEST(reply, bad_arguments)
{
	seam_session *s;
	seam_reply *r = (seam_reply *)1;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_reply_parse(NULL, s, "x", 1), SEAM_EUSAGE);
	CHECK_INT(seam_reply_parse(&r, NULL, "x", 1), SEAM_EUSAGE);
	CHECK(r == NULL);
	CHECK_INT(seam_reply_parse(&r, s, NULL, 3), SEAM_EUSAGE);
	CHECK_INT(seam_reply_parse(&r, s, NULL, 0), SEAM_EPARSE);
	seam_session_free(s);
}

TEST(reply, no_edit_is_eparse_with_advice)
{
	int rc;
	seam_reply *r = tr_parse("auto", "Sure! Run:\n```bash\npip install x\n```\n", &rc);

	CHECK(r == NULL);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "no edit found"));
	CHECK(strstr(tr_errmsg(), "path alone on a line"));

	r = tr_parse("auto", "x.py\n```\n<<<<<<< SEARCH\na\n=======\nb\n```\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "SEARCH/REPLACE"));
	CHECK(strstr(tr_errmsg(), "line 3: SEARCH block without a >>>>>>> REPLACE line"));

	r = tr_parse("udiff", "nothing here\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "@@"));
}

TEST(reply, limits)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s;
	seam_reply *r;
	const char *two = "a.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n"
	                  "<<<<<<< SEARCH\nz\n=======\nw\n>>>>>>> REPLACE\n```\n";

	o.max_reply_bytes = 10;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, block, strlen(block)), SEAM_ELIMIT);
	CHECK(strstr(seam_session_errmsg(s), "max_reply_bytes"));
	seam_session_free(s);

	o.max_reply_bytes = 0;
	o.max_edits = 1;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, block, strlen(block)), SEAM_OK);
	seam_reply_free(r);
	CHECK_INT(seam_reply_parse(&r, s, two, strlen(two)), SEAM_ELIMIT);
	CHECK(r == NULL);
	CHECK(strstr(seam_session_errmsg(s), "max_edits"));
	seam_session_free(s);
}

TEST(reply, forced_format)
{
	int rc;
	/* a SEARCH block read as a whole file, because the caller said so */
	seam_reply *r = tr_parse("whole", block, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_WHOLE);
	CHECK_STR(tr_files(r), "a.py whole 1\n");
	seam_reply_free(r);
}

TEST(reply, nul_bytes_and_bad_utf8)
{
	static const char t[] = "a.py\n```\n<<<<<<< SEARCH\nx\0y\xff\n=======\n\xc3(\n>>>>>>> "
	                        "REPLACE\n```\n\0\0\0";
	int rc;
	seam_reply *r = tr_parse_n("auto", t, sizeof(t) - 1, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(r->files[0].edits[0].lines[0].text.n, 4);
	CHECK_INT(r->files[0].edits[0].nlines, 2);
	seam_reply_free(r);
	/* a NUL inside a would-be name: not a name */
	r = tr_parse_n("whole", "a\0.py\n```\nx\n```\n", 16, &rc);
	CHECK_INT(rc, SEAM_EPARSE);
}

TEST(reply, thinking_drafts_are_not_applied)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<think>\nmaybe:\nold.py\n```\n<<<<<<< SEARCH\na\n=======\nb\n"
	                         ">>>>>>> REPLACE\n```\n</think>\n\nnew.py\n```\n<<<<<<< SEARCH\n"
	                         "c\n=======\nd\n>>>>>>> REPLACE\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "new.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-c\n+d\n");
	CHECK_INT(r->files[0].edits[0].reply_line, 15);
	seam_reply_free(r);

	/* when the only edits are inside, they are used */
	r = tr_parse("auto",
	             "<think>\nold.py\n```\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> "
	             "REPLACE\n```\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "old.py update 1\n");
	seam_reply_free(r);
}

TEST(reply, out_of_memory_everywhere)
{
	static const char *const replies[] = {
	    "<think>\nx\n</think>\na.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> "
	    "REPLACE\n```\nb.py\n```\n<<<<<<< SEARCH\n=======\nz\n>>>>>>> REPLACE\n```\n",
	    "```diff\ndiff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
	    "--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+n\n```\n",
	    "x.py\n```\nprint(1)\n```\ny.py\n```\nprint(2)\n```\n",
	    "x.py\n```\n<<<<<<< SEARCH\nunterminated\n",
	};
	size_t k;
	long n;
	int rc;

	for (k = 0; k < sizeof(replies) / sizeof(replies[0]); k++) {
		for (n = 0; n < 200; n++) {
			seam_reply *r;
			sm_alloc_fail_after(n);
			r = tr_parse("auto", replies[k], &rc);
			sm_alloc_fail_after(-1);
			if (rc == SEAM_ENOMEM) {
				CHECK(r == NULL);
				continue;
			}
			seam_reply_free(r);
			if (rc == SEAM_OK || rc == SEAM_EPARSE)
				break;
			CHECK_INT(rc, SEAM_OK);
		}
		CHECK(n < 200);
	}
}

/* Every line of an edit carries the reply line it was read from (sm_hline.reply_line), so
 * that messages need no arithmetic on addresses; text decoded from JSON has none (0). */
TEST(reply, reply_line_on_every_line)
{
	int rc;
	const char *text = "Some prose.\n"              /* 1 */
	                   "\n"                         /* 2 */
	                   "a.py\n"                     /* 3 */
	                   "```python\n"                /* 4 */
	                   "<<<<<<< SEARCH\n"           /* 5 */
	                   "x = 1\n"                    /* 6 */
	                   "y = 2\n"                    /* 7 */
	                   "=======\n"                  /* 8 */
	                   "x = 3\n"                    /* 9 */
	                   ">>>>>>> REPLACE\n"          /* 10 */
	                   "```\n";
	seam_reply *r = tr_parse("editblock", text, &rc);
	const sm_edit *e;

	CHECK_INT(rc, SEAM_OK);
	CHECK(r && r->nfiles == 1 && r->files[0].nedits == 1);
	e = &r->files[0].edits[0];
	CHECK_INT(e->kind, SM_KIND_BLOCK);
	CHECK_INT(e->nlines, 3);
	CHECK_INT(e->lines[0].reply_line, 6);
	CHECK_INT(e->lines[1].reply_line, 7);
	CHECK_INT(e->lines[2].reply_line, 9);
	seam_reply_free(r);

	r = tr_parse("toolcall",
	             "{\"name\": \"str_replace\", \"input\": {\"path\": \"a.py\", "
	             "\"old_str\": \"x = 1\\ny = 2\", \"new_str\": \"x = 3\"}}",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK(r && r->nfiles == 1 && r->files[0].nedits == 1);
	e = &r->files[0].edits[0];
	CHECK(e->nlines == 3 && e->lines[0].reply_line == 0 && e->lines[2].reply_line == 0);
	seam_reply_free(r);
}

/* A whole file's lines, taken into the image as they are, get their reply lines back by
 * address (the laziness guard names a placeholder of a whole file by its reply line). */
TEST(reply, number_like_by_address)
{
	static const char t[] = "one\ntwo\nthree\n";
	sm_fileop op;
	sm_edit src, e;

	memset(&op, 0, sizeof(op));
	memset(&src, 0, sizeof(src));
	memset(&e, 0, sizeof(e));
	CHECK_INT(sm_edit_add_hline(&src, &(sm_hline){.text = {t + 8, 5}, .kind = SM_HL_ADD, .reply_line = 12}), 0);
	CHECK_INT(sm_edit_add_hline(&src, &(sm_hline){.text = {t, 3}, .kind = SM_HL_ADD, .reply_line = 10}), 0);
	op.edits = &src;
	op.nedits = 1;
	CHECK_INT(sm_edit_add_line(&e, SM_HL_ADD, t, 3), 0);
	CHECK_INT(sm_edit_add_line(&e, SM_HL_ADD, t + 4, 3), 0);
	CHECK_INT(sm_edit_add_line(&e, SM_HL_ADD, t + 8, 5), 0);
	CHECK_INT(sm_fileop_number_like(&op, &e), 0);
	CHECK_INT(e.lines[0].reply_line, 10);
	CHECK_INT(e.lines[1].reply_line, 0);
	CHECK_INT(e.lines[2].reply_line, 12);
	sm_free(src.lines);
	sm_free(e.lines);
}
