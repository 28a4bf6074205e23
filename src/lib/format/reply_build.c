/*
 * Building a reply by calls (seam.h, "building a reply"): the edits an MCP tool's arguments, a
 * Python list or a batch record hold, made into the same representation (edit.h) the parsers
 * make, so that the planner cannot tell a built reply from a parsed one. Every text is copied
 * into the reply (sm_reply_keep); the checks a parser's input gets are made here, on the
 * caller's arguments, with the session's limits.
 */
#include "../ir/edit.h"
#include "../core/session.h"
#include "../read/reply.h"
#include "../../util/alloc.h"

#include <stdint.h>
#include <string.h>

int seam_reply_new(seam_reply **out, seam_session *s)
{
	seam_reply *r;

	if (out)
		*out = NULL;
	if (!out || !s)
		return s ? sm_fail(s, SEAM_EUSAGE, "seam_reply_new: out is NULL") : SEAM_EUSAGE;
	r = sm_calloc(1, sizeof(*r));
	if (!r || !(r->text = sm_strndup("", 0))) {
		sm_free(r);
		return sm_fail(s, SEAM_ENOMEM, "out of memory making a reply");
	}
	r->format = SEAM_FORMAT_AUTO; /* read in no format: built */
	r->built = 1;
	r->max_edits = s->opts.max_edits;
	*out = r;
	return SEAM_OK;
}

/* The checks every add_* call shares: handles, the file index, a text given for its length,
 * and len more bytes of text counted against max_reply_bytes (the bytes a built reply holds,
 * as a parsed reply's text is). */
static int check(seam_session *s, seam_reply *r, size_t file, const char *text, size_t len,
		 const char *fn)
{
	if (!s)
		return SEAM_EUSAGE;
	if (!r)
		return sm_fail(s, SEAM_EUSAGE, "%s: the reply is NULL", fn);
	if (!r->built)
		return sm_fail(s, SEAM_EUSAGE, "%s: the reply was parsed, not made by seam_reply_new",
			       fn);
	if (file >= r->nfiles)
		return sm_fail(s, SEAM_EUSAGE, "%s: no file %zu (the reply has %zu)", fn, file,
			       r->nfiles);
	if (!text && len)
		return sm_fail(s, SEAM_EUSAGE, "%s: the text is NULL", fn);
	if (len > s->opts.max_reply_bytes || r->built_bytes > s->opts.max_reply_bytes - len)
		return sm_fail(s, SEAM_ELIMIT,
			       "%s: the reply would hold over %zu bytes of text (max_reply_bytes)",
			       fn, s->opts.max_reply_bytes);
	return SEAM_OK;
}

/* Appends text's lines to e as `kind` lines, each numbered with the edit's call: lines end at
 * "\n" (a "\r" before it goes with it), and a final "\n" ends the last line, as a tool call's
 * text is read (tool_read.c). */
static int add_text(seam_reply *r, sm_edit *e, char kind, const char *text, size_t len)
{
	const char *kept;

	if (!len)
		return 0;
	if (!(kept = sm_reply_keep(r, text, len)))
		return SEAM_ENOMEM;
	r->built_bytes += len;
	return sm_edit_add_text(e, kind, kept, len, e->reply_line);
}

/* A new edit of kind k at the end of file `file`, numbered with its call. */
static int new_edit(seam_session *s, seam_reply *r, size_t file, sm_edit_kind k, sm_edit **e,
		    const char *fn)
{
	int rc = sm_reply_new_edit(r, &r->files[file], r->calls + 1, e);

	if (rc == SEAM_ELIMIT)
		return sm_fail(s, SEAM_ELIMIT, "%s: the reply holds %zu edits already (max_edits)",
			       fn, r->max_edits);
	if (rc)
		return sm_fail(s, SEAM_ENOMEM, "out of memory adding an edit");
	r->calls++;
	(*e)->kind = k;
	return SEAM_OK;
}

/* Drops the edit a failed call began, so that a reply is never left half-built. */
static int undo(seam_session *s, seam_reply *r, size_t file, int rc)
{
	sm_fileop_drop_last_edit(r, &r->files[file]);
	r->calls--;
	return rc == SEAM_ENOMEM ? sm_fail(s, rc, "out of memory adding an edit") : rc;
}

