/*
 * The model loop (seam.h, "the model loop"): requests out, replies in, edits kept across
 * rounds in an in-memory copy of the files, one plan on the real tree at the end.
 *
 * The copy (l->mem) holds every file the loop has seen: the files given, and those a reply
 * names, read from the real tree when first named. A round plans its reply on the copy; what
 * applies is committed to the copy (the failed edits taken out of the reply first, and the
 * rest planned again), so the next round sees the files as the model's kept edits left them.
 * seam_loop_plan compares the copy with the originals and plans one whole-content operation
 * per changed file on the real tree, so that writing stays seam_plan_commit's: all or nothing,
 * with its checks that nobody changed the files meanwhile.
 */
#include "loop_limits.h"
#include "../plan.h"
#include "../tree_impl.h"
#include "../prompt/prompt.h"
#include "quotes.h"
#include "window.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"

#include <jansson.h>
#include <string.h>

typedef struct sm_loop_file {
	char *path;   /* resolved under the real tree */
	char *orig;   /* content in the real tree when first read; NULL when it did not exist */
	size_t olen;
	int shown;    /* given to seam_loop_new (rendered in the first request) */
} sm_loop_file;

typedef struct sm_loop_msg {
	const char *role; /* static */
	char *content;
} sm_loop_msg;

struct seam_loop {
	seam_session *s;   /* the caller's */
	seam_tree *t;      /* the real tree */
	seam_session *ms;  /* for the final plan: no guard or syntax check (rounds did them) */
	seam_tree *mem;    /* the files as the kept edits left them */
	const sm_prompt *pr;
	unsigned int max_rounds, rounds;
	int quoting;          /* snippet format: the next reply quotes the snippets to change */
	unsigned int located; /* quoting rounds that located something (not failures) */
	seam_loop_state_t state;
	sm_loop_file *files;
	size_t nfiles, fcap;
	sm_loop_msg *msgs;
	size_t nmsgs, mcap;
	sm_buf feedback;
	seam_reply *final; /* the reply of the last seam_loop_plan, which its plan borrows */
};

static int add_msg(seam_loop *l, const char *role, sm_buf *content)
{
	char *c;

	if (sm_buf_failed(content) ||
	    sm_grow((void **)&l->msgs, &l->mcap, l->nmsgs + 1, sizeof(*l->msgs)))
		return SEAM_ENOMEM;
	c = sm_buf_detach(content, NULL);
	if (!c && !(c = sm_strdup("")))
		return SEAM_ENOMEM;
	l->msgs[l->nmsgs].role = role;
	l->msgs[l->nmsgs].content = c;
	l->nmsgs++;
	return SEAM_OK;
}

static sm_loop_file *find_file(seam_loop *l, const char *path)
{
	size_t i;

	for (i = 0; i < l->nfiles; i++)
		if (!strcmp(l->files[i].path, path))
			return &l->files[i];
	return NULL;
}

/*
 * Brings the file the reply calls `asked` into the copy, read from the real tree (resolved as
 * a plan would, misspelt names included). Paths the real tree refuses or cannot read are left
 * out: the plan on the copy then says why. *added is set when a file came in.
 */
