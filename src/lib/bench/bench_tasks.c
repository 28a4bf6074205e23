/* seam_bench_tasks: the methods of a file that can move out of their class (see seam.h). */
#include "bench.h"
#include "seam.h"

#include "util/alloc.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Names a method can have that a top-level function cannot. */
static const char *const js_reserved[] = {
	"await", "break", "case", "catch", "class", "const", "continue", "debugger", "default",
	"delete", "do", "else", "enum", "export", "extends", "false", "finally", "for",
	"function", "if", "import", "in", "instanceof", "let", "new", "null", "return", "super",
	"switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
	"yield", "constructor", NULL};

typedef struct scan {
	const sm_bench_lang *bl;
	const char *src;
	size_t len;
	const char *root, *path;
	const seam_bench_options *o;
	json_t *tops;   /* names declared at the top level */
	TSNode cls;
	char cls_name[SM_BENCH_MAX_NAME];
	uint32_t cls_nodes;
	uint32_t file_lines;
	char hash[17];
	json_t *out;    /* array of tasks */
	int oom;
} scan;

static int text_is(const scan *sc, TSNode n, const char *s)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
	return strlen(s) == b - a && !memcmp(sc->src + a, s, b - a);
}

/* 1 when the method uses its instance, or anything that ties it to its class. */
static int uses_instance(const scan *sc, TSNode m)
{
	TSTreeCursor c;
	char self[SM_BENCH_MAX_NAME] = "";
	int used = 0;

	if (sc->bl->self_param) {
		TSNode ps = ts_node_child_by_field_name(m, "parameters", 10), p0;
		uint32_t a, b;
		if (ts_node_is_null(ps) || !ts_node_named_child_count(ps))
			return 1; /* no instance parameter: not a plain method */
		p0 = ts_node_named_child(ps, 0);
		if (strcmp(ts_node_type(p0), "identifier"))
			return 1;
		a = ts_node_start_byte(p0);
		b = ts_node_end_byte(p0);
		if (b - a >= sizeof(self))
			return 1;
		memcpy(self, sc->src + a, b - a);
		self[b - a] = '\0';
		m = ts_node_child_by_field_name(m, "body", 4);
		if (ts_node_is_null(m))
			return 1;
	}
	c = ts_tree_cursor_new(m);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		const char *t = ts_node_type(n);
		if (sc->bl->self_param) {
			if (!strcmp(t, "identifier")) {
				uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
				/* super() and __class__ need the class; a private __name is mangled
				 * by the class it is written in */
				if (text_is(sc, n, self) || text_is(sc, n, "super") ||
				    (b - a > 2 && !memcmp(sc->src + a, "__", 2) &&
				     memcmp(sc->src + b - 2, "__", 2)) ||
				    text_is(sc, n, "__class__"))
					used = 1;
			}
		} else if (!strcmp(t, "this") || !strcmp(t, "super")) {
			used = 1;
		}
		if (used)
			break;
		if (!sm_syntax_walk_next(&c, 1))
			break;
	}
	ts_tree_cursor_delete(&c);
	return used;
}

/* A JavaScript accessor, or a name that is not a plain identifier. */
static int odd_js_method(TSNode m)
{
	TSNode name = ts_node_child_by_field_name(m, "name", 4);
	uint32_t i, k = ts_node_child_count(m);

	if (ts_node_is_null(name) || strcmp(ts_node_type(name), "property_identifier"))
		return 1;
	for (i = 0; i < k; i++) {
		const char *t = ts_node_type(ts_node_child(m, i));
		if (!strcmp(t, "get") || !strcmp(t, "set"))
			return 1;
	}
	return 0;
}

static json_t *lines(TSNode n)
{
	return json_pack("[i,i]", (int)ts_node_start_point(n).row + 1,
			 (int)ts_node_end_point(n).row + 1);
}

/* 0, or SEAM_ELIMIT when it does not fit (a path of thousands of bytes gives no task). */
static int instruction(const scan *sc, const char *m, char *buf, size_t sz)
{
	int r;

	if (sc->bl->self_param)
		r = snprintf(buf, sz,
			 "In %s, move the method %s of the class %s out of the class, as a "
			 "top-level function named %s placed after the class. It never uses "
			 "self: drop that parameter. Update every call of it (self.%s(...), "
			 "%s.%s(...)) to call the function.",
			 sc->path, m, sc->cls_name, m, m, sc->cls_name, m);
	else
		r = snprintf(buf, sz,
			 "In %s, move the method %s of the class %s out of the class, as a "
			 "top-level function named %s placed after the class. It never uses "
			 "this. Update every call of it (this.%s(...), %s.%s(...)) to call the "
			 "function.",
			 sc->path, m, sc->cls_name, m, m, sc->cls_name, m);
	return r < 0 || (size_t)r >= sz ? SEAM_ELIMIT : 0;
}

typedef struct same {
	const char *src, *name;
	int n;
} same;

static void on_same(void *ctx, TSNode outer, TSNode m)
{
	same *sm = ctx;
	char name[SM_BENCH_MAX_NAME];

	(void)outer;
	if (sm_bench_name(m, sm->src, name, sizeof(name)) && !strcmp(name, sm->name))
		sm->n++;
}