/* An update's edits go to an update; a create's or whole's content to it, once. */
static int op_is(seam_session *s, const seam_reply *r, size_t file, int update, const char *fn)
{
	const sm_fileop *f = &r->files[file];

	if (update && f->op != SEAM_OP_UPDATE)
		return sm_fail(s, SEAM_EUSAGE, "%s: file %zu (%s) is a %s, not an update", fn, file,
			       f->path, seam_op_name(f->op));
	if (!update && f->op != SEAM_OP_CREATE && f->op != SEAM_OP_WHOLE)
		return sm_fail(s, SEAM_EUSAGE, "%s: file %zu (%s) is a %s, not a create or whole", fn,
			       file, f->path, seam_op_name(f->op));
	if (!update && f->nedits)
		return sm_fail(s, SEAM_EUSAGE, "%s: file %zu (%s) has its content already", fn, file,
			       f->path);
	return SEAM_OK;
}

int seam_reply_add_file(seam_reply *r, seam_session *s, const char *path, seam_op_t op,
			size_t *file)
{
	char clean[SM_PATH_MAX + 1];
	size_t n, before;
	sm_fileop *f;

	if (file)
		*file = (size_t)-1;
	if (!s)
		return SEAM_EUSAGE;
	if (!r || !r->built)
		return check(s, r, 0, "", 0, "seam_reply_add_file");
	if (!path)
		return sm_fail(s, SEAM_EUSAGE, "seam_reply_add_file: the path is NULL");
	if ((unsigned)op > SEAM_OP_WHOLE)
		return sm_fail(s, SEAM_EUSAGE, "seam_reply_add_file: %d is no seam_op_t", (int)op);
	n = sm_path_lexical(path, strlen(path), SM_PATH_MAX, clean);
	if (!n)
		return sm_fail(s, SEAM_EUSAGE,
			       "seam_reply_add_file: the path is empty, a directory, over %d bytes, "
			       "or holds a control byte",
			       SM_PATH_MAX);
	before = r->nfiles;
	/* two updates of one path are one file, as in a parsed reply; any other op is a file
	   of its own (the planner refuses two ops on one path, naming them) */
	f = sm_reply_file(r, clean, n, op, r->calls + 1);
	if (!f)
		return sm_fail(s, SEAM_ENOMEM, "out of memory adding a file");
	if (r->nfiles > before)
		r->calls++; /* a new file: the call is counted (an update merged into one is not) */
	if (file)
		*file = (size_t)(f - r->files);
	return SEAM_OK;
}

int seam_reply_add_replace(seam_reply *r, seam_session *s, size_t file, const char *old_text,
			   size_t old_len, const char *new_text, size_t new_len, unsigned int flags)
{
	static const char fn[] = "seam_reply_add_replace";
	sm_edit *e;
	int rc;

	if ((rc = check(s, r, file, old_text, old_len, fn)) ||
	    (rc = check(s, r, file, new_text, new_len, fn)))
		return rc;
	/* the two together: each fit alone */
	if ((rc = check(s, r, file, "", old_len > SIZE_MAX - new_len ? SIZE_MAX : old_len + new_len,
			fn)) ||
	    (rc = op_is(s, r, file, 1, fn)))
		return rc;
	if (flags & ~(unsigned)SEAM_REPLACE_ALL)
		return sm_fail(s, SEAM_EUSAGE, "%s: unknown flags 0x%x", fn,
			       flags & ~(unsigned)SEAM_REPLACE_ALL);
	if (!old_len)
		return sm_fail(s, SEAM_EUSAGE,
			       "%s: the old text is empty (seam_reply_add_insert adds lines at a "
			       "line, seam_reply_add_whole gives a whole file)",
			       fn);
	if ((rc = new_edit(s, r, file, SM_KIND_BLOCK, &e, fn)))
		return rc;
	/* as a tool call's str_replace: the old text is named, the new text being somewhere
	   never stands in for it */
	e->flags = SM_EDIT_OLD_ONLY | ((flags & SEAM_REPLACE_ALL) ? SM_EDIT_REPLACE_ALL : 0);
	if ((rc = add_text(r, e, SM_HL_DEL, old_text, old_len)) ||
	    (rc = add_text(r, e, SM_HL_ADD, new_text, new_len)))
		return undo(s, r, file, rc);
	return SEAM_OK;
}

