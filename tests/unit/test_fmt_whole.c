/* Whole files: a name, then a fence holding the entire new content. */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"

#include <stdio.h>
#include <string.h>

/* from test_reply.c */
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);

TEST(whole, basic)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Here is the updated file:\n\nsrc/hello.py\n```python\n"
	                         "import sys\n\nprint(sys.argv)\n```\n\nRun it with:\n\n"
	                         "```bash\npython src/hello.py\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_WHOLE);
	CHECK_STR(tr_files(r), "src/hello.py whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+import sys\n+\n+print(sys.argv)\n");
	CHECK_INT(r->files[0].reply_line, 3);
	CHECK_INT(r->files[0].edits[0].reply_line, 5);
	seam_reply_free(r);
}

TEST(whole, name_forms)
{
	static const char *const forms[] = {
	    "**lib/x.rb**\n```ruby\n", "`lib/x.rb`\n```ruby\n",
	    "**`lib/x.rb`**\n```\n",   "### lib/x.rb\n```ruby\n",
	    "lib/x.rb:\n\n```ruby\n",  "```ruby lib/x.rb\n",
	    "```lib/x.rb\n",           "```ruby\nlib/x.rb\n",
	    "lib\\x.rb\n~~~\n",        "./lib/x.rb\n<source>ruby\n",
	    "lib/x.rb\n<pre>\n",      "lib/x.rb\n<code>ruby\n",
	    "lib/x.rb\n<codeblock>\n",
	};
	char buf[256];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		seam_reply *r;
		const char *close = strstr(forms[i], "~~~")           ? "~~~"
		                    : strstr(forms[i], "<source>")    ? "</source>"
		                    : strstr(forms[i], "<pre>")       ? "</pre>"
		                    : strstr(forms[i], "<code>")      ? "</code>"
		                    : strstr(forms[i], "<codeblock>") ? "</codeblock>"
		                                                      : "```";
		snprintf(buf, sizeof(buf), "%sputs 1\nputs 2\n%s\n", forms[i], close);
		r = tr_parse("auto", buf, &rc);
		CHECK_INT(rc, SEAM_OK);
		CHECK_STR(tr_files(r), "lib/x.rb whole 1\n");
		/* a name on the first line inside the fence is not content */
		CHECK_STR(tr_edit(r, 0, 0), "+puts 1\n+puts 2\n");
		seam_reply_free(r);
	}
}

TEST(whole, fences_without_names_are_ignored)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Install it:\n```bash\npip install x\n```\n"
	                         "Here is the change:\n```python\nx = 1\n```\n"
	                         "export default App;\n```js\ny\n```\n",
	                         &rc);

	CHECK(r == NULL);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "no edit found"));
}

TEST(whole, markdown_with_nested_fences)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "docs/USAGE.md\n```markdown\n# Usage\n\n```bash\nmake\n```\n"
	                         "\nThen:\n\n~~~python\nrun()\n~~~\n```\n\nThat's all.\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "docs/USAGE.md whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+# Usage\n+\n+```bash\n+make\n+```\n+\n+Then:\n+\n"
	                            "+~~~python\n+run()\n+~~~\n");
	seam_reply_free(r);
}

TEST(whole, longer_fence_holds_plain_fences)
{
	int rc;
	seam_reply *r = tr_parse("auto", "README.md\n````\nx\n```\ncode\n```\n````\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "+x\n+```\n+code\n+```\n");
	seam_reply_free(r);
}

TEST(whole, several_files_and_a_second_listing)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "a.txt\n```\none\n```\nb.txt\n```\ntwo\n```\n"
	                         "Oops, a.txt should be:\n\na.txt\n```\nthree\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	/* the later listing of a file replaces the earlier one */
	CHECK_STR(tr_files(r), "a.txt whole 1\nb.txt whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+three\n");
	CHECK_STR(tr_edit(r, 1, 0), "+two\n");
	CHECK_INT(r->total_edits, 2);
	CHECK(r->notes.ptr && strstr(r->notes.ptr, "a.txt is listed again"));
	seam_reply_free(r);
}

