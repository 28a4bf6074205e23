/* The snippet flow of the loop: large files shown in windows, and the quoting step answered
 * with the exact regions (seam_locate). */
#include "loop_impl.h"
#include "quotes.h"
#include "window.h"
#include "../tree/tree.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <string.h>

/*
 * A file shown for the snippet flow: whole when small, else the windows around what the
 * instruction names (the model quotes from them; seam finds the quotes in the whole file).
 */
int sm_loop_put_windows(seam_loop *l, sm_buf *b, const char *path, const char *instruction)
{
	size_t len = 0, off = 0;
	const char *data = seam_tree_get(l->mem, path, &len);
	sm_window *w = NULL;
	long nw, k, no = 1;

	if (!data) {
		sm_loop_put_current(l, b, path);
		return SEAM_OK;
	}
	nw = sm_loop_windows(instruction, data, len, &w);
	if (nw < 0)
		return SEAM_ENOMEM;
	if (!nw) {
		sm_loop_put_current(l, b, path);
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

/*
 * The quoting step of the snippet format: each quote of the reply is located in its file
 * (seam_locate) and the next request gives the exact regions, or why a quote was not found.
 * Returns 1 when the reply is no quoting reply (it holds pairs, or no quote: read it as edits),
 * else SEAM_OK or an error (state set).
 */
int sm_loop_answer_quotes(seam_loop *l, const char *text, size_t len)
{
	sm_quote *q = sm_calloc(SM_QUOTES_MAX, sizeof(*q));
	sm_buf b = SM_BUF_INIT;
	size_t n = 0, i, found = 0;
	int rc = SEAM_OK;

	if (!q)
		return sm_loop_fail_state(l, SEAM_ENOMEM);
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
		if ((rc = sm_loop_bring(l, q[i].path, 1, 0, NULL)))
			break;
		st = sm_tree_resolve(l->mem, q[i].path, strlen(q[i].path), 1,
				     l->s->opts.flags, &path, &note, &why);
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
		return sm_loop_fail_state(l, rc);
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
	rc = sm_loop_add_msg(l, "user", &b);
	return rc ? sm_loop_fail_state(l, rc) : SEAM_OK;
}
