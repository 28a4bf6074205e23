#ifndef SEAM_LIB_SYNTAX_H
#define SEAM_LIB_SYNTAX_H

/*
 * The syntax check: tree-sitter parses a changed file before and after the reply, and a file
 * that parsed without error and no longer does is refused (SEAM_STATUS_SYNTAX). The same parse
 * breaks a tie between places the tolerant matcher found equally good. Files of a language with
 * no grammar here are applied as before.
 *
 *   syntax_lang.c      the grammars built in and the extension table (the one place to add a
 *                      language)
 *   syntax_parse.c     one parse of a buffer, and where its errors are (syntax_walk.h: the
 *                      step of a walk over a tree, which the benchmark shares)
 *   syntax_cuts.c      the line starts between two items of a file (or two statements of a
 *                      body), found by a lexical scan (syntax_scan.h: its lexing and one
 *                      scanner per language, syntax_cuts_c.c, _go.c, _java.c)
 *   syntax_check.c     the check of a whole plan, its blame and messages
 *   syntax_tiebreak.c  the tie-break
 */

#include "syntax_limits.h"

#include <stddef.h>
#include <stdint.h>

struct TSLanguage;
struct TSParser;

typedef struct sm_grammar {
	const char *name;  /* as in scripts/grammars.lock: "python", "tsx", ... */
	const char *label; /* for messages: "Python", "TSX", ... */
	const struct TSLanguage *(*language)(void);
} sm_grammar;

/* The grammars for a path, by its extension, most likely first; returns how many (0: no
 * grammar, the file is not checked). */
size_t sm_syntax_grammars_for(const char *path, const sm_grammar **out, size_t max);
/* The grammars built in, in the lock file's order; NULL past the last. */
const sm_grammar *sm_syntax_grammar_at(size_t i);

enum sm_parse_outcome {
	SM_PARSE_CLEAN,   /* no error anywhere */
	SM_PARSE_ERRORS,  /* the tree holds ERROR or MISSING nodes */
	SM_PARSE_UNKNOWN  /* not checked: too large, timed out, or the grammar did not load */
};

/* One place where the parse failed, in rows of the parsed text (0-based). */
typedef struct sm_syntax_spot {
	uint32_t row, end_row;
	int missing;   /* a token the grammar needed is absent; `what` names it */
	char what[24]; /* the missing token, cut to fit */
} sm_syntax_spot;

typedef struct sm_syntax_res {
	int outcome; /* enum sm_parse_outcome */
	size_t nspots;
	int more; /* there were more error places than spots holds */
	sm_syntax_spot spot[SM_SYNTAX_MAX_SPOTS];
} sm_syntax_res;

/*
 * Parses data[0..len) with g (a UTF-8 byte order mark is skipped; rows stay those of the
 * text). *parser is created on first use and reused; free it with sm_syntax_parser_free.
 */
void sm_syntax_parse(struct TSParser **parser, const sm_grammar *g, const char *data, size_t len,
		     sm_syntax_res *res);
void sm_syntax_parser_free(struct TSParser *parser);
/*
 * Parses the runs data[span[2k]..span[2k+1]), k < n, of statements (kind 1) each as a block
 * of its own inside the body of one function of g's language, or of a class's members (kind
 * 2) each as the body of a class of its own inside one class (C, C++, Go: kind 1; Java: both;
 * SM_PARSE_UNKNOWN for the others): CLEAN only when the whole parses without an error and
 * each run stays inside its block. Spots, if any, are in rows of the wrapped text.
 */
void sm_syntax_parse_runs(struct TSParser **parser, const sm_grammar *g, int kind,
			  const char *data, const size_t *span, size_t n, sm_syntax_res *res);

/* One change of a text, for an incremental parse: bytes [start, old_end) became
 * [start, new_end); each place also as a row and a column, as tree-sitter wants them. */
typedef struct sm_syntax_edit {
	uint32_t start, old_end, new_end;
	uint32_t start_row, start_col, old_row, old_col, new_row, new_col;
} sm_syntax_edit;

struct TSTree;
/*
 * sm_syntax_parse that keeps its tree in *tree (free with sm_syntax_tree_free). When *tree
 * already holds the tree of another text that edits[0..nedits) (each in the coordinates the
 * ones before it left) turn into data, tree-sitter reuses its unchanged parts: a parse of
 * the changed places only. Text with a byte order mark is parsed afresh.
 */
void sm_syntax_parse_tree(struct TSParser **parser, const sm_grammar *g, const char *data,
			  size_t len, struct TSTree **tree, const sm_syntax_edit *edits,
			  size_t nedits, sm_syntax_res *res);
void sm_syntax_tree_free(struct TSTree *tree);
/* A copy of tree that can be edited and reparsed on its own (cheap: its nodes are shared);
 * NULL for NULL or when out of memory. */
struct TSTree *sm_syntax_tree_copy(const struct TSTree *tree);

/* A cut: the start of line `line` (0-based; the line count for the end of the file), where a
 * parse of the whole file is between two items of one item sequence: the file's top level
 * (ctx 0), or one branch of a C #if (each branch its own ctx, `level` #ifs deep). The part of
 * a file between two cuts of the same ctx is a sequence of whole items: any other sequence
 * of items can stand in its place. */
typedef struct sm_syntax_cut {
	uint32_t line, ctx, level;
	uint32_t body; /* 1: between two statements of a function's body, 2: between two members
			  of a Java class's body (sm_syntax_cuts_deep) */
} sm_syntax_cut;

/*
 * The cuts of data[0..len) for grammar g, in order, the first line and the end of the file
 * among them: 1 with *cuts (free with sm_free) and *n; 0 when g has no scanner here or the
 * scan gave the file up (something it does not model, or brackets that do not balance);
 * SEAM_ENOMEM. Found by a lexical scan, no parse: it holds for the file as its grammar parses
 * it when the file parses without errors.
 */
int sm_syntax_cuts(const sm_grammar *g, const char *data, size_t len, sm_syntax_cut **cuts,
		   size_t *n);
/*
 * sm_syntax_cuts, and in C, C++, Go and Java also the line starts between two statements of a
 * function's body (body 1, ctx the body's, one level deeper than the function): a line at
 * the body's depth after a ';' or a statement's closing '}' (in Go: after a line its
 * semicolon rule ends), that begins with a word that cannot continue the statement before
 * (not else, while, catch) or closes the body. A body with a preprocessor line or a case
 * label at its own depth (whose statements are the label's), or a Java call of super(...)
 * or this(...) (a constructor's first statement only), has none. In Java also the line
 * starts between two members of a class's or a record's body (body 2).
 * The part between two such cuts of one body is a run of whole statements (block items):
 * any other run can stand in its place.
 */
int sm_syntax_cuts_deep(const sm_grammar *g, const char *data, size_t len, sm_syntax_cut **cuts,
			size_t *n);
/* 1 when the same scan reads data[0..len) to its end with everything closed (no comment,
 * string, bracket, #if or continued line left open) and, for a run of items (items 1), its
 * last item complete (a ';' or a function's body in C, no decorator waiting for its function
 * in Python); for a run of statements (items 0), with no case or default label at its own
 * depth (tree-sitter reads "default:" at the start of a block as a goto label, and as the
 * keyword, an error, after a statement): a text that could stand between two cuts. 0 when
 * not or when it cannot tell; SEAM_ENOMEM. */
int sm_syntax_closed(const sm_grammar *g, const char *data, size_t len, int items);

#endif
