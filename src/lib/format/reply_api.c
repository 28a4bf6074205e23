/* The public reply functions of seam.h. */
#include "format.h"
#include "tool.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <stdint.h>
#include <string.h>

/* Notes copied into a failure message: enough to say what went wrong, not the whole list. */
#define MAX_NOTES_IN_MESSAGE 600

static const char *what_was_expected(seam_format_t f)
{
	switch (f) {
	case SEAM_FORMAT_EDITBLOCK:
		return "no complete SEARCH/REPLACE block was found. Write each change as the file "
		       "path alone on a line, then a fence holding <<<<<<< SEARCH, the exact old "
		       "lines, =======, the new lines, >>>>>>> REPLACE";
	case SEAM_FORMAT_UDIFF:
		return "no diff hunk was found. Give each file a `--- path` and a `+++ path` line, "
		       "then hunks opened by `@@ ... @@` whose lines start with ' ', '-' or '+'";
	case SEAM_FORMAT_WHOLE:
		return "no file listing was found. Write the file path alone on a line, then a "
		       "fence holding the entire new content of the file";
	case SEAM_FORMAT_PATCH:
		return "no complete patch section was found. Write *** Begin Patch, then for each "
		       "file *** Update File: path (or Add File / Delete File), @@ lines and lines "
		       "starting with ' ', '-' or '+', then *** End Patch";
	case SEAM_FORMAT_LNDIFF:
		return "no complete <editblock> was found. Write the file path alone on a line, "
		       "then <editblock>, <<<<<<< REMOVE, the numbered old lines as shown (`12|code`), "
		       "=======, the new lines, >>>>>>> INSERT, </editblock>";
	case SEAM_FORMAT_TOOLCALL:
		return "no complete tool call was found. Send a JSON object such as "
		       "{\"command\": \"str_replace\", \"path\": ..., \"old_str\": ..., "
		       "\"new_str\": ...} (or insert / create), or a list of them";
	case SEAM_FORMAT_NUMBERED:
		return "no complete <update_lines> block was found. Write the file path alone on a "
		       "line, then <update_lines start=\"i\" end=\"j\">, the new text of lines i to "
		       "j-1 (line numbers as shown, end exclusive), </update_lines>; or a whole file "
		       "in a fence with <copy_lines start=\"i\" end=\"j\"/> lines standing for "
		       "unchanged lines";
	case SEAM_FORMAT_SNIPPET:
		return "no complete snippet pair was found. Write the file path alone on a line, "
		       "then <selected_snippet>, the exact text seam locate printed, "
		       "</selected_snippet>, then <updated_snippet>, its new text, </updated_snippet>";
	case SEAM_FORMAT_FASTAPPLY:
		return "no lazy snippet was found. Write the file path alone on a line, then a "
		       "fence holding the changed lines with a few unchanged lines around each "
		       "change and a \"// ... existing code ...\" comment for every part left out; "
		       "or an edit_file call {\"target_file\": ..., \"code_edit\": ...}";
	case SEAM_FORMAT_CLINE:
		return "no complete tool call was found. Write <replace_in_file>, <path>the "
		       "file</path>, <diff> with ------- SEARCH / ======= / +++++++ REPLACE blocks "
		       "</diff>, </replace_in_file> (or <write_to_file> with <path> and <content>)";
	case SEAM_FORMAT_ROO:
		return "no complete tool call was found. Write <apply_diff>, <path>the file</path>, "
		       "<diff> with <<<<<<< SEARCH, :start_line:N, -------, the old lines, =======, "
		       "the new lines, >>>>>>> REPLACE </diff>, </apply_diff>";
	case SEAM_FORMAT_TEXTCALL:
		return "no complete tool call was found. Write <function=str_replace_editor>, "
		       "<parameter=command>str_replace</parameter>, <parameter=path>, "
		       "<parameter=old_str> and <parameter=new_str> (each closed by </parameter>), "
		       "</function>";
	case SEAM_FORMAT_EDITS:
		return "no complete edit was found. Write <edits>, then <old_text>the exact old "
		       "lines</old_text> <new_text>the new lines</new_text> pairs, </edits>, and "
		       "name the file with --path";
	case SEAM_FORMAT_SWEAGENT:
		return "no complete edit was found. Write edit N:M, the new text of lines N to M, "
		       "end_of_edit, and name the file with --path";
	default:
		return "of the formats seam reads, the reply holds no SEARCH/REPLACE block, no "
		       "unified or git diff, no *** Begin Patch, no <editblock>, no JSON tool call, "
		       "no <update_lines> block, no snippet pair, no lazy \"... existing code ...\" "
		       "snippet, no agent tool call (Cline, Roo, OpenHands, Zed, SWE-agent) and no "
		       "file listing (a path alone on a line followed by a fenced file)";
	}
}

