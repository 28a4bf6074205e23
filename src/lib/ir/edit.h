#ifndef SEAM_LIB_EDIT_H
#define SEAM_LIB_EDIT_H

/*
 * THE edit representation. Every format parser produces exactly this; the matcher, the applier
 * and the reports only ever see this. Text is never copied: spans point into reply->text.
 *
 * A reply is a list of file operations. Each update is a list of edits; an edit is a list of
 * lines, each marked as context (' ': in the file before and after), deletion ('-': before
 * only) or addition ('+': after only), as in a unified diff hunk. A SEARCH/REPLACE block is the
 * same thing with every SEARCH line '-' and every REPLACE line '+', of kind SM_KIND_BLOCK: the
 * planner diffs the two sides to find the lines they share.
 *
 * create / whole: one edit whose lines are all '+' (the new content).
 * delete: zero or more edits whose '-' and ' ' lines are the content expected to be removed.
 * An edit with no '-' or ' ' line on an update appends to the file (or creates it when missing).
 */

#include "seam.h"
#include "../../util/text.h"
#include "../../util/buf.h"

#include <stddef.h>

enum { SM_HL_CTX = ' ', SM_HL_DEL = '-', SM_HL_ADD = '+', SM_HL_COPY = '=' };

typedef struct sm_hline {
	sm_span text; /* without the diff marker and without the line ending */
	char kind;    /* SM_HL_CTX, SM_HL_DEL, SM_HL_ADD, or SM_HL_COPY (below) */
	/* the number the reply gave this old line in the file before the reply (an ln-diff
	   REMOVE line's own number), 0 when it gave none; in the padding after kind, so a line
	   stays 32 bytes (initialise by field names) */
	uint32_t no;
	/* 1-based line of the reply the text was read from, for messages; 0 when it is no line
	   of the reply's text (a decoded JSON string, a built edit, a line of the file) */
	long reply_line;
} sm_hline;

/*
 * SM_HL_COPY: a "<copy_lines start="i" end="j"/>" line of the new side (numbered format: a
 * whole-file listing or an <update_lines> block). It stands for lines i..j-1 of the file before
 * the reply, which the parser cannot see: the planner puts them in (plan.c set_content,
 * plan_lines.c). text is the tag as the reply wrote it; sm_copy_tag reads its numbers, the
 * same reader for the parser that made the line and the planner that resolves it.
 */
/* 1 when p[0..n) is a copy_lines tag alone on its line: *start and *end get its numbers, or -1
 * when one is missing or not a line number. 0 when the line is no such tag. */
int sm_copy_tag(const char *p, size_t n, long *start, long *end);

/*
 * What an edit is: its kind says how its lines are read and how the planner places it (one
 * row per kind in plan_edit.c); its modifiers (SM_EDIT_* below) refine it and combine freely.
 *
 *   kind            lines                                   placed by
 *   SM_KIND_HUNK    ' ', '-', '+' as a diff hunk writes     the matcher ladder
 *   SM_KIND_BLOCK   two whole sides: all '-' then all '+'   the matcher ladder, after prep.c
 *                   (SEARCH/REPLACE, a tool call's old and  diffed the sides to find the
 *                   new text)                               lines they share
 *   SM_KIND_LINES   the new side only ('+', SM_HL_COPY);    its numbers (plan_lines.c)
 *                   the old side is lines hint_start ..
 *                   hint_start+hint_len-1 of the file
 *   SM_KIND_INSERT  '+' only                                after line hint_start (0: top)
 *   SM_KIND_FAST    '+' the new file's lines, ' ' markers   anchored in the file
 *                   ("// ... existing code ...")            (plan_fast.c)
 *
 * The whole content of a create or whole op is a hunk of '+' lines: the op, not the edit,
 * says it replaces the file.
 */
typedef enum sm_edit_kind {
	SM_KIND_HUNK = 0,
	SM_KIND_BLOCK,
	SM_KIND_LINES,
	/* tool calls (insert_line): the '+' lines go after line hint_start of the file before
	   the reply (0: at the top); the edit has no old side */
	SM_KIND_INSERT,
	/* fast apply: a lazy snippet of the file. Its '+' lines are the new file's lines, its
	   ' ' lines markers standing for the file lines between the lines around them */
	SM_KIND_FAST,
	SM_KIND_COUNT
} sm_edit_kind;

