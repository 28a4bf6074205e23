#define _POSIX_C_SOURCE 200809L
/*
 * Batch application (seam.h, "batch"): one JSON record in, one JSON record out, for pipelines
 * that apply many replies (seam apply --batch, the Python package's partitions). A record is
 * a whole job: the reply, the files (in memory) or a root (on disk), options. Its result is
 * built from the plan through the public getters and renderings, like every client of the
 * library, so a batch result says what `seam apply --json` says.
 *
 * Nothing a record holds makes the call fail: a record that is not JSON, lacks a field or
 * names a bad option gives a result with "ok": false and "error"; only running out of memory
 * is an error of the call.
 */
#include "seam.h"
#include "batch_filter.h"
#include "../render/render.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"

#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Threads beyond this are not started: a batch is spread over cores, not over thousands of
 * threads, and each thread holds one record's plan. */
#define BATCH_MAX_THREADS 64

/* A JSON string of text that may quote reply or file bytes (not always UTF-8). */
static json_t *text_json(const char *s, size_t n)
{
	sm_buf b = SM_BUF_INIT;
	json_t *v = NULL;

	if (!sm_render_utf8_clean(&b, s, n))
		v = json_stringn(b.ptr ? b.ptr : "", b.len);
	sm_buf_dispose(&b);
	return v;
}

static json_t *fail_record(json_t *id, long line, const char *msg)
{
	json_t *m = text_json(msg, strlen(msg));
	return m ? json_pack("{s:O, s:i, s:b, s:o}", "id", id ? id : json_null(), "line",
			     (json_int_t)line, "ok", 0, "error", m)
		 : NULL;
}

/* The options of a record, over the caller's defaults. NULL when they are fine, else why. */
static const char *record_options(json_t *rec, seam_options *o, int *dry_run)
{
	static const struct {
		const char *key;
		size_t off;
	} sizes[] = {{"max_reply_bytes", offsetof(seam_options, max_reply_bytes)},
		     {"max_file_bytes", offsetof(seam_options, max_file_bytes)},
		     {"max_edits", offsetof(seam_options, max_edits)}};
	json_t *v;
	size_t i;

	if ((v = json_object_get(rec, "format"))) {
		int f = json_is_string(v) ? seam_format_from_name(json_string_value(v)) : -1;
		if (f < 0)
			return "\"format\" is not a format name (auto, editblock, udiff, gitdiff, "
			       "whole, patch, lndiff, toolcall, numbered, snippet)";
		o->format = (seam_format_t)f;
	}
	if ((v = json_object_get(rec, "lazy"))) {
		const char *s = json_string_value(v);
		if (s && !strcmp(s, "expand"))
			o->lazy = SEAM_LAZY_EXPAND;
		else if (s && !strcmp(s, "refuse"))
			o->lazy = SEAM_LAZY_REFUSE;
		else if (s && !strcmp(s, "allow"))
			o->lazy = SEAM_LAZY_ALLOW;
		else
			return "\"lazy\" must be \"expand\", \"refuse\" or \"allow\"";
	}
	if ((v = json_object_get(rec, "syntax"))) {
		const char *s = json_string_value(v);
		if (s && !strcmp(s, "check"))
			o->syntax = SEAM_SYNTAX_CHECK;
		else if (s && !strcmp(s, "warn"))
			o->syntax = SEAM_SYNTAX_WARN;
		else if (s && !strcmp(s, "off"))
			o->syntax = SEAM_SYNTAX_OFF;
		else
			return "\"syntax\" must be \"check\", \"warn\" or \"off\"";
	}
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		if (!(v = json_object_get(rec, sizes[i].key)))
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return "a size limit must be a non-negative integer";
		*(size_t *)(void *)((char *)o + sizes[i].off) = (size_t)json_integer_value(v);
	}
	if ((v = json_object_get(rec, "max_fuzzy_ms"))) {
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > 86400000)
			return "\"max_fuzzy_ms\" must be an integer from 1 to 86400000";
		o->max_fuzzy_ms = (unsigned int)json_integer_value(v);
	}
	if ((v = json_object_get(rec, "no_resolve")) && json_is_true(v))
		o->flags |= SEAM_FLAG_NO_NAME_RESOLVE;
	if ((v = json_object_get(rec, "keep_no_eol")) && json_is_true(v))
		o->flags |= SEAM_FLAG_KEEP_NO_EOL;
	if ((v = json_object_get(rec, "dry_run"))) {
		if (!json_is_boolean(v))
			return "\"dry_run\" must be true or false";
		*dry_run = json_is_true(v);
	}
	if ((v = json_object_get(rec, "reverse"))) {
		if (!json_is_boolean(v))
			return "\"reverse\" must be true or false";
		if (json_is_true(v))
			o->flags |= SEAM_FLAG_REVERSE;
		else
			o->flags &= ~SEAM_FLAG_REVERSE;
	}
	return sm_batch_globs_check(rec);
}

