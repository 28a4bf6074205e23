/*
 * Numbered line edits (SM_KIND_LINES, from <update_lines start end>): the old side is named by
 * line numbers, not text. The numbers are checked against the file; an off-by-one at an edge
 * that would write a line twice or delete one is repaired when the text leaves no doubt, and
 * refused with the ways to re-send when it does. The edit then goes through the applier every
 * format uses: the old lines are read from the file into an ordinary whole-sides edit whose
 * place is known, checked for placeholders and for being applied already, and spliced.
 *
 * The evidence at each edge, with N the new text and F the file before the reply, for a block
 * replacing lines [s, e):
 *
 *     duplicate  N's first line is F[s-1] (N's last is F[e]): the range is one line short, the
 *                line would be there twice. Repair: take that line into the range.
 *     drop       N's first line is F[s+1], not F[s], and F[s] is nowhere in N (the same at the
 *                end): the range is one line too long, F[s] would vanish.
 *
 * A duplicate of a distinctive line (SM_LINES_REPAIR_MIN_CHARS) is repaired, unless the other
 * edge looks shifted the other way; a range shifted by one (a duplicate at one edge and a drop
 * at the other, in the same direction) is repaired; a lone drop is refused, since deleting the
 * first line of a range may be what the model wants.
 */
#include "plan_impl.h"
#include "../match/prep.h"
#include "../match/lazy.h"
#include "report.h"
#include "../match/match_costs.h"
#include "../match/image_work.h"
#include "../../util/alloc.h"

#include <string.h>

/* Characters of a line quoted in a message. */
#define QUOTE_MAX 80

long sm_plan_orig_lines(sm_pstate *st)
{
	const char *d = st->data;
	size_t i = 0, n = st->len;
	long lines = 0;
	char eol;

	if (!d)
		return 0;
	/* counted once: every numbered block of the file asks, and the file does not change */
	if (st->norig)
		return st->norig - 1;
	if (n >= 3 && !memcmp(d, "\xEF\xBB\xBF", 3))
		i = 3;
	eol = sm_image_eol(d, n);
	while (i < n) {
		const char *nl = memchr(d + i, eol, n - i);
		lines++;
		if (!nl)
			break;
		i = (size_t)(nl - d) + 1;
	}
	st->norig = lines + 1;
	return lines;
}

int sm_plan_copy_check(const sm_hline *hl, const sm_image *im, long norig, long *a, long *b,
                       sm_buf *why, const char *what, const char *path, long reply_line)
{
	long k;

	if (!sm_copy_tag(hl->text.p, hl->text.n, a, b) || *a < 1 || *b < *a) {
		sm_buf_printf(why, "The %s at reply line %ld for ", what, reply_line);
		sm_buf_put_quoted(why, path, strlen(path), 200);
		sm_buf_puts(why, " has the line \"");
		sm_buf_put_quoted(why, hl->text.p, hl->text.n, QUOTE_MAX);
		sm_buf_puts(why, "\", which needs line numbers start=\"i\" end=\"j\" with 1 <= i <= j "
		                 "(it copies lines i to j-1 of the file).\n");
		return 1;
	}
	if (*b > norig + 1) {
		sm_buf_printf(why, "The %s at reply line %ld copies lines %ld-%ld of ", what,
		              reply_line, *a, *b - 1);
		sm_buf_put_quoted(why, path, strlen(path), 200);
		sm_buf_printf(why, ", which has %ld line%s: end may be at most %ld (the line after the "
		                   "last one copied).\n",
		              norig, norig == 1 ? "" : "s", norig + 1);
		return 1;
	}
	for (k = *a; k < *b; k++)
		if (sm_image_orig_at(im, k) == SM_NOLINE) {
			sm_buf_printf(why, "The %s at reply line %ld copies line %ld of ", what,
			              reply_line, k);
			sm_buf_put_quoted(why, path, strlen(path), 200);
			sm_buf_puts(why, ", which another edit of the reply changes. Copy only lines "
			                 "no other edit touches, or write the lines out.\n");
			return 1;
		}
	return 0;
}