/* The kind's name, for messages and tests ("hunk", "block", ...). */
const char *sm_edit_kind_name(sm_edit_kind k);

/* Modifiers (sm_edit.flags). Bits 6, 8, 10 and 12 were kinds once and are free. */
/* SEARCH/REPLACE blocks: the REPLACE side ends with a blank line, right before the closing
 * marker, and the SEARCH side ends with a line of text. Where the file has a blank line right
 * after the old text, that blank line is the reply's spacing before the marker (aider reads a
 * side's final empty line so), not a line to add: written, it would make two blank lines where
 * the file has one. The planner drops it there (splice.c sm_splice_spacing_tail, at the place
 * the ladder or the split of the change runs found) and nowhere else. */
#define SM_EDIT_NEW_TAIL_BLANK (1u << 0)
#define SM_EDIT_OLD_NOEOL (1u << 1) /* "\ No newline at end of file" ended the old side */
#define SM_EDIT_NEW_NOEOL (1u << 2) /* "\ No newline at end of file" ended the new side */
#define SM_EDIT_AT_EOF (1u << 3)    /* the old side ends at the end of the file ("*** End of File") */
/* hint_start/hint_len are the numbers the reply gave each old line (ln-diff, and always with
 * SM_KIND_LINES): every block of a file refers to the file before the reply, blocks may come
 * in any order, and two blocks that claim the same lines are refused as overlapping. With
 * SM_KIND_LINES, hint_start 0 or hint_len -1: the tag's numbers were missing or unreadable
 * (the planner refuses the edit and says so). */
#define SM_EDIT_NUMBERED (1u << 4)
/* tool calls: replace every place the old side fits ("replace_all": the caller asked for it) */
#define SM_EDIT_REPLACE_ALL (1u << 5)
/* diffs: the hunk header says "-0,0": its lines go before line 1 (only the number says so) */
#define SM_EDIT_AT_BOF (1u << 7)
/* diffs: the reply ended inside the hunk before the lines its "@@ -a,b +c,d @@" counts announce,
 * inside its fence or in the middle of a line (a reply cut off): applying the part that arrived
 * would be half an edit */
#define SM_EDIT_TRUNCATED (1u << 9)
/* tool calls (str_replace, old_string): the old text must fit exactly one place; its new text
 * being somewhere in the file never stands in for it ("already applied" is not concluded) */
#define SM_EDIT_OLD_ONLY (1u << 11)

/* tool calls (Gemini's expected_replacements): with SM_EDIT_REPLACE_ALL, the old side must fit
 * exactly hint_len places, or the edit is refused */
#define SM_EDIT_COUNTED (1u << 13)
/* tool calls (Copilot's multi-replace): the edit is one of several matched against the file as
 * it was before them, so two that claim the same lines are refused as overlapping (as
 * SM_EDIT_NUMBERED blocks are) */
#define SM_EDIT_ORIGINAL (1u << 14)
/* hint_start is a line number the model guessed (Roo's ":start_line:"): it tells apart places
 * that fit nearly as well, never two places that fit exactly as well (those are refused as
 * ambiguous: a remembered number is no evidence against identical text) */
#define SM_EDIT_SOFT_HINT (1u << 15)
/* Cline's blocks after the first of one call: they are in file order (Cline searches each from
 * where the one before it matched), so among places that fit exactly as well, those before
 * that place are not meant: one left after it is the place; none or several are refused as
 * ambiguous (a better fit elsewhere still wins) */
#define SM_EDIT_IN_ORDER (1u << 16)
/* tool calls (a JSON string's text): the old text ends with a line end that the new text, not
 * empty, does not end with. The tool replaces text, not lines: the file line after the old
 * text then joins the new text's last line. Where that line is blank, the join is that blank
 * line going, and the planner deletes it (splice.c sm_splice_join_blank, at the place the
 * ladder found); a line of text there is not joined onto another (the missing line end is
 * taken for the model's slip, as a line-based reading has it). The converse, a new text
 * ending with a line end the old text lacks, is read as the blank line it writes (tool_read.c). */
#define SM_EDIT_JOINS_NEXT (1u << 17)

