/*
 * The operations carried out on a file whole: a whole-file replacement (guarded against
 * placeholders, tried as an excerpt), a creation, a deletion.
 */
#include "plan_whole.h"
#include "plan_open.h"
#include "../match/prep.h"
#include "../match/lazy.h"
#include "../match/image_runs.h"
#include "report.h"
#include "../core/lang.h"
#include "../../util/alloc.h"

#include <string.h>

/*
 * Replaces the image with the '+' lines of the fileop's edits (create, whole); a copy_lines line
 * brings in the original lines it names, byte for byte. Returns 0, SEAM_ENOMEM when out of
 * memory, or NO_COPY when a copy cannot be made (why says so; the image is unchanged). The old
 * image goes to *old when old is not NULL (moved, not copied: a second table of the file's lines
 * is issue 12's memory bound's largest term on a whole file), else it is freed.
 */
enum { NO_COPY = 1 };
static int set_content(seam_plan *p, sm_pstate *st, const sm_pfile *pf, int keep_style, sm_buf *why,
                       sm_image *old)
{
	const sm_fileop *op = pf->op;
	sm_image im;
	size_t i, k;
	long norig = -1, a, b, o;
	/* the line ending is the file's; the end is the reply's, which wrote the whole text */
	int crlf = keep_style ? st->im.crlf : 0, final_eol = 1;

	memset(&im, 0, sizeof(im));
	for (i = 0; i < op->nedits; i++) {
		const sm_edit *e = &op->edits[i];
		for (k = 0; k < e->nlines; k++) {
			sm_line l;
			if (e->lines[k].kind == SM_HL_DEL)
				continue;
			if (e->lines[k].kind == SM_HL_COPY) {
				if (norig < 0) {
					norig = sm_plan_orig_lines(st);
					if (sm_image_orig_map(&st->im, norig))
						goto oom;
				}
				if (sm_plan_copy_check(&e->lines[k], &st->im, norig, &a, &b, why,
				                       "whole-file listing", pf->path,
				                       e->reply_line)) {
					sm_image_dispose(&im);
					return NO_COPY;
				}
				for (o = a; o < b; o++)
					if (sm_image_splice(
					        &im, im.n, 0,
					        sm_ln(&st->im, sm_image_orig_at(&st->im, o)), 1))
						goto oom;
				continue;
			}
			sm_line_init(&l, e->lines[k].text.p, e->lines[k].text.n);
			l.crlf = (uint8_t)crlf;
			if (sm_image_splice(&im, im.n, 0, &l, 1))
				goto oom;
		}
		if (e->flags & SM_EDIT_NEW_NOEOL)
			final_eol = 0;
	}
	(void)p;
	im.crlf = crlf;
	im.final_eol = final_eol;
	im.end_edited = 1;
	im.bom = keep_style ? st->im.bom : 0;
	im.cr = keep_style ? st->im.cr : 0;
	if (old)
		*old = st->im;
	else
		sm_image_dispose(&st->im);
	st->im = im;
	return 0;
oom:
	sm_image_dispose(&im);
	return SEAM_ENOMEM;
}

static int same_content(const sm_image *a, const sm_image *b)
{
	size_t i;
	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (sm_ln(a, i)->h_rstrip != sm_ln(b, i)->h_rstrip)
			return 0;
	return 1;
}

/* The new side of a whole-file edit whose placeholders were expanded, as the file's image:
 * the lines kept and added, with the line ending set_content gave the others. */
static int copies_lines(const sm_fileop *op);
static int reread(const sm_pstate *st, sm_image *im);

static int image_of_new_side(sm_image *out, const sm_image *like, sm_medit *me)
{
	sm_line *v = (sm_line *)(void *)me->seq;
	size_t k, n = 0;

	/* made in place over the prepared sequence (an sm_line is smaller than an sm_mline, and
	   line n is written no later than entry k >= n is read): a second table of the whole file
	   beside it was issue 12's memory bound's largest term after the guard */
	memset(out, 0, sizeof(*out));
	for (k = 0; k < me->nseq; k++) {
		sm_mline ml;
		sm_line l;
		memcpy(&ml, &me->seq[k], sizeof(ml));
		if (!sm_mline_is_new(&ml))
			continue;
		sm_line_init(&l, ml.l.p, ml.l.n);
		l.crlf = (uint8_t)like->crlf;
		memcpy(&v[n++], &l, sizeof(l));
	}
	me->seq = NULL;
	me->nseq = 0;
	if (n) {
		sm_line *w = sm_realloc(v, n * sizeof(*v));
		v = w ? w : v;
	} else {
		sm_free(v);
		v = NULL;
	}
	if (sm_image_adopt(out, v, n)) {
		sm_free(v);
		return SEAM_ENOMEM;
	}
	out->crlf = like->crlf;
	out->final_eol = like->final_eol;
	out->bom = like->bom;
	out->cr = like->cr;
	return 0;
}