static json_t *run_record(const seam_options *defaults, json_t *rec, long line)
{
	seam_options o = defaults ? *defaults : (seam_options)SEAM_OPTIONS_INIT;
	json_t *id = json_object_get(rec, "id"), *jreply = json_object_get(rec, "reply");
	json_t *jfiles = json_object_get(rec, "files"), *jroot = json_object_get(rec, "root");
	json_t *res = NULL, *files, *edits, *excluded = NULL;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	const char *why, *key;
	char *fb = NULL;
	size_t fn, i;
	json_t *v;
	int dry = 0, rc, ok, written = 0, locked = 0;

	o.version = SEAM_OPTIONS_VERSION;
	if (id && !json_is_string(id) && !json_is_integer(id))
		return fail_record(NULL, line, "\"id\" must be a string or an integer");
	if (!json_is_string(jreply))
		return fail_record(id, line, "the record needs \"reply\": a string");
	if (!jfiles == !jroot || (jfiles && !json_is_object(jfiles)) ||
	    (jroot && !json_is_string(jroot)))
		return fail_record(id, line, "the record needs either \"files\" (an object of path: "
					     "content) or \"root\" (a directory), not both");
	json_object_foreach(jfiles, key, v)
		if (!json_is_string(v))
			return fail_record(id, line, "every value of \"files\" must be a string");
	if ((why = record_options(rec, &o, &dry)))
		return fail_record(id, line, why);
	if ((rc = seam_session_new(&s, &o)))
		return rc == SEAM_ENOMEM ? NULL : fail_record(id, line, "bad options");
	rc = seam_reply_parse(&r, s, json_string_value(jreply), json_string_length(jreply));
	if (rc) {
		res = rc == SEAM_ENOMEM ? NULL : fail_record(id, line, seam_session_errmsg(s));
		if (res)
			json_object_set_new(res, "feedback",
					    text_json(seam_session_errmsg(s),
						      strlen(seam_session_errmsg(s))));
		goto done;
	}
	if (sm_batch_filter(rec, r, &excluded))
		goto done; /* out of memory */
	if (jroot) {
		rc = seam_tree_open_dir(&t, s, json_string_value(jroot));
		if (!rc && !dry && !(rc = seam_tree_lock(t)))
			locked = 1;
	} else {
		rc = seam_tree_new_memory(&t, s);
		json_object_foreach(jfiles, key, v) {
			if (rc)
				break;
			rc = seam_tree_put(t, key, json_string_value(v), json_string_length(v), 0644);
		}
	}
	if (!rc || rc == SEAM_EFAIL)
		rc = seam_plan_new(&p, s, r, t);
	if (rc && rc != SEAM_EFAIL) {
		res = rc == SEAM_ENOMEM ? NULL : fail_record(id, line, seam_session_errmsg(s));
		goto done;
	}
	ok = rc == SEAM_OK;
	/* in memory too: the record's files are the result, and its edits say "applied" as the
	   report of a written plan does */
	if (ok && !dry) {
		if ((rc = seam_plan_commit(p))) {
			res = rc == SEAM_ENOMEM ? NULL : fail_record(id, line, seam_session_errmsg(s));
			goto done;
		}
		written = 1;
	}
	files = json_object();
	fn = seam_plan_file_count(p);
	for (i = 0; ok && files && i < fn; i++) {
		seam_file_info fi;
		if (seam_plan_file(p, i, &fi) || !fi.changed)
			continue;
		v = fi.new_data ? json_stringn(fi.new_data, fi.new_len) : json_null();
		if (!v) {
			res = fail_record(id, line, "a result file is not valid UTF-8 (JSON cannot hold "
						    "it): apply this reply with seam apply instead");
			json_decref(files);
			goto done;
		}
		json_object_set_new(files, fi.path, v);
	}
	edits = sm_render_edits_json(p);
	res = json_pack("{s:O, s:i, s:b, s:o, s:o}", "id", id ? id : json_null(), "line",
			(json_int_t)line, "ok", ok, "files", files ? files : json_object(), "edits",
			edits ? edits : json_array());
	if (res && jroot)
		json_object_set_new(res, "written", json_boolean(written));
	if (res && excluded) {
		json_object_set_new(res, "excluded", excluded);
		excluded = NULL;
	}
	if (res && !ok && !seam_plan_render(p, SEAM_RENDER_FEEDBACK, &fb, &fn)) {
		json_object_set_new(res, "feedback", text_json(fb, fn));
		seam_free(fb);
	}
done:
	json_decref(excluded);
	seam_plan_free(p);
	if (locked)
		seam_tree_unlock(t);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	return res;
}