/* What a format's edits are called in a message. */
static const char *edits_of(seam_format_t f)
{
	switch (f) {
	case SEAM_FORMAT_EDITBLOCK:
		return "SEARCH/REPLACE blocks";
	case SEAM_FORMAT_UDIFF:
		return "unified diff hunks";
	case SEAM_FORMAT_WHOLE:
		return "whole files";
	case SEAM_FORMAT_PATCH:
		return "*** Begin Patch sections";
	case SEAM_FORMAT_LNDIFF:
		return "<editblock> blocks";
	case SEAM_FORMAT_TOOLCALL:
		return "JSON tool calls";
	case SEAM_FORMAT_NUMBERED:
		return "<update_lines> blocks";
	case SEAM_FORMAT_SNIPPET:
		return "snippet pairs";
	case SEAM_FORMAT_FASTAPPLY:
		return "lazy snippets";
	case SEAM_FORMAT_CLINE:
		return "<replace_in_file> calls";
	case SEAM_FORMAT_ROO:
		return "<apply_diff> calls";
	case SEAM_FORMAT_TEXTCALL:
		return "<function=...> calls";
	case SEAM_FORMAT_EDITS:
		return "<edits> blocks";
	case SEAM_FORMAT_SWEAGENT:
		return "edit N:M commands";
	default:
		return "edits";
	}
}

const char *sm_reply_edit_noun(const seam_reply *r)
{
	switch (r ? r->format : SEAM_FORMAT_AUTO) {
	case SEAM_FORMAT_EDITBLOCK:
		return "SEARCH/REPLACE block";
	case SEAM_FORMAT_SNIPPET:
		return "snippet pair";
	case SEAM_FORMAT_FASTAPPLY:
		return "lazy snippet";
	case SEAM_FORMAT_UDIFF:
		return "hunk";
	default:
		return "edit";
	}
}

/* Applying the part of a mixed reply that one reading finds would leave the rest undone with
 * no word said: the reply is refused whole, with where the other part starts. */
static int fail_mixed(seam_session *s, const seam_reply *r)
{
	return sm_fail(s, SEAM_EPARSE,
	               "the reply mixes edit formats: it holds %s, and also %s (the first at line "
	               "%ld); seam reads one format per reply and applied nothing. Write every "
	               "edit of the reply in one format",
	               edits_of(r->format), edits_of(r->mixed_format), r->mixed_line);
}

/* The message says what the reply should look like, in the format the reply seems to use
 * (detection chose it from its markers), with the parser's notes about what it skipped. */
static int fail_parse(seam_session *s, seam_reply *r, seam_format_t forced)
{
	seam_format_t f = r->format;
	size_t n = r->notes.len;
	const char *p = r->notes.ptr ? r->notes.ptr : "";
	int cut;

	if (!forced && f == SEAM_FORMAT_WHOLE)
		f = SEAM_FORMAT_AUTO; /* the fallback: nothing pointed at any format */
	if (n > MAX_NOTES_IN_MESSAGE)
		n = MAX_NOTES_IN_MESSAGE;
	cut = n < r->notes.len;
	while (n && p[n - 1] == '\n')
		n--;
	return sm_fail(s, SEAM_EPARSE, "no edit found in the reply: %s.%s%.*s%s",
	               what_was_expected(f), n ? "\n" : "", (int)n, p, cut ? "..." : "");
}

