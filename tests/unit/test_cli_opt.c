#include "test.h"
#include "cli/opt.h"
#include "seam.h"

#include <stdint.h>

/* argv from a space-separated string (no quoting: tests only). */
static int parse(const char *line, sm_cli *o, char *err, size_t errsz)
{
	static char buf[512];
	static char *argv[32];
	int argc = 0;
	char *p;

	strncpy(buf, line, sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = '\0';
	for (p = strtok(buf, " "); p && argc < 31; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	return sm_cli_parse(argc, argv, o, err, errsz);
}

#define PARSE_OK(line, o)                                                                 \
	do {                                                                              \
		char e_[256];                                                             \
		if (parse(line, o, e_, sizeof(e_))) {                                     \
			sm_test_fail(__FILE__, __LINE__, "'%s' failed: %s", line, e_);    \
			return;                                                           \
		}                                                                         \
	} while (0)

#define PARSE_ERR(line, want)                                                             \
	do {                                                                              \
		char e_[256];                                                             \
		sm_cli o_;                                                                \
		CHECK_INT(parse(line, &o_, e_, sizeof(e_)), -1);                          \
		if (!strstr(e_, want)) {                                                  \
			sm_test_fail(__FILE__, __LINE__, "'%s': error '%s' lacks '%s'", line, \
				     e_, want);                                           \
			return;                                                           \
		}                                                                         \
	} while (0)

TEST(cli_opt, apply_defaults)
{
	sm_cli o;

	PARSE_OK("seam apply", &o);
	CHECK_INT(o.cmd, SM_CLI_APPLY);
	CHECK(o.dir == NULL);
	CHECK(o.reply == NULL);
	CHECK_INT(o.format, SEAM_FORMAT_AUTO);
	CHECK_INT(o.dry_run + o.diff + o.json + o.feedback + o.quiet + o.no_resolve, 0);
	CHECK_INT(o.max_reply_bytes + o.max_file_bytes + o.max_edits, 0);
}

TEST(cli_opt, apply_every_option)
{
	sm_cli o;

	PARSE_OK("seam apply -C repo --format udiff -n --diff -q --max-reply-bytes 1M "
		 "--max-file-bytes=2K --max-edits 10 --no-resolve reply.txt",
		 &o);
	CHECK_STR(o.dir, "repo");
	CHECK_INT(o.format, SEAM_FORMAT_UDIFF);
	CHECK_INT(o.dry_run, 1);
	CHECK_INT(o.diff, 1);
	CHECK_INT(o.quiet, 1);
	CHECK_INT(o.no_resolve, 1);
	CHECK_INT(o.max_reply_bytes, 1 << 20);
	CHECK_INT(o.max_file_bytes, 2048);
	CHECK_INT(o.max_edits, 10);
	CHECK_STR(o.reply, "reply.txt");
}

TEST(cli_opt, apply_spellings)
{
	sm_cli o;

	PARSE_OK("seam apply --check --json -", &o);
	CHECK_INT(o.dry_run, 1);
	CHECK_INT(o.json, 1);
	CHECK_STR(o.reply, "-");
	PARSE_OK("seam apply --dry-run --feedback", &o);
	CHECK_INT(o.dry_run, 1);
	CHECK_INT(o.feedback, 1);
	PARSE_OK("seam apply -Cdir -nq", &o);
	CHECK_STR(o.dir, "dir");
	CHECK_INT(o.dry_run, 1);
	CHECK_INT(o.quiet, 1);
	PARSE_OK("seam apply -nC dir x", &o);
	CHECK_STR(o.dir, "dir");
	CHECK_STR(o.reply, "x");
	PARSE_OK("seam apply --directory=d --format=gitdiff", &o);
	CHECK_STR(o.dir, "d");
	CHECK_INT(o.format, SEAM_FORMAT_UDIFF);
	PARSE_OK("seam apply --format whole --quiet", &o);
	CHECK_INT(o.format, SEAM_FORMAT_WHOLE);
	CHECK_INT(o.quiet, 1);
	/* the diff inside the JSON; git's summaries; patch's -p; --strict */
	PARSE_OK("seam apply --json --diff", &o);
	CHECK_INT(o.json, 1);
	CHECK_INT(o.diff, 1);
	PARSE_OK("seam apply --stat --numstat --strict -p2", &o);
	CHECK_INT(o.stat, 1);
	CHECK_INT(o.numstat, 1);
	CHECK_INT(o.strict, 1);
	CHECK_INT(o.strip_set, 1);
	CHECK_INT(o.strip, 2);
	PARSE_OK("seam apply -p 0 r", &o);
	CHECK_INT(o.strip_set, 1);
	CHECK_INT(o.strip, 0);
	CHECK_STR(o.reply, "r");
	/* After "--" everything is the reply, even a name starting with a dash. */
	PARSE_OK("seam apply -- -odd-name", &o);
	CHECK_STR(o.reply, "-odd-name");
}

TEST(cli_opt, apply_errors)
{
	PARSE_ERR("seam apply --bogus", "unknown option '--bogus'");
	PARSE_ERR("seam apply -x", "unknown option '-x'");
	PARSE_ERR("seam apply --format", "needs a value");
	PARSE_ERR("seam apply --format yaml", "unknown format 'yaml'");
	PARSE_ERR("seam apply -C", "needs a directory");
	PARSE_ERR("seam apply --max-edits lots", "needs a number");
	PARSE_ERR("seam apply --max-edits=-1", "needs a number");
	PARSE_ERR("seam apply --max-file-bytes 12Q", "needs a number");
	PARSE_ERR("seam apply --diff=yes", "takes no value");
	PARSE_ERR("seam apply a b", "only one reply");
	PARSE_ERR("seam apply --json --feedback", "cannot be used together");
	PARSE_ERR("seam apply --feedback --diff", "cannot be used together");
	PARSE_ERR("seam apply --json --stat", "go with the text report");
	PARSE_ERR("seam apply -p", "needs a number");
	PARSE_ERR("seam apply -p -1", "number of path components");
	PARSE_ERR("seam apply -p 65", "number of path components");
	PARSE_ERR("seam apply --dry", "unknown option");
}

TEST(cli_opt, commands)
{
	sm_cli o;

	PARSE_ERR("seam", "no command");
	PARSE_ERR("seam frobnicate", "unknown command 'frobnicate'");
	PARSE_ERR("seam --frob", "unknown option '--frob'");
	PARSE_OK("seam --help", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	CHECK_INT(o.help_on, SM_CLI_USAGE);
	PARSE_OK("seam -h", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	PARSE_OK("seam help apply", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	CHECK_INT(o.help_on, SM_CLI_APPLY);
	PARSE_OK("seam help detect", &o);
	CHECK_INT(o.help_on, SM_CLI_DETECT);
	PARSE_ERR("seam help nothing", "no help on 'nothing'");
	PARSE_OK("seam apply --help", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	CHECK_INT(o.help_on, SM_CLI_APPLY);
	/* Help wins over what follows it. */
	PARSE_OK("seam apply -n -h --bogus", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	PARSE_OK("seam --version", &o);
	CHECK_INT(o.cmd, SM_CLI_VERSION);
}

TEST(cli_opt, detect)
{
	sm_cli o;

	PARSE_OK("seam detect", &o);
	CHECK_INT(o.cmd, SM_CLI_DETECT);
	CHECK(o.reply == NULL);
	PARSE_OK("seam detect --max-reply-bytes 5K r.md", &o);
	CHECK_INT(o.max_reply_bytes, 5120);
	CHECK_STR(o.reply, "r.md");
	PARSE_OK("seam detect --help", &o);
	CHECK_INT(o.help_on, SM_CLI_DETECT);
	/* detect --json: the same in one JSON document */
	PARSE_OK("seam detect --json r.md", &o);
	CHECK_INT(o.json, 1);
	/* apply's other options mean nothing to detect. */
	PARSE_ERR("seam detect --format udiff", "unknown option");
	PARSE_ERR("seam detect -n", "unknown option");
}

TEST(cli_opt, sizes)
{
	size_t n;

	CHECK_INT(sm_cli_parse_size("0", &n), 0);
	CHECK_INT(n, 0);
	CHECK_INT(sm_cli_parse_size("123", &n), 0);
	CHECK_INT(n, 123);
	CHECK_INT(sm_cli_parse_size("4k", &n), 0);
	CHECK_INT(n, 4096);
	CHECK_INT(sm_cli_parse_size("3M", &n), 0);
	CHECK_INT(n, 3 << 20);
	CHECK_INT(sm_cli_parse_size("1G", &n), 0);
	CHECK_INT(n, 1 << 30);
	CHECK_INT(sm_cli_parse_size("", &n), -1);
	CHECK_INT(sm_cli_parse_size("K", &n), -1);
	CHECK_INT(sm_cli_parse_size("-5", &n), -1);
	CHECK_INT(sm_cli_parse_size("5 ", &n), -1);
	CHECK_INT(sm_cli_parse_size("5KB", &n), -1);
	CHECK_INT(sm_cli_parse_size("99999999999999999999999", &n), -1);
	if (SIZE_MAX == UINT64_MAX)
		CHECK_INT(sm_cli_parse_size("17179869184G", &n), -1); /* 2^64 */
}

TEST(cli_opt, syntax_modes)
{
	sm_cli o;

	PARSE_OK("seam apply", &o);
	CHECK_INT(o.syntax, SEAM_SYNTAX_CHECK);
	PARSE_OK("seam apply --syntax=warn", &o);
	CHECK_INT(o.syntax, SEAM_SYNTAX_WARN);
	PARSE_OK("seam apply --syntax off r.md", &o);
	CHECK_INT(o.syntax, SEAM_SYNTAX_OFF);
	CHECK_STR(o.reply, "r.md");
	PARSE_OK("seam apply --syntax=off --syntax=check", &o);
	CHECK_INT(o.syntax, SEAM_SYNTAX_CHECK);
	PARSE_ERR("seam apply --syntax=strict", "unknown syntax mode 'strict'");
	PARSE_ERR("seam apply --syntax", "needs a value");
	PARSE_ERR("seam detect --syntax=off", "unknown option");
}

TEST(cli_opt, locate)
{
	sm_cli o;

	PARSE_OK("seam locate --json --snippet s.txt src/a.py", &o);
	CHECK_INT(o.cmd, SM_CLI_LOCATE);
	CHECK_INT(o.json, 1);
	CHECK_STR(o.snippet, "s.txt");
	CHECK_STR(o.reply, "src/a.py");
	PARSE_OK("seam locate --max-file-bytes 1K --snippet=- a.py", &o);
	CHECK_INT(o.max_file_bytes, 1024);
	CHECK_STR(o.snippet, "-");
	CHECK(o.json == 0);
	PARSE_OK("seam help locate", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	CHECK_INT(o.help_on, SM_CLI_LOCATE);

	PARSE_ERR("seam locate", "locate needs the path of the file");
	PARSE_ERR("seam locate -", "locate needs the path of the file");
	PARSE_ERR("seam locate a.py b.py", "only one file");
	PARSE_ERR("seam locate --dry-run a.py", "unknown option '--dry-run'");
	PARSE_ERR("seam locate --format udiff a.py", "unknown option");
	PARSE_ERR("seam detect --snippet x.txt", "unknown option");
	PARSE_ERR("seam apply --snippet x.txt", "unknown option");
	PARSE_ERR("seam locate --snippet= a.py", "needs a file");
}

TEST(cli_opt, numbered_and_snippet_formats)
{
	sm_cli o;

	PARSE_OK("seam apply --format numbered", &o);
	CHECK_INT(o.format, SEAM_FORMAT_NUMBERED);
	PARSE_OK("seam apply --format=snippet r.md", &o);
	CHECK_INT(o.format, SEAM_FORMAT_SNIPPET);
	PARSE_ERR("seam apply --format snippets", "numbered or snippet");
}

TEST(cli_opt, stream)
{
	sm_cli o;

	PARSE_OK("seam apply --stream --json -C dir", &o);
	CHECK_INT(o.stream, 1);
	CHECK_INT(o.json, 1);
	CHECK(o.reply == NULL);
	PARSE_OK("seam apply -n --stream reply.md", &o);
	CHECK_INT(o.stream + o.dry_run, 2);
	CHECK_STR(o.reply, "reply.md");
	PARSE_OK("seam apply reply.md", &o);
	CHECK_INT(o.stream, 0);
	PARSE_ERR("seam apply --stream=yes", "takes no value");
	PARSE_ERR("seam detect --stream", "unknown option");
}

TEST(cli_opt, lazy_modes)
{
	sm_cli o;

	PARSE_OK("seam apply", &o);
	CHECK_INT(o.lazy, SEAM_LAZY_EXPAND);
	PARSE_OK("seam apply --lazy=refuse r.md", &o);
	CHECK_INT(o.lazy, SEAM_LAZY_REFUSE);
	PARSE_OK("seam apply --lazy allow", &o);
	CHECK_INT(o.lazy, SEAM_LAZY_ALLOW);
	CHECK(o.reply == NULL);
	PARSE_OK("seam apply --lazy=refuse --lazy=expand", &o);
	CHECK_INT(o.lazy, SEAM_LAZY_EXPAND);
	PARSE_ERR("seam apply --lazy=maybe", "unknown --lazy mode 'maybe'");
	PARSE_ERR("seam apply --lazy", "needs a value");
	PARSE_ERR("seam detect --lazy=refuse", "unknown option");
}

TEST(cli_opt, recover)
{
	sm_cli o;

	PARSE_OK("seam recover", &o);
	CHECK_INT(o.cmd, SM_CLI_RECOVER);
	CHECK(o.dir == NULL);
	PARSE_OK("seam recover -C d -q --lock-wait-ms 0", &o);
	CHECK_INT(o.cmd, SM_CLI_RECOVER);
	CHECK_STR(o.dir, "d");
	CHECK_INT(o.quiet, 1);
	CHECK_INT(o.no_wait, 1);
	PARSE_OK("seam recover --directory=e", &o);
	CHECK_STR(o.dir, "e");
	PARSE_OK("seam help recover", &o);
	CHECK_INT(o.cmd, SM_CLI_HELP);
	CHECK_INT(o.help_on, SM_CLI_RECOVER);
	PARSE_ERR("seam recover reply.md", "recover takes no argument");
	PARSE_ERR("seam recover -n", "unknown option '-n'");
	PARSE_ERR("seam recover --dry-run", "unknown option");
	PARSE_ERR("seam nosuch", "recover");
}

TEST(cli_opt, reverse_and_globs)
{
	sm_cli o;

	PARSE_OK("seam apply -R r.diff", &o);
	CHECK_INT(o.reverse, 1);
	PARSE_OK("seam apply -nR --reverse r.diff", &o);
	CHECK_INT(o.reverse, 1);
	CHECK_INT(o.dry_run, 1);
	PARSE_OK("seam detect -R r.diff", &o);
	CHECK_INT(o.reverse, 1);
	/* order kept: the first glob that matches decides */
	PARSE_OK("seam apply --exclude build/* --include=*.py --exclude *.c r.diff", &o);
	CHECK_INT((long long)o.nglobs, 3);
	CHECK_STR(o.globs[0].glob, "build/*");
	CHECK_INT(o.globs[0].include, 0);
	CHECK_STR(o.globs[1].glob, "*.py");
	CHECK_INT(o.globs[1].include, 1);
	CHECK_INT(o.has_include, 1);
	PARSE_OK("seam detect --exclude a", &o);
	CHECK_INT((long long)o.nglobs, 1);
	PARSE_ERR("seam apply --exclude=", "needs a glob");
	PARSE_ERR("seam apply --include", "needs a value");
	PARSE_ERR("seam apply --stream --exclude a", "--stream cannot be used with --include");
	PARSE_ERR("seam apply --batch -R", "--batch cannot be used with -R");
	PARSE_ERR("seam locate -R f", "unknown option '-R'");
	PARSE_ERR("seam mcp --exclude a", "unknown option");
}

TEST(cli_opt, too_many_globs)
{
	static char line[4096];
	size_t i, n = 0;
	char e[256];
	sm_cli o;

	n += (size_t)snprintf(line + n, sizeof(line) - n, "seam apply");
	for (i = 0; i <= SM_CLI_MAX_GLOBS; i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, " --exclude=g%zu", i);
	/* parse() holds 31 words: build argv here */
	{
		char *argv[SM_CLI_MAX_GLOBS + 4], *p;
		int argc = 0;
		for (p = strtok(line, " "); p && argc < SM_CLI_MAX_GLOBS + 3; p = strtok(NULL, " "))
			argv[argc++] = p;
		argv[argc] = NULL;
		CHECK_INT(sm_cli_parse(argc, argv, &o, e, sizeof(e)), -1);
		CHECK(strstr(e, "at most 64") != NULL);
	}
}

/* -j takes a count: digits only, 1 to 64 (the same reading as seam ask's --retries and
 * --timeout, sm_cli_parse_count) */
TEST(cli_opt, jobs_count)
{
	sm_cli o;
	long v = 0;

	PARSE_OK("seam apply --batch -j 64", &o);
	CHECK_INT(o.jobs, 64);
	PARSE_OK("seam apply --batch --jobs=1", &o);
	CHECK_INT(o.jobs, 1);
	PARSE_ERR("seam apply --batch -j 0", "from 1 to 64");
	PARSE_ERR("seam apply --batch -j 65", "from 1 to 64");
	PARSE_ERR("seam apply --batch -j +3", "from 1 to 64");
	PARSE_ERR("seam apply --batch -j 3x", "from 1 to 64");
	CHECK_INT(sm_cli_parse_count(" 3", 64, &v), -1);
	CHECK_INT(sm_cli_parse_count("-3", 64, &v), -1);
	CHECK_INT(sm_cli_parse_count("99999999999999999999999", 86400, &v), -1);
	CHECK_INT(sm_cli_parse_count("86400", 86400, &v), 0);
	CHECK_INT(v, 86400);
}
