/*
 * The syntax check of a plan: every file the plan changes, in a language with a grammar here,
 * is parsed after the reply (first only the parts around its edits, syntax_window.c, which
 * settle most files); only when that finds errors is it parsed before the reply too, and
 * a file that parsed cleanly before and does not after is refused (or, with SEAM_SYNTAX_WARN,
 * flagged). The refusal goes to the edits whose lines are near an error, since those are the
 * ones the model must send again; when no edit is near (an unclosed brace reported at the end
 * of the file), every edit of the file carries it. The files of one reply are checked in
 * threads of their own when there are several large ones; the reports follow in file order.
 */
#include "../syntax/syntax.h"
#include "plan_impl.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

/* Lines of the result an error spot covers, in lines of the file before the reply. */
static void spot_orig(const sm_image *im, const sm_syntax_spot *s, long *o0, long *o1)
{
	*o0 = sm_image_orig_near(im, s->row);
	*o1 = sm_image_orig_near(im, s->end_row);
	if (*o1 < *o0)
		*o1 = *o0;
}

static int near_edit(const sm_image *im, const sm_syntax_spot *s, const sm_pedit *pe)
{
	long o0, o1;

	if (pe->start_line <= 0)
		return 0;
	spot_orig(im, s, &o0, &o1);
	return pe->start_line <= o1 + SM_SYNTAX_BLAME_SLACK &&
	       pe->end_line + SM_SYNTAX_BLAME_SLACK >= o0;
}

static void put_row(sm_buf *b, const sm_image *im, size_t r)
{
	if (r >= im->n)
		return;
	sm_buf_printf(b, "  %5lu | ", (unsigned long)r + 1);
	sm_buf_put_quoted(b, sm_ln(im, r)->p, sm_ln(im, r)->n, 160);
	sm_buf_putc(b, '\n');
}

/* "  line 14: missing ")"" and the line itself, for each spot (near pe, or all when pe is
 * NULL). */
static void put_spots(sm_buf *b, const sm_image *im, const sm_grammar *g, const sm_syntax_res *res,
		      const sm_pedit *pe)
{
	size_t k, r, shown;

	for (k = 0; k < res->nspots; k++) {
		const sm_syntax_spot *s = &res->spot[k];
		if (pe && !near_edit(im, s, pe))
			continue;
		if (s->end_row > s->row && !s->missing)
			sm_buf_printf(b, "  lines %lu-%lu: ", (unsigned long)s->row + 1,
				      (unsigned long)s->end_row + 1);
		else
			sm_buf_printf(b, "  line %lu: ", (unsigned long)s->row + 1);
		if (s->missing) {
			sm_buf_puts(b, "missing \"");
			sm_buf_put_quoted(b, s->what, strlen(s->what), sizeof(s->what));
			sm_buf_puts(b, "\"\n");
		} else {
			sm_buf_printf(b, "not valid %s\n", g->label);
		}
		put_row(b, im, s->row);
		/* a long error region: its first line, then the lines the reply wrote in it, where
		 * the mistake most likely is */
		for (r = s->row + 1, shown = 0; r <= s->end_row && r < im->n &&
						shown < SM_SYNTAX_SHOW_NEW_LINES;
		     r++)
			if (!sm_ln(im, r)->orig) {
				if (!shown++ && r > s->row + 1)
					sm_buf_puts(b, "        ...\n");
				put_row(b, im, r);
			}
	}
	if (!res->nspots)
		sm_buf_puts(b, "  (tree-sitter did not say where)\n");
	else if (res->more)
		sm_buf_puts(b, "  (and more errors after these)\n");
}

static int refuse_edit(seam_plan *p, const sm_pstate *st, const sm_grammar *g,
		       const sm_syntax_res *res, sm_pfile *pf, sm_pedit *pe, int all)
{
	sm_buf msg = SM_BUF_INIT;
	const char *noun = sm_plan_edit_noun(p);

	sm_buf_printf(&msg, "This %s breaks the syntax of ", noun);
	sm_buf_put_quoted(&msg, st->path, strlen(st->path), 200);
	sm_buf_printf(&msg, ", which parsed as %s without errors before the reply; it was refused. "
			    "Errors%s (line numbers of the file after the reply):\n",
		      g->label, all ? "" : " near it");
	put_spots(&msg, &st->im, g, res, all ? NULL : pe);
	sm_buf_printf(&msg, "Correct the new side of this %s (look for a bracket, quote, colon or "
			    "keyword it drops or adds) and send it again.\n",
		      noun);
	if (sm_buf_failed(&msg)) {
		sm_buf_dispose(&msg);
		return SEAM_ENOMEM;
	}
	sm_free(pe->message);
	pe->message = sm_buf_detach(&msg, NULL);
	pe->status = SEAM_STATUS_SYNTAX;
	pf->status = SEAM_STATUS_SYNTAX;
	return pe->message ? 0 : SEAM_ENOMEM;
}

static int warn_file(const sm_pstate *st, const sm_grammar *g, const sm_syntax_res *res,
		     sm_pfile *pf)
{
	if (pf->msg.len)
		sm_buf_putc(&pf->msg, '\n');
	sm_buf_puts(&pf->msg, "warning: ");
	sm_buf_put_quoted(&pf->msg, st->path, strlen(st->path), 200);
	sm_buf_printf(&pf->msg, " parsed as %s without errors before the reply and has errors after "
				"it (applied anyway: --syntax=warn):\n",
		      g->label);
	put_spots(&pf->msg, &st->im, g, res, NULL);
	return sm_buf_failed(&pf->msg) ? SEAM_ENOMEM : 0;
}

static int applied(const sm_pedit *pe)
{
	return pe->status == SEAM_STATUS_APPLIED;
}