/* "dir/x" when p is "<prefix>/dir/x" (prefix without its trailing '/'s); NULL otherwise. */
static const char *under(const char *p, const char *prefix, size_t k)
{
	if (strncmp(p, prefix, k) || p[k] != '/')
		return NULL;
	while (p[k] == '/')
		k++;
	return p[k] ? p + k : NULL;
}

/*
 * --strip-prefix: an agent that saw the project under an absolute directory (OpenHands'
 * /workspace) names its files by absolute paths; those inside the directory are taken
 * relative to the root. Others stay as written, for the tree to refuse.
 */
static int strip_prefix(seam_reply *r, const char *prefix)
{
	size_t i, k = strlen(prefix);

	while (k > 1 && prefix[k - 1] == '/')
		k--;
	for (i = 0; i < r->nfiles; i++) {
		char **slots[2] = {&r->files[i].path, &r->files[i].move_to};
		size_t j;
		for (j = 0; j < 2; j++) {
			const char *rel = *slots[j] ? under(*slots[j], prefix, k) : NULL;
			char *c;
			if (!rel)
				continue;
			if (!(c = sm_strdup(rel)))
				return SEAM_ENOMEM;
			sm_free(*slots[j]);
			*slots[j] = c;
		}
	}
	/* the index of update paths is keyed by the old names */
	sm_reply_reindex(r);
	return 0;
}

/* p with its first n components removed ("a/b/c" -1-> "b/c"); "" when it has no more. */
static const char *strip_n(const char *p, unsigned int n)
{
	while (n--) {
		const char *sl = strchr(p, '/');
		if (!sl)
			return "";
		p = sl;
		while (*p == '/')
			p++;
	}
	return p;
}

/* -p N: as patch, every path loses its first N components; a name from git's rename or copy
 * lines, which has no a/ or b/, loses N - 1 (git apply does the same). */
static int strip_components(seam_reply *r, unsigned int n)
{
	size_t i;

	for (i = 0; i < r->nfiles; i++) {
		char **slots[2] = {&r->files[i].path, &r->files[i].move_to};
		unsigned int bare[2] = {SM_BARE_PATH, SM_BARE_MOVE};
		size_t j;
		for (j = 0; j < 2; j++) {
			char *c;
			if (!*slots[j])
				continue;
			if (!(c = sm_strdup(strip_n(*slots[j],
						    (r->files[i].bare & bare[j]) ? n - 1 : n))))
				return SEAM_ENOMEM;
			sm_free(*slots[j]);
			*slots[j] = c;
		}
	}
	sm_reply_reindex(r);
	return 0;
}

/* -R reads diffs and patches backwards; the other formats have no way back (a whole file does
 * not say what it replaced). */
static int reversible(const seam_reply *r)
{
	return r->format == SEAM_FORMAT_UDIFF || r->format == SEAM_FORMAT_PATCH;
}

int sm_reply_read_text(seam_reply **out, const seam_session *s, const char *text, size_t len)
{
	seam_reply *r;
	int rc;

	*out = NULL;
	/* A byte-order mark before the reply is an artifact of how it was saved, not text: left
	 * in, it would become part of the first file name ("\xEF\xBB\xBFa.py" is not in the
	 * tree). A BOM anywhere else may be file content and stays. */
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
		text += 3;
		len -= 3;
	}
	r = sm_calloc(1, sizeof(*r));
	if (!r)
		return SEAM_ENOMEM;
	r->text = sm_malloc(len + 1);
	if (!r->text) {
		sm_free(r);
		return SEAM_ENOMEM;
	}
	if (len)
		memcpy(r->text, text, len);
	r->text[len] = '\0';
	r->len = len;
	r->max_edits = s->opts.max_edits;
	r->keep_prefixes = (s->opts.flags & SEAM_FLAG_STRIP_COMPONENTS) != 0;
	r->format = s->opts.format;
	*out = r;
	if (s->opts.path) {
		char clean[SM_PATH_MAX + 1];
		size_t n = sm_path_lexical(s->opts.path, strlen(s->opts.path), SM_PATH_MAX, clean);
		/* an unusable --path is as if none was given: the edits needing it say so */
		if (n && !(r->default_path = sm_strndup(clean, n)))
			return SEAM_ENOMEM;
		r->default_plen = n;
	}
	rc = sm_reply_read(r, s->opts.format);
	if (!rc && sm_reply_number_lines(r))
		rc = SEAM_ENOMEM;
	if (!rc && s->opts.strip_prefix)
		rc = strip_prefix(r, s->opts.strip_prefix);
	if (!rc && r->keep_prefixes && s->opts.strip_components)
		rc = strip_components(r, s->opts.strip_components);
	/* a reply of another format is refused by seam_reply_parse (it cannot be reversed) */
	if (!rc && (s->opts.flags & SEAM_FLAG_REVERSE) && reversible(r))
		rc = sm_reply_reverse(r);
	return rc;
}

