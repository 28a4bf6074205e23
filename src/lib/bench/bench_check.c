/* seam_bench_check: did a refactor move the method out whole? By syntax tree (see seam.h). */
#include "bench.h"
#include "../core/lang.h"
#include "../match/lazy.h"
#include "seam.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void trim(const char **p, size_t *n)
{
	while (*n && (**p == ' ' || **p == '\t')) {
		(*p)++;
		(*n)--;
	}
	while (*n && ((*p)[*n - 1] == ' ' || (*p)[*n - 1] == '\t' || (*p)[*n - 1] == '\r'))
		(*n)--;
}

/* 1 when before holds a line that is p[0..n) once trimmed (a placeholder the file had). */
static int had_line(const char *before, size_t blen, const char *p, size_t n)
{
	size_t i = 0;

	while (i < blen) {
		const char *e = memchr(before + i, '\n', blen - i);
		const char *q = before + i;
		size_t m = e ? (size_t)(e - q) : blen - i;
		trim(&q, &m);
		if (m == n && !memcmp(q, p, n))
			return 1;
		i += (e ? (size_t)(e - (before + i)) + 1 : blen - i);
	}
	return 0;
}

/* The first line of after that is a placeholder before did not have: its number, 0 if none. */
static long placeholder(const char *path, const char *before, size_t blen, const char *after,
			size_t alen, char *quote, size_t qsz)
{
	const sm_lang *lang = sm_lang_for_path(path);
	size_t i = 0;
	long line = 0;

	while (i < alen) {
		const char *e = memchr(after + i, '\n', alen - i);
		const char *q = after + i;
		size_t m = e ? (size_t)(e - q) : alen - i;
		line++;
		if (sm_lazy_is_placeholder(lang, q, m)) {
			trim(&q, &m);
			if (!had_line(before, blen, q, m)) {
				snprintf(quote, qsz, "%.*s", (int)(m < 120 ? m : 120), q);
				return line;
			}
		}
		i = e ? (size_t)(e - after) + 1 : alen;
	}
	return 0;
}

typedef struct find {
	const sm_bench_lang *bl;
	const char *src, *cls, *method;
	TSNode fn, klass;
	int nfn, nclass, in_class;
} find;

static void on_member(void *ctx, TSNode outer, TSNode m)
{
	find *f = ctx;
	char name[SM_BENCH_MAX_NAME];

	(void)outer;
	if (sm_bench_name(m, f->src, name, sizeof(name)) && !strcmp(name, f->method))
		f->in_class = 1;
}

static void on_top(void *ctx, TSNode d, int kind)
{
	find *f = ctx;
	char name[SM_BENCH_MAX_NAME];

	if (!sm_bench_name(d, f->src, name, sizeof(name)))
		return;
	if (kind == 'f' && !strcmp(name, f->method)) {
		f->fn = d;
		f->nfn++;
	} else if (kind == 'c' && !strcmp(name, f->cls)) {
		f->klass = d;
		f->nclass++;
		sm_bench_members(f->bl, d, on_member, f);
	}
}

/* How often the class names the method, its own definition left out: each call updated
 * (`self.m(...)` -> `m(...)`) removes the 3 nodes of the attribute access from the class. */
static long refs_in_class(const sm_bench_lang *bl, TSParser **p, const sm_grammar *g,
			  const char *before, size_t blen, const char *cls, const char *method)
{
	TSTree *tree = sm_bench_parse(p, g, before, blen);
	find f;
	long n = 0;
	size_t ml = strlen(method);

	if (!tree)
		return 0;
	memset(&f, 0, sizeof(f));
	f.bl = bl;
	f.src = before;
	f.cls = cls;
	f.method = "";
	sm_bench_top(bl, ts_tree_root_node(tree), on_top, &f);
	if (f.nclass == 1) {
		TSTreeCursor c = ts_tree_cursor_new(f.klass);
		for (;;) {
			TSNode x = ts_tree_cursor_current_node(&c);
			const char *t = ts_node_type(x);
			uint32_t a = ts_node_start_byte(x), b = ts_node_end_byte(x);
			if ((!strcmp(t, "identifier") || !strcmp(t, "property_identifier")) &&
			    b - a == ml && !memcmp(before + a, method, ml))
				n++;
			if (!sm_syntax_walk_next(&c, 1))
				break;
		}
		ts_tree_cursor_delete(&c);
	}
	ts_tree_delete(tree);
	return n > 0 ? n - 1 : 0;
}

