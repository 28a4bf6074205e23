/*
 * runone: run one command and report its own resource use.
 *
 *     runone [-t SECONDS] [-i INFILE] [-o OUTFILE] ERRFILE COMMAND [ARG...]
 *
 * Runs COMMAND with stdin and stdout on /dev/null (or INFILE and OUTFILE) and stderr into
 * ERRFILE, waits for it, and
 * prints one line: `EXIT USER_US SYS_US MAXRSS_KIB WALL_US` (EXIT is 128+N when killed by
 * signal N). With -t, a command still running after SECONDS is killed (EXIT 137). A small C parent
 * matters for the RSS: Linux carries the high-water mark of the memory a child had before exec into
 * its figure, so a child forked by python3 reports python's RSS however little the command itself
 * uses.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile pid_t child;

static void on_alarm(int sig)
{
	(void)sig;
	kill(child, SIGKILL);
}

static long long usec(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

int main(int argc, char **argv)
{
	unsigned timeout = 0;
	const char *infile = "/dev/null", *outfile = "/dev/null";
	while (argc > 2 && (!strcmp(argv[1], "-t") || !strcmp(argv[1], "-i") || !strcmp(argv[1], "-o"))) {
		if (argv[1][1] == 't')
			timeout = (unsigned)strtoul(argv[2], NULL, 10);
		else if (argv[1][1] == 'i')
			infile = argv[2];
		else
			outfile = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (argc < 3) {
		fputs("usage: runone [-t SECONDS] [-i INFILE] [-o OUTFILE] ERRFILE COMMAND [ARG...]\n",
		      stderr);
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("runone: fork");
		return 2;
	}
	if (pid == 0) {
		int in = open(infile, O_RDONLY), out = open(outfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int err = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 ||
		    dup2(err, 2) < 0)
			_exit(126);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	child = pid;
	if (timeout) {
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
		alarm(timeout);
	}
	int status;
	struct rusage ru;
	pid_t got;
	while ((got = wait4(pid, &status, 0, &ru)) < 0 && errno == EINTR)
		;
	if (got < 0) {
		perror("runone: wait4");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	long long wall =
	    (long long)(t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000;
	printf("%d %lld %lld %ld %lld\n", code, usec(ru.ru_utime), usec(ru.ru_stime), ru.ru_maxrss,
	       wall);
	return 0;
}