/* A side of the guard's edit read from an image's lines (sm_prep_side). */
static sm_span image_line(void *ctx, size_t i)
{
	const sm_line *l = sm_ln(ctx, i);
	sm_span t = {l->p, l->n};
	return t;
}

static sm_span file_line(void *ctx, size_t i)
{
	return sm_file_line(ctx, i);
}

/* The new side of a whole-file op where its lines are, in the reply (set_content's order: every
 * line of its edits but deletions; no copied lines), read through a cursor: the diff reads it
 * in order, a pass at a time. */
typedef struct op_lines {
	const sm_fileop *op;
	/* line i of the side is op->edits[j].lines[k] (j == nedits: past the end) */
	size_t j, k, i;
} op_lines;

/* Moves c to the next line of the side at or after edits[j].lines[k], line i. */
static void op_settle(op_lines *c)
{
	while (c->j < c->op->nedits) {
		const sm_edit *e = &c->op->edits[c->j];
		if (c->k < e->nlines && e->lines[c->k].kind != SM_HL_DEL)
			break;
		if (c->k >= e->nlines) {
			c->j++;
			c->k = 0;
		} else {
			c->k++;
		}
	}
}

static sm_span op_line(void *ctx, size_t i)
{
	op_lines *c = ctx;

	if (i < c->i) {
		/* back to the start: a new pass */
		c->j = c->k = c->i = 0;
		op_settle(c);
	}
	while (c->i < i) {
		c->k++;
		op_settle(c);
		c->i++;
	}
	return c->op->edits[c->j].lines[c->k].text;
}

static size_t op_count(const sm_fileop *op)
{
	size_t j, k, n = 0;

	for (j = 0; j < op->nedits; j++)
		for (k = 0; k < op->edits[j].nlines; k++)
			n += op->edits[j].lines[k].kind != SM_HL_DEL;
	return n;
}

/* Gives the added lines of me the reply lines sm_fileop_number_like gives the lines of an edit
 * (their texts' addresses among op's lines); the old lines are the file's, at no reply line's
 * address. SEAM_ENOMEM when out of memory. */
static int number_adds(const sm_fileop *op, sm_medit *me)
{
	sm_line_numbers t;
	size_t k;

	if (sm_line_numbers_make(&t, op))
		return SEAM_ENOMEM;
	for (k = 0; t.n && k < me->nseq; k++) {
		long no;
		if (me->seq[k].kind != SM_HL_ADD)
			continue;
		no = sm_line_numbers_at(&t, me->seq[k].l.p);
		if (no)
			me->seq[k].reply_line = no > INT32_MAX ? INT32_MAX : (int32_t)no;
	}
	sm_line_numbers_dispose(&t);
	return 0;
}

/* The file's line number for the report of old line i of the guard's edit: from before when
 * made, else as its image of nfile lines would give it. */
static long file_line_no(const sm_image *before, int made, size_t nfile, size_t i)
{
	return made ? sm_image_orig_near(before, i) : sm_image_orig_near_loaded(nfile, i);
}

/*
 * The guard on a whole-file edit: the old content against the new, as one whole-sides edit.
 * Sets pe's status to LAZY (with its message) when refused; replaces st->im with the expanded
 * content when placeholders were expanded. With reload, *before is not made (the file is its
 * bytes as read, st->data): its lines are read from the bytes, and it is made, once the
 * guard's tables are gone, only when the edit is refused (st->im goes back to it); *made says
 * whether it is. SEAM_ENOMEM when out of memory.
 *
 * Issue 12's memory bound: a whole file's edit is prepared from where its lines are (the
 * file's bytes, the reply's lines), not from a table of both sides (64 bytes a line); the
 * new side's image goes before the diff and is made again from the prepared edit; the guard
 * is told the edit's old side is the file, and keeps no set of the file's lines; and the file's
 * own table (40 bytes a line) is not made beside the prepared edit or the new image.
 */
