#define _POSIX_C_SOURCE 200809L

/* One task through the model loop, and its verdict by seam_bench_check. */
#include "bench_score.h"
#include "../cli.h"

#include <stdlib.h>
#include <string.h>

/* What the reply's edits did on the files as the rounds before left them: read it as the
 * loop will (a stream on the loop's files, planned whole), and count. */
static void reply_stats(seam_loop *l, const char *text, size_t len, int *lazy, long *errors,
			char *why, size_t whysz)
{
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	size_t i, k;
	int rc;

	*lazy = 0;
	if (seam_loop_stream(l, &st))
		return;
	seam_stream_feed(st, text, len);
	rc = seam_stream_finish(st, &r, &p);
	if (rc == SEAM_EPARSE) {
		(*errors)++; /* no edit at all */
		snprintf(why, whysz, "the reply holds no edit");
	}
	for (i = 0; p && i < seam_plan_file_count(p); i++) {
		seam_file_info fi;
		if (seam_plan_file(p, i, &fi))
			continue;
		for (k = 0; k < fi.edit_count; k++) {
			seam_edit_info e;
			if (seam_plan_edit(p, i, k, &e))
				continue;
			if (e.status == SEAM_STATUS_LAZY || strstr(e.strategy, "expanded-placeholder"))
				*lazy = 1;
			else if (e.status != SEAM_STATUS_APPLIED &&
				 e.status != SEAM_STATUS_ALREADY_APPLIED)
				(*errors)++;
			if (e.status != SEAM_STATUS_APPLIED &&
			    e.status != SEAM_STATUS_ALREADY_APPLIED && !*why) {
				/* the first failure, by status and the first line of its message */
				const char *nl = strchr(e.message, '\n');
				snprintf(why, whysz, "%s: %.*s", seam_status_name(e.status),
					 (int)(nl ? nl - e.message : (long)strlen(e.message)),
					 e.message);
			}
		}
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_stream_free(st);
}

/* The hash seam_bench_tasks gives a file (64-bit FNV-1a, 16 hex digits). */
static void fnv(const char *data, size_t len, char out[17])
{
	unsigned long long h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)data[i];
		h *= 1099511628211ull;
	}
	snprintf(out, 17, "%016llx", h);
}

static json_t *line_of(const json_t *task, size_t index, const char *format)
{
	return json_pack("{s:I, s:s, s:O?, s:O?, s:O?}", "task", (json_int_t)index, "format", format,
			 "file", json_object_get(task, "file"), "class",
			 json_object_get(task, "class"), "method", json_object_get(task, "method"));
}

