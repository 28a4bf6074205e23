/* One parse with tree-sitter, and the places where it failed. */
#include "syntax.h"
#include "syntax_walk.h"
#include "../../util/alloc.h"

#include <string.h>
#include <tree_sitter/api.h>

void sm_syntax_parser_free(TSParser *parser)
{
	if (parser)
		ts_parser_delete(parser);
}

static void add_spot(sm_syntax_res *res, TSNode n)
{
	sm_syntax_spot *s;

	if (res->nspots == SM_SYNTAX_MAX_SPOTS) {
		res->more = 1;
		return;
	}
	s = &res->spot[res->nspots++];
	memset(s, 0, sizeof(*s));
	s->row = ts_node_start_point(n).row;
	s->end_row = ts_node_end_point(n).row;
	if (ts_node_is_missing(n)) {
		const char *what = ts_node_type(n);
		s->missing = 1;
		if (what) {
			strncpy(s->what, what, sizeof(s->what) - 1);
			s->what[sizeof(s->what) - 1] = '\0';
		}
	}
}

/*
 * 1 for an error that is a grammar gap, not a broken file: a bare "&" in JSX text. JavaScript
 * and TypeScript parsers (Babel, tsc) accept it as text; the tree-sitter grammars read "&" in
 * JSX text only as the start of a character reference, and fail on "Logs & Events". The ERROR
 * node then starts with the "&" and holds the words after it, right inside a JSX element.
 */
static int jsx_ampersand(TSNode n, const char *data, size_t len)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n), k;
	TSNode parent = ts_node_parent(n);
	const char *pt = ts_node_is_null(parent) ? NULL : ts_node_type(parent);
	int amp = 0;

	if (!data || b > len || b <= a || !pt || strncmp(pt, "jsx_", 4))
		return 0;
	while (a < b && (data[a] == ' ' || data[a] == '\t' || data[a] == '\n' || data[a] == '\r'))
		a++;
	if (a == b || data[a] != '&')
		return 0;
	/* the rest is the text the grammar took for a reference name ("& Events"): plain text,
	   nothing JSX gives a meaning to */
	for (k = a; k < b; k++) {
		if (data[k] == '{' || data[k] == '}' || data[k] == '<' || data[k] == '>')
			return 0;
		amp += data[k] == '&';
	}
	return amp == 1;
}

/* The outermost ERROR and MISSING nodes in document order, but for grammar gaps (above). A
 * cursor walk, not recursion: the depth of the tree is the file's nesting, which the file's
 * author chooses. Subtrees without an error are stepped over, so this is cheap on a file with
 * one bad spot. */
static void collect(TSNode root, sm_syntax_res *res, const char *data, size_t len)
{
	TSTreeCursor c = ts_tree_cursor_new(root);

	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		int descend = 0;

		if (ts_node_has_error(n)) {
			/* 0xFFFF is tree-sitter's ERROR symbol (ts_builtin_sym_error) */
			if (ts_node_symbol(n) == (TSSymbol)-1 && jsx_ampersand(n, data, len))
				; /* not an error of the file */
			else if (ts_node_symbol(n) == (TSSymbol)-1 || ts_node_is_missing(n))
				add_spot(res, n);
			else
				descend = 1;
		}
		if (res->more)
			break;
		if (!sm_syntax_walk_next(&c, descend))
			break;
	}
	ts_tree_cursor_delete(&c);
}

/*
 * Python checks what tree-sitter's grammar lets by: a block's statements each start a line at
 * one and the same column (CPython stops with IndentationError; the grammar takes a line moved
 * deeper inside a method as one more statement of the block). Statements that share a line
 * (";", or a block on its header's line) and comments are not judged. The first offending
 * statement is a spot. Columns count a tab to the next multiple of 8, as Python 2 did: code
 * written for it (tabs and spaces mixed, consistent at 8) is not refused for Python 3's
 * stricter TabError. A cursor walk, as collect's.
 */