typedef struct lctx {
	const sm_image *im; /* its line-number map made (sm_image_orig_map) */
	long norig;
	const sm_hline *nw; /* the new side, copies resolved */
	size_t m;
	sm_buf *msg;
	const sm_report_ctx *rc;
	long s, e; /* the range as written: [s, e) */
} lctx;

/* Original line k, or NULL when out of the file or changed by an earlier edit. */
static const sm_line *F(const lctx *c, long k)
{
	size_t at = k >= 1 && k <= c->norig ? sm_image_orig_at(c->im, k) : SM_NOLINE;

	return at == SM_NOLINE ? NULL : sm_ln(c->im, at);
}

static int eq(const sm_hline *h, const sm_line *l)
{
	return l && sm_text_hash(h->text.p, h->text.n, SM_LVL_RSTRIP) == l->h_rstrip;
}

static int blank(const sm_hline *h)
{
	return sm_text_is_blank(h->text.p, h->text.n);
}

static int strong(const sm_hline *h)
{
	size_t i, solid = 0;
	for (i = 0; i < h->text.n; i++)
		solid += !(h->text.p[i] == ' ' || h->text.p[i] == '\t' || h->text.p[i] == '\r');
	return solid >= SM_LINES_REPAIR_MIN_CHARS;
}

static int in_new(const lctx *c, const sm_line *l)
{
	size_t k;
	for (k = 0; k < c->m; k++)
		if (eq(&c->nw[k], l))
			return 1;
	return 0;
}

static double sim(const sm_hline *h, const sm_line *l)
{
	return l ? sm_text_similarity(h->text.p, h->text.n, l->p, l->n) : 0;
}

enum { EV_NONE, EV_DUP, EV_DROP, EV_NEAR };

/* What the first new line says about the start of the range. */
static int start_evidence(const lctx *c)
{
	const sm_hline *h = &c->nw[0];
	const sm_line *fs = c->s < c->e ? F(c, c->s) : NULL;

	if (blank(h) || (fs && eq(h, fs)))
		return EV_NONE;
	if (eq(h, F(c, c->s - 1)))
		return EV_DUP;
	if (c->e - c->s >= 2 && fs && !fs->blank && eq(h, F(c, c->s + 1)) && !in_new(c, fs))
		return EV_DROP;
	return EV_NONE;
}

/*
 * An end written inclusive whose last line the block changes: the new text ends with a changed
 * copy of line e, the line the range keeps below it, so both would stand one after the other.
 * Evidence: the last new line is as like line e as the matcher's bar for a miscopied line,
 * likelier to be it than the range's own last line fl, distinctive, and line e itself is
 * nowhere in the new text. Too weak to repair (a new line may resemble its neighbour), so it is
 * refused with the numbers to send.
 */
static int near_below(const lctx *c, const sm_hline *h, const sm_line *fl)
{
	const sm_line *fe = F(c, c->e);
	double se;

	if (!fe || fe->blank || !fl || !strong(h) || in_new(c, fe))
		return 0;
	se = sim(h, fe);
	return se >= SM_MIN_LINE_SIMILARITY && se > sim(h, fl);
}

/* What the last new line says about the end. */
static int end_evidence(const lctx *c)
{
	const sm_hline *h = &c->nw[c->m - 1];
	const sm_line *fl = c->s < c->e ? F(c, c->e - 1) : NULL;

	if (blank(h) || (fl && eq(h, fl)))
		return EV_NONE;
	if (eq(h, F(c, c->e)))
		return EV_DUP;
	if (c->e - c->s >= 2 && fl && !fl->blank && eq(h, F(c, c->e - 2)) && !in_new(c, fl))
		return EV_DROP;
	if (near_below(c, h, fl))
		return EV_NEAR;
	return EV_NONE;
}

static void head(const lctx *c)
{
	sm_buf_printf(c->msg, "The <update_lines start=\"%ld\" end=\"%ld\"> block at reply line %ld for ",
	              c->s, c->e, c->rc->reply_line);
	sm_buf_put_quoted(c->msg, c->rc->path, strlen(c->rc->path), 200);
}

