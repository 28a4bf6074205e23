/*
 * --include / --exclude: the files of a reply a user leaves out, with git apply's rule (the
 * first glob that matches a file's path decides; a path no glob matches is kept unless an
 * --include was given). The path is the one the file ends with: a rename's or a copy's target,
 * as git apply matches its new name. Globs are fnmatch(3) patterns without FNM_PATHNAME, as
 * git's wildmatch without WM_PATHNAME: '*' also matches '/' ('*.py' takes 'src/a.py').
 */
#define _POSIX_C_SOURCE 200809L
#include "filter.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* The glob that leaves path out, or NULL when it is kept (*by_include: left out because no
 * --include took it). */
static const char *left_out(const sm_cli *o, const char *path, int *by_include)
{
	size_t k;

	*by_include = 0;
	for (k = 0; k < o->nglobs; k++)
		if (!fnmatch(o->globs[k].glob, path, 0))
			return o->globs[k].include ? NULL : o->globs[k].glob;
	if (!o->has_include)
		return NULL;
	*by_include = 1;
	return "";
}

void sm_cli_excluded_free(sm_cli_excluded *x)
{
	size_t i;

	if (!x)
		return;
	for (i = 0; i < x->n; i++)
		free(x->v[i].path);
	free(x->v);
	memset(x, 0, sizeof(*x));
}

int sm_cli_filter(const sm_cli *o, seam_reply *r, sm_cli_excluded *x)
{
	size_t i, nf = seam_reply_file_count(r);
	unsigned char *keep;

	memset(x, 0, sizeof(*x));
	if (!o->nglobs || !nf)
		return 0;
	keep = malloc(nf);
	x->v = calloc(nf, sizeof(*x->v));
	if (!keep || !x->v) {
		free(keep);
		free(x->v);
		x->v = NULL;
		return -1;
	}
	for (i = 0; i < nf; i++) {
		const char *path = seam_reply_file_new_path(r, i);
		const char *glob;
		int by_include;

		if (!path)
			path = seam_reply_file_path(r, i);
		glob = left_out(o, path ? path : "", &by_include);
		keep[i] = !glob;
		if (!glob)
			continue;
		x->v[x->n].path = strdup(path ? path : "");
		if (!x->v[x->n].path) {
			free(keep);
			sm_cli_excluded_free(x);
			return -1;
		}
		x->v[x->n].glob = glob;
		x->v[x->n].by_include = by_include;
		x->v[x->n].edits = seam_reply_edit_count(r, i);
		x->n++;
	}
	if (x->n && seam_reply_keep_files(r, keep)) {
		free(keep);
		sm_cli_excluded_free(x);
		return -1;
	}
	free(keep);
	return 0;
}

void sm_cli_excluded_print(FILE *f, const sm_cli_excluded *x)
{
	size_t i;

	for (i = 0; i < x->n; i++) {
		sm_cli_put_safe(f, x->v[i].path);
		if (x->v[i].by_include) {
			fputs(": excluded (no --include matches it), not applied\n", f);
		} else {
			fputs(": excluded by --exclude '", f);
			sm_cli_put_safe(f, x->v[i].glob);
			fputs("', not applied\n", f);
		}
	}
}

json_t *sm_cli_excluded_json(const sm_cli_excluded *x)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < x->n; i++) {
		json_t *e = json_object();
		json_t *p = json_string(x->v[i].path);
		if (!e)
			break;
		/* a path that is not UTF-8 is given as null rather than dropped */
		json_object_set_new(e, "path", p ? p : json_null());
		json_object_set_new(e, "by", json_string(x->v[i].by_include ? "include" : "exclude"));
		json_object_set_new(e, "glob", x->v[i].by_include ? json_null()
								  : json_string(x->v[i].glob));
		json_object_set_new(e, "edits", json_integer((json_int_t)x->v[i].edits));
		json_array_append_new(a, e);
	}
	return a;
}