static uint32_t py_col(TSNode n, const char *data, size_t len)
{
	uint32_t b = ts_node_start_byte(n), col = ts_node_start_point(n).column, i, v = 0;

	if (!data || b > len || col > b)
		return col;
	for (i = b - col; i < b; i++)
		v = data[i] == '\t' ? (v / 8 + 1) * 8 : v + 1;
	return v;
}

static void python_indent(TSNode root, sm_syntax_res *res, const char *data, size_t len)
{
	TSTreeCursor c = ts_tree_cursor_new(root);

	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);

		if (!strcmp(ts_node_type(n), "block")) {
			/* the statements through a cursor of their own: ts_node_named_child(n, i)
			   walks from the first child each time, quadratic in a long block */
			TSTreeCursor kids = ts_tree_cursor_new(n);
			TSNode parent = ts_node_parent(n);
			uint32_t col = UINT32_MAX, last_row = 0;
			uint32_t header_row = ts_node_is_null(parent) ? UINT32_MAX
								       : ts_node_start_point(parent).row;
			int any = 0, bad = 0;
			int more = ts_tree_cursor_goto_first_child(&kids);
			for (; more && !bad; more = ts_tree_cursor_goto_next_sibling(&kids)) {
				TSNode ch = ts_tree_cursor_current_node(&kids);
				TSPoint at = ts_node_start_point(ch);
				if (!ts_node_is_named(ch) || !strcmp(ts_node_type(ch), "comment"))
					continue;
				if ((any && at.row == last_row) || at.row == header_row) {
					last_row = ts_node_end_point(ch).row;
					any = 1;
					continue;
				}
				if (col == UINT32_MAX) {
					col = py_col(ch, data, len);
				} else if (py_col(ch, data, len) != col) {
					add_spot(res, ch);
					bad = 1;
				}
				last_row = ts_node_end_point(ch).row;
				any = 1;
			}
			ts_tree_cursor_delete(&kids);
			if (bad)
				break;
		}
		if (!sm_syntax_walk_next(&c, 1))
			break;
	}
	ts_tree_cursor_delete(&c);
}

int sm_syntax_walk_next(TSTreeCursor *c, int descend)
{
	if (descend && ts_tree_cursor_goto_first_child(c))
		return 1;
	while (!ts_tree_cursor_goto_next_sibling(c))
		if (!ts_tree_cursor_goto_parent(c))
			return 0;
	return 1;
}

void sm_syntax_tree_free(TSTree *tree)
{
	if (tree)
		ts_tree_delete(tree);
}

TSTree *sm_syntax_tree_copy(const TSTree *tree)
{
	return tree ? ts_tree_copy(tree) : NULL;
}

void sm_syntax_parse(TSParser **parser, const sm_grammar *g, const char *data, size_t len,
		     sm_syntax_res *res)
{
	sm_syntax_parse_tree(parser, g, data, len, NULL, NULL, 0, res);
}