static void quote_line(const lctx *c, long k)
{
	const sm_line *l = F(c, k);
	sm_buf_printf(c->msg, "line %ld (\"", k);
	if (l)
		sm_buf_put_quoted(c->msg, l->p, l->n, QUOTE_MAX);
	sm_buf_puts(c->msg, "\")");
}

static void say_dup_start(const lctx *c)
{
	head(c);
	sm_buf_puts(c->msg, " starts its new text with ");
	quote_line(c, c->s - 1);
	sm_buf_printf(c->msg, ", which stays above the replaced lines: it would be there twice. If the "
	                      "block covers line %ld, send start=\"%ld\"; if the line should really be "
	                      "there twice, send start=\"%ld\" and write it twice.\n",
	              c->s - 1, c->s - 1, c->s - 1);
}

static void say_dup_end(const lctx *c)
{
	head(c);
	sm_buf_puts(c->msg, " ends its new text with ");
	quote_line(c, c->e);
	sm_buf_printf(c->msg, ", which stays below the replaced lines (end is the first line kept): "
	                      "it would be there twice. If the block covers line %ld, send "
	                      "end=\"%ld\"; if the line should really be there twice, send end=\"%ld\" "
	                      "and write it twice.\n",
	              c->e, c->e + 1, c->e + 1);
}

static void say_drop_start(const lctx *c)
{
	head(c);
	sm_buf_puts(c->msg, " replaces ");
	quote_line(c, c->s);
	sm_buf_puts(c->msg, ", but its new text starts with ");
	quote_line(c, c->s + 1);
	sm_buf_printf(c->msg, ": line %ld would be deleted. If it should stay, send start=\"%ld\"; "
	                      "if it should go, delete it in a block of its own "
	                      "(<update_lines start=\"%ld\" end=\"%ld\"></update_lines>).\n",
	              c->s, c->s + 1, c->s, c->s + 1);
}

static void say_drop_end(const lctx *c)
{
	head(c);
	sm_buf_puts(c->msg, " replaces ");
	quote_line(c, c->e - 1);
	sm_buf_puts(c->msg, ", but its new text ends with ");
	quote_line(c, c->e - 2);
	sm_buf_printf(c->msg, ": line %ld would be deleted. If it should stay, send end=\"%ld\"; if "
	                      "it should go, delete it in a block of its own "
	                      "(<update_lines start=\"%ld\" end=\"%ld\"></update_lines>).\n",
	              c->e - 1, c->e - 1, c->e - 1, c->e);
}

static void say_near_end(const lctx *c)
{
	head(c);
	sm_buf_puts(c->msg, " ends its new text with a line much like ");
	quote_line(c, c->e);
	sm_buf_printf(c->msg, ", which stays below the replaced lines (end is the first line kept): "
	                      "the old line and the new would both be there. If the block changes "
	                      "line %ld, send end=\"%ld\"; if both lines should stay, send "
	                      "end=\"%ld\" and write line %ld after the new one.\n",
	              c->e, c->e + 1, c->e + 1, c->e);
}

static void say_shift(const lctx *c, int d)
{
	head(c);
	sm_buf_printf(c->msg, " looks shifted by one line: its new text starts with line %ld and "
	                      "ends with line %ld of the file. Send the numbers of the lines it "
	                      "replaces as shown: start is the first replaced line, end the first "
	                      "line after them.\n",
	              c->s + d, c->e - 1 + d);
}

/*
 * Decides the range from the evidence. Returns 0 with *ns, *ne set (maybe repaired, *why says
 * how), or 1 after writing the refusal.
 */
