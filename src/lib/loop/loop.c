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
#include "loop_impl.h"
#include "../tree/tree.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <jansson.h>
#include <string.h>

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
		if (!files[i] || (rc = sm_loop_bring(l, files[i], 1, 1, NULL)))
			goto fail_rc;
	if (sm_prompt_build(&b, l->pr) || (rc = sm_loop_add_msg(l, "system", &b)))
		goto oom;
	for (i = 0; i < l->nfiles; i++) {
		if (!i)
			sm_buf_puts(&b, "The files:\n\n");
		if (!strcmp(l->pr->name, "snippet")) {
			if ((rc = sm_loop_put_windows(l, &b, l->files[i].path, instruction)))
				goto fail;
		} else {
			sm_loop_put_current(l, &b, l->files[i].path);
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
	if ((rc = sm_loop_add_msg(l, "user", &b)))
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
	if ((rc = sm_loop_add_msg(l, "assistant", &b)))
		return sm_loop_fail_state(l, rc);

	if (l->quoting) {
		rc = sm_loop_answer_quotes(l, reply ? reply : "", len);
		if (rc != 1)
			return rc;
	}
	rc = seam_reply_parse(&r, l->s, reply ? reply : "", len);
	if (rc == SEAM_OK && cut)
		dropped = sm_loop_drop_open(r);
	if (rc == SEAM_OK && !r->nfiles)
		rc = sm_fail(l->s, SEAM_EPARSE, "the reply was cut before its first complete edit");
	if (rc == SEAM_EPARSE || rc == SEAM_ELIMIT) {
		/* a reply with no edit is a failed round like any other: asked again, or the last
		 * one given up on; the call itself succeeded */
		sm_buf_printf(&l->feedback, "No edit could be read from your reply: %s\n",
			      seam_session_errmsg(l->s));
		seam_reply_free(r); /* the cut reply read with no complete edit */
		rc = SEAM_OK;
	} else if (rc) {
		seam_reply_free(r);
		return sm_loop_fail_state(l, rc);
	} else {
		if ((rc = sm_loop_bring_named(l, r)) != SEAM_OK && rc != SEAM_ELIMIT) {
			seam_reply_free(r);
			return sm_loop_fail_state(l, rc);
		}
		rc = seam_plan_new(&p, l->s, r, l->mem);
		if (rc == SEAM_OK && !cut) {
			rc = seam_plan_commit(p);
			seam_plan_free(p);
			seam_reply_free(r);
			sm_tree_forget_names(l->mem);
			if (rc)
				return sm_loop_fail_state(l, rc);
			l->state = SEAM_LOOP_DONE;
			return SEAM_OK;
		}
		if (rc != SEAM_OK && rc != SEAM_EFAIL) {
			seam_reply_free(r);
			return sm_loop_fail_state(l, rc);
		}
		if (rc == SEAM_EFAIL) {
			if (seam_plan_render(p, SEAM_RENDER_FEEDBACK, &fb, NULL) ||
			    sm_loop_failed_paths(p, &paths, &npaths)) {
				seam_plan_free(p);
				seam_reply_free(r);
				sm_free(fb);
				return sm_loop_fail_state(l, SEAM_ENOMEM);
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
		rc = sm_loop_keep_applied(l, r, p);
		seam_reply_free(r);
		if (rc) {
			for (i = 0; i < npaths; i++)
				sm_free(paths[i]);
			sm_free(paths);
			return sm_loop_fail_state(l, rc);
		}
	}
	if (sm_buf_failed(&l->feedback))
		return sm_loop_fail_state(l, SEAM_ENOMEM);
	if (l->rounds - l->located >= l->max_rounds) {
		l->state = SEAM_LOOP_GAVE_UP;
	} else {
		sm_buf_puts(&b, l->feedback.ptr ? l->feedback.ptr : "");
		sm_buf_puts(&b, "\nThe edits that applied are kept: do not send them again. Send only "
				"the failed edits, corrected, in the same format, against the files as "
				"they are now:\n");
		for (i = 0; i < npaths; i++) {
			sm_buf_putc(&b, '\n');
			sm_loop_put_current(l, &b, paths[i]);
		}
		rc = sm_loop_add_msg(l, "user", &b);
	}
	for (i = 0; i < npaths; i++)
		sm_free(paths[i]);
	sm_free(paths);
	return rc ? sm_loop_fail_state(l, rc) : SEAM_OK;
}
