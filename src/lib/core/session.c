#include "session.h"
#include "../../util/alloc.h"

#include <stdarg.h>
#include <string.h>

int seam_session_new(seam_session **out, const seam_options *opts)
{
	seam_session *s;

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (opts && opts->version != SEAM_OPTIONS_VERSION)
		return SEAM_EUSAGE;
	if (opts && (opts->format < SEAM_FORMAT_AUTO || opts->format >= SEAM_FORMAT_COUNT))
		return SEAM_EUSAGE;
	if (opts && (opts->syntax < SEAM_SYNTAX_CHECK || opts->syntax > SEAM_SYNTAX_OFF ||
		     (int)opts->lazy < (int)SEAM_LAZY_EXPAND || (int)opts->lazy > (int)SEAM_LAZY_ALLOW))
		return SEAM_EUSAGE;
	s = sm_calloc(1, sizeof(*s));
	if (!s)
		return SEAM_ENOMEM;
	if (opts)
		s->opts = *opts;
	else
		s->opts.version = SEAM_OPTIONS_VERSION;
	/* the caller's strings need not outlive the call */
	s->opts.path = s->opts.path ? sm_strdup(s->opts.path) : NULL;
	s->opts.strip_prefix = s->opts.strip_prefix ? sm_strdup(s->opts.strip_prefix) : NULL;
	if ((opts && opts->path && !s->opts.path) ||
	    (opts && opts->strip_prefix && !s->opts.strip_prefix)) {
		seam_session_free(s);
		return SEAM_ENOMEM;
	}
	if (!s->opts.max_reply_bytes)
		s->opts.max_reply_bytes = SM_DEFAULT_MAX_REPLY_BYTES;
	if (!s->opts.max_file_bytes)
		s->opts.max_file_bytes = SM_DEFAULT_MAX_FILE_BYTES;
	if (!s->opts.max_edits)
		s->opts.max_edits = SM_DEFAULT_MAX_EDITS;
	if (!s->opts.max_fuzzy_ms)
		s->opts.max_fuzzy_ms = SM_DEFAULT_MAX_FUZZY_MS;
	if (!s->opts.lock_wait_ms)
		s->opts.lock_wait_ms = SM_DEFAULT_LOCK_WAIT_MS;
	*out = s;
	return SEAM_OK;
}

void seam_session_free(seam_session *s)
{
	if (!s)
		return;
	sm_buf_dispose(&s->err);
	sm_free((void *)s->opts.path);
	sm_free((void *)s->opts.strip_prefix);
	sm_free(s);
}

const char *seam_session_errmsg(const seam_session *s)
{
	if (!s || !s->err.ptr)
		return "";
	return s->err.ptr;
}

int sm_fail(seam_session *s, int code, const char *fmt, ...)
{
	va_list ap;

	if (!s)
		return code;
	sm_buf_clear(&s->err);
	s->err.failed = 0;
	va_start(ap, fmt);
	sm_buf_vprintf(&s->err, fmt, ap);
	va_end(ap);
	return code;
}

const char *sm_errmsg(int code)
{
	switch (code) {
	case SEAM_OK:
		return "no error";
	case SEAM_EFAIL:
		return "some edits cannot be applied; nothing was written";
	case SEAM_EPARSE:
		return "no edit could be read";
	case SEAM_ENOMEM:
		return "out of memory";
	case SEAM_EIO:
		return "reading or writing a file failed";
	case SEAM_EUSAGE:
		return "an invalid argument";
	case SEAM_ELIMIT:
		return "a size limit was exceeded";
	case SEAM_ECHANGED:
		return "a file changed on disk";
	case SEAM_EBUSY:
		return "another process holds the tree's lock";
	default:
		return "an unexpected failure";
	}
}

int sm_fail_code(seam_session *s, int code)
{
	return sm_fail(s, code, "%s", sm_errmsg(code));
}

void seam_free(void *p)
{
	sm_free(p);
}

void seam_options_defaults(seam_options *out)
{
	if (!out)
		return;
	memset(out, 0, sizeof(*out));
	out->version = SEAM_OPTIONS_VERSION;
	out->max_reply_bytes = SM_DEFAULT_MAX_REPLY_BYTES;
	out->max_file_bytes = SM_DEFAULT_MAX_FILE_BYTES;
	out->max_edits = SM_DEFAULT_MAX_EDITS;
	out->max_fuzzy_ms = SM_DEFAULT_MAX_FUZZY_MS;
	out->lock_wait_ms = SM_DEFAULT_LOCK_WAIT_MS;
}
