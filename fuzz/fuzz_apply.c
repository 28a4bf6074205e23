/*
 * fuzz_apply: parse, plan and commit on an in-memory tree.
 *
 * Input: one configuration byte, then segments separated by the line "%FZ%" (FZ_SEP). Every
 * segment but the last is a file: its first line is the path, the rest its content. The last
 * segment is the reply. Configuration bits: 0-2 the format (7 means auto; formats past 6 are
 * reached by detection), 3 SEAM_FLAG_NO_NAME_RESOLVE, 4 SEAM_FLAG_KEEP_NO_EOL, 5 small limits (64-byte files,
 * 3 edits), 6 render the plan in every form, 7 commit even a failed plan (must be refused).
 *
 * Oracles:
 *  - plan_new returns OK or EFAIL (or ENOMEM / ELIMIT); the plan exists exactly then, and
 *    seam_plan_ok says the same as the return code; every status, op, strategy and message is
 *    set; a file marked APPLIED has only applied or already-applied edits;
 *  - a path the plan hands out for a file it located (any status but refused-path and
 *    not-found) is relative, never starts with '/', has no "." / ".." / empty component, no
 *    ".git" component, no control byte, no back-slash;
 *  - "changed" agrees with old_data / new_data (and seam_plan_file_mode);
 *  - a failed plan cannot be committed, and every file stays byte-identical (and no file
 *    appears);
 *  - a successful commit leaves every changed file equal to the plan's new_data (absent when
 *    deleted), every other file as it was; committing again changes nothing;
 *  - the JSON rendering is valid JSON; every rendering is NUL-terminated at its length.
 */
#include "fuzz.h"
#include "seam.h"

#include <jansson.h>

#define MAX_INPUT (256 * 1024)
#define MAX_FILES 6

typedef struct {
	char path[4200];
	const char *data;
	size_t len;
	int put; /* accepted by seam_tree_put */
} infile;

static int known_status(seam_status_t s)
{
	return s >= SEAM_STATUS_APPLIED && s <= SEAM_STATUS_SYNTAX;
}

static void check_renders(const seam_plan *p)
{
	int how;

	for (how = SEAM_RENDER_TEXT; how <= SEAM_RENDER_FEEDBACK; how++) {
		char *out = NULL;
		size_t len = 0;
		int rc = seam_plan_render(p, (seam_render_t)how, &out, &len);
		FZ_ORACLE(rc == SEAM_OK || rc == SEAM_ENOMEM, "render %d returned %d", how, rc);
		if (rc != SEAM_OK)
			continue;
		FZ_ORACLE(out != NULL && out[len] == '\0', "render %d not NUL-terminated", how);
		if (how == SEAM_RENDER_JSON) {
			json_error_t err;
			json_t *j = json_loadb(out, len, 0, &err);
			if (!j)
				fz_dump("json", out, len);
			FZ_ORACLE(j != NULL, "JSON rendering does not parse: %s (line %d col %d)",
				  err.text, err.line, err.column);
			json_decref(j);
		}
		seam_free(out);
	}
}

/* The content of path in the tree equals data[0..len) (data NULL: absent). */
static int tree_has(const seam_tree *t, const char *path, const char *data, size_t len)
{
	size_t n = 0;
	const void *got = seam_tree_get(t, path, &n);

	if (!data)
		return got == NULL;
	return got && n == len && (len == 0 || !memcmp(got, data, len));
}

static void check_unchanged(const seam_tree *t, const infile *f, size_t nf, const seam_plan *p,
			    const char *when)
{
	size_t i, j;

	for (i = 0; i < nf; i++) {
		if (!f[i].put)
			continue;
		/* a later segment with the same clean path replaced it: compare with the last */
		for (j = i + 1; j < nf; j++)
			if (f[j].put && !strcmp(f[j].path, f[i].path))
				break;
		if (j < nf)
			continue;
		if (!tree_has(t, f[i].path, f[i].data, f[i].len)) {
			size_t n = 0;
			const char *got = seam_tree_get(t, f[i].path, &n);
			fz_dump("before", f[i].data, f[i].len);
			fz_dump("after", got, n);
			FZ_ORACLE(0, "%s: '%s' changed", when, f[i].path);
		}
	}
	/* and nothing appeared where the plan would have written */
	for (i = 0; p && i < seam_plan_file_count(p); i++) {
		seam_file_info fi;
		int known = 0;
		if (seam_plan_file(p, i, &fi) || !fi.path)
			continue;
		for (j = 0; j < nf; j++)
			known |= f[j].put && !strcmp(f[j].path, fi.path);
		if (!known && fz_path_safe(fi.path))
			FZ_ORACLE(seam_tree_get(t, fi.path, NULL) == NULL, "%s: '%s' appeared", when,
				  fi.path);
	}
}