json_t *sm_bench_score(const json_t *task, size_t index, const char *format, unsigned rounds,
		       sm_bench_reply_fn fn, void *ctx)
{
	const char *root = json_string_value(json_object_get(task, "root"));
	const char *file = json_string_value(json_object_get(task, "file"));
	const char *hash = json_string_value(json_object_get(task, "hash"));
	const char *instr = json_string_value(json_object_get(task, "instruction"));
	json_t *out = line_of(task, index, format), *replies = json_array();
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_plan *p = NULL;
	char *before = NULL, *path = NULL, *tj = NULL, *verdict = NULL, err[1024], h[17];
	char last[512] = "";
	const char *why = "", *check = "error";
	size_t blen = 0;
	long ptok = -1, ctok = -1, errors = 0;
	int lazy = 0, rc;
	seam_loop_options lo = {SEAM_LOOP_OPTIONS_VERSION, format, rounds};

	err[0] = '\0';
	if (!out || !replies)
		goto oom;
	if (!root || !file || !instr) {
		snprintf(err, sizeof(err), "the task has no root, file or instruction");
		goto done;
	}
	if (!(path = malloc(strlen(root) + strlen(file) + 2)))
		goto oom;
	sprintf(path, "%s/%s", root, file);
	if (!(before = sm_cli_slurp(path, sm_cli_default_file_bytes(), &blen, &why))) {
		snprintf(err, sizeof(err), "cannot read %s: %s", path, why);
		goto done;
	}
	if (hash) {
		/* the file must be the one the task was found in, or the counts mean nothing */
		fnv(before, blen, h);
		if (strcmp(h, hash)) {
			snprintf(err, sizeof(err), "%s changed since the tasks were made", path);
			goto done;
		}
	}
	if (seam_session_new(&s, NULL) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, file, before, blen, 0644))
		goto oom;
	if ((rc = seam_loop_new(&l, s, t, instr, &file, 1, &lo))) {
		snprintf(err, sizeof(err), "%s", seam_session_errmsg(s));
		goto done;
	}
	while (seam_loop_state(l) == SEAM_LOOP_NEED_REPLY) {
		char *text = NULL;
		size_t len = 0;
		int cut = 0, lz;
		long pt = -1, ct = -1;
		rc = fn(ctx, l, &text, &len, &cut, &pt, &ct, err, sizeof(err));
		if (rc == 1)
			check = "apply"; /* a recorded run that has no more replies */
		if (rc)
			break;
		if (pt >= 0)
			ptok = (ptok < 0 ? 0 : ptok) + pt;
		if (ct >= 0)
			ctok = (ctok < 0 ? 0 : ctok) + ct;
		last[0] = '\0';
		reply_stats(l, text, len, &lz, &errors, last, sizeof(last));
		lazy += lz;
		json_array_append_new(replies, json_pack("{s:s%, s:b, s:I, s:I}", "text", text,
							  len, "cut", cut, "prompt_tokens",
							  (json_int_t)pt, "completion_tokens",
							  (json_int_t)ct));
		rc = seam_loop_feed(l, text, len, cut ? SEAM_LOOP_CUT : 0);
		free(text);
		if (rc == SEAM_EPARSE) {
			/* the last reply allowed held no edit: the model's failure, not the run's */
			check = "apply";
			snprintf(err, sizeof(err), "edits still failed after %u replies: %s",
				 seam_loop_rounds(l), *last ? last : "the reply holds no edit");
			break;
		}
		if (rc) {
			snprintf(err, sizeof(err), "%s", seam_session_errmsg(s));
			break;
		}
	}
	if (*err)
		goto done;
	if (seam_loop_state(l) == SEAM_LOOP_GAVE_UP) {
		const char *fb = seam_loop_feedback(l);
		const char *nl = strchr(fb, '\n');
		check = "apply";
		if (*last)
			snprintf(err, sizeof(err), "edits still failed after %u replies: %s",
				 seam_loop_rounds(l), last);
		else
			snprintf(err, sizeof(err), "edits still failed after %u replies: %.*s",
				 seam_loop_rounds(l), (int)(nl ? nl - fb : (long)strlen(fb)), fb);
	} else if (seam_loop_state(l) != SEAM_LOOP_DONE) {
		snprintf(err, sizeof(err), "the loop failed: %s", seam_session_errmsg(s));
	} else {
		const char *after = before;
		size_t alen = blen, i;
		rc = seam_loop_plan(l, &p);
		for (i = 0; !rc && i < seam_plan_file_count(p); i++) {
			seam_file_info fi;
			if (!seam_plan_file(p, i, &fi) && !strcmp(fi.path, file) && fi.new_data) {
				after = fi.new_data;
				alen = fi.new_len;
			}
		}
		tj = json_dumps(task, JSON_COMPACT);
		if (!tj || seam_bench_check(tj, strlen(tj), before, blen, after, alen, &verdict,
					    NULL)) {
			snprintf(err, sizeof(err), "the task cannot be checked");
			goto done;
		}
		json_t *v = json_loads(verdict, 0, NULL);
		if (!v)
			goto oom;
		check = json_string_value(json_object_get(v, "check"));
		json_object_update(out, v);
		json_decref(v);
		check = json_string_value(json_object_get(out, "check"));
	}
done:
	if (strcmp(check, "ok") && json_object_get(out, "passed") == NULL) {
		json_object_set_new(out, "passed", json_false());
		json_object_set_new(out, "check", json_string(check));
		json_object_set_new(out, "reason", json_string(err));
	}
	if (!strcmp(check, "error"))
		json_object_set_new(out, "error", json_string(err));
	json_object_set_new(out, "lazy", json_integer(lazy));
	json_object_set_new(out, "edit_errors", json_integer(errors));
	json_object_set_new(out, "rounds", json_integer(l ? (json_int_t)seam_loop_rounds(l) : 0));
	json_object_set_new(out, "prompt_tokens", json_integer(ptok));
	json_object_set_new(out, "completion_tokens", json_integer(ctok));
	json_object_set_new(out, "tokens",
			    json_integer((ptok < 0 ? 0 : ptok) + (ctok < 0 ? 0 : ctok)));
	json_object_set_new(out, "replies", replies);
	json_object_set(out, "spec", (json_t *)task);
	replies = NULL;
	goto free_all;
oom:
	json_decref(out);
	out = NULL;
free_all:
	json_decref(replies);
	seam_free(verdict);
	free(tj);
	seam_plan_free(p);
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
	free(before);
	free(path);
	return out;
}