static int decide(const lctx *c, long *ns, long *ne, const char **why)
{
	int es, ee, sf, sl, bad_s = 0, bad_e = 0, shift_s = 0, shift_e = 0;

	*ns = c->s;
	*ne = c->e;
	*why = NULL;
	if (!c->m)
		return 0;
	es = start_evidence(c);
	ee = end_evidence(c);
	sf = strong(&c->nw[0]);
	sl = strong(&c->nw[c->m - 1]);
	if (es == EV_DUP && ee == EV_DROP) { /* shifted down by one: [s-1, e-1) */
		if (!sf && !sl)
			return say_shift(c, -1), 1;
		*ns = c->s - 1;
		*ne = c->e - 1;
		*why = "the range was one line low";
		return 0;
	}
	if (es == EV_DROP && ee == EV_DUP) { /* shifted up: [s+1, e+1) */
		if (!sf && !sl)
			return say_shift(c, 1), 1;
		*ns = c->s + 1;
		*ne = c->e + 1;
		*why = "the range was one line high";
		return 0;
	}
	if (es == EV_DROP || ee == EV_DROP || ee == EV_NEAR) {
		if (es == EV_DROP)
			say_drop_start(c);
		if (ee == EV_DROP)
			say_drop_end(c);
		if (ee == EV_NEAR)
			say_near_end(c);
		return 1;
	}
	/* A duplicate at one edge while the other edge's line is more like the line one step
	   the other way than like its own: a range shifted whose other edge changed, not a short
	   range. */
	if (es == EV_DUP) {
		const sm_hline *l = &c->nw[c->m - 1];
		int shifted = c->m > 1 && ee == EV_NONE && c->s < c->e && !eq(l, F(c, c->e - 1)) &&
		              sim(l, F(c, c->e - 2)) > sim(l, F(c, c->e - 1));
		bad_s = !sf || shifted;
		shift_s = shifted && sf;
	}
	if (ee == EV_DUP) {
		const sm_hline *f = &c->nw[0];
		int shifted = c->m > 1 && es == EV_NONE && c->s < c->e && !eq(f, F(c, c->s)) &&
		              sim(f, F(c, c->s + 1)) > sim(f, F(c, c->s));
		bad_e = !sl || shifted;
		shift_e = shifted && sl;
	}
	if (bad_s || bad_e) {
		if (shift_s)
			say_shift(c, -1);
		else if (bad_s)
			say_dup_start(c);
		if (shift_e)
			say_shift(c, 1);
		else if (bad_e)
			say_dup_end(c);
		return 1;
	}
	if (es == EV_DUP)
		*ns = c->s - 1;
	if (ee == EV_DUP)
		*ne = c->e + 1;
	if (es == EV_DUP && ee == EV_DUP)
		*why = "the new text starts and ends with the lines around the range";
	else if (es == EV_DUP)
		*why = "the new text starts with the line above the range";
	else if (ee == EV_DUP)
		*why = "the new text ends with the line below the range";
	return 0;
}

/* The new side with every copy_lines line replaced by the lines it stands for. 1 after a
 * refusal in msg, SEAM_ENOMEM when out of memory. */
static int resolve_new(const sm_edit *e, const lctx *c, sm_hline **out, size_t *n)
{
	size_t k, cap = 0;
	long a, b, o;

	*out = NULL;
	*n = 0;
	for (k = 0; k < e->nlines; k++) {
		const sm_hline *hl = &e->lines[k];
		if (hl->kind != SM_HL_COPY) {
			if (sm_grow((void **)out, &cap, *n + 1, sizeof(**out)))
				return SEAM_ENOMEM;
			(*out)[(*n)++] = *hl;
			continue;
		}
		if (sm_plan_copy_check(hl, c->im, c->norig, &a, &b, c->msg, c->rc->what,
		                       c->rc->path, c->rc->reply_line))
			return 1;
		for (o = a; o < b; o++) {
			const sm_line *l = sm_ln(c->im, sm_image_orig_at(c->im, o));
			if (sm_grow((void **)out, &cap, *n + 1, sizeof(**out)))
				return SEAM_ENOMEM;
			(*out)[*n].text.p = l->p;
			(*out)[*n].text.n = l->n;
			(*out)[*n].reply_line = 0; /* a line of the file */
			(*out)[(*n)++].kind = SM_HL_ADD;
		}
	}
	return 0;
}

/* Where the range [s, e) sits in the image now: 0 with *at set, 1 when an earlier edit of the
 * reply changed some of its lines (or, for an insertion, both neighbours). */