int seam_reply_parse(seam_reply **out, seam_session *s, const char *text, size_t len)
{
	seam_reply *r;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !s)
		return s ? sm_fail(s, SEAM_EUSAGE, "seam_reply_parse: out is NULL") : SEAM_EUSAGE;
	if (!text && len)
		return sm_fail(s, SEAM_EUSAGE, "seam_reply_parse: text is NULL");
	if (len > s->opts.max_reply_bytes || len == SIZE_MAX)
		return sm_fail(s, SEAM_ELIMIT,
		               "the reply is %zu bytes, over the limit of %zu (max_reply_bytes)",
		               len, s->opts.max_reply_bytes);
	rc = sm_reply_read_text(&r, s, text, len);
	if (rc == SEAM_ENOMEM && !r)
		return sm_fail(s, SEAM_ENOMEM, "out of memory reading the reply");
	if (rc == SEAM_ELIMIT)
		rc = sm_fail(s, SEAM_ELIMIT, "the reply holds more than %zu edits (max_edits)",
		             r->max_edits);
	else if (rc)
		rc = sm_fail(s, SEAM_ENOMEM, "out of memory reading the reply");
	else if (!r->nfiles)
		rc = fail_parse(s, r, s->opts.format);
	else if ((s->opts.flags & SEAM_FLAG_REVERSE) && !reversible(r))
		rc = sm_fail(s, SEAM_EUSAGE,
			     "-R applies a diff or a patch in reverse, and this reply is read as %s "
			     "(a %s reply does not say what it replaced); give a unified diff, a git "
			     "diff or a *** Begin Patch",
			     seam_format_name(r->format), seam_format_name(r->format));
	else if (r->mixed_line)
		rc = fail_mixed(s, r);
	if (rc) {
		seam_reply_free(r);
		return rc;
	}
	*out = r;
	return SEAM_OK;
}

void seam_reply_free(seam_reply *r)
{
	if (!r)
		return;
	sm_reply_clear(r);
	sm_buf_dispose(&r->notes);
	sm_free(r->default_path);
	sm_free(r->text);
	sm_free(r);
}

seam_format_t seam_reply_format(const seam_reply *r)
{
	return r ? r->format : SEAM_FORMAT_AUTO;
}

size_t seam_reply_file_count(const seam_reply *r)
{
	return r ? r->nfiles : 0;
}

const char *seam_reply_file_path(const seam_reply *r, size_t i)
{
	return r && i < r->nfiles ? r->files[i].path : NULL;
}

seam_op_t seam_reply_file_op(const seam_reply *r, size_t i)
{
	return r && i < r->nfiles ? r->files[i].op : SEAM_OP_UPDATE;
}

size_t seam_reply_edit_count(const seam_reply *r, size_t i)
{
	return r && i < r->nfiles ? r->files[i].nedits : 0;
}

const char *seam_reply_file_new_path(const seam_reply *r, size_t i)
{
	return r && i < r->nfiles ? r->files[i].move_to : NULL;
}

int seam_reply_keep_files(seam_reply *r, const unsigned char *keep)
{
	if (!r || (!keep && r->nfiles))
		return SEAM_EUSAGE;
	sm_reply_keep_files(r, keep);
	return SEAM_OK;
}

