#ifndef SEAM_LIB_FORMAT_H
#define SEAM_LIB_FORMAT_H

/*
 * One entry per edit format. sniff() answers cheaply whether a reply is written in the format
 * (detection order decides between several); parse() appends what it reads to the reply's
 * fileops, using only the builders of edit.h, and leaves notes for what it skipped.
 */

#include "../read/reply.h"

typedef struct sm_format {
	const char *name;
	seam_format_t id;
	/* 1 when the lines hold the markers of this format */
	int (*sniff)(const sm_lines *ls);
	/* 0, SEAM_ENOMEM or SEAM_ELIMIT (edit limit passed) */
	int (*parse)(seam_reply *r, const sm_lines *ls);
	/* 1 when a line (without its line ending) may be the one after which an edit is
	   complete: a cheap hint telling a stream when reading the text again can tell it more.
	   A wrong 1 costs a reading; a wrong 0 delays an event until the next line that says 1. */
	int (*may_end)(const char *p, size_t n);
} sm_format;

int sm_editblock_sniff(const sm_lines *ls);
int sm_editblock_parse(seam_reply *r, const sm_lines *ls);
int sm_editblock_may_end(const char *p, size_t n);
/*
 * Conventions of an agent's SEARCH/REPLACE dialect, for sm_editblock_read. SM_EB_ROO: Roo /
 * Kilo apply_diff: a content line starting like a marker is escaped by a '\\' (taken off); a
 * side copied from the file view keeps its "N | " prefixes (taken off a side whose every line
 * has one; off REPLACE only when off SEARCH too); "-------" may open a side without
 * ":start_line:"; the blocks of a diff are sorted by their line hints, which are soft.
 */
#define SM_EB_ROO (1u << 0)
/* SM_EB_CLINE: Cline's replace_in_file: the blocks of one call are in file order, each after
 * the one before it (SM_EDIT_IN_ORDER on every block but the first) */
#define SM_EB_CLINE (1u << 1)
/* The SEARCH/REPLACE blocks of ls, all for `path` (plen bytes, cleaned; the fileop's reply
 * line is path_line): the blocks of an agent's tool call, whose path is a field of the call.
 * 0, SEAM_ENOMEM or SEAM_ELIMIT. */
int sm_editblock_read(seam_reply *r, const sm_lines *ls, const char *path, size_t plen,
                      long path_line, unsigned conv);
/* Sorts the edits of f from index `from` on by their line hints (none first), stably: Roo
 * applies the blocks of one diff in that order. */
void sm_editblock_sort_hints(sm_fileop *f, size_t from);
/* The index of the first SEARCH/REPLACE head marker line, ls->n when there is none. */
size_t sm_editblock_first_head(const sm_lines *ls);
int sm_udiff_sniff(const sm_lines *ls);
int sm_udiff_parse(seam_reply *r, const sm_lines *ls);
int sm_udiff_may_end(const char *p, size_t n);
int sm_whole_sniff(const sm_lines *ls);
int sm_whole_parse(seam_reply *r, const sm_lines *ls);
int sm_whole_may_end(const char *p, size_t n);
/* "*** Begin Patch" present; the loose form takes "*** Update File: p" alone, which the text
 * of a SEARCH block may hold, so it is tried after the formats with their own markers */
int sm_patch_sniff(const sm_lines *ls);
int sm_patch_sniff_loose(const sm_lines *ls);
int sm_patch_parse(seam_reply *r, const sm_lines *ls);
int sm_lndiff_sniff(const sm_lines *ls);
int sm_lndiff_parse(seam_reply *r, const sm_lines *ls);
int sm_lndiff_may_end(const char *p, size_t n);
int sm_toolcall_sniff(const sm_lines *ls);
int sm_toolcall_parse(seam_reply *r, const sm_lines *ls);
int sm_numbered_sniff(const sm_lines *ls);
int sm_numbered_parse(seam_reply *r, const sm_lines *ls);
int sm_numbered_may_end(const char *p, size_t n);
int sm_snippet_sniff(const sm_lines *ls);
int sm_snippet_parse(seam_reply *r, const sm_lines *ls);
int sm_snippet_may_end(const char *p, size_t n);
int sm_toolcall_may_end(const char *p, size_t n);
int sm_fastapply_sniff(const sm_lines *ls);
int sm_fastapply_parse(seam_reply *r, const sm_lines *ls);
int sm_fastapply_may_end(const char *p, size_t n);
/* 1 when the line is a fast-apply marker: a lazy marker (lazy.h), or a comment "... words ..." */
int sm_fastapply_is_marker(const char *p, size_t n);
/* Agents' text protocols (fmt_xmltool.c, fmt_textcall.c, fmt_edits.c, fmt_sweagent.c). */
int sm_cline_sniff(const sm_lines *ls);
int sm_roo_sniff(const sm_lines *ls);
int sm_xmltool_parse(seam_reply *r, const sm_lines *ls);
int sm_xmltool_may_end(const char *p, size_t n);
int sm_textcall_sniff(const sm_lines *ls);
int sm_textcall_parse(seam_reply *r, const sm_lines *ls);
int sm_textcall_may_end(const char *p, size_t n);
int sm_edits_sniff(const sm_lines *ls);
int sm_edits_parse(seam_reply *r, const sm_lines *ls);
int sm_edits_may_end(const char *p, size_t n);
int sm_sweagent_sniff(const sm_lines *ls);
int sm_sweagent_parse(seam_reply *r, const sm_lines *ls);
int sm_sweagent_may_end(const char *p, size_t n);

/* The format with id f, or NULL (for SEAM_FORMAT_AUTO). */
const sm_format *sm_format_get(seam_format_t f);
/* may_end of format f; for SEAM_FORMAT_AUTO, 1 when any format's says 1. */
int sm_format_may_end(seam_format_t f, const char *p, size_t n);

/*
 * Reads r->text into r->files: cuts lines, sets thinking sections aside (read again with them
 * when nothing is found outside), picks the format (`forced`, or detection for
 * SEAM_FORMAT_AUTO) and sets r->format. Returns 0 (possibly with no file found),
 * SEAM_ENOMEM or SEAM_ELIMIT.
 */
int sm_reply_read(seam_reply *r, seam_format_t forced);

/*
 * A new reply holding a copy of text[0..len), read with the session's options, as
 * seam_reply_parse reads it but leaving no message on the session: returns 0 (the reply may
 * hold no file), SEAM_ENOMEM or SEAM_ELIMIT (the edit limit). *out is set whenever the reply
 * could be allocated, even on failure: free it with seam_reply_free.
 */
int sm_reply_read_text(seam_reply **out, const seam_session *s, const char *text, size_t len);

#endif