int seam_batch_apply(const seam_options *defaults, const char *record, size_t len, long line,
		     char **out, size_t *out_len)
{
	json_error_t jerr;
	json_t *rec, *res;
	char msg[256];

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (out_len)
		*out_len = 0;
	if (!record && len)
		return SEAM_EUSAGE;
	rec = json_loadb(record ? record : "", len, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &jerr);
	if (!rec) {
		snprintf(msg, sizeof(msg), "not a JSON record: %s (column %d)", jerr.text,
			 jerr.column);
		res = fail_record(NULL, line, msg);
	} else if (!json_is_object(rec)) {
		res = fail_record(NULL, line, "not a JSON object");
	} else {
		res = run_record(defaults, rec, line);
	}
	json_decref(rec);
	if (!res)
		return SEAM_ENOMEM;
	{
		/* jansson's memory is not the library's: hand out a copy seam_free() frees */
		char *js = json_dumps(res, JSON_COMPACT | JSON_PRESERVE_ORDER);
		size_t n = js ? strlen(js) : 0;
		json_decref(res);
		*out = js ? sm_strndup(js, n) : NULL;
		free(js);
		if (!*out)
			return SEAM_ENOMEM;
		if (out_len)
			*out_len = n;
	}
	return SEAM_OK;
}

/* ---- many records, on threads ---------------------------------------------------------- */

typedef struct batch_job {
	const seam_options *defaults;
	const char *text;
	size_t *start, *end; /* line i is text[start[i], end[i]) */
	long *lineno;
	char **res;
	size_t n;
	size_t next; /* the next record to take, under mu */
	int failed;
	pthread_mutex_t mu;
} batch_job;

static void *worker(void *arg)
{
	batch_job *j = arg;

	for (;;) {
		size_t i, n;
		char *o = NULL;
		pthread_mutex_lock(&j->mu);
		i = j->next++;
		pthread_mutex_unlock(&j->mu);
		if (i >= j->n)
			break;
		if (seam_batch_apply(j->defaults, j->text + j->start[i], j->end[i] - j->start[i],
				     j->lineno[i], &o, &n)) {
			pthread_mutex_lock(&j->mu);
			j->failed = 1;
			pthread_mutex_unlock(&j->mu);
		}
		j->res[i] = o;
	}
	return NULL;
}

int seam_batch_apply_lines(const seam_options *defaults, const char *text, size_t len,
			   long first_line, unsigned int nthreads, char **out, size_t *out_len)
{
	batch_job j;
	pthread_t th[BATCH_MAX_THREADS];
	size_t cap = 0, i, pos = 0, total = 0;
	unsigned int k, started = 0;
	long no = first_line > 0 ? first_line - 1 : 0;
	char *buf;
	int rc = SEAM_OK;

	if (!out || (!text && len))
		return SEAM_EUSAGE;
	*out = NULL;
	if (out_len)
		*out_len = 0;
	memset(&j, 0, sizeof(j));
	j.defaults = defaults;
	j.text = text;
	/* the records: every line that holds more than blanks */
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t e = nl ? (size_t)(nl - text) : len, b = pos;
		no++;
		pos = nl ? e + 1 : len;
		while (b < e && (text[b] == ' ' || text[b] == '\t' || text[b] == '\r'))
			b++;
		if (b == e)
			continue;
		if (j.n == cap) {
			size_t nc = cap ? cap * 2 : 64;
			size_t *ns = sm_realloc(j.start, nc * sizeof(size_t));
			size_t *ne = ns ? sm_realloc(j.end, nc * sizeof(size_t)) : NULL;
			long *nn = ne ? sm_realloc(j.lineno, nc * sizeof(long)) : NULL;
			if (ns)
				j.start = ns;
			if (ne)
				j.end = ne;
			if (!nn) {
				rc = SEAM_ENOMEM;
				goto done;
			}
			j.lineno = nn;
			cap = nc;
		}
		j.start[j.n] = b;
		j.end[j.n] = e;
		j.lineno[j.n++] = no;
	}
	j.res = sm_calloc(j.n ? j.n : 1, sizeof(char *));
	if (!j.res) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	if (pthread_mutex_init(&j.mu, NULL)) {
		rc = SEAM_ERROR;
		goto done;
	}
	if (nthreads > BATCH_MAX_THREADS)
		nthreads = BATCH_MAX_THREADS;
	if (nthreads > j.n)
		nthreads = (unsigned int)j.n;
	for (k = 1; k < nthreads; k++)
		if (!pthread_create(&th[started], NULL, worker, &j))
			started++;
	worker(&j); /* this thread works too */
	for (k = 0; k < started; k++)
		pthread_join(th[k], NULL);
	pthread_mutex_destroy(&j.mu);
	if (j.failed) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	for (i = 0; i < j.n; i++)
		total += strlen(j.res[i]) + 1;
	buf = sm_malloc(total + 1);
	if (!buf) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	for (pos = 0, i = 0; i < j.n; i++) {
		size_t n = strlen(j.res[i]);
		memcpy(buf + pos, j.res[i], n);
		pos += n;
		buf[pos++] = '\n';
	}
	buf[pos] = '\0';
	*out = buf;
	if (out_len)
		*out_len = pos;
done:
	for (i = 0; j.res && i < j.n; i++)
		sm_free(j.res[i]);
	sm_free(j.res);
	sm_free(j.start);
	sm_free(j.end);
	sm_free(j.lineno);
	return rc;
}