static int place(const lctx *c, long s, long e, size_t *at)
{
	long k;

	if (s < e) {
		if (!F(c, s))
			return 1;
		*at = sm_image_orig_at(c->im, s);
		for (k = s + 1; k < e; k++)
			if (!F(c, k) || sm_image_orig_at(c->im, k) != *at + (size_t)(k - s))
				return 1;
		return 0;
	}
	if (F(c, s))
		*at = sm_image_orig_at(c->im, s);
	else if (F(c, s - 1))
		*at = sm_image_orig_at(c->im, s - 1) + 1;
	else if (s == 1 || c->norig == 0)
		*at = 0;
	else if (s == c->norig + 1)
		*at = c->im->n; /* appending, after whatever replaced the last lines */
	else
		return 1;
	return 0;
}

/* Splices new lines nw for the original lines [s, e) found at image index at. */
static int apply_at(seam_plan *p, sm_pstate *st, const sm_edit *e, const lctx *c, long s, long ne,
                    size_t at, sm_pedit *pe, sm_buf *msg)
{
	sm_edit te;
	sm_medit me;
	sm_cand cand = {0};
	sm_lazy_result lz;
	size_t k, first, count, nold = (size_t)(ne - s);
	int err = 0, rv = 0, mode;

	memset(&te, 0, sizeof(te));
	memset(&me, 0, sizeof(me));
	te.kind = SM_KIND_BLOCK;
	te.flags = SM_EDIT_NUMBERED;
	te.hint_start = s;
	te.hint_len = (long)nold;
	te.reply_line = e->reply_line;
	for (k = 0; k < nold; k++)
		if (sm_edit_add_line(&te, SM_HL_DEL, sm_ln(&st->im, at + k)->p, sm_ln(&st->im, at + k)->n))
			goto oom;
	for (k = 0; k < c->m; k++)
		if (sm_edit_add_hline(&te, &(sm_hline){.text = c->nw[k].text, .kind = SM_HL_ADD,
							   .reply_line = c->nw[k].reply_line}))
			goto oom;
	if (sm_prep_edit(&me, &te))
		goto oom;
	/* the place is stated, not found: a neighbour equal to a new line is not taken in (see
	   widen in splice_edge.c), the numbers decided that */
	me.blocklike = 0;
	/* the numbers say which lines go: a placeholder among the new ones is refused (or
	   allowed), not expanded */
	mode = sm_plan_lazy_mode(p) == SEAM_LAZY_ALLOW ? SEAM_LAZY_ALLOW : SEAM_LAZY_REFUSE;
	if (sm_lazy_guard(&me, sm_lang_for_path(c->rc->path), &st->im, mode, &lz))
		goto oom;
	sm_budget_charge(&p->fuzzy, lz.work);
	if (lz.refused) {
		/* the old side is the numbered range s.., every line of it in order */
		sm_lazy_where at = {s + (long)sm_lazy_old_index(&me, lz.hit.del0),
				    s + (long)sm_lazy_old_index(&me, lz.hit.del1), 0, 0};
		if (lz.hit.fits) {
			at.near = s + (long)sm_lazy_old_index(&me, lz.hit.fit_near);
			at.far = s + (long)sm_lazy_old_index(&me, lz.hit.fit_far);
		}
		sm_report_lazy(msg, c->rc, &me, &lz.hit, me.seq[lz.hit.ph].reply_line, &at,
			       sm_plan_lazy_mode(p));
		sm_lazy_result_dispose(&lz);
		rv = sm_plan_fail(pe, SEAM_STATUS_LAZY, msg);
		goto out;
	}
	sm_lazy_result_dispose(&lz);
	cand.start = at;
	cand.end = at + nold;
	cand.lo = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	cand.hi = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	if (!cand.lo || !cand.hi)
		goto oom;
	for (k = 0; k < nold; k++) {
		cand.lo[k] = at + k;
		cand.hi[k] = at + k + 1;
	}
	pe->start_line = s;
	pe->end_line = ne > s ? ne - 1 : s;
	if (sm_plan_already_there(&st->im, &me, &cand, &err)) {
		pe->status = SEAM_STATUS_ALREADY_APPLIED;
		pe->strategy = "already-applied";
		goto out;
	}
	if (err)
		goto oom;
	sm_plan_charge_splice(p, &st->im, at);
	if (sm_splice(&st->im, &me, &cand, &p->pool, &first, &count))
		goto oom;
	pe->status = SEAM_STATUS_APPLIED;
	pe->strategy = "line-numbers";
	goto out;
oom:
	rv = SEAM_ENOMEM;
out:
	sm_free(cand.lo);
	sm_free(cand.hi);
	sm_prep_dispose(&me);
	sm_free(te.lines);
	return rv;
}

