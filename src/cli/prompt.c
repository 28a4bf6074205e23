#define _POSIX_C_SOURCE 200809L

/*
 * seam prompt [--files FILE...] FORMAT: the system prompt of a format (seam_prompt), then the
 * files as the model should see them with it (seam_prompt_file).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char prompt_help[] =
	"usage: seam prompt [--files FILE...] FORMAT\n"
	"\n"
	"seam prompt: print the system prompt that asks a model for edits in FORMAT: the rules,\n"
	"a worked example and the reminders. With --files, the files follow, as the model should\n"
	"see them (numbered lines for lndiff and numbered). FORMAT is the last argument: one of\n"
	"editblock, udiff, gitdiff, whole, patch, lndiff, toolcall, numbered, snippet.\n";

void sm_cli_prompt_help(FILE *f)
{
	fputs(prompt_help, f);
}

/* Reads a whole file of at most limit bytes; NULL with *why set. */
char *sm_cli_slurp(const char *path, size_t limit, size_t *len, const char **why)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f) {
		*why = strerror(errno);
		return NULL;
	}
	for (;;) {
		size_t got;
		if (n == cap) {
			char *nb;
			if (cap > limit) {
				*why = "the file is larger than the limit (--max-file-bytes)";
				goto fail;
			}
			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap + 1);
			if (!nb) {
				*why = "out of memory";
				goto fail;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f) || n > limit) {
		*why = ferror(f) ? strerror(errno) : "the file is larger than the limit";
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

int sm_cli_prompt_main(int argc, char **argv)
{
	const char *format = NULL;
	char **files = NULL;
	size_t nfiles = 0, i;
	int with_files = 0, only_args = 0, status = EXIT_APPLIED;
	char *text = NULL;

	files = calloc((size_t)argc + 1, sizeof(*files));
	if (!files)
		return EXIT_ERROR;
	for (i = 1; i < (size_t)argc; i++) {
		const char *a = argv[i];
		if (!only_args && !strcmp(a, "--")) {
			only_args = 1;
		} else if (!only_args && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
			sm_cli_prompt_help(stdout);
			free(files);
			return EXIT_APPLIED;
		} else if (!only_args && !strcmp(a, "--files")) {
			with_files = 1;
		} else if (!only_args && a[0] == '-' && a[1]) {
			fprintf(stderr, "seam: unknown option '%s'\n", a);
			sm_cli_prompt_help(stderr);
			free(files);
			return EXIT_ERROR;
		} else {
			files[nfiles++] = argv[i];
		}
	}
	if (!nfiles || (!with_files && nfiles > 1)) {
		sm_cli_errorf(nfiles ? "prompt takes one FORMAT (files go after --files)"
				     : "prompt needs a FORMAT",
			      NULL);
		sm_cli_prompt_help(stderr);
		free(files);
		return EXIT_ERROR;
	}
	format = files[--nfiles];
	if (seam_prompt(format, &text, NULL) != SEAM_OK) {
		fprintf(stderr, "seam: no prompt for '%s' (formats:", format);
		for (i = 0; seam_prompt_format(i); i++)
			fprintf(stderr, " %s", seam_prompt_format(i));
		fputs(")\n", stderr);
		free(files);
		return EXIT_ERROR;
	}
	fputs(text, stdout);
	seam_free(text);
	if (nfiles)
		fputs("\n# Files\n", stdout);
	for (i = 0; i < nfiles; i++) {
		const char *why = "";
		size_t len = 0, olen = 0;
		char *out = NULL, *data = sm_cli_slurp(files[i], sm_cli_default_file_bytes(), &len, &why);
		if (!data) {
			sm_cli_errorf(files[i], why);
			status = EXIT_ERROR;
			break;
		}
		if (seam_prompt_file(format, files[i], data, len, &out, &olen)) {
			free(data);
			sm_cli_errorf("rendering a file", "out of memory");
			status = EXIT_ERROR;
			break;
		}
		fputc('\n', stdout);
		fwrite(out, 1, olen, stdout);
		seam_free(out);
		free(data);
	}
	free(files);
	return status;
}
