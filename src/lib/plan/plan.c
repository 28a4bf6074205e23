/*
 * The plan: every file operation of the reply resolved, read, and carried out on an in-memory
 * image, in reply order (a later edit sees what an earlier one did, as a model writing them in
 * sequence expects). Nothing touches the tree until seam_plan_commit, and that writes all files
 * or none.
 */
#include "plan.h"
#include "plan_trust.h"
#include "plan_entity.h"
#include "../match/prep.h"
#include "../match/lazy.h"
#include "../match/image_runs.h"
#include "report.h"
#include "../core/session.h"
#include "../syntax/syntax.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <string.h>

/* git's rule for "binary": a NUL byte in the first 8000 bytes. */
#define BINARY_SNIFF 8000

/* A step of planning a file operation ends in 0 (go on), a SEAM_E* code, or SETTLED: the
 * operation failed or was skipped, its status and message say why, and nothing more is done
 * with it. */
enum { SETTLED = 1 };

/*
 * The state of a path, found through p->sindex: a reply may touch thousands of files (a scan
 * over the states took 0.23 s for 10,000 created files, two thirds of it in strcmp). The
 * path's hash is mixed with a seed of the plan's own (its address) and finalised, so that
 * paths written to share the table's low bits do not share them here.
 */
static size_t state_slot(const seam_plan *p, const char *path)
{
	uint64_t h = sm_text_hash(path, strlen(path), SM_LVL_EXACT) ^ p->sseed;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return (size_t)h & (p->sindex_cap - 1);
}

/* Rebuilds the index at twice the size. SEAM_ENOMEM when out of memory. */
static int sindex_grow(seam_plan *p)
{
	size_t cap = p->sindex_cap ? p->sindex_cap * 2 : 64, i, j;
	size_t *t = sm_calloc(cap, sizeof(*t));

	if (!t)
		return SEAM_ENOMEM;
	sm_free(p->sindex);
	p->sindex = t;
	p->sindex_cap = cap;
	for (i = 0; i < p->nstates; i++) {
		for (j = state_slot(p, p->states[i].path); t[j]; j = (j + 1) & (cap - 1))
			;
		t[j] = i + 1;
	}
	return 0;
}

static sm_pstate *state_for(seam_plan *p, const char *path, size_t *idx, int *fresh)
{
	size_t j;
	sm_pstate *st;

	*fresh = 0;
	if ((p->nstates + 1) * 2 > p->sindex_cap && sindex_grow(p))
		return NULL;
	for (j = state_slot(p, path); p->sindex[j]; j = (j + 1) & (p->sindex_cap - 1))
		if (!strcmp(p->states[p->sindex[j] - 1].path, path)) {
			*idx = p->sindex[j] - 1;
			return &p->states[*idx];
		}
	if (sm_grow((void **)&p->states, &p->scap, p->nstates + 1, sizeof(*p->states)))
		return NULL;
	st = &p->states[p->nstates];
	memset(st, 0, sizeof(*st));
	st->path = sm_strdup(path);
	if (!st->path)
		return NULL;
	*idx = p->nstates++;
	p->sindex[j] = *idx + 1;
	*fresh = 1;
	return st;
}

/* Reads the file behind a new state. Returns a status (APPLIED = fine) and fills msg. */
static int load_state(seam_plan *p, sm_pstate *st, sm_buf *msg)
{
	int rc = sm_tree_read(p->t, st->path, p->s->opts.max_file_bytes, &st->data, &st->len,
			      &st->st, msg);
	if (rc == SEAM_ELIMIT)
		return SEAM_STATUS_TOO_LARGE;
	if (rc == SEAM_ENOMEM)
		return SEAM_ENOMEM;
	if (rc)
		return SEAM_STATUS_IO_ERROR;
	st->exists = st->st.exists;
	if (st->data && memchr(st->data, '\0', st->len < BINARY_SNIFF ? st->len : BINARY_SNIFF)) {
		sm_buf_puts(msg, "this is a binary file; seam edits text files only");
		return SEAM_STATUS_BINARY;
	}
	if (sm_image_load(&st->im, st->data ? st->data : "", st->data ? st->len : 0))
		return SEAM_ENOMEM;
	return SEAM_STATUS_APPLIED;
}

/* 1 when some edit has a non-blank old line: the file must exist (an old side of blank lines
 * only creates or appends, see prep.c). Copied lines and numbered ranges count too. */