void sm_syntax_parse_tree(TSParser **parser, const sm_grammar *g, const char *data, size_t len,
			  TSTree **keep, const sm_syntax_edit *edits, size_t nedits,
			  sm_syntax_res *res)
{
	TSTree *tree, *old = keep ? *keep : NULL;
	TSNode root;
	size_t k;

	memset(res, 0, sizeof(*res));
	res->outcome = SM_PARSE_UNKNOWN;
	if (keep)
		*keep = NULL;
	if (len > SM_SYNTAX_MAX_BYTES || (old && len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))) {
		sm_syntax_tree_free(old);
		old = NULL;
	}
	if (len > SM_SYNTAX_MAX_BYTES)
		return;
	if (!*parser) {
		/*
		 * tree-sitter 0.20.7 ends the process (exit(1)) when malloc fails, and it uses
		 * what its allocator returns without a NULL check, so an allocator of ours that
		 * returned NULL (ts_set_allocator) would turn that exit into a crash; the runtime
		 * cannot fail an allocation cleanly, so its own stays. SM_SYNTAX_MAX_BYTES bounds
		 * what a parse allocates. Should a runtime still return NULL, the file counts as
		 * not checked.
		 */
		*parser = ts_parser_new();
		if (!*parser) {
			sm_syntax_tree_free(old);
			return;
		}
		ts_parser_set_timeout_micros(*parser, SM_SYNTAX_TIMEOUT_US);
	}
	/* false when the grammar's ABI is one this runtime does not load; the unit tests load
	 * every grammar, so that shows up there, not as a silently skipped check */
	if (!ts_parser_set_language(*parser, g->language())) {
		sm_syntax_tree_free(old);
		return;
	}
	if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) {
		data += 3;
		len -= 3;
	}
	for (k = 0; old && k < nedits; k++) {
		const sm_syntax_edit *e = &edits[k];
		TSInputEdit te;
		te.start_byte = e->start;
		te.old_end_byte = e->old_end;
		te.new_end_byte = e->new_end;
		te.start_point.row = e->start_row;
		te.start_point.column = e->start_col;
		te.old_end_point.row = e->old_row;
		te.old_end_point.column = e->old_col;
		te.new_end_point.row = e->new_row;
		te.new_end_point.column = e->new_col;
		ts_tree_edit(old, &te);
	}
	tree = ts_parser_parse_string(*parser, old, data ? data : "", (uint32_t)len);
	sm_syntax_tree_free(old);
	if (!tree) { /* timed out: the parser must be reset before its next use */
		ts_parser_reset(*parser);
		return;
	}
	root = ts_tree_root_node(tree);
	if (!ts_node_has_error(root)) {
		res->outcome = SM_PARSE_CLEAN;
		if (!strcmp(g->name, "python")) {
			python_indent(root, res, data, len);
			if (res->nspots)
				res->outcome = SM_PARSE_ERRORS;
		}
	} else {
		collect(root, res, data, len);
		/* every error a grammar gap: the file parses as its language parses it */
		res->outcome = res->nspots || res->more ? SM_PARSE_ERRORS : SM_PARSE_CLEAN;
	}
	if (keep)
		*keep = tree;
	else
		ts_tree_delete(tree);
}

/*
 * A function around runs of statements, per grammar: each run is parsed as a block of its
 * own in the body of this function, the one place where a run of statements (block items)
 * stands by itself; runs of a class's members (Java), each as the body of a class of its own
 * in one class's body. The body opens with the last '{' of `pre` and closes with the first
 * '}' of `post`; each run is put between `open` and `close`, and its node (of type `child`)
 * runs from the start of `open` to the '}' of `close`. One parse for all runs of a file: a
 * parse of a few hundred bytes costs mostly its tokens, and the function's own would be paid
 * again for each run.
 */
static const struct body_wrap {
	const char *grammar;
	int kind; /* sm_syntax_cut.body */
	const char *pre, *post, *open, *close;
	const char *type, *child; /* the body's node type, each run's */
} body_wraps[] = {
	{"c", 1, "void f(void)\n{\n", "}\n", "{\n", "\n}\n", "compound_statement",
	 "compound_statement"},
	{"cpp", 1, "void f(void)\n{\n", "}\n", "{\n", "\n}\n", "compound_statement",
	 "compound_statement"},
	{"go", 1, "package p\nfunc f() {\n", "}\n", "{\n", "\n}\n", "block", "block"},
	{"java", 1, "class C {\nvoid f() {\n", "}\n}\n", "{\n", "\n}\n", "block", "block"},
	{"java", 2, "class C {\n", "}\n", "class K {\n", "\n}\n", "class_body",
	 "class_declaration"},
};

static int spans(TSNode n, uint32_t a, uint32_t b, const char *type)
{
	return !ts_node_is_null(n) && ts_node_start_byte(n) == a && ts_node_end_byte(n) == b &&
	       !strcmp(ts_node_type(n), type);
}

/* 1 when the function's body, from byte a to byte b, holds n blocks and nothing else, block
 * k from byte at[2k] to byte at[2k+1]: each run's text is the items of its block, nothing of
 * it outside. */
