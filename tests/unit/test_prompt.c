/* seam_prompt: every format has a prompt, and every worked example parses and applies. */
#include "test.h"
#include "seam.h"
#include "lib/prompt/prompt.h"

#include <stdio.h>
#include <string.h>

/* Applies pr's example to the example file in memory, reading the reply as fmt; returns the
 * plan's rc and checks both files. */
static int apply_example(const sm_prompt *pr, seam_format_t fmt, char *why, size_t whysz)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	const char *got;
	size_t len;
	int rc;

	o.format = fmt;
	why[0] = '\0';
	if (seam_session_new(&s, &o) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, SM_PROMPT_EXAMPLE_PATH, SM_PROMPT_EXAMPLE_BEFORE,
			  strlen(SM_PROMPT_EXAMPLE_BEFORE), 0644)) {
		snprintf(why, whysz, "setup failed");
		rc = SEAM_ERROR;
		goto out;
	}
	rc = seam_reply_parse(&r, s, pr->example, strlen(pr->example));
	if (rc) {
		snprintf(why, whysz, "parse: %s", seam_session_errmsg(s));
		goto out;
	}
	if (fmt != SEAM_FORMAT_AUTO && seam_reply_format(r) != pr->format) {
		snprintf(why, whysz, "read as %s", seam_format_name(seam_reply_format(r)));
		rc = SEAM_ERROR;
		goto out;
	}
	rc = seam_plan_new(&p, s, r, t);
	if (rc) {
		char *fb = NULL;
		seam_plan_render(p, SEAM_RENDER_FEEDBACK, &fb, NULL);
		snprintf(why, whysz, "plan: %s", fb ? fb : seam_session_errmsg(s));
		seam_free(fb);
		goto out;
	}
	rc = seam_plan_commit(p);
	if (rc) {
		snprintf(why, whysz, "commit: %s", seam_session_errmsg(s));
		goto out;
	}
	got = seam_tree_get(t, SM_PROMPT_EXAMPLE_PATH, &len);
	if (!got || len != strlen(SM_PROMPT_EXAMPLE_AFTER) ||
	    memcmp(got, SM_PROMPT_EXAMPLE_AFTER, len)) {
		snprintf(why, whysz, "%s is not as expected:\n%.*s", SM_PROMPT_EXAMPLE_PATH,
			 got ? (int)len : 0, got ? got : "");
		rc = SEAM_ERROR;
		goto out;
	}
	if (!pr->creates)
		goto out;
	got = seam_tree_get(t, SM_PROMPT_EXAMPLE_NEW_PATH, &len);
	if (!got || len != strlen(SM_PROMPT_EXAMPLE_NEW) || memcmp(got, SM_PROMPT_EXAMPLE_NEW, len)) {
		snprintf(why, whysz, "%s is not as expected:\n%.*s", SM_PROMPT_EXAMPLE_NEW_PATH,
			 got ? (int)len : 0, got ? got : "");
		rc = SEAM_ERROR;
	}
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	return rc;
}

TEST(prompt, every_example_applies_forced_and_detected)
{
	char why[2048];
	size_t i;

	CHECK(sm_nprompts >= 9);
	for (i = 0; i < sm_nprompts; i++) {
		const sm_prompt *pr = &sm_prompts[i];
		if (apply_example(pr, pr->format, why, sizeof(why)) != SEAM_OK) {
			sm_test_fail(__FILE__, __LINE__, "%s (forced): %s", pr->name, why);
			return;
		}
		if (apply_example(pr, SEAM_FORMAT_AUTO, why, sizeof(why)) != SEAM_OK) {
			sm_test_fail(__FILE__, __LINE__, "%s (detected): %s", pr->name, why);
			return;
		}
	}
}

TEST(prompt, every_format_name_has_one)
{
	static const char *const names[] = {"editblock", "udiff",    "gitdiff",  "whole",  "patch",
					    "lndiff",    "toolcall", "numbered", "snippet"};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *text = NULL;
		size_t len = 0;
		const sm_prompt *pr = sm_prompt_find(names[i]);
		CHECK(pr != NULL);
		CHECK_INT(seam_format_from_name(names[i]), pr->format);
		CHECK_INT(seam_prompt(names[i], &text, &len), SEAM_OK);
		CHECK(len == strlen(text));
		/* the example as written, the reminders, the request */
		CHECK(strstr(text, pr->example) != NULL);
		CHECK(strstr(text, "Never elide code") != NULL);
		CHECK(strstr(text, "Indentation matters") != NULL);
		CHECK(strstr(text, SM_PROMPT_EXAMPLE_ASK) != NULL);
		CHECK(strstr(text, pr->numbered ? " 4\xe2\x94\x82" "def mean" : "\ndef mean(values):\n"));
		seam_free(text);
	}
	CHECK(seam_prompt_format(sm_nprompts) == NULL);
	CHECK_STR(seam_prompt_format(0), "editblock");
}

TEST(prompt, unknown_format_is_a_usage_error)
{
	char *text = (char *)"x";

	CHECK_INT(seam_prompt("auto", &text, NULL), SEAM_EUSAGE);
	CHECK(text == NULL);
	CHECK_INT(seam_prompt(NULL, &text, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_prompt("udiff", NULL, NULL), SEAM_EUSAGE);
}

TEST(prompt, files_are_numbered_only_where_the_format_uses_numbers)
{
	char *out = NULL;
	size_t len = 0;
	const char *code = "a\n```\nb";

	CHECK_INT(seam_prompt_file("udiff", "x.md", code, strlen(code), &out, &len), SEAM_OK);
	/* a fence longer than the file's own */
	CHECK_STR(out, "x.md\n````\na\n```\nb\n````\n");
	seam_free(out);
	CHECK_INT(seam_prompt_file("lndiff", "x.md", code, strlen(code), &out, &len), SEAM_OK);
	CHECK_STR(out, "x.md\n````\n1\xe2\x94\x82" "a\n2\xe2\x94\x82```\n3\xe2\x94\x82" "b\n````\n");
	seam_free(out);
	CHECK_INT(seam_prompt_file("numbered", "e.txt", "", 0, &out, &len), SEAM_OK);
	CHECK_STR(out, "e.txt\n```\n```\n");
	seam_free(out);
	CHECK_INT(seam_prompt_file("nope", "e.txt", "", 0, &out, &len), SEAM_EUSAGE);
}