static int has_old_lines(const sm_fileop *op)
{
	size_t i, k;
	for (i = 0; i < op->nedits; i++) {
		/* numbered lines name old lines without writing them */
		if (op->edits[i].kind == SM_KIND_LINES && op->edits[i].hint_len)
			return 1;
		for (k = 0; k < op->edits[i].nlines; k++) {
			const sm_hline *hl = &op->edits[i].lines[k];
			if (hl->kind != SM_HL_ADD && !sm_text_is_blank(hl->text.p, hl->text.n))
				return 1;
		}
	}
	return 0;
}

/* The file lines a tolerant place took on trust (plan_trust.c), against the edit's text as it
 * was planned (as written when the file said its entities were not to be decoded). */
static int trust_note(sm_pstate *st, sm_pedit *pe, const sm_edit *e)
{
	sm_edit lit;
	int rc;

	if (!st->line_at && sm_trust_line_starts(st->data, st->len, &st->line_at, &st->nline_at))
		return SEAM_ENOMEM;
	if (!pe->literal || !e->literal)
		return sm_trust_note(st->data, st->len, st->line_at, st->nline_at, pe->start_line,
				     pe->end_line, e, &pe->message);
	if (sm_entity_literal(e, &lit))
		return SEAM_ENOMEM;
	rc = sm_trust_note(st->data, st->len, st->line_at, st->nline_at, pe->start_line,
			   pe->end_line, &lit, &pe->message);
	sm_free(lit.lines);
	return rc;
}

/*
 * --strict (SEAM_FLAG_STRICT): a place found past the whitespace tier is refused, as git apply
 * refuses a hunk whose lines differ from the file's. The tiers themselves are unchanged: the
 * check is on the tier that found the place. SEAM_ENOMEM when out of memory.
 */
static int strict_refuse(sm_pedit *pe)
{
	sm_buf msg = SM_BUF_INIT;

	if (pe->status != SEAM_STATUS_APPLIED || pe->tier <= SM_TIER_WS)
		return 0;
	sm_buf_printf(&msg, "The old text is not in the file as written: only the %s tier finds "
			    "it (lines %ld-%ld), and --strict takes exact places only (whitespace "
			    "aside), as git apply does. Make the diff again from the file as it is.\n",
		      pe->strategy ? pe->strategy : "tolerant", pe->start_line, pe->end_line);
	/* the lines it differs at (sm_plan_trust_note) come after */
	if (pe->message)
		sm_buf_puts(&msg, pe->message);
	if (sm_buf_failed(&msg))
		return SEAM_ENOMEM;
	pe->status = SEAM_STATUS_NO_MATCH;
	sm_free(pe->message);
	pe->message = sm_buf_detach(&msg, NULL);
	return 0;
}

/*
 * A whole file much shorter than the file it replaces is what a model that left code out
 * writes; the laziness guard catches the placeholders it leaves, not a silent cut. Applied
 * (a real rewrite may shrink a file), but said: SEAM_ENOMEM when out of memory.
 */
static int shrink_note(sm_pfile *pf, const sm_pstate *st)
{
	long before = st->norig ? st->norig - 1 : 0;
	size_t i, after = 0;

	if (pf->status != SEAM_STATUS_APPLIED || !st->data || !st->exists)
		return 0;
	if (!before) {
		for (i = 0; i < st->len; i++)
			before += st->data[i] == '\n';
		if (st->len && st->data[st->len - 1] != '\n')
			before++;
	}
	after = st->im.n;
	if (before < SM_SHRINK_MIN_LINES || (size_t)before <= 2 * after)
		return 0;
	sm_buf_printf(&pf->msg, "%sthe whole file given has %zu line%s where the file had %ld: "
				"more than half of it is gone; check that nothing was left out",
		      pf->msg.len ? "; " : "", after, after == 1 ? "" : "s", before);
	return sm_buf_failed(&pf->msg) ? SEAM_ENOMEM : 0;
}

static void skip_all(sm_pfile *pf)
{
	size_t i;
	for (i = 0; i < pf->op->nedits; i++)
		pf->edits[i].status = SEAM_STATUS_SKIPPED;
}

/*
 * Replaces the image with the '+' lines of the fileop's edits (create, whole); a copy_lines line
 * brings in the original lines it names, byte for byte. Returns 0, SEAM_ENOMEM when out of
 * memory, or NO_COPY when a copy cannot be made (why says so; the image is unchanged). The old
 * image goes to *old when old is not NULL (moved, not copied: a second table of the file's lines
 * is issue 12's memory bound's largest term on a whole file), else it is freed.
 */
