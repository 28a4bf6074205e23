/* What a class, a method and a top-level function are in each language the benchmark reads,
 * and the tree walks the tasks and the checks share. */
#include "bench.h"

#include <string.h>

static const char *const py_classes[] = {"class_definition", NULL};
static const char *const py_methods[] = {"function_definition", NULL};
static const char *const py_wraps[] = {"decorated_definition", NULL};

static const char *const js_classes[] = {"class_declaration", "abstract_class_declaration", NULL};
static const char *const js_methods[] = {"method_definition", NULL};
static const char *const js_funcs[] = {"function_declaration", "generator_function_declaration",
				       NULL};
static const char *const js_wraps[] = {"export_statement", NULL};

/* Java is left out: it has no top-level functions to move a method to. */
static const sm_bench_lang langs[] = {
	{"python", py_classes, py_methods, py_methods, py_wraps, 1},
	{"javascript", js_classes, js_methods, js_funcs, js_wraps, 0},
	{"typescript", js_classes, js_methods, js_funcs, js_wraps, 0},
	{"tsx", js_classes, js_methods, js_funcs, js_wraps, 0},
};

const sm_bench_lang *sm_bench_lang_for(const char *path, const sm_grammar **g)
{
	const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];
	size_t n = sm_syntax_grammars_for(path, gs, SM_SYNTAX_MAX_GRAMMARS), i;

	if (!n)
		return NULL;
	for (i = 0; i < sizeof(langs) / sizeof(*langs); i++)
		if (!strcmp(langs[i].grammar, gs[0]->name)) {
			*g = gs[0];
			return &langs[i];
		}
	return NULL;
}

int sm_bench_is(const char *type, const char *const *list)
{
	for (; list && *list; list++)
		if (!strcmp(type, *list))
			return 1;
	return 0;
}

/* A cursor walk: the depth of a tree is the file author's choice, so no recursion. */
uint32_t sm_bench_count(TSNode n)
{
	TSTreeCursor c = ts_tree_cursor_new(n);
	uint32_t count = 0;

	for (;;) {
		count++;
		if (!sm_syntax_walk_next(&c, 1))
			break;
	}
	ts_tree_cursor_delete(&c);
	return count;
}

int sm_bench_name(TSNode n, const char *src, char *buf, size_t sz)
{
	TSNode id = ts_node_child_by_field_name(n, "name", 4);
	uint32_t a, b;

	if (ts_node_is_null(id))
		return 0;
	a = ts_node_start_byte(id);
	b = ts_node_end_byte(id);
	if (b <= a || b - a >= sz)
		return 0;
	memcpy(buf, src + a, b - a);
	buf[b - a] = '\0';
	return 1;
}

/* n itself when it is one of types, else its first named child that is (a wrapper's
 * declaration); null otherwise. */
static TSNode unwrap(const sm_bench_lang *bl, TSNode n, const char *const *types, int *wrapped)
{
	uint32_t i, k;
	TSNode none = {{0}, NULL, NULL};

	*wrapped = 0;
	if (sm_bench_is(ts_node_type(n), types))
		return n;
	if (!sm_bench_is(ts_node_type(n), bl->wraps))
		return none;
	k = ts_node_named_child_count(n);
	for (i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		if (sm_bench_is(ts_node_type(c), types)) {
			*wrapped = 1;
			return c;
		}
	}
	return none;
}

void sm_bench_top(const sm_bench_lang *bl, TSNode root,
		  void (*fn)(void *ctx, TSNode decl, int kind), void *ctx)
{
	uint32_t i, k = ts_node_named_child_count(root);
	int w;

	for (i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(root, i), d;
		d = unwrap(bl, c, bl->classes, &w);
		if (!ts_node_is_null(d)) {
			fn(ctx, d, 'c');
			continue;
		}
		d = unwrap(bl, c, bl->funcs, &w);
		if (!ts_node_is_null(d))
			fn(ctx, d, 'f');
	}
}

void sm_bench_members(const sm_bench_lang *bl, TSNode cls,
		      void (*fn)(void *ctx, TSNode outer, TSNode method), void *ctx)
{
	TSNode body = ts_node_child_by_field_name(cls, "body", 4);
	uint32_t i, k;
	int w;

	if (ts_node_is_null(body))
		return;
	k = ts_node_named_child_count(body);
	for (i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(body, i);
		TSNode m = unwrap(bl, c, bl->methods, &w);
		if (!ts_node_is_null(m))
			fn(ctx, c, m);
	}
}

TSTree *sm_bench_parse(TSParser **p, const sm_grammar *g, const char *data, size_t len)
{
	TSTree *t;

	if (len > SM_BENCH_MAX_FILE_BYTES || len > SM_SYNTAX_MAX_BYTES)
		return NULL;
	if (!*p) {
		*p = ts_parser_new();
		ts_parser_set_timeout_micros(*p, SM_SYNTAX_TIMEOUT_US);
	}
	if (!ts_parser_set_language(*p, g->language()))
		return NULL;
	t = ts_parser_parse_string(*p, NULL, data ? data : "", (uint32_t)len);
	if (!t)
		ts_parser_reset(*p);
	return t;
}

void sm_bench_hash(const char *data, size_t len, char out[17])
{
	uint64_t h = 1469598103934665603ull;
	size_t i;
	static const char hex[] = "0123456789abcdef";

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)data[i];
		h *= 1099511628211ull;
	}
	for (i = 0; i < 16; i++)
		out[i] = hex[(h >> (60 - 4 * i)) & 15];
	out[16] = '\0';
}
