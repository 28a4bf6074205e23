#define _XOPEN_SOURCE 700
#include "test.h"

#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_TESTS 4096

static struct {
	const char *name;
	sm_test_fn fn;
} tests[MAX_TESTS];
static int ntests, cur_failed;
static char tmpdir[4096];

void sm_test_register(const char *name, sm_test_fn fn)
{
	if (ntests < MAX_TESTS) {
		tests[ntests].name = name;
		tests[ntests].fn = fn;
		ntests++;
	}
}

void sm_test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stdout, "  %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	cur_failed = 1;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

const char *sm_test_tmpdir(void)
{
	if (!tmpdir[0]) {
		const char *base = getenv("TMPDIR");
		snprintf(tmpdir, sizeof(tmpdir), "%s/seam-test-XXXXXX", base ? base : "/tmp");
		if (!mkdtemp(tmpdir)) {
			perror("mkdtemp");
			exit(2);
		}
	}
	return tmpdir;
}

void sm_test_write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len) {
		perror(path);
		exit(2);
	}
	fclose(f);
}

char *sm_test_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

int main(int argc, char **argv)
{
	const char *filter = NULL;
	int i, passed = 0, failed = 0, verbose = 0;

	/* line-buffered: a leak checker that ends the process must not swallow the summary */
	setvbuf(stdout, NULL, _IOLBF, 0);

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-s") && i + 1 < argc)
			filter = argv[++i];
		else if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else {
			fprintf(stderr, "usage: %s [-v] [-s FILTER]\n", argv[0]);
			return 2;
		}
	}
	for (i = 0; i < ntests; i++) {
		if (filter && !strstr(tests[i].name, filter))
			continue;
		cur_failed = 0;
		tmpdir[0] = '\0';
		if (verbose)
			printf("%s\n", tests[i].name);
		tests[i].fn();
		if (tmpdir[0])
			nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
		if (cur_failed) {
			printf("FAIL %s\n", tests[i].name);
			failed++;
		} else {
			passed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