enum { NO_COPY = 1 };
static int set_content(seam_plan *p, sm_pstate *st, const sm_pfile *pf, int keep_style,
		       sm_buf *why, sm_image *old)
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
						       "whole-file listing", pf->path, e->reply_line)) {
					sm_image_dispose(&im);
					return NO_COPY;
				}
				for (o = a; o < b; o++)
					if (sm_image_splice(&im, im.n, 0,
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
	if (whole ? sm_lazy_guard_whole(&me, sm_lang_for_path(pf->path), sm_plan_lazy_mode(p), &lz)
		  : sm_lazy_guard(&me, sm_lang_for_path(pf->path), before, sm_plan_lazy_mode(p),
				  &lz))
		goto out;
	if (lz.refused) {
		/* every old line of this edit is a line of the file, in order */
		size_t o0 = sm_lazy_old_index(&me, lz.hit.del0), o1 = sm_lazy_old_index(&me, lz.hit.del1);
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
static int do_whole(seam_plan *p, sm_pfile *pf, sm_pstate *st)
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
	pe->strategy = !st->exists ? "create" : expanded ? sm_lazy_strategy("whole-file")
							 : "whole-file";
	pe->start_line = 1;
	pe->end_line = (long)st->im.n;
	st->exists = 1;
	sm_image_dispose(&before);
	return 0;
}

static int do_create(seam_plan *p, sm_pfile *pf, sm_pstate *st)
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
		sm_buf_printf(&pf->msg, "%s already exists (%zu lines), and the reply creates it with "
					"other content. Send an edit of its content instead.",
			      pf->path, st->im.n);
		skip_all(pf);
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

static int do_delete(seam_plan *p, sm_pfile *pf, sm_pstate *st)
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
		sm_buf_printf(&pf->msg,
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

/* The state of op->move_to, where a move or a copy writes (verb names it in messages):
 * resolved and read. 0 with *idx set; SETTLED when pf failed (status and message set); SEAM_ENOMEM
 * when out of memory. The states array may move: callers take their pointers again after it. */
static int target_state(seam_plan *p, sm_pfile *pf, const char *verb, size_t *idx)
{
	const sm_fileop *op = pf->op;
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	char *path = NULL;
	sm_pstate *to;
	int rc, fresh;

	rc = sm_tree_resolve(p->t, op->move_to, strlen(op->move_to), 0, p->s->opts.flags, &path,
			     &note, &why);
	sm_buf_dispose(&note);
	if (rc < 0) {
		sm_buf_dispose(&why);
		return rc;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		pf->status = rc;
		sm_buf_printf(&pf->msg, "cannot %s to %s: %s", verb, op->move_to,
			      why.ptr ? why.ptr : "");
		sm_buf_dispose(&why);
		return SETTLED;
	}
	to = state_for(p, path, idx, &fresh);
	sm_free(path);
	if (!to) {
		sm_buf_dispose(&why);
		return SEAM_ENOMEM;
	}
	if (fresh && (rc = load_state(p, to, &why)) != SEAM_STATUS_APPLIED) {
		sm_buf_dispose(&why);
		if (rc < 0)
			return rc;
		pf->status = rc;
		return SETTLED;
	}
	sm_buf_dispose(&why);
	return 0;
}

/* git's copy: the file's content before the reply goes to op->move_to, which must not exist
 * yet, and the edits of pf are made there (pf->path and pf->state become the copy's: the
 * report shows the file written); the source is left as it is. 0 when the edits are to be
 * tried, SETTLED when pf failed, SEAM_ENOMEM when out of memory. */
static int open_copy(seam_plan *p, sm_pfile *pf)
{
	const sm_fileop *op = pf->op;
	char *path;
	sm_pstate *src, *to;
	size_t idx, srcidx = pf->state;
	int rc;

	if (!p->states[srcidx].data) {
		pf->status = SEAM_STATUS_NOT_FOUND;
		sm_buf_printf(&pf->msg, "cannot copy %s to %s: %s does not exist", pf->path,
			      op->move_to, pf->path);
		skip_all(pf);
		return SETTLED;
	}
	rc = target_state(p, pf, "copy", &idx);
	if (rc) {
		if (rc == SETTLED)
			skip_all(pf);
		return rc;
	}
	src = &p->states[srcidx];
	to = &p->states[idx];
	if (to->exists) {
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg, "cannot copy %s to %s: that file exists", pf->path, to->path);
		skip_all(pf);
		return SETTLED;
	}
	/* git copies the file as it was before the diff, whatever the diff does to it */
	sm_image_dispose(&to->im);
	if (sm_image_load(&to->im, src->data, src->len))
		return SEAM_ENOMEM;
	to->exists = 1;
	to->from = srcidx + 1;
	to->copied = 1;
	if (!to->mode)
		to->mode = (src->st.mode & 0111) ? SM_MODE_EXEC : SM_MODE_PLAIN;
	/* from here on the operation is the copy's: its path, its content */
	sm_buf_printf(&pf->msg, "%scopied from %s", pf->msg.len ? "; " : "", pf->path);
	path = sm_strdup(to->path);
	if (!path)
		return SEAM_ENOMEM;
	sm_free(pf->path);
	pf->path = path;
	pf->state = idx;
	return 0;
}

int sm_plan_mode_changes(const sm_pstate *st)
{
	if (!st->mode || !st->exists)
		return 0;
	if (!st->st.exists)
		return st->mode == SM_MODE_EXEC;
	return (st->mode == SM_MODE_EXEC) != ((st->st.mode & 0100) != 0);
}

int sm_plan_seen_overlap(sm_pfile *pf, size_t j, long first, long last)
{
	size_t i, k;
	const sm_fileop *op = pf->op;
	sm_pedit *b = &pf->edits[j];

	/* only the earlier edits with evidence or absorbed lines can be named */
	if (sm_plan_earlier(pf, j))
		return SEAM_ENOMEM;
	for (k = 0; k < pf->nmarked; k++) {
		sm_pedit *a = &pf->edits[i = pf->marked[k]];
		sm_buf msg = SM_BUF_INIT;
		long f0 = a->seen_first, f1 = a->seen_last;
		if (a->status == SEAM_STATUS_APPLIED && a->wide_first && a->wide_first <= last &&
		    first <= a->wide_last) {
			f0 = a->wide_first;
			f1 = a->wide_last;
		} else if (!f0 || f1 < first || last < f0 ||
			   (a->status != SEAM_STATUS_ALREADY_APPLIED &&
			    a->status != SEAM_STATUS_APPLIED)) {
			continue;
		}
		if (a->status == SEAM_STATUS_ALREADY_APPLIED)
			sm_buf_printf(&msg, "The edit at reply line %ld changes lines %ld-%ld, the lines "
					    "that made the edit at reply line %ld look already applied "
					    "(its new text stands at lines %ld-%ld). One of the two is "
					    "meant for other lines: send them again with more unchanged "
					    "lines around each.\n",
				      op->edits[j].reply_line, first, last, op->edits[i].reply_line,
				      f0, f1);
		else
			sm_buf_printf(&msg, "The edit at reply line %ld changes lines %ld-%ld, which the "
					    "edit at reply line %ld repeats as its own new text (lines "
					    "%ld-%ld, written once). Send one edit for those lines, or "
					    "leave them out of the other's new text.\n",
				      op->edits[j].reply_line, first, last, op->edits[i].reply_line,
				      f0, f1);
		if (sm_buf_failed(&msg))
			return SEAM_ENOMEM;
		b->status = SEAM_STATUS_OVERLAP;
		sm_free(b->message);
		b->message = sm_buf_detach(&msg, NULL);
		break;
	}
	return 0;
}

/* "*** Move to": the edited content goes to the new path, which must not exist yet. */
static int do_move(seam_plan *p, sm_pfile *pf, size_t src)
{
	sm_pstate *to;
	size_t idx;
	int rc = target_state(p, pf, "move", &idx);

	if (rc)
		return rc < 0 ? rc : 0;
	to = &p->states[idx];
	if (idx != src && to->exists) {
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg, "cannot move %s to %s: that file exists", pf->path, to->path);
		return 0;
	}
	if (idx == src)
		return 0;
	sm_image_dispose(&to->im);
	if (sm_image_copy(&to->im, &p->states[src].im))
		return SEAM_ENOMEM;
	to->exists = 1;
	to->from = src + 1;
	to->copied = 0;
	/* the file keeps its mode under its new name */
	if (!to->mode)
		to->mode = p->states[src].mode ? p->states[src].mode
			   : (p->states[src].st.mode & 0111) ? SM_MODE_EXEC
							    : SM_MODE_PLAIN;
	p->states[src].exists = 0;
	sm_buf_printf(&pf->msg, "%smoved to %s", pf->msg.len ? "; " : "", to->path);
	return 0;
}

/*
 * Resolves and reads the file of pf. Returns a negative SEAM_E* code on failure (SEAM_ENOMEM
 * when out of memory), SETTLED when every edit of pf has its status already (the file failed, or a
 * delete found nothing to delete), 0 when the edits are to be tried on p->states[pf->state].
 */
static int open_file(seam_plan *p, sm_pfile *pf)
{
	const sm_fileop *op = pf->op;
	/* (a whole file's only non-'+' lines are copy_lines lines, which copy from the file) */
	int must_exist = ((op->op == SEAM_OP_UPDATE || op->op == SEAM_OP_WHOLE) && has_old_lines(op)) ||
			 (op->op == SEAM_OP_DELETE && op->nedits);
	sm_buf note = SM_BUF_INIT;
	sm_pstate *st;
	size_t i;
	int rc, fresh;

	/* a file written whole (or appended to) under a name an existing file has but for case
	   or Unicode form is that file, as an edit block would find it; a deletion with no
	   content names its file exactly */
	if (!must_exist && op->op != SEAM_OP_DELETE)
		must_exist = SM_RESOLVE_SAME;
	rc = sm_tree_resolve(p->t, op->path, strlen(op->path), must_exist, p->s->opts.flags,
			     &pf->path, &note, &pf->msg);
	if (rc < 0) {
		sm_buf_dispose(&note);
		return rc;
	}
	if (rc == SEAM_STATUS_NOT_FOUND && op->op == SEAM_OP_DELETE) {
		sm_buf_dispose(&note);
		for (i = 0; i < op->nedits; i++) {
			pf->edits[i].status = SEAM_STATUS_ALREADY_APPLIED;
			pf->edits[i].strategy = "already-applied";
		}
		pf->status = SEAM_STATUS_APPLIED;
		return SETTLED;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		sm_buf_dispose(&note);
		pf->status = rc;
		if (rc == SEAM_STATUS_NOT_FOUND && !pf->msg.len)
			sm_buf_printf(&pf->msg, "%s does not exist in the tree", op->path);
		skip_all(pf);
		return SETTLED;
	}
	/* what the parser read but seam cannot carry out (a binary patch, a symbolic link):
	   refused once the path is known to be one */
	if (op->refuse) {
		sm_buf_dispose(&note);
		pf->status = op->refuse_status;
		sm_buf_clear(&pf->msg);
		sm_buf_printf(&pf->msg, "%s: %s", pf->path, op->refuse);
		skip_all(pf);
		return SETTLED;
	}
	if (note.len)
		sm_buf_put(&pf->msg, note.ptr, note.len);
	sm_buf_dispose(&note);
	st = state_for(p, pf->path, &pf->state, &fresh);
	if (!st)
		return SEAM_ENOMEM;
	if (fresh) {
		sm_buf why = SM_BUF_INIT;
		rc = load_state(p, st, &why);
		if (rc < 0) {
			sm_buf_dispose(&why);
			return rc;
		}
		if (rc != SEAM_STATUS_APPLIED) {
			st->failed = 1;
			pf->status = rc;
			sm_buf_clear(&pf->msg);
			sm_buf_put(&pf->msg, why.ptr ? why.ptr : "", why.len);
			sm_buf_dispose(&why);
			skip_all(pf);
			return SETTLED;
		}
		sm_buf_dispose(&why);
	} else if (st->failed && !st->im.v && !st->exists && st->data) {
		pf->status = SEAM_STATUS_SKIPPED;
		skip_all(pf);
		return SETTLED;
	}
	return 0;
}

int sm_plan_step(seam_plan *p, size_t i)
{
	sm_pfile *pf = &p->files[i];
	const sm_fileop *op = pf->op;
	size_t k, from = pf->done;
	sm_pstate *st;
	int rc;

	if (pf->opened && from >= op->nedits)
		return 0;
	pf->done = op->nedits;
	if (!pf->opened) {
		pf->opened = 1;
		rc = open_file(p, pf);
		if (rc)
			return rc < 0 ? rc : 0;
		if (op->copy && (rc = open_copy(p, pf)) != 0)
			return rc < 0 ? rc : 0;
		st = &p->states[pf->state];
		if (op->mode)
			st->mode = op->mode;
		switch (op->op) {
		case SEAM_OP_CREATE:
			return do_create(p, pf, st);
		case SEAM_OP_WHOLE:
			if (!op->nedits)
				return 0;
			if ((rc = do_whole(p, pf, st)) != 0)
				return rc;
			return shrink_note(pf, st);
		case SEAM_OP_DELETE:
			return do_delete(p, pf, st);
		default:
			break;
		}
		/* a rename, a copy or a mode change of a file that is not there is git's "No such
		   file", not the creation of an empty file under the new name */
		if (!st->exists && (has_old_lines(op) || op->move_to || op->mode)) {
			pf->status = SEAM_STATUS_NOT_FOUND;
			sm_buf_printf(&pf->msg, "%s does not exist", pf->path);
			skip_all(pf);
			return 0;
		}
	} else if (pf->status != SEAM_STATUS_APPLIED || op->op != SEAM_OP_UPDATE) {
		/* the file failed, or its operation was carried out whole: nothing more is tried */
		for (k = from; k < op->nedits; k++)
			pf->edits[k].status = SEAM_STATUS_SKIPPED;
		return 0;
	}
	st = &p->states[pf->state];
	for (k = from; k < op->nedits; k++) {
		sm_pedit *pe = &pf->edits[k];
		if (sm_plan_update_edit(p, pf, st, &op->edits[k], pe))
			goto oom;
		if (pe->status == SEAM_STATUS_APPLIED && pe->tier > SM_TIER_WS && st->data &&
		    trust_note(st, pe, &op->edits[k]))
			goto oom;
		if ((p->s->opts.flags & SEAM_FLAG_STRICT) && strict_refuse(pe) < 0)
			goto oom;
		if ((op->edits[k].flags & (SM_EDIT_NUMBERED | SM_EDIT_ORIGINAL)) &&
		    pe->status == SEAM_STATUS_APPLIED &&
		    pe->start_line && sm_plan_overlap(pf, k, pe->start_line, pe->end_line))
			goto oom;
		/* an earlier edit looked applied from lines this one rewrites: judged against
		   a file this edit changes, it may belong elsewhere */
		if (pe->status == SEAM_STATUS_APPLIED && pe->start_line &&
		    sm_plan_seen_overlap(pf, k, pe->start_line, pe->end_line))
			goto oom;
	}
	st->exists = 1;
	return 0;
oom:
	return SEAM_ENOMEM;
}

int sm_plan_file_opened(const seam_plan *p, size_t i)
{
	return i < p->nfiles && p->files[i].opened;
}

int sm_plan_file_creates(const seam_plan *p, size_t i)
{
	const sm_pfile *pf = i < p->nfiles ? &p->files[i] : NULL;

	return pf && pf->op->op == SEAM_OP_UPDATE && pf->state != SM_NOSTATE &&
	       !p->states[pf->state].data;
}

int sm_plan_close(seam_plan *p, size_t i)
{
	sm_pfile *pf = &p->files[i];

	if (!pf->opened || pf->op->op != SEAM_OP_UPDATE || pf->status != SEAM_STATUS_APPLIED ||
	    !pf->op->move_to || pf->op->copy || pf->state == SM_NOSTATE)
		return 0;
	return do_move(p, pf, pf->state);
}

static void settle(seam_plan *p)
{
	size_t i, j;

	p->ok = 1;
	for (i = 0; i < p->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		if (pf->status == SEAM_STATUS_APPLIED)
			for (j = 0; j < pf->op->nedits; j++) {
				seam_status_t s = pf->edits[j].status;
				if (s != SEAM_STATUS_APPLIED && s != SEAM_STATUS_ALREADY_APPLIED) {
					pf->status = s;
					break;
				}
			}
		if (pf->status != SEAM_STATUS_APPLIED) {
			p->ok = 0;
			if (pf->state != SM_NOSTATE)
				p->states[pf->state].failed = 1;
		}
	}
}

/* 1 when most lines of the existing files the plan read end in CR LF: new files follow the
 * project's files (a Windows checkout), not the reply, which is always LF. */
static int project_crlf(const seam_plan *p)
{
	size_t i, k, crlf = 0, all = 0;
	for (i = 0; i < p->nstates; i++) {
		const sm_pstate *st = &p->states[i];
		const char *d = st->data;
		if (!d)
			continue;
		for (k = 0; k < st->len; k++)
			if (d[k] == '\n') {
				all++;
				crlf += k > 0 && d[k - 1] == '\r';
			}
	}
	return all && crlf * 2 > all;
}

/* The runs of st's rendering (image_runs.h), in the file read and the reply. */
static int runs_of(const seam_plan *p, const sm_pstate *st, sm_runs *runs)
{
	sm_span reg[2];
	size_t nreg = 0;

	if (st->data) {
		reg[nreg].p = st->data;
		reg[nreg++].n = st->len;
	}
	if (p->r && p->r->text) {
		reg[nreg].p = p->r->text;
		reg[nreg++].n = p->r->len;
	}
	return sm_image_runs(&st->im, reg, nreg, runs);
}

/* 1 when st's rendering (its runs) differs from the file read, or its mode changes. */
static int differs(const sm_pstate *st, const sm_runs *runs)
{
	return !st->data || !sm_runs_equal(runs, st->data, st->len) || sm_plan_mode_changes(st);
}

/* Renders st's image (runs: its runs, disposed here) into st->out. The image goes first when
 * nothing reads it afterwards and its runs take less room than its table: the table, the file
 * read and the result are then never held at once (issue 12's memory bound; the table alone
 * is 48 bytes a line). */
static int render_into(seam_plan *p, sm_pstate *st, sm_runs *runs)
{
	int rc;

	sm_free(st->out);
	st->out = NULL;
	if (!sm_syntax_reads_image(p, st, runs->bytes) &&
	    runs->n * sizeof(*runs->v) < st->im.cap * sizeof(*st->im.v))
		sm_image_dispose(&st->im);
	rc = sm_runs_join(runs, &st->out, &st->outlen);
	sm_runs_dispose(runs);
	return rc;
}

static int render_states(seam_plan *p)
{
	size_t i, k;
	int crlf = -1; /* project_crlf, a pass over every file read: only for a file made */

	for (i = 0; i < p->nstates; i++) {
		sm_pstate *st = &p->states[i];
		sm_runs runs;
		if (!st->exists) {
			st->changed = st->data != NULL;
			continue;
		}
		if (!st->data && crlf < 0)
			crlf = project_crlf(p);
		if (!st->data && crlf) {
			st->im.crlf = 1;
			for (k = 0; k < st->im.n; k++)
				sm_ln(&st->im, k)->crlf = 1;
		}
		/* the line index only speeds up searches: planned, its memory goes before the
		   result's bytes are made (a later search makes it again) */
		sm_image_drop_index(&st->im);
		/* the end settled before the result is made (once: the image may go with it) */
		if (runs_of(p, st, &runs))
			return SEAM_ENOMEM;
		st->changed = differs(st, &runs);
		/* a changed file ends with a newline unless a diff said otherwise (seam.h); with
		   KEEP_NO_EOL one that lacked it keeps lacking it, whatever the REPLACE text ends
		   with. A unified diff whose hunks all stay away from the last line says nothing
		   about it: the lack stays, as patch and git apply leave it (and as the commits of
		   diff replies in the corpus of real sessions do) */
		if (st->changed && !st->im.eol_said && st->im.n &&
		    !(p->r && p->r->format == SEAM_FORMAT_UDIFF && !st->im.end_edited)) {
			int eol = st->im.final_eol;
			if (p->s->opts.flags & SEAM_FLAG_KEEP_NO_EOL) {
				if (st->im.final_eol && st->data && st->len &&
				    st->data[st->len - 1] != '\n')
					st->im.final_eol = 0;
			} else {
				st->im.final_eol = 1;
			}
			if (st->im.final_eol != eol) {
				sm_runs_dispose(&runs);
				if (runs_of(p, st, &runs))
					return SEAM_ENOMEM;
				if (p->s->opts.flags & SEAM_FLAG_KEEP_NO_EOL)
					st->changed = differs(st, &runs);
			}
		}
		if (render_into(p, st, &runs))
			return SEAM_ENOMEM;
	}
	return 0;
}

/* The report lists every mode the reply changes, as git's summary does. SEAM_ENOMEM when out of
 * memory. */
static int note_modes(seam_plan *p)
{
	size_t i;

	for (i = 0; i < p->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		const sm_pstate *st = pf->state != SM_NOSTATE ? &p->states[pf->state] : NULL;
		if (pf->status != SEAM_STATUS_APPLIED || !st || !pf->op->mode ||
		    !sm_plan_mode_changes(st))
			continue;
		sm_buf_printf(&pf->msg, "%smode %s: %s", pf->msg.len ? "; " : "",
			      st->mode == SM_MODE_EXEC ? "100755" : "100644",
			      st->mode == SM_MODE_EXEC ? "executable" : "not executable");
		if (sm_buf_failed(&pf->msg))
			return SEAM_ENOMEM;
	}
	return 0;
}

void seam_plan_free(seam_plan *p)
{
	size_t i, j;

	if (!p)
		return;
	for (i = 0; i < p->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		for (j = 0; j < pf->ecap; j++)
			sm_free(pf->edits[j].message);
		sm_free(pf->edits);
		sm_plan_earlier_free(pf);
		sm_free(pf->path);
		sm_buf_dispose(&pf->msg);
	}
	sm_free(p->files);
	for (i = 0; i < p->nstates; i++) {
		sm_free(p->states[i].path);
		sm_free(p->states[i].data);
		sm_free(p->states[i].line_at);
		sm_free(p->states[i].out);
		sm_image_dispose(&p->states[i].im);
	}
	sm_free(p->states);
	sm_free(p->sindex);
	sm_pool_dispose(&p->pool);
	sm_syntax_parser_free(p->parser);
	sm_free(p);
}

int sm_plan_sync(seam_plan *p)
{
	const seam_reply *r = p->r;
	size_t i;

	if (r->nfiles > p->fcap) {
		if (sm_grow((void **)&p->files, &p->fcap, r->nfiles, sizeof(*p->files)))
			return SEAM_ENOMEM;
		memset(p->files + p->nfiles, 0, (p->fcap - p->nfiles) * sizeof(*p->files));
	}
	for (i = p->nfiles; i < r->nfiles; i++) {
		p->files[i].state = SM_NOSTATE;
		p->files[i].status = SEAM_STATUS_APPLIED;
	}
	p->nfiles = r->nfiles;
	for (i = 0; i < r->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		size_t old = pf->ecap;
		pf->op = &r->files[i];
		if (pf->op->nedits <= old)
			continue;
		if (sm_grow((void **)&pf->edits, &pf->ecap, pf->op->nedits, sizeof(*pf->edits)))
			return SEAM_ENOMEM;
		memset(pf->edits + old, 0, (pf->ecap - old) * sizeof(*pf->edits));
	}
	return 0;
}

int sm_plan_begin(seam_plan **out, seam_session *s, const seam_reply *r, seam_tree *t)
{
	seam_plan *p = sm_calloc(1, sizeof(*p));

	*out = NULL;
	if (!p)
		return SEAM_ENOMEM;
	p->s = s;
	p->r = r;
	p->t = t;
	p->sseed = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
	sm_ladder_budget(&p->fuzzy, s->opts.max_fuzzy_ms);
	if (sm_plan_sync(p)) {
		seam_plan_free(p);
		return SEAM_ENOMEM;
	}
	*out = p;
	return 0;
}

int seam_plan_new(seam_plan **out, seam_session *s, const seam_reply *r, seam_tree *t)
{
	seam_plan *p;
	size_t i;
	int rc;

	if (!out || !s || !r || !t)
		return s ? sm_fail(s, SEAM_EUSAGE, "seam_plan_new: a NULL argument") : SEAM_EUSAGE;
	*out = NULL;
	if ((rc = sm_plan_begin(&p, s, r, t)) != 0)
		return sm_fail_code(s, rc);
	for (i = 0; i < r->nfiles; i++)
		if ((rc = sm_plan_step(p, i)) != 0 || (rc = sm_plan_close(p, i)) != 0)
			goto fail;
	settle(p);
	if ((rc = render_states(p)) != 0 || (rc = sm_syntax_check_plan(p)) != 0 ||
	    (rc = note_modes(p)) != 0)
		goto fail;
	rc = SEAM_ENOMEM;
	for (i = 0; i < p->nfiles; i++)
		if (sm_buf_failed(&p->files[i].msg))
			goto fail;
	*out = p;
	if (!p->ok)
		return sm_fail_code(s, SEAM_EFAIL);
	return SEAM_OK;
fail:
	seam_plan_free(p);
	return sm_fail_code(s, rc < 0 ? rc : SEAM_ERROR);
}