static long labs_(long v)
{
	return v < 0 ? -v : v;
}

int seam_bench_check(const char *task, size_t task_len, const char *before, size_t before_len,
		     const char *after, size_t after_len, char **verdict, size_t *vlen)
{
	json_t *t, *v = NULL;
	const char *file, *cls, *method;
	json_int_t mnodes, cnodes;
	const sm_grammar *g;
	const sm_bench_lang *bl;
	TSParser *p = NULL;
	TSTree *tree = NULL;
	char reason[1024], quote[128];
	const char *check = "ok";
	long fnodes = -1, knodes = -1, ph;
	find f;
	int rc = SEAM_OK;

	if (!verdict || !task || (!before && before_len) || (!after && after_len))
		return SEAM_EUSAGE;
	*verdict = NULL;
	t = json_loadb(task, task_len, 0, NULL);
	if (!t || json_unpack(t, "{s:s, s:s, s:s, s:I, s:I}", "file", &file, "class", &cls,
			      "method", &method, "method_nodes", &mnodes, "class_nodes",
			      &cnodes) ||
	    mnodes <= 0 || cnodes <= mnodes || !(bl = sm_bench_lang_for(file, &g))) {
		json_decref(t);
		return SEAM_EUSAGE;
	}
	reason[0] = '\0';
	tree = sm_bench_parse(&p, g, after, after_len);
	if (!tree || ts_node_has_error(ts_tree_root_node(tree))) {
		check = "parse";
		snprintf(reason, sizeof(reason), "%s does not parse as %s after the edit", file,
			 g->label);
		goto verdict;
	}
	ph = placeholder(file, before, before_len, after, after_len, quote, sizeof(quote));
	if (ph) {
		check = "placeholder";
		snprintf(reason, sizeof(reason), "a placeholder comment is left at line %ld: %s",
			 ph, quote);
		goto verdict;
	}
	memset(&f, 0, sizeof(f));
	f.bl = bl;
	f.src = after;
	f.cls = cls;
	f.method = method;
	sm_bench_top(bl, ts_tree_root_node(tree), on_top, &f);
	if (f.nfn)
		fnodes = (long)sm_bench_count(f.fn);
	if (f.nclass)
		knodes = (long)sm_bench_count(f.klass);
	if (!f.nfn) {
		check = "function";
		snprintf(reason, sizeof(reason), "no top-level function %s", method);
	} else if (f.nfn > 1) {
		check = "function";
		snprintf(reason, sizeof(reason), "%d top-level functions named %s", f.nfn, method);
	} else if (labs_(fnodes - (long)mnodes) * 100 > (long)mnodes * SM_BENCH_TOLERANCE_PCT) {
		check = "function";
		snprintf(reason, sizeof(reason),
			 "the function %s has %ld syntax nodes, the method had %ld (more than "
			 "%d%% apart)",
			 method, fnodes, (long)mnodes, SM_BENCH_TOLERANCE_PCT);
	} else if (!f.nclass) {
		check = "class";
		snprintf(reason, sizeof(reason), "the class %s is gone", cls);
	} else if (f.in_class) {
		check = "class";
		snprintf(reason, sizeof(reason), "the class %s still has a method %s", cls, method);
	} else if (labs_(((long)cnodes - knodes) - (long)mnodes) * 100 >
		   (long)mnodes * SM_BENCH_TOLERANCE_PCT +
			   (SM_BENCH_SHRINK_SLACK +
			    SM_BENCH_NODES_PER_CALL *
				    refs_in_class(bl, &p, g, before, before_len, cls, method)) *
				   100) {
		check = "class";
		snprintf(reason, sizeof(reason),
			 "the class %s went from %ld to %ld syntax nodes; moving the method out "
			 "(%ld nodes) should take about that many",
			 cls, (long)cnodes, knodes, (long)mnodes);
	}
verdict:
	v = json_pack("{s:b, s:s, s:s, s:I, s:I}", "passed", !strcmp(check, "ok"), "check", check,
		      "reason", reason, "function_nodes", (json_int_t)fnodes, "class_nodes",
		      (json_int_t)knodes);
	*verdict = v ? json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	if (!*verdict)
		rc = SEAM_ENOMEM;
	else if (vlen)
		*vlen = strlen(*verdict);
	json_decref(v);
	json_decref(t);
	if (tree)
		ts_tree_delete(tree);
	if (p)
		ts_parser_delete(p);
	return rc;
}