/* The marker git writes after a line that has no line ending. */
static int no_eol_marker(const char *p, size_t n)
{
	return n >= 2 && p[0] == '\\' && p[1] == ' ';
}

int seam_reply_add_hunk(seam_reply *r, seam_session *s, size_t file, const char *lines,
			size_t len)
{
	static const char fn[] = "seam_reply_add_hunk";
	const char *p, *nl, *end;
	sm_edit *e;
	char last = 0;
	long no = 0;
	int rc;

	if ((rc = check(s, r, file, lines, len, fn)) || (rc = op_is(s, r, file, 1, fn)))
		return rc;
	/* every line checked before anything is added: a refused hunk leaves no trace */
	for (p = lines, end = lines + len; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		no++;
		if (nl > p && *p != ' ' && *p != '-' && *p != '+' && !(*p == '\r' && nl == p + 1) &&
		    !no_eol_marker(p, (size_t)(nl - p)))
			return sm_fail(s, SEAM_EUSAGE,
				       "%s: line %ld begins with neither ' ', '-', '+' nor \"\\ \"", fn,
				       no);
	}
	if ((rc = new_edit(s, r, file, SM_KIND_HUNK, &e, fn)))
		return rc;
	if (len) {
		const char *kept = sm_reply_keep(r, lines, len);
		if (!kept)
			return undo(s, r, file, SEAM_ENOMEM);
		r->built_bytes += len;
		size_t at = 0;
		while (at < len) {
			size_t k;
			p = kept + at;
			k = sm_text_next_line(kept, len, &at, NULL);
			if (k && p[k - 1] == '\r')
				k--;
			if (k && no_eol_marker(p, k)) {
				/* "\ No newline at end of file": about the line before it */
				if (last != '+')
					e->flags |= SM_EDIT_OLD_NOEOL;
				if (last != '-')
					e->flags |= SM_EDIT_NEW_NOEOL;
				continue;
			}
			/* an empty line is an empty context line, as diff tools write it */
			last = k ? *p : ' ';
			if (sm_edit_add_hline(e, &(sm_hline){.text = {k ? p + 1 : p, k ? k - 1 : 0},
							      .kind = last,
							      .reply_line = e->reply_line}))
				return undo(s, r, file, SEAM_ENOMEM);
		}
	}
	if (!sm_edit_count(e, SM_HL_ADD) && !sm_edit_count(e, SM_HL_DEL))
		return undo(s, r, file,
			    sm_fail(s, SEAM_EUSAGE, "%s: the hunk adds and deletes no line", fn));
	return SEAM_OK;
}

int seam_reply_add_insert(seam_reply *r, seam_session *s, size_t file, long after,
			  const char *text, size_t len)
{
	static const char fn[] = "seam_reply_add_insert";
	sm_edit *e;
	int rc;

	if ((rc = check(s, r, file, text, len, fn)) || (rc = op_is(s, r, file, 1, fn)))
		return rc;
	if (after < 0)
		return sm_fail(s, SEAM_EUSAGE, "%s: line %ld is no line to insert after (0: the top)",
			       fn, after);
	if (!len)
		return sm_fail(s, SEAM_EUSAGE, "%s: the text is empty: it inserts nothing", fn);
	if ((rc = new_edit(s, r, file, SM_KIND_INSERT, &e, fn)))
		return rc;
	e->hint_start = after;
	if ((rc = add_text(r, e, SM_HL_ADD, text, len)))
		return undo(s, r, file, rc);
	return SEAM_OK;
}

int seam_reply_add_whole(seam_reply *r, seam_session *s, size_t file, const char *content,
			 size_t len)
{
	static const char fn[] = "seam_reply_add_whole";
	sm_edit *e;
	int rc;

	if ((rc = check(s, r, file, content, len, fn)) || (rc = op_is(s, r, file, 0, fn)))
		return rc;
	if ((rc = new_edit(s, r, file, SM_KIND_HUNK, &e, fn)))
		return rc;
	/* as a tool call's file text: the file ends with a line ending either way */
	if ((rc = add_text(r, e, SM_HL_ADD, content, len)))
		return undo(s, r, file, rc);
	return SEAM_OK;
}
