/*
 * A main() for the fuzz targets without libFuzzer: replays files through
 * LLVMFuzzerTestOneInput, so that gcc with ASan/UBSan, or valgrind, can run the corpora.
 *
 *     standalone [-n] [-t SECONDS] [-q] PATH...
 *
 * Each PATH is a file or a directory (every regular file in it, sorted by name, not
 * recursive). Each input runs in a child process (fork), so a crash, an oracle trap, a
 * sanitizer report or a leak report at exit fails that input only and the replay goes on; a
 * child that runs longer than SECONDS (default 60) is killed and fails. -n runs every input in
 * this process instead (for a debugger; the first failure ends the run). The last line is
 * "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int no_fork, quiet;
static unsigned timeout_s = 60;
static int passed, failed;

static unsigned char *read_all(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, len = 0, got;

	if (!f)
		return NULL;
	for (;;) {
		if (len == cap) {
			unsigned char *nb;
			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	fclose(f);
	*n = len;
	return buf;
}

static int run_here(const char *path)
{
	size_t n = 0;
	unsigned char *data = read_all(path, &n), *copy;

	if (!data) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return 1;
	}
	/* an exact-size copy, so that ASan sees a read past the end of the input */
	copy = malloc(n ? n : 1);
	if (!copy)
		abort();
	memcpy(copy, data, n);
	free(data);
	LLVMFuzzerTestOneInput(copy, n);
	free(copy);
	return 0;
}

static void run_one(const char *path)
{
	pid_t pid;
	int status = 0;

	if (no_fork) {
		if (run_here(path)) {
			failed++;
			printf("FAIL %s\n", path);
		} else {
			passed++;
			if (!quiet)
				printf("ok %s\n", path);
		}
		return;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		alarm(timeout_s);
		exit(run_here(path));
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		passed++;
		if (!quiet)
			printf("ok %s\n", path);
		return;
	}
	failed++;
	if (WIFSIGNALED(status))
		printf("FAIL %s (signal %d%s)\n", path, WTERMSIG(status),
		       WTERMSIG(status) == SIGALRM ? ": timeout" : "");
	else
		printf("FAIL %s (exit %d)\n", path, WEXITSTATUS(status));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;

	if (stat(path, &st) != 0) {
		printf("FAIL %s (%s)\n", path, strerror(errno));
		failed++;
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		run_one(path);
		return;
	}
	d = opendir(path);
	if (!d) {
		printf("FAIL %s (%s)\n", path, strerror(errno));
		failed++;
		return;
	}
	while ((e = readdir(d)) != NULL) {
		char *full;
		size_t len;
		if (e->d_name[0] == '.')
			continue;
		len = strlen(path) + strlen(e->d_name) + 2;
		full = malloc(len);
		if (!full)
			abort();
		snprintf(full, len, "%s/%s", path, e->d_name);
		if (stat(full, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(full);
			continue;
		}
		if (n == cap) {
			char **nn;
			cap = cap ? cap * 2 : 64;
			nn = realloc(names, cap * sizeof(*names));
			if (!nn)
				abort();
			names = nn;
		}
		names[n++] = full;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		run_one(names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	int i, paths = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n")) {
			no_fork = 1;
		} else if (!strcmp(argv[i], "-q")) {
			quiet = 1;
		} else if (!strcmp(argv[i], "-t") && i + 1 < argc) {
			timeout_s = (unsigned)strtoul(argv[++i], NULL, 10);
		} else if (argv[i][0] == '-' && strlen(argv[i]) > 1) {
			/* libFuzzer flags (-runs=, -max_len=, ...) are ignored, so a command line
			   written for a fuzzer binary replays too */
			continue;
		} else {
			run_path(argv[i]);
			paths++;
		}
	}
	if (!paths) {
		fprintf(stderr, "usage: %s [-n] [-q] [-t SECONDS] FILE|DIR...\n", argv[0]);
		return 2;
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