static int guard_whole(seam_plan *p, sm_pfile *pf, sm_pstate *st, sm_image *before, int reload,
                       sm_pedit *pe, int *expanded, int *made)
{
	sm_medit me;
	sm_lazy_result lz;
	sm_file_lines fl;
	op_lines ol;
	sm_prep_side old = {0, NULL, NULL}, new = {0, NULL, NULL};
	size_t i, nfile;
	int rc = SEAM_ENOMEM, remade = 0, whole;

	*made = !reload;
	if (sm_plan_lazy_mode(p) == SEAM_LAZY_ALLOW)
		return 0;
	memset(&fl, 0, sizeof(fl));
	memset(&lz, 0, sizeof(lz));
	memset(&me, 0, sizeof(me));
	if (reload) {
		if (sm_file_lines_make(&fl, st->data, st->len))
			return SEAM_ENOMEM;
		old.n = nfile = fl.n;
		old.text = file_line;
		old.ctx = &fl;
	} else {
		old.n = nfile = before->n;
		old.text = image_line;
		old.ctx = before;
	}
	if (!copies_lines(pf->op)) {
		/* the new side's table goes before the edit is prepared: its lines are the op's
		   (in the reply), and it is made again from me's new side (the same texts, the same
		   line ending) when the guard leaves the new side as it is. Not with copied lines,
		   which keep the file's own line endings: then the new side is read from it. */
		sm_image flags = st->im;
		sm_image_dispose(&st->im);
		st->im.crlf = flags.crlf;
		st->im.final_eol = flags.final_eol;
		st->im.eol_said = flags.eol_said;
		st->im.end_edited = flags.end_edited;
		st->im.bom = flags.bom;
		st->im.cr = flags.cr;
		remade = 1;
		memset(&ol, 0, sizeof(ol));
		ol.op = pf->op;
		op_settle(&ol);
		new.n = op_count(pf->op);
		new.text = op_line;
		new.ctx = &ol;
	} else {
		new.n = st->im.n;
		new.text = image_line;
		new.ctx = &st->im;
	}
	if (sm_prep_sides(&me, &old, &new))
		goto out;
	sm_file_lines_dispose(&fl);
	/* the old side is the file's lines, but for a blank file's, which prep made additions;
	   then the old lines' indexes are read no more (the guard keeps them none) */
	whole = reload && me.nold == nfile;
	if (whole) {
		sm_free(me.old);
		me.old = NULL;
		me.nold = 0;
	} else if (!*made) {
		if (reread(st, before))
			goto out;
		*made = 1;
	}
	/* the new lines are the op's own texts: their reply lines, for the messages */
	if (number_adds(pf->op, &me))
		goto out;
	if (whole
	        ? sm_lazy_guard_whole(&me, sm_lang_for_path(pf->path), sm_plan_lazy_mode(p), &lz)
	        : sm_lazy_guard(&me, sm_lang_for_path(pf->path), before, sm_plan_lazy_mode(p), &lz))
		goto out;
	if (lz.refused) {
		/* every old line of this edit is a line of the file, in order */
		size_t o0 = sm_lazy_old_index(&me, lz.hit.del0),
		       o1 = sm_lazy_old_index(&me, lz.hit.del1);
		sm_buf msg = SM_BUF_INIT;
		sm_report_ctx rc = {pf->path, "whole-file edit", pf->op->edits[0].reply_line, 1};
		sm_lazy_where at = {file_line_no(before, *made, nfile, o0),
		                    file_line_no(before, *made, nfile, o1), 0, 0};
		if (lz.hit.fits) {
			at.near = file_line_no(before, *made, nfile,
			                       sm_lazy_old_index(&me, lz.hit.fit_near));
			at.far = file_line_no(before, *made, nfile,
			                      sm_lazy_old_index(&me, lz.hit.fit_far));
		}
		sm_report_lazy(&msg, &rc, &me, &lz.hit, me.seq[lz.hit.ph].reply_line, &at,
		               sm_plan_lazy_mode(p));
		pe->status = SEAM_STATUS_LAZY;
		if (sm_buf_failed(&msg)) {
			sm_buf_dispose(&msg);
			goto out;
		}
		pe->message = sm_buf_detach(&msg, NULL);
		if (!pe->message)
			goto out;
	} else if (remade && !lz.nexp && !lz.ndropped) {
		sm_image im;
		sm_free(me.old);
		me.old = NULL;
		me.nold = 0;
		if (image_of_new_side(&im, &st->im, &me))
			goto out;
		im.eol_said = st->im.eol_said;
		im.end_edited = st->im.end_edited;
		st->im = im;
	} else if (lz.nexp || lz.ndropped) {
		/* the new side without its placeholders: those that stood for code restored,
		   those that stood for none left out */
		sm_image im;
		sm_buf note = SM_BUF_INIT;
		/* the old lines' indexes are read no more: they go before the new table */
		sm_free(me.old);
		me.old = NULL;
		me.nold = 0;
		if (image_of_new_side(&im, &st->im, &me))
			goto out;
		sm_image_dispose(&st->im);
		st->im = im;
		*expanded = lz.nexp > 0;
		for (i = 0; i < lz.nexp; i++)
			sm_report_expanded(&note, &lz.exp[i], lz.exp[i].reply_line,
			                   file_line_no(before, *made, nfile, lz.exp[i].old0),
			                   file_line_no(before, *made, nfile, lz.exp[i].old1));
		if (sm_buf_failed(&note)) {
			sm_buf_dispose(&note);
			goto out;
		}
		pe->message = sm_buf_detach(&note, NULL);
		if (!pe->message || (lz.ndropped && sm_plan_note_dropped(p, pe, &lz)))
			goto out;
	}
	rc = 0;
out:
	sm_lazy_result_dispose(&lz);
	sm_prep_dispose(&me);
	sm_file_lines_dispose(&fl);
	/* refused: the image goes back to the file's, made again from its bytes now that the
	   edit's tables are gone */
	if (!rc && !*made && pe->status != SEAM_STATUS_APPLIED) {
		if (reread(st, before))
			return SEAM_ENOMEM;
		*made = 1;
	}
	return rc;
}