const char *seam_format_name(seam_format_t f)
{
	switch (f) {
	case SEAM_FORMAT_AUTO:
		return "auto";
	case SEAM_FORMAT_EDITBLOCK:
		return "editblock";
	case SEAM_FORMAT_UDIFF:
		return "udiff";
	case SEAM_FORMAT_WHOLE:
		return "whole";
	case SEAM_FORMAT_PATCH:
		return "patch";
	case SEAM_FORMAT_LNDIFF:
		return "lndiff";
	case SEAM_FORMAT_TOOLCALL:
		return "toolcall";
	case SEAM_FORMAT_NUMBERED:
		return "numbered";
	case SEAM_FORMAT_SNIPPET:
		return "snippet";
	case SEAM_FORMAT_FASTAPPLY:
		return "fastapply";
	case SEAM_FORMAT_CLINE:
		return "cline";
	case SEAM_FORMAT_ROO:
		return "roo";
	case SEAM_FORMAT_TEXTCALL:
		return "textcall";
	case SEAM_FORMAT_EDITS:
		return "edits";
	case SEAM_FORMAT_SWEAGENT:
		return "sweagent";
	default:
		return "unknown";
	}
}

const char *seam_op_name(seam_op_t op)
{
	switch (op) {
	case SEAM_OP_UPDATE:
		return "update";
	case SEAM_OP_CREATE:
		return "create";
	case SEAM_OP_DELETE:
		return "delete";
	case SEAM_OP_WHOLE:
		return "whole";
	default:
		return "unknown";
	}
}

int seam_format_from_name(const char *name)
{
	static const struct {
		const char *name;
		seam_format_t f;
	} names[] = {
	    {"auto", SEAM_FORMAT_AUTO},
	    {"editblock", SEAM_FORMAT_EDITBLOCK},
	    {"editblock-fenced", SEAM_FORMAT_EDITBLOCK},
	    {"udiff", SEAM_FORMAT_UDIFF},
	    {"gitdiff", SEAM_FORMAT_UDIFF},
	    {"diff", SEAM_FORMAT_UDIFF},
	    {"whole", SEAM_FORMAT_WHOLE},
	    {"patch", SEAM_FORMAT_PATCH},
	    {"apply_patch", SEAM_FORMAT_PATCH},
	    {"lndiff", SEAM_FORMAT_LNDIFF},
	    {"toolcall", SEAM_FORMAT_TOOLCALL},
	    {"json", SEAM_FORMAT_TOOLCALL},
	    {"numbered", SEAM_FORMAT_NUMBERED},
	    {"update_lines", SEAM_FORMAT_NUMBERED},
	    {"snippet", SEAM_FORMAT_SNIPPET},
	    {"fastapply", SEAM_FORMAT_FASTAPPLY},
	    {"edit_file", SEAM_FORMAT_FASTAPPLY},
	    {"cline", SEAM_FORMAT_CLINE},
	    {"replace_in_file", SEAM_FORMAT_CLINE},
	    {"roo", SEAM_FORMAT_ROO},
	    {"kilo", SEAM_FORMAT_ROO},
	    {"apply_diff", SEAM_FORMAT_ROO},
	    {"textcall", SEAM_FORMAT_TEXTCALL},
	    {"openhands", SEAM_FORMAT_TEXTCALL},
	    {"qwen", SEAM_FORMAT_TEXTCALL},
	    {"edits", SEAM_FORMAT_EDITS},
	    {"zed", SEAM_FORMAT_EDITS},
	    {"sweagent", SEAM_FORMAT_SWEAGENT},
	    {"swe-agent", SEAM_FORMAT_SWEAGENT},
	};
	size_t i, k;

	if (!name)
		return -1;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *a = names[i].name;
		/* ASCII case folded for letters only ('_' | 0x20 is DEL, not '_') */
		for (k = 0; a[k] && name[k] &&
			    (name[k] >= 'A' && name[k] <= 'Z' ? name[k] | 0x20 : name[k]) == a[k];
		     k++)
			;
		if (!a[k] && !name[k])
			return (int)names[i].f;
	}
	return -1;
}