TEST(whole, unclosed_fence_is_skipped)
{
	int rc;
	seam_reply *r =
	    tr_parse("auto", "ok.py\n```\nfine\n```\ncut.py\n```python\nhalf of\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "ok.py whole 1\n");
	CHECK(r->notes.ptr && strstr(r->notes.ptr, "line 6: the fence of cut.py is never closed"));
	seam_reply_free(r);
}

TEST(whole, empty_file)
{
	int rc;
	seam_reply *r = tr_parse("auto", "pkg/__init__.py\n```python\n```\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "pkg/__init__.py whole 1\n");
	CHECK_INT(r->files[0].edits[0].nlines, 0);
	seam_reply_free(r);

	/* a name alone in a fence is not a listing */
	r = tr_parse("auto", "```\nrequirements.txt\n```\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
}

TEST(whole, first_line_must_look_like_a_file)
{
	int rc;
	/* a directory tree is not a file named after its first line */
	seam_reply *r =
	    tr_parse("auto", "Structure:\n```\n/langchain\n  /agents\n    agent.py\n```\n", &rc);

	CHECK_INT(rc, SEAM_EPARSE);
	seam_reply_free(r);
}

TEST(whole, thinking_draft_ignored)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<thinking-content-42>\nDraft:\nx.css\n```\na{}\n```\n"
	                         "</thinking-content-42>\n\nx.css\n```\nb{}\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "x.css whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+b{}\n");
	CHECK_INT(r->total_edits, 1);
	CHECK(!r->notes.ptr || !strstr(r->notes.ptr, "listed again"));
	seam_reply_free(r);
}

TEST(whole, crlf_and_windows_path)
{
	int rc;
	seam_reply *r =
	    tr_parse("auto", "src\\main\\App.java\r\n```java\r\nclass App {}\r\n\r\n```\r\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "src/main/App.java whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+class App {}\n+\n");
	seam_reply_free(r);
}

TEST(whole, labels_and_repeated_name)
{
	static const char *const forms[] = {
	    "**File:** `app/main.go`\n```go\n", "**Path**: app/main.go\n```go\n",
	    "New file: app/main.go\n```go\n", "app/main.go\n```go\napp/main.go\n",
	    "```go app/main.go\n`app/main.go`\n"};
	char buf[256];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		seam_reply *r;
		snprintf(buf, sizeof(buf), "%spackage main\n```\n", forms[i]);
		r = tr_parse("auto", buf, &rc);
		CHECK_INT(rc, SEAM_OK);
		CHECK_STR(tr_files(r), "app/main.go whole 1\n");
		CHECK_STR(tr_edit(r, 0, 0), "+package main\n");
		seam_reply_free(r);
	}
}

/* A whole file whose docstring quotes a diff (indented, so that the diff reader finds its
 * markers but no hunk): the markers are the file's text, and the reply is read as the file. */
static const char *DOC_DIFF_FILE =
	"def compare(old, new):\n"
	"    \"\"\"Shows how old and new differ.\n"
	"\n"
	"    >>> print(compare(['a', 'b'], ['a', 'c']))\n"
	"    --- before\n"
	"    +++ after\n"
	"    @@ -1,2 +1,2 @@\n"
	"     a\n"
	"    -b\n"
	"    +c\n"
	"    \"\"\"\n"
	"    return '\\n'.join(new)\n";

TEST(whole, diff_quoted_in_a_docstring_is_the_file_text)
{
	char buf[1024];
	int rc;
	seam_reply *r;

	snprintf(buf, sizeof(buf), "The whole file, updated:\n\ntools/compare.py\n```python\n%s```\n",
		 DOC_DIFF_FILE);
	r = tr_parse("auto", buf, &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_WHOLE);
	CHECK_STR(tr_files(r), "tools/compare.py whole 1\n");
	CHECK(strstr(tr_edit(r, 0, 0), "+    @@ -1,2 +1,2 @@\n+     a\n+    -b\n") != NULL);
	seam_reply_free(r);

	/* the same with headers alone at the left margin of a string, and with a second file */
	snprintf(buf, sizeof(buf),
		 "a.py\n```python\nimport sys\n\n\n# what a run prints\nEXPECTED = \"\"\"\n"
		 "--- a/x\n+++ b/x\n\"\"\"\n```\n\nb.py\n```python\nprint(1)\n```\n");
	r = tr_parse("auto", buf, &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_WHOLE);
	CHECK_STR(tr_files(r), "a.py whole 1\nb.py whole 1\n");
	seam_reply_free(r);
}

/* Diff replies the diff reader finds no hunk in stay diff refusals: whole-file reading never
 * writes a broken diff into a file. */
TEST(whole, broken_diffs_are_not_read_as_files)
{
	static const char *const replies[] = {
	    /* a named fence that opens with the diff's headers, then the new text unmarked */
	    "tools/compare.py\n```diff\n--- a/tools/compare.py\n+++ b/tools/compare.py\n"
	    "def compare(old, new):\n    return new\n```\n",
	    /* headers alone in a python fence, after an svn preamble */
	    "tools/compare.py\n```python\nIndex: tools/compare.py\n"
	    "===================================================================\n"
	    "--- tools/compare.py\n+++ tools/compare.py\n```\n",
	    /* a file quoting a diff, and a diff's headers outside every file */
	    "tools/compare.py\n```python\nimport os\n\n\nX = '''\n    --- a\n    +++ b\n'''\n```\n\n"
	    "--- a/tools/other.py\n+++ b/tools/other.py\n",
	    /* the headers in a fence that names no file */
	    "tools/compare.py\n```python\nprint(1)\n```\n\n```\n--- a/x.py\n+++ b/x.py\n```\n",
	    /* a file whose first lines quote a diff: too close to a diff in a fence to tell */
	    "a.py\n```python\nEXPECTED = \"\"\"\n--- a/x\n+++ b/x\n\"\"\"\n```\n",
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof(replies) / sizeof(replies[0]); i++) {
		seam_reply *r = tr_parse("auto", replies[i], &rc);
		CHECK_INT(rc, SEAM_EPARSE);
		CHECK(strstr(tr_errmsg(), "no diff hunk") != NULL);
		seam_reply_free(r);
	}
}

/* A diff with hunks whose fence is named like a whole file stays a diff. */
TEST(whole, named_fence_holding_a_diff_is_a_diff)
{
	int rc;
	seam_reply *r = tr_parse("auto",
				 "tools/compare.py\n```diff\n--- a/tools/compare.py\n"
				 "+++ b/tools/compare.py\n@@ -1,2 +1,2 @@\n def compare(old, new):\n"
				 "-    return old\n+    return new\n```\n",
				 &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_UDIFF);
	seam_reply_free(r);
}