/* 1 when some edit of op copies lines of the file (a numbered listing): set_content reads the
 * file's image for them. */
static int copies_lines(const sm_fileop *op)
{
	size_t i, k;

	for (i = 0; i < op->nedits; i++)
		for (k = 0; k < op->edits[i].nlines; k++)
			if (op->edits[i].lines[k].kind == SM_HL_COPY)
				return 1;
	return 0;
}

/* 1 when st's image is the file as read, line for line (no edit of the reply changed it): it can
 * be read again from st->data instead of being kept. */
static int as_read(const sm_pstate *st)
{
	size_t i;

	if (!st->data || st->from)
		return 0;
	for (i = 0; i < st->im.n; i++)
		if (sm_ln(&st->im, i)->orig != i + 1)
			return 0;
	return sm_image_renders_as(&st->im, st->data, st->len);
}

/* 1 when some line of im is a placeholder by its text: the guard has nothing to do otherwise
 * (it looks at no other line). */
static int has_placeholder(const sm_image *im, const char *path)
{
	const sm_lang *lang = sm_lang_for_path(path);
	size_t i;

	for (i = 0; i < im->n; i++)
		if (sm_lazy_is_placeholder(lang, sm_ln(im, i)->p, sm_ln(im, i)->n))
			return 1;
	return 0;
}

static int same_sums(const sm_line_sums *a, const sm_image *b)
{
	size_t i;
	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->h[i] != sm_ln(b, i)->h_rstrip)
			return 0;
	return 1;
}

/* The file's image made again from the bytes read (as_read held: the same lines). */
static int reread(const sm_pstate *st, sm_image *im)
{
	return sm_image_load(im, st->data, st->len);
}

/* sm_plan_whole_excerpt where *before may not be made (*made 0: the file is its bytes as read,
 * st->data): the excerpt test's first question (sm_plan_excerpt_gate) is asked of the file's
 * line sums made from the bytes, and the table is made only when the answer is not no (issue
 * 12's memory bound: a whole file that is no excerpt never holds the file's table beside the
 * new one). SEAM_ENOMEM when out of memory. */