static int bring(seam_loop *l, const char *asked, int must_exist, int shown, int *added)
{
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	char *path = NULL, *data = NULL;
	size_t len = 0;
	sm_filestat st;
	int rc;

	if (added)
		*added = 0;
	rc = sm_tree_resolve(l->t, asked, strlen(asked), must_exist, &path, &note, &why);
	sm_buf_dispose(&note);
	if (rc < 0) {
		sm_buf_dispose(&why);
		return rc;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		if (shown)
			rc = sm_fail(l->s, SEAM_EIO, "%s: %s", asked, why.ptr ? why.ptr : "not usable");
		else
			rc = SEAM_OK;
		sm_buf_dispose(&why);
		return rc;
	}
	if (find_file(l, path)) {
		sm_free(path);
		sm_buf_dispose(&why);
		return SEAM_OK;
	}
	if (l->nfiles >= SM_LOOP_MAX_FILES) {
		sm_free(path);
		sm_buf_dispose(&why);
		return sm_fail(l->s, SEAM_ELIMIT, "the loop tracks at most %u files",
			       SM_LOOP_MAX_FILES);
	}
	rc = sm_tree_read(l->t, path, 0, &data, &len, &st, &why);
	if (rc == SEAM_OK && shown && !st.exists)
		rc = sm_fail(l->s, SEAM_EIO, "%s does not exist", path);
	else if (rc && rc != SEAM_ENOMEM)
		rc = sm_fail(l->s, rc, "%s: %s", path, why.ptr ? why.ptr : "cannot be read");
	sm_buf_dispose(&why);
	if (rc == SEAM_OK &&
	    sm_grow((void **)&l->files, &l->fcap, l->nfiles + 1, sizeof(*l->files)))
		rc = SEAM_ENOMEM;
	if (rc == SEAM_OK && st.exists)
		rc = seam_tree_put(l->mem, path, data, len, st.mode ? st.mode : 0644);
	if (rc) {
		sm_free(path);
		sm_free(data);
		return rc;
	}
	l->files[l->nfiles].path = path;
	l->files[l->nfiles].orig = st.exists ? data : NULL;
	l->files[l->nfiles].olen = len;
	l->files[l->nfiles].shown = shown;
	if (!st.exists)
		sm_free(data);
	l->nfiles++;
	if (added)
		*added = 1;
	return SEAM_OK;
}

/* The file's current text in the copy, rendered for the model (or a note that it is gone). */
static void put_current(seam_loop *l, sm_buf *b, const char *path)
{
	size_t len = 0;
	const char *data = seam_tree_get(l->mem, path, &len);

	if (data)
		sm_prompt_put_file(b, l->pr, path, data, len);
	else
		sm_buf_printf(b, "%s does not exist.\n", path);
}

/*
 * A file shown for the snippet flow: whole when small, else the windows around what the
 * instruction names (the model quotes from them; seam finds the quotes in the whole file).
 */
static int put_windows(seam_loop *l, sm_buf *b, const char *path, const char *instruction)
{
	size_t len = 0, off = 0;
	const char *data = seam_tree_get(l->mem, path, &len);
	sm_window *w = NULL;
	long nw, k, no = 1;

	if (!data) {
		put_current(l, b, path);
		return SEAM_OK;
	}
	nw = sm_loop_windows(instruction, data, len, &w);
	if (nw < 0)
		return SEAM_ENOMEM;
	if (!nw) {
		put_current(l, b, path);
		return SEAM_OK;
	}
	sm_buf_printf(b, "%s is large: only the parts around what the request names are shown.\n",
		      path);
	for (k = 0; k < nw; k++) {
		size_t start, end;
		while (no < w[k].first && off < len) {
			const char *nl = memchr(data + off, '\n', len - off);
			off = nl ? (size_t)(nl - data) + 1 : len;
			no++;
		}
		start = off;
		while (no <= w[k].last && off < len) {
			const char *nl = memchr(data + off, '\n', len - off);
			off = nl ? (size_t)(nl - data) + 1 : len;
			no++;
		}
		end = off;
		sm_buf_printf(b, "\nLines %ld-%ld of %s:\n", w[k].first, w[k].last, path);
		sm_prompt_put_file(b, l->pr, path, data + start, end - start);
	}
	sm_free(w);
	return sm_buf_failed(b) ? SEAM_ENOMEM : SEAM_OK;
}