/* The state at index si broke: say so on its file operations. */
static int report(seam_plan *p, size_t si, const sm_grammar *g, const sm_syntax_res *res)
{
	const sm_pstate *st = &p->states[si];
	size_t i, j, k, blamed = 0;
	int all;

	if (sm_syntax_mode(p) == SEAM_SYNTAX_WARN) {
		for (i = 0; i < p->nfiles; i++)
			if (p->files[i].state == si && warn_file(st, g, res, &p->files[i]))
				return SEAM_ENOMEM;
		return 0;
	}
	for (all = 0; all < 2 && !blamed; all++)
		for (i = 0; i < p->nfiles; i++) {
			sm_pfile *pf = &p->files[i];
			if (pf->state != si)
				continue;
			for (j = 0; j < pf->op->nedits; j++) {
				sm_pedit *pe = &pf->edits[j];
				int near = all;
				for (k = 0; k < res->nspots && !near; k++)
					near = near_edit(&st->im, &res->spot[k], pe);
				if (!applied(pe) || !near)
					continue;
				if (refuse_edit(p, st, g, res, pf, pe, all))
					return SEAM_ENOMEM;
				blamed++;
			}
		}
	if (!blamed) /* no edit to carry it (cannot happen to a changed file; kept safe) */
		for (i = 0; i < p->nfiles; i++)
			if (p->files[i].state == si) {
				p->files[i].status = SEAM_STATUS_SYNTAX;
				sm_buf_printf(&p->files[i].msg, "%sthe file no longer parses as %s",
					      p->files[i].msg.len ? "; " : "", g->label);
			}
	p->ok = 0;
	return 0;
}

int sm_syntax_mode(const seam_plan *p)
{
	return p->s ? (int)p->s->opts.syntax : SEAM_SYNTAX_CHECK;
}

int sm_syntax_reads_image(const seam_plan *p, const sm_pstate *st, size_t outlen)
{
	return sm_syntax_mode(p) != SEAM_SYNTAX_OFF && sm_syntax_sizes_checked(st->len, outlen);
}

/* One changed file to check, and what the check found. */
typedef struct job {
	size_t state, ng;
	const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];
	sm_syntax_res after[SM_SYNTAX_MAX_GRAMMARS];
	int refuse, rc;
} job;

typedef struct jobs {
	seam_plan *p;
	job *v;
	size_t n, next;
	pthread_mutex_t mu;
} jobs;

/* Takes files off the list until none is left; parser is this thread's. */
static void run_jobs(jobs *js, struct TSParser **parser, int threaded)
{
	for (;;) {
		size_t i;
		job *j;
		if (threaded)
			pthread_mutex_lock(&js->mu);
		i = js->next++;
		if (threaded)
			pthread_mutex_unlock(&js->mu);
		if (i >= js->n)
			return;
		j = &js->v[i];
		j->rc = sm_syntax_judge(parser, &js->p->states[j->state], j->gs, j->ng, j->after,
					&j->refuse);
	}
}

static void *worker(void *arg)
{
	struct TSParser *parser = NULL;

	run_jobs(arg, &parser, 1);
	sm_syntax_parser_free(parser);
	return NULL;
}

/* Threads for the files of one reply, beside this one: one per file past the first, when the
 * files are large enough to pay for them, up to the cores and the limit. */
static unsigned int helpers(const jobs *js)
{
	size_t i, bytes = 0;
	long cpus;

	for (i = 0; i < js->n; i++)
		bytes += js->p->states[js->v[i].state].outlen;
	if (js->n < 2 || bytes < SM_SYNTAX_THREAD_BYTES)
		return 0;
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 2)
		return 0;
	if ((size_t)cpus > js->n)
		cpus = (long)js->n;
	return (unsigned int)(cpus > SM_SYNTAX_MAX_THREADS ? SM_SYNTAX_MAX_THREADS : cpus) - 1;
}

int sm_syntax_check_plan(seam_plan *p)
{
	size_t i;
	unsigned int k, nth, started = 0;
	pthread_t th[SM_SYNTAX_MAX_THREADS];
	jobs js;
	int rc = 0;

	if (sm_syntax_mode(p) == SEAM_SYNTAX_OFF)
		return 0;
	memset(&js, 0, sizeof(js));
	js.p = p;
	for (i = 0; i < p->nstates; i++) {
		sm_pstate *st = &p->states[i];
		job *j;

		/* a new file has no "before" that parsed: nothing to compare with */
		if (!st->exists || !st->changed || !st->data || !st->out || st->failed)
			continue;
		if (!js.v && !(js.v = sm_calloc(p->nstates, sizeof(*js.v))))
			return SEAM_ENOMEM;
		j = &js.v[js.n];
		j->ng = sm_syntax_grammars_for(st->path, j->gs, SM_SYNTAX_MAX_GRAMMARS);
		j->state = i;
		j->refuse = -1;
		js.n += j->ng > 0;
	}
	nth = helpers(&js);
	if (nth && pthread_mutex_init(&js.mu, NULL))
		nth = 0;
	for (k = 0; k < nth; k++)
		if (!pthread_create(&th[started], NULL, worker, &js))
			started++;
	run_jobs(&js, &p->parser, nth > 0); /* this thread works too */
	for (k = 0; k < started; k++)
		pthread_join(th[k], NULL);
	if (nth)
		pthread_mutex_destroy(&js.mu);
	/* the reports in the order of the files, whichever thread checked them */
	for (i = 0; i < js.n && !rc; i++) {
		const job *j = &js.v[i];
		if (j->rc)
			rc = j->rc;
		else if (j->refuse >= 0 && report(p, j->state, j->gs[j->refuse], &j->after[j->refuse]))
			rc = SEAM_ENOMEM;
	}
	sm_free(js.v);
	return rc;
}