static int whole_excerpt(seam_plan *p, sm_pfile *pf, sm_pstate *st, sm_image *before, int *made,
                         sm_pedit *pe)
{
	if (!*made) {
		sm_line_sums sums;
		size_t gone;
		int rc;

		if (sm_plan_lazy_mode(p) == SEAM_LAZY_ALLOW || pe->status != SEAM_STATUS_APPLIED)
			return 0;
		if (sm_line_sums_load(&sums, st->data, st->len))
			return SEAM_ENOMEM;
		rc = sm_plan_excerpt_gate(p, pe, &sums, &st->im, &gone);
		sm_line_sums_dispose(&sums);
		if (rc <= 0)
			return rc;
		if (reread(st, before))
			return SEAM_ENOMEM;
		*made = 1;
	}
	return sm_plan_whole_excerpt(p, pf, st, before, pe);
}

/*
 * Whole-file replacement: guarded against placeholders that swap out real code.
 *
 * The file's own table (48 bytes a line) is not held beside the reply's when it need not be
 * (issue 12's memory bound): when the image is still the file as read, its lines' hashes (9
 * bytes a line) answer "already applied" and the excerpt test's first question, and the table
 * is made again from the bytes only when a placeholder calls the guard or the reply may be an
 * excerpt. Either way the same checks run on the same lines.
 */
int sm_plan_do_whole(seam_plan *p, sm_pfile *pf, sm_pstate *st)
{
	sm_image before;
	sm_line_sums sums;
	sm_pedit *pe = &pf->edits[0];
	sm_buf why = SM_BUF_INIT;
	int rc, expanded = 0, slim, full, reloaded = 0, made = 1;
	size_t gone;

	memset(&before, 0, sizeof(before));
	memset(&sums, 0, sizeof(sums));
	slim = st->exists && !copies_lines(pf->op) && as_read(st);
	if (slim) {
		if (sm_line_sums_make(&sums, &st->im))
			return SEAM_ENOMEM;
		/* the table goes; its flags (line ending, byte order mark) stay for set_content */
		sm_image_dispose(&st->im);
	}
	rc = set_content(p, st, pf, st->exists, &why, slim ? NULL : &before);
	if (rc) {
		sm_line_sums_dispose(&sums);
		if (slim && !st->im.v && reread(st, &st->im))
			rc = SEAM_ENOMEM;
		if (rc < 0 || sm_buf_failed(&why)) {
			sm_buf_dispose(&why);
			return rc < 0 ? rc : SEAM_ENOMEM;
		}
		pe->status = SEAM_STATUS_NO_MATCH;
		pe->message = sm_buf_detach(&why, NULL);
		return pe->message ? 0 : SEAM_ENOMEM;
	}
	if (st->exists && (slim ? same_sums(&sums, &st->im) : same_content(&before, &st->im))) {
		sm_line_sums_dispose(&sums);
		sm_image_dispose(&st->im);
		if (slim && reread(st, &before))
			return SEAM_ENOMEM;
		st->im = before;
		pe->status = SEAM_STATUS_ALREADY_APPLIED;
		pe->strategy = "already-applied";
		return 0;
	}
	pe->status = SEAM_STATUS_APPLIED;
	full = st->exists && !slim;
	if (slim) {
		rc = sm_plan_lazy_mode(p) != SEAM_LAZY_ALLOW && has_placeholder(&st->im, pf->path);
		if (!rc)
			rc = sm_plan_excerpt_gate(p, pe, &sums, &st->im, &gone);
		sm_line_sums_dispose(&sums);
		if (rc < 0)
			return rc;
		/* the guard and the excerpt test read the file from its bytes, and make its
		   table again only when they need it (guard_whole, whole_excerpt) */
		if (rc)
			full = reloaded = 1;
	}
	/* placeholders first; then a whole file that is only a part of the file (plan_excerpt.c) */
	if (full && (guard_whole(p, pf, st, &before, reloaded, pe, &expanded, &made) ||
	             whole_excerpt(p, pf, st, &before, &made, pe))) {
		sm_image_dispose(&before);
		return SEAM_ENOMEM;
	}
	/* placeholders expanded: the lines next to them placed one way only (plan_excerpt.c) */
	if (expanded && pe->status == SEAM_STATUS_APPLIED && !copies_lines(pf->op) &&
	    (!pe->strategy || strcmp(pe->strategy, "excerpt")) &&
	    ((!made && (reread(st, &before) || !(made = 1))) ||
	     sm_plan_whole_placeholders(p, pf, st, &before, pe))) {
		sm_image_dispose(&before);
		return SEAM_ENOMEM;
	}
	if (pe->status != SEAM_STATUS_APPLIED) {
		sm_image_dispose(&st->im);
		st->im = before;
		return 0;
	}
	if (pe->strategy && !strcmp(pe->strategy, "excerpt")) {
		/* placed as an excerpt: the lines it changed, as for an edit */
		sm_image_dispose(&before);
		return 0;
	}
	pe->strategy = !st->exists ? "create"
	               : expanded  ? sm_lazy_strategy("whole-file")
	                           : "whole-file";
	pe->start_line = 1;
	pe->end_line = (long)st->im.n;
	st->exists = 1;
	sm_image_dispose(&before);
	return 0;
}