int seam_loop_new(seam_loop **out, seam_session *s, seam_tree *t, const char *instruction,
		  const char *const *files, size_t nfiles, const seam_loop_options *opts)
{
	seam_options mo;
	seam_loop *l;
	sm_buf b = SM_BUF_INIT;
	size_t i;
	int rc;

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!s || !t || !instruction || !*instruction || (nfiles && !files))
		return s ? sm_fail(s, SEAM_EUSAGE, "a loop needs a tree and an instruction")
			 : SEAM_EUSAGE;
	if (opts && opts->version != SEAM_LOOP_OPTIONS_VERSION)
		return sm_fail(s, SEAM_EUSAGE, "unknown seam_loop_options version %u",
			       opts->version);
	if (opts && opts->max_rounds > SM_LOOP_MAX_ROUNDS)
		return sm_fail(s, SEAM_EUSAGE, "at most %u rounds", SM_LOOP_MAX_ROUNDS);
	l = sm_calloc(1, sizeof(*l));
	if (!l)
		return SEAM_ENOMEM;
	l->s = s;
	l->t = t;
	l->pr = sm_prompt_find(opts && opts->format ? opts->format : "editblock");
	l->max_rounds = opts && opts->max_rounds ? opts->max_rounds : SM_LOOP_DEFAULT_ROUNDS;
	l->state = SEAM_LOOP_NEED_REPLY;
	if (!l->pr) {
		rc = sm_fail(s, SEAM_EUSAGE, "no prompt for format '%s'", opts->format);
		goto fail;
	}
	mo = s->opts;
	mo.lazy = SEAM_LAZY_ALLOW;
	mo.syntax = SEAM_SYNTAX_OFF;
	mo.format = SEAM_FORMAT_WHOLE;
	mo.flags |= SEAM_FLAG_NO_NAME_RESOLVE;
	if ((rc = seam_session_new(&l->ms, &mo)) || (rc = seam_tree_new_memory(&l->mem, s)))
		goto fail;
	for (i = 0; i < nfiles; i++)
		if (!files[i] || (rc = bring(l, files[i], 1, 1, NULL)))
			goto fail_rc;
	if (sm_prompt_build(&b, l->pr) || (rc = add_msg(l, "system", &b)))
		goto oom;
	for (i = 0; i < l->nfiles; i++) {
		if (!i)
			sm_buf_puts(&b, "The files:\n\n");
		if (!strcmp(l->pr->name, "snippet")) {
			if ((rc = put_windows(l, &b, l->files[i].path, instruction)))
				goto fail;
		} else {
			put_current(l, &b, l->files[i].path);
		}
		sm_buf_putc(&b, '\n');
	}
	sm_buf_printf(&b, "%s\n", instruction);
	if (!strcmp(l->pr->name, "snippet")) {
		/* two steps: the model quotes from memory, seam answers with the exact text */
		l->quoting = 1;
		sm_buf_puts(&b, "\nFirst step: do not write new code yet. For each place you will "
				"change, write the file's path alone on a line, then <selected_snippet>, "
				"the code there as you remember it (a whole function or block; \"...\" "
				"lines may stand for long stretches), then </selected_snippet>. I will "
				"answer with the exact text of each region; then you write the pairs.\n");
	}
	if ((rc = add_msg(l, "user", &b)))
		goto fail;
	*out = l;
	return SEAM_OK;
fail_rc:
	if (!rc)
		rc = sm_fail(s, SEAM_EUSAGE, "a file name is NULL");
	goto fail;
oom:
	rc = SEAM_ENOMEM;
fail:
	sm_buf_dispose(&b);
	seam_loop_free(l);
	return rc;
}

void seam_loop_free(seam_loop *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->nfiles; i++) {
		sm_free(l->files[i].path);
		sm_free(l->files[i].orig);
	}
	sm_free(l->files);
	for (i = 0; i < l->nmsgs; i++)
		sm_free(l->msgs[i].content);
	sm_free(l->msgs);
	sm_buf_dispose(&l->feedback);
	seam_reply_free(l->final);
	seam_tree_free(l->mem);
	seam_session_free(l->ms);
	sm_free(l);
}

seam_loop_state_t seam_loop_state(const seam_loop *l)
{
	return l ? l->state : SEAM_LOOP_FAILED;
}