static void check_plan(const seam_plan *p, int rc)
{
	size_t i, k, nf = seam_plan_file_count(p);
	unsigned int om, nm;

	FZ_ORACLE(seam_plan_ok(p) == (rc == SEAM_OK), "plan_ok %d but rc %d", seam_plan_ok(p), rc);
	for (i = 0; i < nf; i++) {
		seam_file_info fi;
		int r = seam_plan_file(p, i, &fi);
		FZ_ORACLE(r == SEAM_OK, "seam_plan_file(%zu) = %d", i, r);
		FZ_ORACLE(fi.path && fi.asked_path && fi.message, "file %zu: NULL string", i);
		FZ_ORACLE(known_status(fi.status), "file %zu: status %d", i, (int)fi.status);
		FZ_ORACLE(fi.op >= SEAM_OP_UPDATE && fi.op <= SEAM_OP_WHOLE, "file %zu: op %d", i,
			  (int)fi.op);
		if (fi.status != SEAM_STATUS_REFUSED_PATH && fi.status != SEAM_STATUS_NOT_FOUND)
			FZ_ORACLE(fz_path_safe(fi.path),
				  "file %zu (%s, asked '%s'): unsafe path '%s'", i,
				  seam_status_name(fi.status), fi.asked_path, fi.path);
		if (fi.changed)
			FZ_ORACLE(fz_path_safe(fi.path), "changed file with unsafe path '%s'", fi.path);
		if (rc == SEAM_OK)
			FZ_ORACLE(fi.status == SEAM_STATUS_APPLIED, "ok plan, file %zu is %s", i,
				  seam_status_name(fi.status));
		if (!fi.changed && fi.old_data && fi.new_data)
			FZ_ORACLE(fi.old_len == fi.new_len &&
					  !memcmp(fi.old_data, fi.new_data, fi.old_len),
				  "file %zu '%s' unchanged but old != new", i, fi.path);
		/* (a mode change alone changes a file whose content stays) */
		if (fi.changed && fi.old_data && fi.new_data &&
		    (seam_plan_file_mode(p, i, &om, &nm) || om == nm))
			FZ_ORACLE(fi.old_len != fi.new_len ||
					  memcmp(fi.old_data, fi.new_data, fi.old_len),
				  "file %zu '%s' changed but old == new", i, fi.path);
		if (fi.changed)
			FZ_ORACLE(fi.old_data || fi.new_data, "file %zu changed from nothing to nothing",
				  i);
		for (k = 0; k < fi.edit_count; k++) {
			seam_edit_info ei;
			r = seam_plan_edit(p, i, k, &ei);
			FZ_ORACLE(r == SEAM_OK, "seam_plan_edit(%zu, %zu) = %d", i, k, r);
			FZ_ORACLE(known_status(ei.status), "edit %zu/%zu status %d", i, k,
				  (int)ei.status);
			FZ_ORACLE(ei.strategy && ei.message, "edit %zu/%zu: NULL string", i, k);
			FZ_ORACLE(ei.start_line >= 0 && ei.end_line >= 0 && ei.reply_line >= 0,
				  "edit %zu/%zu: negative line", i, k);
			if (fi.status == SEAM_STATUS_APPLIED)
				FZ_ORACLE(ei.status == SEAM_STATUS_APPLIED ||
						  ei.status == SEAM_STATUS_ALREADY_APPLIED,
					  "file %zu applied but edit %zu is %s", i, k,
					  seam_status_name(ei.status));
		}
		FZ_ORACLE(seam_plan_edit(p, i, fi.edit_count, &(seam_edit_info){0}) == SEAM_EUSAGE,
			  "edit past the end accepted");
	}
	FZ_ORACLE(seam_plan_file(p, nf, &(seam_file_info){0}) == SEAM_EUSAGE,
		  "file past the end accepted");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static infile files[MAX_FILES];
	fz_span seg[MAX_FILES + 1];
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL, *scratch = NULL;
	seam_plan *p = NULL;
	size_t nseg, nf = 0, i, j;
	unsigned cfg;
	int rc;

	if (size < 1)
		return 0;
	if (size > MAX_INPUT)
		size = MAX_INPUT;
	cfg = data[0];
	nseg = fz_split(data + 1, size - 1, seg, MAX_FILES + 1);

	/* 7 stays auto, as the seeds were written when it was past the last format; formats
	   added later are reached by detection */
	o.format = (cfg & 7) != 7 && (seam_format_t)(cfg & 7) < SEAM_FORMAT_COUNT
			   ? (seam_format_t)(cfg & 7)
			   : SEAM_FORMAT_AUTO;
	if (cfg & 8)
		o.flags |= SEAM_FLAG_NO_NAME_RESOLVE;
	if (cfg & 16)
		o.flags |= SEAM_FLAG_KEEP_NO_EOL;
	if (cfg & 32) {
		o.max_file_bytes = 64;
		o.max_edits = 3;
	}
	rc = seam_session_new(&s, &o);
	FZ_ORACLE(rc == SEAM_OK, "seam_session_new = %d", rc);
	rc = seam_reply_parse(&r, s, (const char *)seg[nseg - 1].p, seg[nseg - 1].n);
	FZ_ORACLE(rc == SEAM_OK || rc == SEAM_EPARSE || rc == SEAM_ELIMIT || rc == SEAM_ENOMEM,
		  "seam_reply_parse = %d", rc);
	if (rc != SEAM_OK) {
		seam_session_free(s);
		return 0;
	}
	rc = seam_tree_new_memory(&t, s);
	FZ_ORACLE(rc == SEAM_OK, "seam_tree_new_memory = %d", rc);
	rc = seam_tree_new_memory(&scratch, s);
	FZ_ORACLE(rc == SEAM_OK, "seam_tree_new_memory = %d", rc);
	for (i = 0; i + 1 < nseg; i++) {
		const char *sp = (const char *)seg[i].p, *nl = memchr(sp, '\n', seg[i].n);
		size_t pl = nl ? (size_t)(nl - sp) : seg[i].n;
		infile *f = &files[nf];
		if (pl >= sizeof(f->path) || memchr(sp, '\0', pl))
			continue;
		memcpy(f->path, sp, pl);
		f->path[pl] = '\0';
		f->data = nl ? nl + 1 : sp + pl;
		f->len = nl ? seg[i].n - pl - 1 : 0;
		/* Names not already in clean form go to a scratch tree (the checks of put still
		   run); the oracles compare paths as strings, so the real tree gets clean ones. */
		rc = seam_tree_put(fz_path_safe(f->path) ? t : scratch, f->path, f->data, f->len,
				   0644);
		FZ_ORACLE(rc == SEAM_OK || rc == SEAM_EUSAGE || rc == SEAM_ENOMEM,
			  "seam_tree_put = %d", rc);
		if (rc == SEAM_OK) {
			size_t n = 0;
			const void *got = seam_tree_get(fz_path_safe(f->path) ? t : scratch, f->path, &n);
			FZ_ORACLE(got && n == f->len && (!n || !memcmp(got, f->data, n)),
				  "seam_tree_get after seam_tree_put of '%s'", f->path);
		}
		f->put = rc == SEAM_OK && fz_path_safe(f->path);
		nf++;
	}

	rc = seam_plan_new(&p, s, r, t);
	FZ_ORACLE(rc == SEAM_OK || rc == SEAM_EFAIL || rc == SEAM_ENOMEM || rc == SEAM_ELIMIT,
		  "seam_plan_new = %d (%s)", rc, seam_session_errmsg(s));
	FZ_ORACLE((rc == SEAM_OK || rc == SEAM_EFAIL) == (p != NULL), "rc %d, plan %p", rc,
		  (void *)p);
	if (getenv("SEAM_FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz_apply: %zu files in, format %s, plan %d: %s\n", nf,
			seam_format_name(seam_reply_format(r)), rc, seam_session_errmsg(s));
	if (!p)
		goto out;
	check_plan(p, rc);
	if (cfg & 64)
		check_renders(p);
	/* planning writes nothing */
	check_unchanged(t, files, nf, p, "after planning");

	if (rc != SEAM_OK) {
		if (cfg & 128) {
			int c = seam_plan_commit(p);
			FZ_ORACLE(c == SEAM_EFAIL, "commit of a failed plan = %d", c);
		}
		check_unchanged(t, files, nf, p, "after a failed plan");
		goto out;
	}
	rc = seam_plan_commit(p);
	FZ_ORACLE(rc == SEAM_OK || rc == SEAM_ENOMEM, "commit of an ok plan = %d (%s)", rc,
		  seam_session_errmsg(s));
	if (rc != SEAM_OK) {
		check_unchanged(t, files, nf, p, "after a failed commit");
		goto out;
	}
	for (i = 0; i < seam_plan_file_count(p); i++) {
		seam_file_info fi;
		seam_plan_file(p, i, &fi);
		if (!fi.changed)
			continue;
		if (!tree_has(t, fi.path, fi.new_data, fi.new_len)) {
			size_t n = 0;
			const char *got = seam_tree_get(t, fi.path, &n);
			fz_dump("plan", fi.new_data, fi.new_len);
			fz_dump("tree", got, n);
			FZ_ORACLE(0, "committed '%s' differs from the plan", fi.path);
		}
	}
	/* files the plan did not change are as they were */
	for (i = 0; i < nf; i++) {
		int touched = 0;
		if (!files[i].put)
			continue;
		for (j = 0; j < seam_plan_file_count(p); j++) {
			seam_file_info fi;
			seam_plan_file(p, j, &fi);
			touched |= fi.changed && !strcmp(fi.path, files[i].path);
		}
		for (j = i + 1; j < nf; j++)
			touched |= files[j].put && !strcmp(files[j].path, files[i].path);
		if (!touched)
			FZ_ORACLE(tree_has(t, files[i].path, files[i].data, files[i].len),
				  "'%s' changed but the plan did not change it", files[i].path);
	}
	rc = seam_plan_commit(p);
	FZ_ORACLE(rc == SEAM_OK, "second commit = %d", rc);
out:
	seam_plan_free(p);
	seam_tree_free(t);
	seam_tree_free(scratch);
	seam_reply_free(r);
	seam_session_free(s);
	return 0;
}