static int blocks_span(TSTree *tree, const char *type, const char *child, uint32_t a, uint32_t b,
		       const uint32_t *at, size_t n)
{
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	TSNode body = ts_tree_cursor_current_node(&c);
	size_t k = 0;
	int ok, more, depth;

	/* down to the body: the wrapper's few nodes, each level's first child holding byte a */
	for (depth = 0; depth < 8 && !spans(body, a, b, type); depth++) {
		if (ts_tree_cursor_goto_first_child_for_byte(&c, a) < 0)
			break;
		body = ts_tree_cursor_current_node(&c);
	}
	ok = spans(body, a, b, type) && ts_node_named_child_count(body) == n;
	ts_tree_cursor_reset(&c, body);
	for (more = ok && ts_tree_cursor_goto_first_child(&c); more && ok;
	     more = ts_tree_cursor_goto_next_sibling(&c)) {
		TSNode blk = ts_tree_cursor_current_node(&c);
		if (!ts_node_is_named(blk))
			continue;
		ok = k < n && spans(blk, at[2 * k], at[2 * k + 1], child);
		k++;
	}
	ts_tree_cursor_delete(&c);
	return ok && k == n;
}

void sm_syntax_parse_runs(TSParser **parser, const sm_grammar *g, int kind, const char *data,
			  const size_t *span, size_t n, sm_syntax_res *res)
{
	const struct body_wrap *w = NULL;
	TSTree *tree = NULL;
	size_t k, total, at, lpre, lpost, lopen, lclose;
	uint32_t *pos = NULL;
	char *buf = NULL;

	memset(res, 0, sizeof(*res));
	res->outcome = SM_PARSE_UNKNOWN;
	for (k = 0; k < sizeof(body_wraps) / sizeof(*body_wraps); k++)
		if (!strcmp(body_wraps[k].grammar, g->name) && body_wraps[k].kind == kind)
			w = &body_wraps[k];
	if (!w || !n)
		return;
	lpre = strlen(w->pre);
	lpost = strlen(w->post);
	lopen = strlen(w->open);
	lclose = strlen(w->close);
	total = lpre + lpost;
	for (k = 0; k < n; k++) {
		if (span[2 * k + 1] < span[2 * k])
			return;
		total += lopen + (span[2 * k + 1] - span[2 * k]) + lclose;
		if (total > SM_SYNTAX_MAX_BYTES)
			return;
	}
	buf = sm_malloc(total);
	pos = sm_calloc(2 * n, sizeof(*pos));
	if (!buf || !pos)
		goto out;
	memcpy(buf, w->pre, lpre);
	at = lpre;
	for (k = 0; k < n; k++) {
		size_t len = span[2 * k + 1] - span[2 * k];
		if (len >= 3 && !memcmp(data + span[2 * k], "\xEF\xBB\xBF", 3))
			goto out;
		pos[2 * k] = (uint32_t)at;
		memcpy(buf + at, w->open, lopen);
		at += lopen;
		memcpy(buf + at, data + span[2 * k], len);
		at += len;
		memcpy(buf + at, w->close, lclose);
		pos[2 * k + 1] = (uint32_t)(at + (size_t)(strchr(w->close, '}') - w->close) + 1);
		at += lclose;
	}
	memcpy(buf + at, w->post, lpost);
	sm_syntax_parse_tree(parser, g, buf, total, &tree, NULL, 0, res);
	if (res->outcome == SM_PARSE_CLEAN &&
	    !blocks_span(tree, w->type, w->child, (uint32_t)(strrchr(w->pre, '{') - w->pre),
			 (uint32_t)(at + (size_t)(strchr(w->post, '}') - w->post) + 1), pos, n)) {
		memset(res, 0, sizeof(*res));
		res->outcome = SM_PARSE_ERRORS;
	}
out:
	sm_syntax_tree_free(tree);
	sm_free(buf);
	sm_free(pos);
}