typedef struct sm_edit {
	sm_hline *lines;
	size_t nlines, cap;
	sm_edit_kind kind;
	unsigned int flags; /* modifiers: SM_EDIT_* */
	long hint_start; /* first old line as the reply claims it (1-based), 0 when none */
	long hint_len;   /* number of old lines as claimed, -1 when none */
	long reply_line; /* 1-based line of the reply where the edit starts */
	/* 1 when the text ended while this edit was being read, or where the line after the
	   text would decide where it ends (a diff hunk runs while its lines are hunk lines):
	   more of the reply could still change it. Parsers set it so that a stream (stream.c)
	   reports an edit only once no later text can change it; the planner ignores it. */
	int open;
	/* lines to find first, in order, each after the previous ("@@ class Foo" in a patch):
	   the old side is then searched after the last one */
	sm_span *anchors;
	size_t nanchors, acap;
	/* Cline/Roo tool text whose HTML entities were decoded ("&lt;" read as "<"): literal[k]
	   is lines[k]'s text as the reply wrote it (nlines entries; NULL when no line was
	   decoded). The agent decodes only for some models, so the file decides which was meant
	   (plan_entity.c); owned */
	sm_span *literal;
} sm_edit;

typedef struct sm_fileop {
	char *path;    /* cleaned (quotes, bold, back-slashes), NUL-terminated, owned */
	char *move_to; /* new name when the reply renames the file, else NULL; owned */
	seam_op_t op;
	/* git's "copy from" / "copy to": move_to gets the file as it was before the reply, with
	   the edits applied, and path stays as it is. Made by sm_reply_copy, never merged with
	   another update of path. */
	int copy;
	/* git's file mode for the result ("new file mode", "new mode"): SM_MODE_EXEC or
	   SM_MODE_PLAIN, 0 when the reply gives none */
	unsigned int mode;
	/* git's "deleted file mode": a deletion with no hunk is refused unless the file is
	   empty (git: "removal patch leaves file contents") */
	int git_delete;
	/* git's "rename from/to" and "copy from/to" lines name the file without the a/ or b/
	   that -p N counts (SM_BARE_PATH: path came from one, SM_BARE_MOVE: move_to did): as
	   git apply, -p N strips N - 1 components from those */
	unsigned int bare;
	/* why the planner must refuse this file (a binary patch, a symbolic link's mode): a
	   static string, NULL when none; refuse_status is its status */
	const char *refuse;
	seam_status_t refuse_status;
	sm_edit *edits;
	size_t nedits, cap;
	long reply_line;
	int open; /* more edits may come to it after the end of the text (see sm_edit.open) */
} sm_fileop;

struct seam_reply {
	char *text; /* owned copy of the reply; every span points into it */
	size_t len;
	seam_format_t format;
	sm_fileop *files;
	size_t nfiles, cap;
	size_t total_edits;
	size_t max_edits; /* from the session's options: parsers stop with an error past it */
	/* -p N given (SEAM_FLAG_STRIP_COMPONENTS): paths are kept as written, the a/ and b/ of a
	   diff included, for the N components to be stripped after parsing */
	int keep_prefixes;
	size_t *index;    /* open-addressing table: update fileops by path (index + 1; 0 = empty) */
	size_t index_cap; /* a power of two, kept at least twice the number of files */
	sm_buf notes;     /* parse warnings, one per line, for the report */
	int in_thinking;  /* the edits were read inside a thinking section (none outside) */
	/* another format reads an edit at this reply line, outside every edit read: the reply
	   mixes formats (detect.c); 0 when not */
	long mixed_line;
	seam_format_t mixed_format;
	char **kept;      /* text a parser had to decode (JSON strings): owned, see sm_reply_keep */
	size_t nkept, kcap;
	/* the file of the edits of a format that carries no path (--path), cleaned, owned;
	   NULL when none was given */
	char *default_path;
	size_t default_plen;
	int forced; /* the caller named the format: the reader reads what it is told to */
	/* made by seam_reply_new (reply_build.c): its edits come by calls, not from text; calls
	   counts them (a built edit's reply_line is the number of its call), built_bytes the
	   text they copied in (held to max_reply_bytes) */
	int built;
	long calls;
	size_t built_bytes;
};

#define SM_BARE_PATH 1u
#define SM_BARE_MOVE 2u

/* git's two modes of a regular file (100755 and 100644) */
#define SM_MODE_EXEC 0755u
#define SM_MODE_PLAIN 0644u

