#ifndef SEAM_LIB_FORMAT_TAG_H
#define SEAM_LIB_FORMAT_TAG_H

/*
 * XML-like tag lines, for the formats whose markers are tags (<update_lines start="3" end="5">,
 * <copy_lines .../>, <selected_snippet>). Models write them loosely, so this is no XML parser:
 * a tag opens a line (after blanks), its name is matched ignoring case and with '-' for '_',
 * attribute values are double-quoted, single-quoted or bare, and unknown attributes are passed
 * over. Nothing allocates; every span points into the line.
 */

#include "../read/reply.h"

enum { SM_TAG_NONE = 0, SM_TAG_OPEN, SM_TAG_CLOSE, SM_TAG_EMPTY /* <name .../> */ };

typedef struct sm_tag {
	int kind;
	sm_span attrs; /* between the name and '>' (or "/>") */
	size_t end;    /* offset in the line just past '>' */
} sm_tag;

/* The tag `name` that opens line p[0..n) (after blanks), or SM_TAG_NONE. Only the opening
 * "<name" or "</name" and the closing '>' on the same line are required. */
int sm_tag_at(const char *p, size_t n, const char *name, sm_tag *t);
/*
 * Where "</name>" sits in line p[0..n) when it ends the line (only blanks after it): its offset,
 * so that text before it on the line is content. (size_t)-1 when the line does not end so.
 */
size_t sm_tag_close_at_end(const char *p, size_t n, const char *name);
/* The value of attribute key (case ignored) in t, unquoted. 1 when present. */
int sm_tag_attr(const sm_tag *t, const char *key, sm_span *val);
/* A decimal attribute of at most 9 digits (surrounding blanks allowed). 1 when present and
 * valid; 0 when absent; SEAM_EPARSE when present but not such a number. */
int sm_tag_num(const sm_tag *t, const char *key, long *v);

/* The path a tag names itself (path=, file=, filename=, file_path=), cleaned into out
 * (SM_PATH_MAX + 1 bytes); 0 when none. */
size_t sm_tag_path(const sm_tag *t, char *out);

/* A block's content: spans into the reply (the first and last may be parts of tag lines). */
typedef struct sm_spans {
	sm_span *v;
	size_t n, cap;
} sm_spans;

/* SEAM_ENOMEM when out of memory. */
int sm_spans_push(sm_spans *s, const char *p, size_t n);

/*
 * The content of the block whose opening tag t (of `name`) is line h, into *s (emptied first):
 * text after the tag on its line, the lines in between, text before </name> on its line. An
 * empty tag (<name/>) has no content. *next is the line after the block. Returns 1, 0 when the
 * block is never closed (another opening tag of `name`, a line stop() (may be NULL) says 1 to,
 * or the end of the reply comes first; *next is that line), SEAM_ENOMEM when out of memory.
 */
int sm_tag_block(const sm_lines *ls, size_t h, const sm_tag *t, const char *name,
                 int (*stop)(const char *p, size_t n), sm_spans *s, size_t *next);

/*
 * Models often wrap the new text in a fence inside the tags: a fence around the whole content
 * is taken off, except for documentation files (by path), where fenced code is real content.
 */
void sm_spans_unwrap(sm_spans *s, const char *path);

/*
 * The file name written above line h, for block formats: a name line, possibly with a fence
 * line between (whose info string may name the file), blank lines allowed. Stops at prose, at a
 * second fence line, and at any line for which stop() (may be NULL) says 1 (another block's
 * marker); a line for which it says SM_ABOVE_SKIP_ONCE is passed over the first time (the
 * <editblock> line of the line-numbered format) and stops the search after that. Returns the
 * cleaned length in out (SM_PATH_MAX + 1 bytes) and its reply line in *line, or 0. The one
 * reader of a name above a block: every block format calls it.
 */
#define SM_ABOVE_SKIP_ONCE 2
size_t sm_name_above(const sm_lines *ls, size_t h, int (*stop)(const char *p, size_t n),
                     char *out, long *line);

/*
 * The file a run of blocks is for. Models name a file once and then write several blocks for
 * it, so a block that names none is for the file named last.
 */
typedef struct sm_carried_name {
	char name[SM_PATH_MAX + 1];
	size_t len; /* 0: no block has named a file yet */
} sm_carried_name;

/* Takes name (len bytes; len 0: the block names none) as the file of the blocks from here on.
 * 0 when there is still no file: this block names none, and none was named before. */
int sm_carry_name(sm_carried_name *c, const char *name, size_t len);

#endif