int sm_plan_lines_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
                       const sm_report_ctx *rc)
{
	sm_buf msg = SM_BUF_INIT;
	lctx c;
	sm_hline *nw = NULL;
	size_t at = 0;
	long ns, ne;
	const char *why;
	int rv = 0, r;

	(void)pf;
	memset(&c, 0, sizeof(c));
	c.im = &st->im;
	c.norig = sm_plan_orig_lines(st);
	c.msg = &msg;
	c.rc = rc;
	c.s = e->hint_start;
	c.e = e->hint_start + e->hint_len;
	if (e->hint_start <= 0 || e->hint_len < 0) {
		sm_buf_printf(&msg, "The <update_lines> block at reply line %ld needs line numbers "
		                    "start=\"i\" end=\"j\" with 1 <= i <= j: it replaces lines i to j-1 as "
		                    "shown (start=\"i\" end=\"i\" inserts before line i).\n",
		              rc->reply_line);
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
	}
	if (c.e > c.norig + 1) {
		head(&c);
		sm_buf_printf(&msg, " reaches past the end of the file, which has %ld line%s: end may "
		                    "be at most %ld (end is the first line after the replaced ones).\n",
		              c.norig, c.norig == 1 ? "" : "s", c.norig + 1);
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
	}
	/* the map is made once (a pass over the file), then kept in step by the splices; made
	   again only when a line number came in twice (sm_image_orig_map) */
	if (!st->im.oat || st->im.oat_stale || st->im.noat != (size_t)c.norig + 1)
		sm_budget_charge(&p->fuzzy, sm_work_pass(0, st->im.n) + (uint64_t)c.norig);
	if (sm_image_orig_map(&st->im, c.norig))
		return SEAM_ENOMEM;
	r = resolve_new(e, &c, &nw, &c.m);
	c.nw = nw;
	if (r) {
		rv = r < 0 ? SEAM_ENOMEM : sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
		goto out;
	}
	/* its new lines (a copy of file lines is as many as it copies) and the lines it
	   replaces, each read, compared or copied a few times */
	sm_budget_charge(&p->fuzzy, c.m + (c.e > c.s ? (uint64_t)(c.e - c.s) : 0));
	if (decide(&c, &ns, &ne, &why)) {
		rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
		goto out;
	}
	if (place(&c, ns, ne, &at)) {
		sm_buf_printf(&msg, "The <update_lines> block at reply line %ld changes lines %ld-%ld, "
		                    "which another block of the reply changes too. Send one block for "
		                    "those lines.\n",
		              rc->reply_line, ns, ne > ns ? ne - 1 : ns);
		rv = sm_plan_fail(pe, SEAM_STATUS_OVERLAP, &msg);
		goto out;
	}
	rv = apply_at(p, st, e, &c, ns, ne, at, pe, &msg);
	if (!rv && pe->status == SEAM_STATUS_APPLIED && why) {
		pe->strategy = "line-numbers-repaired";
		sm_buf_clear(&msg);
		sm_buf_printf(&msg, "start=\"%ld\" end=\"%ld\" taken as start=\"%ld\" end=\"%ld\": %s.\n",
		              c.s, c.e, ns, ne, why);
		if (sm_buf_failed(&msg))
			rv = SEAM_ENOMEM;
		else
			pe->message = sm_buf_detach(&msg, NULL);
	}
out:
	sm_free(nw);
	sm_buf_dispose(&msg);
	return rv;
}