/*
 * The fileop for `path` (n bytes, cleaned by the caller) and op, appended when the reply has
 * none yet. Two updates of the same path merge into one fileop (a reply may spread a file's
 * blocks over several fences). Returns NULL when out of memory or when the path holds a NUL.
 */
sm_fileop *sm_reply_file(seam_reply *r, const char *path, size_t n, seam_op_t op, long reply_line);
/* A new fileop copying path (n bytes) to `to` (tn bytes): see sm_fileop.copy. NULL when out of
 * memory or when a path holds a NUL. */
sm_fileop *sm_reply_copy(seam_reply *r, const char *path, size_t n, const char *to, size_t tn,
			 long reply_line);
/* A new empty edit at the end of f. NULL when out of memory or past the edit limit. */
sm_edit *sm_fileop_add_edit(seam_reply *r, sm_fileop *f, long reply_line);
/* Drops the last edit of f (a parser that found it empty after all). */
void sm_fileop_drop_last_edit(seam_reply *r, sm_fileop *f);
/* Appends one line (its reply_line 0, see sm_reply_number_lines). SEAM_ENOMEM when out of memory. */
int sm_edit_add_line(sm_edit *e, char kind, const char *p, size_t n);
/* Appends a copy of hl, its reply line with it. SEAM_ENOMEM when out of memory. */
int sm_edit_add_hline(sm_edit *e, const sm_hline *hl);
/* Appends text[0..n) (text the reply holds: sm_reply_keep) as `kind` lines numbered
 * reply_line: lines end at '\n' (a '\r' before it goes with it), and a final '\n' opens no
 * empty line, as a tool call's text is read. SEAM_ENOMEM when out of memory. */
int sm_edit_add_text(sm_edit *e, char kind, const char *text, size_t n, long reply_line);
/* Gives every line of r's edits whose text lies in r->text the reply line it stands on (a
 * parser points into the text and need not count): one pass over the text, then a binary
 * search per line. Lines already numbered keep their number. SEAM_ENOMEM when out of memory. */
int sm_reply_number_lines(seam_reply *r);
/* Gives each line of e whose text is, at the same address, the text of a line of op's edits
 * (a whole file's content, taken into the image as it is) that line's reply line: sorted once,
 * then a binary search per line. SEAM_ENOMEM when out of memory. */
int sm_fileop_number_like(const sm_fileop *op, sm_edit *e);
/* That table: the reply lines of op's lines by the address of their texts. */
typedef struct sm_line_numbers {
	struct sm_line_no *v;
	size_t n;
} sm_line_numbers;
/* SEAM_ENOMEM when out of memory. */
int sm_line_numbers_make(sm_line_numbers *t, const sm_fileop *op);
/* The reply line of the line of op whose text is at p; 0 when none. */
long sm_line_numbers_at(const sm_line_numbers *t, const char *p);
void sm_line_numbers_dispose(sm_line_numbers *t);
/* Appends an anchor line (see sm_edit.anchors). SEAM_ENOMEM when out of memory. */
int sm_edit_add_anchor(sm_edit *e, const char *p, size_t n);
/* Number of lines of a kind in e. */
size_t sm_edit_count(const sm_edit *e, char kind);
/* Adds a warning line to the reply's notes ("line 12: ..."). */
void sm_reply_note(seam_reply *r, long line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/*
 * A copy of p[0..n) (NUL-terminated) that lives as long as the reply: for text a format
 * encodes (JSON strings), so that spans can point at the decoded form. NULL when out of memory.
 */
char *sm_reply_keep(seam_reply *r, const char *p, size_t n);
/* Removes updates that hold no edit and no rename (a diff cut off after its headers), with a
 * note for each: an empty update would report "applied" for a reply that changed nothing. */
void sm_reply_drop_empty_updates(seam_reply *r);
/* What one edit of r is called in a message ("SEARCH/REPLACE block", "hunk", "edit"): its
 * format's word, known where formats are (reply_api.c), not in the planner. */
const char *sm_reply_edit_noun(const seam_reply *r);
/* Keeps the fileops i with keep[i] nonzero, in order; the others are freed. */
void sm_reply_keep_files(seam_reply *r, const unsigned char *keep);
/* Rebuilds the path index after fileop paths were renamed. */
void sm_reply_reindex(seam_reply *r);
/* Frees the fileops and edits (not the struct or text). */
void sm_reply_clear(seam_reply *r);

#endif