unsigned int seam_loop_rounds(const seam_loop *l)
{
	return l ? l->rounds : 0;
}

const char *seam_loop_feedback(const seam_loop *l)
{
	return l && l->feedback.ptr ? l->feedback.ptr : "";
}

int seam_loop_request(seam_loop *l, char **json, size_t *len)
{
	json_t *a, *m;
	char *txt;
	size_t i;

	if (!l || !json)
		return SEAM_EUSAGE;
	*json = NULL;
	if (l->state != SEAM_LOOP_NEED_REPLY)
		return sm_fail(l->s, SEAM_EUSAGE, "the loop awaits no reply");
	a = json_array();
	if (!a)
		return SEAM_ENOMEM;
	for (i = 0; i < l->nmsgs; i++) {
		m = json_pack("{s:s, s:s}", "role", l->msgs[i].role, "content", l->msgs[i].content);
		if (!m || json_array_append_new(a, m)) {
			json_decref(a);
			return SEAM_ENOMEM;
		}
	}
	txt = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	if (!txt)
		return SEAM_ENOMEM;
	/* seam_free is sm_free: hand out memory of our allocator */
	*json = sm_strdup(txt);
	free(txt);
	if (!*json)
		return SEAM_ENOMEM;
	if (len)
		*len = strlen(*json);
	return SEAM_OK;
}

