/*
 * seam_prompt, seam_prompt_file: the system prompt of a format, assembled from its data
 * (prompt_text.c) and the rules every format shares, and files rendered as the model sees them.
 */
#include "prompt.h"
#include "../core/session.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"
#include "../../util/text.h"

#include <string.h>

/* What every format needs said; the format's own reminders follow. */
static const char common_reminders[] =
	"- Copy every old line exactly as the file has it, character for character: comments, "
	"blank lines, trailing punctuation and indentation included.\n"
	"- Indentation matters: every new line carries the indentation it must have in the file, "
	"with the file's spaces or tabs.\n"
	"- Change whole functions, methods or blocks at once rather than scattered single lines.\n"
	"- One edit per place; never two edits that cover the same lines.\n"
	"- Never elide code: no \"...\", \"# rest of the code unchanged\" or \"// existing code "
	"here\" in new text. Write every line that must be in the file.\n"
	"- Only change what the request needs. Keep prose short; the edits are what is read.\n";

static int put_fenced(sm_buf *b, const char *path, const char *data, size_t len, int numbered)
{
	size_t i, lines = 0, fence = 3, run = 0, width = 1, at_start = 1;
	long no;

	/* a fence longer than any run of backticks that starts a line of the file */
	for (i = 0; i < len; i++) {
		if (data[i] == '\n') {
			lines++;
			at_start = 1;
			run = 0;
			continue;
		}
		if (at_start && data[i] == '`') {
			if (++run >= fence)
				fence = run + 1;
			continue;
		}
		at_start = 0;
	}
	if (len && data[len - 1] != '\n')
		lines++;
	for (i = lines; i >= 10; i /= 10)
		width++;
	sm_buf_puts(b, path);
	sm_buf_putc(b, '\n');
	for (i = 0; i < fence; i++)
		sm_buf_putc(b, '`');
	sm_buf_putc(b, '\n');
	for (i = 0, no = 1; i < len; no++) {
		const char *p = data + i;
		size_t n = sm_text_next_line(data, len, &i, NULL);
		if (numbered)
			sm_buf_printf(b, "%*ld\xe2\x94\x82", (int)width, no);
		sm_buf_put(b, p, n);
		sm_buf_putc(b, '\n');
	}
	for (i = 0; i < fence; i++)
		sm_buf_putc(b, '`');
	sm_buf_putc(b, '\n');
	return sm_buf_failed(b) ? SEAM_ENOMEM : SEAM_OK;
}

int sm_prompt_put_file(sm_buf *b, const sm_prompt *pr, const char *path, const char *data,
		       size_t len)
{
	return put_fenced(b, path, data, len, pr->numbered);
}

static int detach(sm_buf *b, char **out, size_t *len)
{
	size_t n = 0;
	char *p;

	if (sm_buf_failed(b)) {
		sm_buf_dispose(b);
		return SEAM_ENOMEM;
	}
	p = sm_buf_detach(b, &n);
	if (!p) {
		p = sm_strdup("");
		if (!p)
			return SEAM_ENOMEM;
	}
	*out = p;
	if (len)
		*len = n;
	return SEAM_OK;
}

int sm_prompt_build(sm_buf *b, const sm_prompt *pr)
{
	sm_buf_printf(b, "%s\n\n# How to write edits\n\n%s\n# Example\n\nThe user shows:\n\n",
		      pr->intro, pr->rules);
	put_fenced(b, SM_PROMPT_EXAMPLE_PATH, SM_PROMPT_EXAMPLE_BEFORE,
		   strlen(SM_PROMPT_EXAMPLE_BEFORE), pr->numbered);
	sm_buf_printf(b, "\nand asks: %s\n\nA correct answer:\n\n%s\n\n%s\n"
			 "# Reminders\n\n%s%s",
		      SM_PROMPT_EXAMPLE_ASK,
		      pr->creates ? "mean() divides by zero on an empty list: it now returns 0.0 "
				    "first, and the new test checks it."
				  : "mean() divides by zero on an empty list: it now returns 0.0 "
				    "first. This format cannot create files: tests/test_stats.py has to "
				    "be added by hand.",
		      pr->example, common_reminders, pr->reminders);
	return sm_buf_failed(b) ? SEAM_ENOMEM : SEAM_OK;
}

const char *seam_prompt_format(size_t i)
{
	return i < sm_nprompts ? sm_prompts[i].name : NULL;
}

int seam_prompt(const char *format, char **out, size_t *len)
{
	const sm_prompt *pr = sm_prompt_find(format);
	sm_buf b = {0};

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!pr)
		return SEAM_EUSAGE;
	sm_prompt_build(&b, pr);
	return detach(&b, out, len);
}

int seam_prompt_file(const char *format, const char *path, const char *data, size_t len,
		     char **out, size_t *outlen)
{
	const sm_prompt *pr = sm_prompt_find(format);
	sm_buf b = {0};

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!pr || !path || (!data && len))
		return SEAM_EUSAGE;
	put_fenced(&b, path, data ? data : "", len, pr->numbered);
	return detach(&b, out, outlen);
}