static void on_member(void *ctx, TSNode outer, TSNode m)
{
	scan *sc = ctx;
	char name[SM_BENCH_MAX_NAME], text[8192];
	uint32_t nodes;
	json_t *t;

	if (sc->oom || !ts_node_eq(outer, m)) /* decorated: a static, class or property method */
		return;
	if (!sm_bench_name(m, sc->src, name, sizeof(name)))
		return;
	if (sc->bl->self_param ? !strncmp(name, "__", 2)
			       : odd_js_method(m) || sm_bench_is(name, js_reserved))
		return;
	if (json_object_get(sc->tops, name))
		return; /* the function would clash with a top-level name */
	{
		/* a name the class defines twice (a static and an instance method, an overload):
		 * which one moved cannot be checked */
		same sm = {sc->src, name, 0};
		sm_bench_members(sc->bl, sc->cls, on_same, &sm);
		if (sm.n > 1)
			return;
	}
	nodes = sm_bench_count(m);
	if (nodes <= (sc->o->min_method_nodes ? sc->o->min_method_nodes
					      : SM_BENCH_MIN_METHOD_NODES))
		return;
	if ((uint64_t)nodes * SM_BENCH_CLASS_RATIO >= sc->cls_nodes)
		return;
	if (uses_instance(sc, m))
		return;
	if (instruction(sc, name, text, sizeof(text)))
		return;
	t = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:i, s:o, s:o, s:i, s:s}", "root",
		      sc->root, "file", sc->path, "lang", sc->bl->grammar, "hash", sc->hash,
		      "class", sc->cls_name, "method", name, "class_nodes", (int)sc->cls_nodes,
		      "method_nodes", (int)nodes, "class_lines", lines(sc->cls), "method_lines",
		      lines(m), "file_lines", (int)sc->file_lines, "instruction", text);
	if (!t || json_array_append_new(sc->out, t))
		sc->oom = 1;
}

static void on_top_name(void *ctx, TSNode d, int kind)
{
	scan *sc = ctx;
	char name[SM_BENCH_MAX_NAME];

	(void)kind;
	if (sm_bench_name(d, sc->src, name, sizeof(name)) &&
	    json_object_set_new(sc->tops, name, json_true()))
		sc->oom = 1;
}

static void on_top_class(void *ctx, TSNode d, int kind)
{
	scan *sc = ctx;

	if (kind != 'c' || sc->oom || !sm_bench_name(d, sc->src, sc->cls_name, sizeof(sc->cls_name)))
		return;
	sc->cls = d;
	sc->cls_nodes = sm_bench_count(d);
	sm_bench_members(sc->bl, d, on_member, sc);
}

int seam_bench_tasks(const char *root, const char *path, const char *data, size_t len,
		     const seam_bench_options *o, char **out, size_t *outlen)
{
	static const seam_bench_options defaults = {SEAM_BENCH_OPTIONS_VERSION, 0, 0};
	const sm_grammar *g;
	TSParser *p = NULL;
	TSTree *tree;
	scan sc;
	size_t i, nl = 1, cap = 0, n = 0;
	char *buf = NULL;
	int rc = SEAM_OK;

	if (!out || !path || (!data && len))
		return SEAM_EUSAGE;
	*out = NULL;
	if (outlen)
		*outlen = 0;
	memset(&sc, 0, sizeof(sc));
	sc.bl = sm_bench_lang_for(path, &g);
	sc.o = o ? o : &defaults;
	for (i = 0; i < len; i++)
		nl += data[i] == '\n';
	if (len && data[len - 1] == '\n')
		nl--;
	tree = NULL;
	if (sc.bl && nl >= (sc.o->min_file_lines ? sc.o->min_file_lines : SM_BENCH_MIN_FILE_LINES))
		tree = sm_bench_parse(&p, g, data, len);
	sc.src = data;
	sc.len = len;
	sc.root = root ? root : ".";
	sc.path = path;
	sc.file_lines = (uint32_t)nl;
	sm_bench_hash(data, len, sc.hash);
	sc.tops = json_object();
	sc.out = json_array();
	if (!sc.tops || !sc.out) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	/* a file that does not parse cleanly gives no task: its checks would mean nothing */
	if (tree && !ts_node_has_error(ts_tree_root_node(tree))) {
		sm_bench_top(sc.bl, ts_tree_root_node(tree), on_top_name, &sc);
		sm_bench_top(sc.bl, ts_tree_root_node(tree), on_top_class, &sc);
	}
	if (sc.oom) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	for (i = 0; i < json_array_size(sc.out); i++) {
		char *line = json_dumps(json_array_get(sc.out, i), JSON_COMPACT | JSON_PRESERVE_ORDER);
		size_t l = line ? strlen(line) : 0;
		if (!line || n + l + 2 > cap) {
			char *nb = line ? sm_realloc(buf, cap = (n + l + 2) * 2) : NULL;
			if (!nb) {
				free(line);
				rc = SEAM_ENOMEM;
				goto done;
			}
			buf = nb;
		}
		memcpy(buf + n, line, l);
		n += l;
		buf[n++] = '\n';
		free(line);
	}
	if (!buf && !(buf = sm_malloc(1)))
		rc = SEAM_ENOMEM;
done:
	if (rc == SEAM_OK) {
		buf[n] = '\0';
		*out = buf;
		if (outlen)
			*outlen = n;
	} else {
		sm_free(buf);
	}
	json_decref(sc.tops);
	json_decref(sc.out);
	if (tree)
		ts_tree_delete(tree);
	if (p)
		ts_parser_delete(p);
	return rc;
}