int seam_loop_stream(seam_loop *l, seam_stream **out)
{
	if (!l || !out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (l->state != SEAM_LOOP_NEED_REPLY)
		return sm_fail(l->s, SEAM_EUSAGE, "the loop awaits no reply");
	return seam_stream_new(out, l->s, l->mem, NULL);
}

/* Removes edit j of f (its lines and anchors freed). */
static void drop_edit(seam_reply *r, sm_fileop *f, size_t j)
{
	sm_free(f->edits[j].lines);
	sm_free(f->edits[j].anchors);
	memmove(&f->edits[j], &f->edits[j + 1], (f->nedits - j - 1) * sizeof(*f->edits));
	f->nedits--;
	r->total_edits--;
}

/* Removes fileop k of r. */
static void drop_file(seam_reply *r, size_t k)
{
	sm_fileop *f = &r->files[k];

	while (f->nedits)
		drop_edit(r, f, f->nedits - 1);
	sm_free(f->edits);
	sm_free(f->path);
	sm_free(f->move_to);
	memmove(&r->files[k], &r->files[k + 1], (r->nfiles - k - 1) * sizeof(*r->files));
	r->nfiles--;
	/* the lookup table of the parsers is not needed once the reply is read */
	sm_free(r->index);
	r->index = NULL;
	r->index_cap = 0;
}

/* A cut reply: the edits the cut caught unfinished are not the model's. Returns how many. */
static size_t drop_open(seam_reply *r)
{
	size_t k, j, n = 0;

	for (k = r->nfiles; k-- > 0;) {
		sm_fileop *f = &r->files[k];
		for (j = f->nedits; j-- > 0;)
			if (f->edits[j].open) {
				drop_edit(r, f, j);
				n++;
			}
		if (f->open && !f->nedits && f->op != SEAM_OP_DELETE) {
			drop_file(r, k);
			n++;
		}
	}
	return n;
}

/* Brings every file the reply names into the copy. */
static int bring_named(seam_loop *l, const seam_reply *r)
{
	size_t k;
	int rc;

	for (k = 0; k < r->nfiles; k++) {
		const sm_fileop *f = &r->files[k];
		if ((rc = bring(l, f->path, f->op != SEAM_OP_CREATE && f->op != SEAM_OP_WHOLE, 0,
				NULL)))
			return rc;
		if (f->move_to && (rc = bring(l, f->move_to, 0, 0, NULL)))
			return rc;
	}
	return SEAM_OK;
}

/*
 * Keeps what applied: takes the failed edits (and files whose failure is the file's) out of r,
 * plans the rest again and commits it to the copy. A file whose rest still fails is dropped
 * whole, until the plan is clean (at most one pass per file).
 */
static int keep_applied(seam_loop *l, seam_reply *r, seam_plan *p)
{
	unsigned char *drop_f;
	unsigned char **drop_e;
	size_t k, j, nf = r->nfiles, pass;
	int rc = SEAM_OK;

	drop_f = sm_calloc(nf ? nf : 1, 1);
	drop_e = sm_calloc(nf ? nf : 1, sizeof(*drop_e));
	if (!drop_f || !drop_e) {
		sm_free(drop_f);
		sm_free(drop_e);
		seam_plan_free(p);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < p->nfiles && rc == SEAM_OK; k++) {
		const sm_pfile *pf = &p->files[k];
		size_t i = (size_t)(pf->op - r->files);
		if (i >= nf)
			continue;
		if (pf->status == SEAM_STATUS_APPLIED)
			continue;
		if (pf->op->op != SEAM_OP_UPDATE || !pf->opened || !pf->path ||
		    pf->state == SM_NOSTATE) {
			drop_f[i] = 1;
			continue;
		}
		drop_e[i] = sm_calloc(pf->op->nedits ? pf->op->nedits : 1, 1);
		if (!drop_e[i]) {
			rc = SEAM_ENOMEM;
			break;
		}
		for (j = 0; j < pf->op->nedits; j++) {
			seam_status_t st = pf->edits[j].status;
			drop_e[i][j] = st != SEAM_STATUS_APPLIED && st != SEAM_STATUS_ALREADY_APPLIED;
		}
	}
	seam_plan_free(p);
	for (k = nf; rc == SEAM_OK && k-- > 0;) {
		if (drop_f[k]) {
			drop_file(r, k);
			continue;
		}
		if (!drop_e[k])
			continue;
		for (j = r->files[k].nedits; j-- > 0;)
			if (drop_e[k][j])
				drop_edit(r, &r->files[k], j);
		if (!r->files[k].nedits && !r->files[k].move_to)
			drop_file(r, k);
	}
	for (k = 0; k < nf; k++)
		sm_free(drop_e[k]);
	sm_free(drop_e);
	sm_free(drop_f);
	for (pass = 0; rc == SEAM_OK && r->nfiles; pass++) {
		p = NULL;
		rc = seam_plan_new(&p, l->s, r, l->mem);
		if (rc == SEAM_OK) {
			rc = seam_plan_commit(p);
			seam_plan_free(p);
			break;
		}
		if (rc != SEAM_EFAIL || pass > nf) {
			seam_plan_free(p);
			break;
		}
		/* drop the files that still fail */
		rc = SEAM_OK;
		for (k = p->nfiles; k-- > 0;)
			if (p->files[k].status != SEAM_STATUS_APPLIED) {
				size_t i = (size_t)(p->files[k].op - r->files);
				seam_plan_free(p);
				p = NULL;
				if (i < r->nfiles)
					drop_file(r, i);
				break;
			}
		seam_plan_free(p);
	}
	sm_tree_forget_names(l->mem);
	return rc == SEAM_EFAIL ? SEAM_OK : rc;
}

/* The files the failed edits of p are in, once each, as the copy has them now. */
static int failed_paths(const seam_plan *p, char ***out, size_t *n)
{
	size_t k, j, cap = 0;
	char **v = NULL;

	*n = 0;
	for (k = 0; k < p->nfiles; k++) {
		const char *path = p->files[k].path;
		if (p->files[k].status == SEAM_STATUS_APPLIED || !path)
			continue;
		for (j = 0; j < *n && strcmp(v[j], path); j++)
			;
		if (j < *n)
			continue;
		if (sm_grow((void **)&v, &cap, *n + 1, sizeof(*v)) || !(v[*n] = sm_strdup(path))) {
			for (j = 0; j < *n; j++)
				sm_free(v[j]);
			sm_free(v);
			return SEAM_ENOMEM;
		}
		(*n)++;
	}
	*out = v;
	return SEAM_OK;
}

static int fail_state(seam_loop *l, int rc)
{
	l->state = SEAM_LOOP_FAILED;
	return rc;
}

static int answer_quotes(seam_loop *l, const char *text, size_t len);

int seam_loop_feed(seam_loop *l, const char *reply, size_t len, unsigned int flags)
{
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	sm_buf b = SM_BUF_INIT;
	char **paths = NULL;
	size_t npaths = 0, i, dropped = 0;
	int rc, cut = (flags & SEAM_LOOP_CUT) != 0;
	char *fb = NULL;

	if (!l || (!reply && len))
		return SEAM_EUSAGE;
	if (l->state != SEAM_LOOP_NEED_REPLY)
		return sm_fail(l->s, SEAM_EUSAGE, "the loop awaits no reply");
	l->rounds++;
	sm_buf_clear(&l->feedback);
	sm_buf_put(&b, reply ? reply : "", len);
	if ((rc = add_msg(l, "assistant", &b)))
		return fail_state(l, rc);

	if (l->quoting) {
		rc = answer_quotes(l, reply ? reply : "", len);
		if (rc != 1)
			return rc;
	}
	rc = seam_reply_parse(&r, l->s, reply ? reply : "", len);
	if (rc == SEAM_OK && cut)
		dropped = drop_open(r);
	if (rc == SEAM_OK && !r->nfiles)
		rc = sm_fail(l->s, SEAM_EPARSE, "the reply was cut before its first complete edit");
	if (rc == SEAM_EPARSE || rc == SEAM_ELIMIT) {
		sm_buf_printf(&l->feedback, "No edit could be read from your reply: %s\n",
			      seam_session_errmsg(l->s));
	} else if (rc) {
		seam_reply_free(r);
		return fail_state(l, rc);
	} else {
		if ((rc = bring_named(l, r)) != SEAM_OK && rc != SEAM_ELIMIT) {
			seam_reply_free(r);
			return fail_state(l, rc);
		}
		rc = seam_plan_new(&p, l->s, r, l->mem);
		if (rc == SEAM_OK && !cut) {
			rc = seam_plan_commit(p);
			seam_plan_free(p);
			seam_reply_free(r);
			sm_tree_forget_names(l->mem);
			if (rc)
				return fail_state(l, rc);
			l->state = SEAM_LOOP_DONE;
			return SEAM_OK;
		}
		if (rc != SEAM_OK && rc != SEAM_EFAIL) {
			seam_reply_free(r);
			return fail_state(l, rc);
		}
		if (rc == SEAM_EFAIL) {
			if (seam_plan_render(p, SEAM_RENDER_FEEDBACK, &fb, NULL) ||
			    failed_paths(p, &paths, &npaths)) {
				seam_plan_free(p);
				seam_reply_free(r);
				sm_free(fb);
				return fail_state(l, SEAM_ENOMEM);
			}
			sm_buf_puts(&l->feedback, fb);
			sm_free(fb);
		}
		if (cut)
			sm_buf_printf(&l->feedback,
				      "\nYour reply was stopped there%s: the edits you had not "
				      "finished were not read. Send them again after the corrections.\n",
				      rc == SEAM_EFAIL ? ", at the failed edit" : "");
		(void)dropped;
		rc = keep_applied(l, r, p);
		seam_reply_free(r);
		if (rc) {
			for (i = 0; i < npaths; i++)
				sm_free(paths[i]);
			sm_free(paths);
			return fail_state(l, rc);
		}
	}
	if (sm_buf_failed(&l->feedback))
		return fail_state(l, SEAM_ENOMEM);
	if (l->rounds - l->located >= l->max_rounds) {
		l->state = SEAM_LOOP_GAVE_UP;
	} else {
		sm_buf_puts(&b, l->feedback.ptr ? l->feedback.ptr : "");
		sm_buf_puts(&b, "\nThe edits that applied are kept: do not send them again. Send only "
				"the failed edits, corrected, in the same format, against the files as "
				"they are now:\n");
		for (i = 0; i < npaths; i++) {
			sm_buf_putc(&b, '\n');
			put_current(l, &b, paths[i]);
		}
		rc = add_msg(l, "user", &b);
	}
	for (i = 0; i < npaths; i++)
		sm_free(paths[i]);
	sm_free(paths);
	return rc ? fail_state(l, rc) : SEAM_OK;
}

/*
 * The quoting step of the snippet format: each quote of the reply is located in its file
 * (seam_locate) and the next request gives the exact regions, or why a quote was not found.
 * Returns 1 when the reply is no quoting reply (it holds pairs, or no quote: read it as edits),
 * else SEAM_OK or an error (state set).
 */
static int answer_quotes(seam_loop *l, const char *text, size_t len)
{
	sm_quote *q = sm_calloc(SM_QUOTES_MAX, sizeof(*q));
	sm_buf b = SM_BUF_INIT;
	size_t n = 0, i, found = 0;
	int rc = SEAM_OK;

	if (!q)
		return fail_state(l, SEAM_ENOMEM);
	if (sm_quotes_find(text, len, q, SM_QUOTES_MAX, &n) || !n) {
		sm_free(q);
		l->quoting = 0;
		return 1;
	}
	sm_buf_puts(&b, "The exact text of each region you quoted:\n");
	for (i = 0; i < n && rc == SEAM_OK; i++) {
		sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
		char *path = NULL;
		const char *data;
		size_t dlen = 0;
		seam_location loc;
		int st;

		if (!q[i].path[0]) {
			sm_buf_printf(&l->feedback, "\nQuote at reply line %ld: no file name before "
				      "it; write the path alone on the line before <selected_snippet>.\n",
				      q[i].line);
			continue;
		}
		if ((rc = bring(l, q[i].path, 1, 0, NULL)))
			break;
		st = sm_tree_resolve(l->mem, q[i].path, strlen(q[i].path), 1, &path, &note, &why);
		data = st == SEAM_STATUS_APPLIED ? seam_tree_get(l->mem, path, &dlen) : NULL;
		if (st < 0) {
			rc = st;
		} else if (!data) {
			sm_buf_printf(&l->feedback, "\nQuote at reply line %ld: %s: %s\n", q[i].line,
				      q[i].path, why.ptr ? why.ptr : "not in the tree");
		} else if ((st = seam_locate(l->s, data, dlen, q[i].p, q[i].n, &loc)) == SEAM_OK) {
			const seam_region *g = &loc.regions[0];
			sm_buf_printf(&b, "\nLines %ld-%ld of %s:\n", g->start_line, g->end_line, path);
			sm_prompt_put_file(&b, l->pr, path, data + g->offset, g->len);
			found++;
		} else if (st == SEAM_ENOMEM) {
			rc = st;
		} else {
			sm_buf_printf(&l->feedback, "\nQuote at reply line %ld (%s): %s\n", q[i].line,
				      path, seam_session_errmsg(l->s));
		}
		sm_free(path);
		sm_buf_dispose(&note);
		sm_buf_dispose(&why);
	}
	sm_free(q);
	if (rc) {
		sm_buf_dispose(&b);
		return fail_state(l, rc);
	}
	if (found) {
		l->quoting = 0;
		l->located++;
		if (l->feedback.len)
			sm_buf_printf(&b, "\nNot found:%s", l->feedback.ptr);
		sm_buf_puts(&b, "\nNow write each change: the path, then <selected_snippet> with the "
				"exact text of its region as given above, then <updated_snippet> with its "
				"new text.\n");
	} else {
		sm_buf_printf(&b, "\nNone of your quotes was found:%s\nQuote again, copying the "
				 "code from the files as shown.\n", l->feedback.ptr ? l->feedback.ptr : "");
		if (l->rounds >= l->max_rounds) {
			sm_buf_dispose(&b);
			l->state = SEAM_LOOP_GAVE_UP;
			return SEAM_OK;
		}
	}
	rc = add_msg(l, "user", &b);
	return rc ? fail_state(l, rc) : SEAM_OK;
}

/* Appends content as the '+' lines of one whole-content edit of a new fileop. */
static int add_whole(seam_reply *r, const char *path, const char *data, size_t len, int bom)
{
	sm_fileop *f = sm_reply_file(r, path, strlen(path), SEAM_OP_WHOLE, 0);
	sm_edit *e;
	size_t i;

	if (!f || !(e = sm_fileop_add_edit(r, f, 0)))
		return SEAM_ENOMEM;
	if (bom && len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) {
		data += 3;
		len -= 3;
	}
	for (i = 0; i < len;) {
		const char *nl = memchr(data + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (data + i)) : len - i, step = n + (nl != NULL);
		if (n && data[i + n - 1] == '\r')
			n--;
		if (sm_edit_add_line(e, SM_HL_ADD, data + i, n))
			return SEAM_ENOMEM;
		i += step;
	}
	if (len && data[len - 1] != '\n')
		e->flags |= SM_EDIT_NEW_NOEOL;
	return SEAM_OK;
}

int seam_loop_plan(seam_loop *l, seam_plan **out)
{
	seam_reply *r;
	sm_buf text = SM_BUF_INIT;
	size_t i, *at;
	int rc = SEAM_OK;

	if (!l || !out)
		return SEAM_EUSAGE;
	*out = NULL;
	r = sm_calloc(1, sizeof(*r));
	at = sm_calloc(l->mem->nfiles + 1, sizeof(*at));
	if (!r || !at) {
		sm_free(r);
		sm_free(at);
		return SEAM_ENOMEM;
	}
	/* every changed file's text, in one buffer the edits' spans point into */
	for (i = 0; i < l->mem->nfiles; i++) {
		at[i] = text.len;
		sm_buf_put(&text, l->mem->files[i].data, l->mem->files[i].len);
	}
	if (sm_buf_failed(&text)) {
		sm_free(r);
		sm_free(at);
		return SEAM_ENOMEM;
	}
	r->text = sm_buf_detach(&text, &r->len);
	r->format = SEAM_FORMAT_WHOLE;
	for (i = 0; i < l->mem->nfiles && rc == SEAM_OK; i++) {
		const sm_memfile *m = &l->mem->files[i];
		const sm_loop_file *lf = find_file(l, m->path);
		if (lf && lf->orig && lf->olen == m->len && !memcmp(lf->orig, m->data, m->len))
			continue;
		rc = add_whole(r, m->path, r->text ? r->text + at[i] : "", m->len,
			       lf && lf->orig && lf->olen >= 3 && !memcmp(lf->orig, "\xef\xbb\xbf", 3));
	}
	for (i = 0; i < l->nfiles && rc == SEAM_OK; i++)
		if (l->files[i].orig && !sm_mem_find(l->mem, l->files[i].path) &&
		    !sm_reply_file(r, l->files[i].path, strlen(l->files[i].path), SEAM_OP_DELETE, 0))
			rc = SEAM_ENOMEM;
	sm_free(at);
	if (rc == SEAM_OK && !r->nfiles)
		rc = sm_fail(l->s, SEAM_EPARSE, "no change was kept");
	if (rc) {
		seam_reply_free(r);
		return rc;
	}
	rc = seam_plan_new(out, l->ms, r, l->t);
	if (*out) {
		/* the plan borrows the reply: the loop keeps it until it is freed (an earlier
		   plan of the loop must be freed before this call, as documented) */
		seam_reply_free(l->final);
		l->final = r;
	} else {
		seam_reply_free(r);
	}
	if (rc && rc != SEAM_EFAIL)
		sm_fail(l->s, rc, "%s", seam_session_errmsg(l->ms));
	return rc;
}