int sm_plan_do_create(seam_plan *p, sm_pfile *pf, sm_pstate *st)
{
	sm_pedit *pe = pf->op->nedits ? &pf->edits[0] : NULL;
	size_t i, nonblank = 0;
	sm_buf why = SM_BUF_INIT;

	for (i = 0; i < st->im.n; i++)
		nonblank += !sm_ln(&st->im, i)->blank;
	if (st->exists && nonblank) {
		sm_image cur;
		/* a created file has no copy_lines lines (no parser makes them): why stays empty */
		if (set_content(p, st, pf, 1, &why, &cur)) {
			sm_buf_dispose(&why);
			return SEAM_ENOMEM;
		}
		if (same_content(&cur, &st->im)) {
			sm_image_dispose(&cur);
			if (pe) {
				pe->status = SEAM_STATUS_ALREADY_APPLIED;
				pe->strategy = "already-applied";
			}
			return 0;
		}
		sm_image_dispose(&st->im);
		st->im = cur;
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg,
		              "%s already exists (%zu lines), and the reply creates it with "
		              "other content. Send an edit of its content instead.",
		              pf->path, st->im.n);
		sm_plan_skip_all(pf);
		return 0;
	}
	if (set_content(p, st, pf, 0, &why, NULL)) {
		sm_buf_dispose(&why);
		return SEAM_ENOMEM;
	}
	st->exists = 1;
	if (pe) {
		pe->status = SEAM_STATUS_APPLIED;
		pe->strategy = "create";
		pe->start_line = 1;
		pe->end_line = (long)st->im.n;
	}
	return 0;
}

int sm_plan_do_delete(seam_plan *p, sm_pfile *pf, sm_pstate *st)
{
	size_t i;

	if (!st->exists) {
		for (i = 0; i < pf->op->nedits; i++) {
			pf->edits[i].status = SEAM_STATUS_ALREADY_APPLIED;
			pf->edits[i].strategy = "already-applied";
		}
		return 0;
	}
	/* git's rule: a deletion shows the content it deletes; a header alone deletes only an
	   empty file */
	if (pf->op->git_delete && !pf->op->nedits && st->im.n) {
		pf->status = SEAM_STATUS_NO_MATCH;
		sm_buf_printf(
		    &pf->msg,
		    "the diff deletes %s (\"deleted file mode\") without showing its %zu "
		    "line%s, and a deletion must show the content it removes (git refuses it "
		    "too: \"removal patch leaves file contents\"). Nothing was changed. Send "
		    "the diff with every line of the file removed, or delete the file another "
		    "way.",
		    pf->path, st->im.n, st->im.n == 1 ? "" : "s");
		return 0;
	}
	/* the content the reply expects to delete must be there: a wrong name must not delete
	   the wrong file */
	for (i = 0; i < pf->op->nedits; i++) {
		sm_image scratch;
		int rc;
		if (sm_image_copy(&scratch, &st->im))
			return SEAM_ENOMEM;
		{
			sm_image keep = st->im;
			st->im = scratch;
			rc = sm_plan_update_edit(p, pf, st, &pf->op->edits[i], &pf->edits[i]);
			sm_image_dispose(&st->im);
			st->im = keep;
		}
		if (rc)
			return rc;
		if (pf->edits[i].status == SEAM_STATUS_ALREADY_APPLIED)
			pf->edits[i].status = SEAM_STATUS_APPLIED;
	}
	st->exists = 0;
	return 0;
}
