/*
 * A batch record's "include" and "exclude": the files of its reply left out, as seam apply's
 * --include / --exclude leave them out (src/cli/filter.c), with the rule git apply follows
 * made definite for two unordered lists: an "exclude" glob that matches a file's path leaves
 * it out; else, when "include" is given, a file none of its globs matches is left out. The
 * path is the one the file ends with (a rename's or a copy's target). Globs are fnmatch(3)
 * patterns without FNM_PATHNAME: '*' also matches '/' ('*.py' takes 'src/a.py').
 */
#define _POSIX_C_SOURCE 200809L
#include "batch_filter.h"
#include "../../util/alloc.h"

#include <fnmatch.h>
#include <string.h>

static const char *const keys[2] = {"exclude", "include"};

/* glob i of the record's list key (a string is a list of one), NULL past its end */
static const char *glob_at(json_t *rec, const char *key, size_t i)
{
	json_t *v = json_object_get(rec, key);

	if (json_is_string(v))
		return i ? NULL : json_string_value(v);
	return json_string_value(json_array_get(v, i));
}

const char *sm_batch_globs_check(json_t *rec)
{
	size_t k, i, total = 0;

	for (k = 0; k < 2; k++) {
		json_t *v = json_object_get(rec, keys[k]), *g;
		size_t n = 1;
		if (!v)
			continue;
		if (json_is_array(v))
			n = json_array_size(v);
		else if (!json_is_string(v))
			return "\"include\" and \"exclude\" must each be a glob or an array of globs "
			       "(strings)";
		if (n > SM_BATCH_MAX_GLOBS || (total += n) > SM_BATCH_MAX_GLOBS)
			return "\"include\" and \"exclude\" hold more than " SM_LIMIT_TEXT(
			    SM_BATCH_MAX_GLOBS) " globs in all";
		for (i = 0; i < n; i++) {
			g = json_is_array(v) ? json_array_get(v, i) : v;
			if (!json_is_string(g))
				return "every glob of \"include\" and \"exclude\" must be a string";
			if (!json_string_length(g) || json_string_length(g) > SM_BATCH_MAX_GLOB_BYTES ||
			    strlen(json_string_value(g)) != json_string_length(g))
				return "a glob of \"include\" or \"exclude\" is empty, longer than " SM_LIMIT_TEXT(
				    SM_BATCH_MAX_GLOB_BYTES) " bytes, or holds a NUL";
		}
	}
	return NULL;
}

/* The glob that leaves path out (*by_include: no "include" took it, glob NULL), or NULL and
   *by_include 0 when it is kept. */
static const char *left_out(json_t *rec, const char *path, int *by_include)
{
	const char *g;
	size_t i;

	*by_include = 0;
	for (i = 0; (g = glob_at(rec, "exclude", i)); i++)
		if (!fnmatch(g, path, 0))
			return g;
	if (!json_object_get(rec, "include"))
		return NULL;
	for (i = 0; (g = glob_at(rec, "include", i)); i++)
		if (!fnmatch(g, path, 0))
			return NULL;
	*by_include = 1;
	return NULL;
}

int sm_batch_filter(json_t *rec, seam_reply *r, json_t **excluded)
{
	size_t i, nf = seam_reply_file_count(r), n = 0;
	unsigned char *keep;
	json_t *list;
	int rc = 0;

	*excluded = NULL;
	if ((!json_object_get(rec, "include") && !json_object_get(rec, "exclude")) || !nf)
		return 0;
	keep = sm_malloc(nf);
	list = json_array();
	if (!keep || !list) {
		sm_free(keep);
		json_decref(list);
		return SEAM_ENOMEM;
	}
	for (i = 0; i < nf && !rc; i++) {
		const char *path = seam_reply_file_new_path(r, i), *glob;
		json_t *e, *p;
		int by_include;
		if (!path)
			path = seam_reply_file_path(r, i);
		if (!path)
			path = "";
		glob = left_out(rec, path, &by_include);
		keep[i] = !glob && !by_include;
		if (keep[i])
			continue;
		n++;
		/* a path that is not UTF-8 is given as null rather than dropped */
		p = json_string(path);
		e = json_pack("{s:o, s:s, s:o, s:I}", "path", p ? p : json_null(), "by",
			      by_include ? "include" : "exclude", "glob",
			      glob ? json_string(glob) : json_null(), "edits",
			      (json_int_t)seam_reply_edit_count(r, i));
		if (!e || json_array_append_new(list, e))
			rc = SEAM_ENOMEM;
	}
	if (!rc && n && seam_reply_keep_files(r, keep))
		rc = SEAM_ENOMEM;
	sm_free(keep);
	if (rc || !n) {
		json_decref(list);
		return rc;
	}
	*excluded = list;
	return 0;
}
