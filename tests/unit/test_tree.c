#define _GNU_SOURCE
#include "test.h"
#include "lib/tree/tree.h"
#include "lib/tree/tree_impl.h"
#include "util/alloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- helpers ---- */

static void mkdirs(const char *path)
{
	char buf[PATH_MAX];
	size_t i, n = strlen(path);

	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (buf[i] == '/' || buf[i] == '\0') {
			char c = buf[i];
			buf[i] = '\0';
			mkdir(buf, 0777);
			buf[i] = c;
		}
	}
}

/* Writes root/rel (making its directories) with the given mode. */
static void put_file(const char *root, const char *rel, const char *data, unsigned mode)
{
	char p[PATH_MAX];
	char *slash;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	slash = strrchr(p, '/');
	*slash = '\0';
	mkdirs(p);
	*slash = '/';
	sm_test_write_file(p, data, strlen(data));
	chmod(p, mode);
}

static void put_link(const char *root, const char *rel, const char *target)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	unlink(p);
	if (symlink(target, p))
		perror(p);
}

struct fx {
	seam_session *s;
	seam_tree *t;
	char root[1024];    /* the tree */
	char outside[1024]; /* a directory beside it, never to be reached */
	sm_buf note, why;
};

static int fx_open(struct fx *f, unsigned int flags)
{
	seam_options o = SEAM_OPTIONS_INIT;

	memset(f, 0, sizeof(*f));
	o.flags = flags;
	snprintf(f->root, sizeof(f->root), "%s/root", sm_test_tmpdir());
	snprintf(f->outside, sizeof(f->outside), "%s/outside", sm_test_tmpdir());
	mkdirs(f->root);
	mkdirs(f->outside);
	put_file(f->outside, "secret.txt", "secret\n", 0644);
	if (seam_session_new(&f->s, &o))
		return -1;
	return 0;
}

static int fx_tree(struct fx *f)
{
	return seam_tree_open_dir(&f->t, f->s, f->root);
}

static void fx_close(struct fx *f)
{
	seam_tree_free(f->t);
	seam_session_free(f->s);
	sm_buf_dispose(&f->note);
	sm_buf_dispose(&f->why);
}

static int res(struct fx *f, const char *p, int must, char **out)
{
	sm_buf_clear(&f->note);
	sm_buf_clear(&f->why);
	return sm_tree_resolve(f->t, p, strlen(p), must, f->s->opts.flags, out, &f->note, &f->why);
}

static const char *str(const sm_buf *b)
{
	return b->ptr ? b->ptr : "";
}

/* ---- lexical checks ---- */

TEST(tree, path_refusals)
{
	static const char *const bad[] = {
		"/etc/passwd", "C:\\Windows\\x", "c:/x", "C:", "\\\\server\\share\\x", "\\x",
		"..", "../x", "a/../../x", "a/b/../../../x", "a\\..\\..\\x", "%2e%2e/x",
		"a/%2E%2e/b", "a%2fb", "a%5Cb", "a\001b", "a\x7f", "a\nb", "a\tb", "",
		".", "./", "a/..", ".git/hooks/pre-commit", ".GIT/config", "sub/.git/config",
		".git", ".git./x", ".git /x", ".git::$INDEX_ALLOCATION/x", "GIT~1/config",
		".g\xe2\x80\x8cit/config", "\xef\xbb\xbf.git/config", ".hg/hgrc", ".svn/x",
		"...", ".. /x", " ../x", "a/. ./b", "foo /x", "~/x", "~", "./~/x", "a/../C:/x",
		".seam-journal-abcdefgh", "src/.seam-x.tmp", ".SEAM-Journal-x", ".seam-/x",
	};
	char out[SM_PATH_MAX + 1], big[6000];
	sm_buf why = SM_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		sm_buf_clear(&why);
		if (sm_tree_path_clean(bad[i], strlen(bad[i]), out, &why) != SEAM_EUSAGE) {
			sm_test_fail(__FILE__, __LINE__, "accepted '%s' as '%s'", bad[i], out);
			return;
		}
		CHECK(why.len > 0);
	}
	/* NUL inside: the length is given, so it is seen */
	CHECK_INT(sm_tree_path_clean("a\0b", 3, out, NULL), SEAM_EUSAGE);
	/* too long: the whole path, and one component */
	memset(big, 'a', sizeof(big));
	for (i = 1; i < 5000; i += 2)
		big[i] = '/';
	CHECK_INT(sm_tree_path_clean(big, 5000, out, NULL), SEAM_EUSAGE);
	memset(big, 'a', 300);
	CHECK_INT(sm_tree_path_clean(big, 300, out, NULL), SEAM_EUSAGE);
	CHECK_INT(sm_tree_path_clean(big, 255, out, NULL), 0);
	sm_buf_dispose(&why);
}

TEST(tree, path_accepted)
{
	static const char *const good[][2] = {
		{"a/../b", "b"},
		{"./a//b/", "a/b"},
		{"a\\b\\c.c", "a/b/c.c"},
		{"a/b/../../c", "c"},
		{".gitignore", ".gitignore"},
		{"a/.gitmodules", "a/.gitmodules"},
		{".github/workflows/ci.yml", ".github/workflows/ci.yml"},
		{"x...y", "x...y"},
		{"..foo/bar..", "..foo/bar.."},
		{"a b/c d.txt", "a b/c d.txt"},
		{"100%/x%20y", "100%/x%20y"},
		{"~user/x", "~user/x"},
		{"src/\xc3\xa9t\xc3\xa9.c", "src/\xc3\xa9t\xc3\xa9.c"},
	};
	char out[SM_PATH_MAX + 1];
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		CHECK_INT(sm_tree_path_clean(good[i][0], strlen(good[i][0]), out, NULL), 0);
		CHECK_STR(out, good[i][1]);
		CHECK(sm_tree_path_is_clean(good[i][1]));
	}
	CHECK(!sm_tree_path_is_clean("a//b"));
	CHECK(!sm_tree_path_is_clean("./a"));
	CHECK(!sm_tree_path_is_clean(NULL));
}

TEST(tree, distance)
{
	CHECK_INT(sm_name_distance("utils", 5, "utlis", 5, 2), 1);
	CHECK_INT(sm_name_distance("abc", 3, "abd", 3, 2), 1);
	CHECK_INT(sm_name_distance("abc", 3, "abc", 3, 2), 0);
	CHECK_INT(sm_name_distance("abc", 3, "", 0, 2), 3);
	CHECK_INT(sm_name_distance("", 0, "ab", 2, 2), 2);
	CHECK_INT(sm_name_distance("kitten", 6, "sitting", 7, 2), 3);
	CHECK_INT(sm_name_distance("kitten", 6, "sitting", 7, 5), 3);
	CHECK_INT(sm_name_distance("main.c", 6, "mian.c", 6, 2), 1);
	CHECK_INT(sm_name_distance("src/x.c", 7, "srcx.c", 6, 2), 1);
}

/* ---- disk resolution ---- */

TEST(tree, refuses_on_disk)
{
	struct fx f;
	char *out = NULL, p[PATH_MAX];
	static const char *const refused[] = {
		"out/secret.txt", "out/new.txt", "sec", "rel", "deep/l/secret.txt", "dev",
		"fifo", "src", "src/", "loop1", "x.c/y", "../root/x.c", ".git/config",
		"up/secret.txt",
	};
	size_t i;

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "x.c", "int x;\n", 0644);
	put_file(f.root, "src/a.c", "a\n", 0644);
	put_file(f.root, ".git/config", "[core]\n", 0644);
	put_link(f.root, "out", f.outside);                        /* dir, absolute, outside */
	snprintf(p, sizeof(p), "%s/secret.txt", f.outside);
	put_link(f.root, "sec", p);                                /* file, absolute, outside */
	put_link(f.root, "rel", "../outside/secret.txt");          /* file, relative, outside */
	mkdirs(strcat(strcpy(p, f.root), "/deep"));
	put_link(f.root, "deep/l", "../../outside");               /* nested, relative */
	put_link(f.root, "dev", "/dev/null");
	put_link(f.root, "loop1", "loop2");
	put_link(f.root, "loop2", "loop1");
	put_link(f.root, "up", "src/../..");                       /* climbs after a real dir */
	snprintf(p, sizeof(p), "%s/fifo", f.root);
	CHECK(mkfifo(p, 0644) == 0);
	CHECK(!fx_tree(&f));
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int must;
		for (must = 0; must < 2; must++) {
			int rc = res(&f, refused[i], must, &out);
			if (rc != SEAM_STATUS_REFUSED_PATH) {
				sm_test_fail(__FILE__, __LINE__, "'%s' (must_exist %d): %d '%s'",
					     refused[i], must, rc, out ? out : "");
				return;
			}
			CHECK(out == NULL);
			CHECK(f.why.len > 0);
		}
	}
	CHECK_INT(res(&f, "out/secret.txt", 1, &out), SEAM_STATUS_REFUSED_PATH);
	CHECK(strstr(str(&f.why), "outside the project root") != NULL);
	CHECK_INT(res(&f, "fifo", 1, &out), SEAM_STATUS_REFUSED_PATH);
	CHECK(strstr(str(&f.why), "FIFO") != NULL);
	fx_close(&f);
}

TEST(tree, symlinks_inside_root)
{
	struct fx f;
	char *out = NULL, p[PATH_MAX];

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "src/x.c", "x\n", 0644);
	put_link(f.root, "lnk", "src");
	put_link(f.root, "f", "src/x.c");
	put_link(f.root, "src/up", "../src/./x.c");
	CHECK(!fx_tree(&f));
	snprintf(p, sizeof(p), "%s/src", f.t->root); /* absolute, inside the real root */
	put_link(f.root, "abs", p);

	CHECK_INT(res(&f, "lnk/x.c", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/x.c");
	CHECK(strstr(str(&f.note), "symbolic link") != NULL);
	sm_free(out);
	CHECK_INT(res(&f, "f", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/x.c");
	sm_free(out);
	CHECK_INT(res(&f, "src/up", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/x.c");
	sm_free(out);
	CHECK_INT(res(&f, "abs/x.c", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/x.c");
	sm_free(out);
	CHECK_INT(res(&f, "lnk/new/n.c", 0, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/new/n.c");
	sm_free(out);
	CHECK_INT(res(&f, "./src//x.c", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/x.c");
	CHECK_INT(f.note.len, 0);
	sm_free(out);
	CHECK_INT(res(&f, "new/dir/n.c", 0, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "new/dir/n.c");
	sm_free(out);
	fx_close(&f);
}

TEST(tree, root_is_symlink)
{
	struct fx f;
	char *out = NULL, real[1024], via[1024], p[PATH_MAX];

	CHECK(!fx_open(&f, 0));
	snprintf(real, sizeof(real), "%s/real", sm_test_tmpdir());
	snprintf(via, sizeof(via), "%s/via", sm_test_tmpdir());
	put_file(real, "a.c", "a\n", 0644);
	CHECK(symlink(real, via) == 0);
	CHECK(seam_tree_open_dir(&f.t, f.s, via) == SEAM_OK);
	snprintf(p, sizeof(p), "%s/a.c", f.t->root);
	put_link(real, "abs", p);
	CHECK_INT(res(&f, "a.c", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "a.c");
	sm_free(out);
	CHECK_INT(res(&f, "abs", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "a.c");
	sm_free(out);
	fx_close(&f);
}

TEST(tree, open_dir_errors)
{
	seam_session *s;
	seam_tree *t = NULL;
	char p[PATH_MAX];

	CHECK(!seam_session_new(&s, NULL));
	snprintf(p, sizeof(p), "%s/nope", sm_test_tmpdir());
	CHECK_INT(seam_tree_open_dir(&t, s, p), SEAM_EIO);
	CHECK(t == NULL);
	CHECK(strstr(seam_session_errmsg(s), "nope") != NULL);
	CHECK_INT(seam_tree_open_dir(&t, s, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_tree_open_dir(NULL, s, p), SEAM_EUSAGE);
	CHECK_INT(seam_tree_put(NULL, "a", "", 0, 0), SEAM_EUSAGE);
	seam_session_free(s);
}

/* ---- name resolution ---- */

TEST(tree, name_resolution)
{
	struct fx f;
	char *out = NULL;

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "src/pkg/util.py", "u\n", 0644);
	put_file(f.root, "src/helpers.py", "h\n", 0644);
	put_file(f.root, "a/x.py", "x\n", 0644);
	put_file(f.root, "b/x.py", "x\n", 0644);
	put_file(f.root, "src/b.c", "b\n", 0644);
	put_file(f.root, "README.md", "r\n", 0644);
	put_file(f.root, ".git/objects/config.py", "g\n", 0644);
	put_file(f.root, "node_modules/p/conf.py", "n\n", 0644);
	put_file(f.root, "src/my util.py", "s\n", 0644);
	put_link(f.root, "ln", "../outside");
	CHECK(!fx_tree(&f));

	CHECK_INT(res(&f, "pkg/util.py", 1, &out), SEAM_STATUS_APPLIED); /* path suffix */
	CHECK_STR(out, "src/pkg/util.py");
	CHECK(strstr(str(&f.note), "using 'src/pkg/util.py'") != NULL);
	sm_free(out);
	CHECK_INT(res(&f, "lib/util.py", 1, &out), SEAM_STATUS_APPLIED); /* base name */
	CHECK_STR(out, "src/pkg/util.py");
	sm_free(out);
	CHECK_INT(res(&f, "src/helpres.py", 1, &out), SEAM_STATUS_APPLIED); /* spelling */
	CHECK_STR(out, "src/helpers.py");
	sm_free(out);
	CHECK_INT(res(&f, "helpres.py", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/helpers.py");
	sm_free(out);
	CHECK_INT(res(&f, "readme.md", 1, &out), SEAM_STATUS_APPLIED); /* case */
	CHECK_STR(out, "README.md");
	sm_free(out);

	CHECK_INT(res(&f, "x.py", 1, &out), SEAM_STATUS_NOT_FOUND); /* two of them */
	CHECK(out == NULL);
	CHECK(strstr(str(&f.why), "'a/x.py'") && strstr(str(&f.why), "'b/x.py'"));
	CHECK_INT(res(&f, "src/a.c", 1, &out), SEAM_STATUS_NOT_FOUND); /* a.c is not b.c */
	CHECK_INT(res(&f, "config.py", 1, &out), SEAM_STATUS_NOT_FOUND); /* only in .git */
	CHECK_INT(res(&f, "conf.py", 1, &out), SEAM_STATUS_NOT_FOUND);   /* node_modules */
	CHECK_INT(res(&f, "secret.txt", 1, &out), SEAM_STATUS_NOT_FOUND); /* via a link out */
	CHECK_INT(res(&f, "my util.py", 1, &out), SEAM_STATUS_NOT_FOUND); /* spaces */
	CHECK_INT(res(&f, "zzz.py", 1, &out), SEAM_STATUS_NOT_FOUND);
	CHECK(strstr(str(&f.why), "not in the tree") != NULL);
	/* not asked to exist: taken as written, no guess */
	CHECK_INT(res(&f, "lib/util.py", 0, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "lib/util.py");
	sm_free(out);
	fx_close(&f);

	CHECK(!fx_open(&f, SEAM_FLAG_NO_NAME_RESOLVE));
	put_file(f.root, "src/pkg/util.py", "u\n", 0644);
	CHECK(!fx_tree(&f));
	CHECK_INT(res(&f, "pkg/util.py", 1, &out), SEAM_STATUS_NOT_FOUND);
	CHECK(out == NULL);
	fx_close(&f);
}

TEST(tree, name_resolution_sees_new_files)
{
	struct fx f;
	char *out = NULL;

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "src/one.c", "1\n", 0644);
	CHECK(!fx_tree(&f));
	CHECK_INT(res(&f, "two.c", 1, &out), SEAM_STATUS_NOT_FOUND);
	put_file(f.root, "src/two.c", "2\n", 0644);
	sm_tree_forget_names(f.t); /* a commit does this */
	CHECK_INT(res(&f, "two.c", 1, &out), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/two.c");
	sm_free(out);
	fx_close(&f);
}

/* ---- reading ---- */

TEST(tree, read)
{
	struct fx f;
	char *data = NULL;
	size_t len = 0;
	sm_filestat st, st2;
	char p[PATH_MAX];

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "bin/run.sh", "#!/bin/sh\necho hi\n", 0755);
	put_file(f.root, "empty", "", 0600);
	CHECK(!fx_tree(&f));
	CHECK_INT(sm_tree_read(f.t, "bin/run.sh", 1000, &data, &len, &st, &f.why), 0);
	CHECK_MEM(data, len, "#!/bin/sh\necho hi\n", 18);
	CHECK_INT(data[len], 0);
	CHECK_INT(st.exists, 1);
	CHECK_INT(st.mode, 0755);
	CHECK_INT(st.size, 18);
	CHECK(st.ino != 0 && st.mtime_ns != 0);
	CHECK(st.hash == sm_tree_hash("#!/bin/sh\necho hi\n", 18));
	sm_free(data);

	CHECK_INT(sm_tree_read(f.t, "empty", 1000, &data, &len, &st2, &f.why), 0);
	CHECK(data != NULL);
	CHECK_INT(len, 0);
	CHECK_INT(st2.mode, 0600);
	CHECK(st2.hash != st.hash);
	sm_free(data);

	CHECK_INT(sm_tree_read(f.t, "bin/run.sh", 10, &data, &len, &st, &f.why), SEAM_ELIMIT);
	CHECK(data == NULL);
	CHECK(strstr(str(&f.why), "larger") != NULL);
	CHECK_INT(sm_tree_read(f.t, "nope/x", 10, &data, &len, &st, &f.why), 0);
	CHECK(data == NULL && st.exists == 0);
	CHECK_INT(sm_tree_read(f.t, "../x", 10, &data, &len, &st, &f.why), SEAM_EUSAGE);
	CHECK(sm_tree_exists(f.t, "bin/run.sh"));
	CHECK(!sm_tree_exists(f.t, "bin"));
	CHECK(!sm_tree_exists(f.t, "nope"));

	/* a link swapped in after resolution is not followed */
	snprintf(p, sizeof(p), "%s/secret.txt", f.outside);
	put_link(f.root, "bin/run.sh", p);
	CHECK_INT(sm_tree_read(f.t, "bin/run.sh", 1000, &data, &len, &st, &f.why), SEAM_EIO);
	CHECK(data == NULL);
	CHECK(!sm_tree_exists(f.t, "bin/run.sh"));
	fx_close(&f);
}

TEST(tree, hash)
{
	const char *a = "hello world, this is more than eight bytes";
	CHECK(sm_tree_hash(a, strlen(a)) == sm_tree_hash(a, strlen(a)));
	CHECK(sm_tree_hash(a, strlen(a)) != sm_tree_hash(a, strlen(a) - 1));
	CHECK(sm_tree_hash("", 0) != sm_tree_hash("\0", 1));
	CHECK(sm_tree_hash("ab", 2) != sm_tree_hash("ba", 2));
}

/* the values are fixed: a journal records them, and the next run, maybe of another build or on
   another machine, checks the files against them (these are the values of the byte-at-a-time
   word loop the hash was first written with; an unaligned start included) */
TEST(tree, hash_values_fixed)
{
	static unsigned char d[1000];
	uint32_t x = 7;
	size_t i;

	for (i = 0; i < sizeof(d); i++) {
		x = x * 1103515245u + 12345u;
		d[i] = (unsigned char)(x >> 16);
	}
	CHECK(sm_tree_hash("", 0) == 0x9ca066f1a4ab2eeaull);
	CHECK(sm_tree_hash("a", 1) == 0x8586a5795e77d66bull);
	CHECK(sm_tree_hash("hello world, this is more than eight bytes", 42) ==
	      0x7ec1373f1d72d153ull);
	CHECK(sm_tree_hash("0123456789abcdef\n", 17) == 0xe78e38373a4650d8ull);
	CHECK(sm_tree_hash(d + 3, 997) == 0xb38b1239c3892133ull);
}

/* the hash fed in pieces is the hash of the whole, whatever the cuts (the commit's check
   reads a file so, without a second copy of it) */
TEST(tree, hash_in_pieces)
{
	static unsigned char data[200000];
	static const size_t lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 1000, 65536, 65537, 200000};
	static const size_t cuts[] = {1, 3, 8, 13, 4096, 65536};
	size_t i, k, j;
	uint32_t x = 12345;

	for (i = 0; i < sizeof(data); i++) {
		x = x * 1103515245u + 12345u;
		data[i] = (unsigned char)(x >> 16);
	}
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
		for (k = 0; k < sizeof(cuts) / sizeof(cuts[0]); k++) {
			sm_tree_hasher hs;
			sm_tree_hash_begin(&hs, lens[i]);
			for (j = 0; j < lens[i]; j += cuts[k])
				sm_tree_hash_feed(&hs, data + j,
						  lens[i] - j < cuts[k] ? lens[i] - j : cuts[k]);
			CHECK(sm_tree_hash_end(&hs) == sm_tree_hash(data, lens[i]));
		}
}

/* sm_disk_hash: a file read in 64 KiB pieces gets sm_tree_hash of its bytes; another length
   is no match */
TEST(tree, disk_hash)
{
	static char data[150001];
	FILE *f = tmpfile();
	uint64_t h = 0;
	int same = -1;
	size_t i;

	CHECK(f != NULL);
	if (!f)
		return;
	for (i = 0; i < sizeof(data); i++)
		data[i] = (char)('a' + i % 23);
	CHECK_INT(fwrite(data, 1, sizeof(data), f), sizeof(data));
	fflush(f);
	lseek(fileno(f), 0, SEEK_SET);
	CHECK_INT(sm_disk_hash(fileno(f), sizeof(data), &h, &same), 0);
	CHECK_INT(same, 1);
	CHECK(h == sm_tree_hash(data, sizeof(data)));
	/* the file is longer than said */
	lseek(fileno(f), 0, SEEK_SET);
	CHECK_INT(sm_disk_hash(fileno(f), sizeof(data) - 1, &h, &same), 0);
	CHECK_INT(same, 0);
	/* shorter than said */
	lseek(fileno(f), 0, SEEK_SET);
	CHECK_INT(sm_disk_hash(fileno(f), sizeof(data) + 1, &h, &same), 0);
	CHECK_INT(same, 0);
	fclose(f);
}

/* ---- in memory ---- */

TEST(tree, memory_round_trip)
{
	seam_session *s;
	seam_tree *t;
	const char *d;
	size_t len;
	char *out = NULL, *data = NULL;
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	sm_filestat st1, st2;
	sm_write w[3];

	CHECK(!seam_session_new(&s, NULL));
	CHECK(!seam_tree_new_memory(&t, s));
	CHECK_INT(seam_tree_put(t, "src/a.c", "int a;\n", 7, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "./src//b.c", "int b;\n", 7, 0755), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "del.txt", "bye\n", 4, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "../x", "", 0, 0644), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(s), "..") != NULL);
	CHECK_INT(seam_tree_put(t, ".git/config", "", 0, 0644), SEAM_EUSAGE);
	d = seam_tree_get(t, "src/b.c", &len);
	CHECK_MEM(d, len, "int b;\n", 7);
	CHECK(seam_tree_get(t, "src/c.c", &len) == NULL);

	CHECK_INT(sm_tree_resolve(t, "b.c", 3, 1, 0, &out, &note, &why), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/b.c");
	CHECK(strstr(note.ptr, "using") != NULL);
	sm_free(out);
	CHECK_INT(sm_tree_resolve(t, "/etc/x", 6, 0, 0, &out, &note, &why),
		  SEAM_STATUS_REFUSED_PATH);
	CHECK_INT(sm_tree_resolve(t, "new/n.c", 7, 0, 0, &out, &note, &why), SEAM_STATUS_APPLIED);
	CHECK_STR(out, "new/n.c");
	sm_free(out);

	CHECK_INT(sm_tree_read(t, "src/b.c", 100, &data, &len, &st1, &why), 0);
	CHECK_MEM(data, len, "int b;\n", 7);
	CHECK_INT(st1.mode, 0755);
	sm_free(data);
	CHECK_INT(sm_tree_read(t, "del.txt", 100, &data, &len, &st2, &why), 0);
	sm_free(data);
	CHECK_INT(sm_tree_read(t, "src/b.c", 3, &data, &len, &st1, &why), SEAM_ELIMIT);
	CHECK_INT(sm_tree_read(t, "src/b.c", 100, &data, &len, &st1, &why), 0);
	sm_free(data);

	memset(w, 0, sizeof(w));
	w[0].path = "src/b.c";
	w[0].data = "int bb;\n";
	w[0].len = 8;
	w[0].before = st1;
	w[1].path = "new/n.c";
	w[1].data = "n\n";
	w[1].len = 2;
	w[2].path = "del.txt";
	w[2].del = 1;
	w[2].before = st2;
	CHECK_INT(sm_tree_commit(t, w, 3, &why), 0);
	d = seam_tree_get(t, "src/b.c", &len);
	CHECK_MEM(d, len, "int bb;\n", 8);
	d = seam_tree_get(t, "new/n.c", &len);
	CHECK_MEM(d, len, "n\n", 2);
	CHECK(seam_tree_get(t, "del.txt", &len) == NULL);
	CHECK(seam_tree_get(t, "src/a.c", &len) != NULL);
	CHECK(sm_tree_exists(t, "new/n.c"));
	CHECK(!sm_tree_exists(t, "del.txt"));

	/* the same writes again: everything moved since */
	CHECK_INT(sm_tree_commit(t, w, 3, &why), SEAM_ECHANGED);
	d = seam_tree_get(t, "src/b.c", &len);
	CHECK_MEM(d, len, "int bb;\n", 8);

	/* changed behind the plan's back by put */
	CHECK_INT(sm_tree_read(t, "src/a.c", 100, &data, &len, &st1, &why), 0);
	sm_free(data);
	CHECK_INT(seam_tree_put(t, "src/a.c", "int A;\n", 7, 0644), SEAM_OK);
	w[0].path = "src/a.c";
	w[0].before = st1;
	CHECK_INT(sm_tree_commit(t, w, 1, &why), SEAM_ECHANGED);
	CHECK(strstr(why.ptr, "src/a.c") != NULL);
	d = seam_tree_get(t, "src/a.c", &len);
	CHECK_MEM(d, len, "int A;\n", 7);

	seam_tree_free(t);
	seam_session_free(s);
	sm_buf_dispose(&note);
	sm_buf_dispose(&why);
}

TEST(tree, memory_commit_out_of_memory)
{
	seam_session *s;
	seam_tree *t;
	sm_buf why = SM_BUF_INIT;
	sm_filestat st1, st2;
	char *data;
	size_t len;
	const char *d;
	sm_write w[3];
	long k;
	int rc = -1;

	CHECK(!seam_session_new(&s, NULL));
	CHECK(!seam_tree_new_memory(&t, s));
	CHECK_INT(seam_tree_put(t, "a", "A", 1, 0644), 0);
	CHECK_INT(seam_tree_put(t, "b", "B", 1, 0644), 0);
	CHECK_INT(sm_tree_read(t, "a", 100, &data, &len, &st1, &why), 0);
	sm_free(data);
	CHECK_INT(sm_tree_read(t, "b", 100, &data, &len, &st2, &why), 0);
	sm_free(data);
	memset(w, 0, sizeof(w));
	w[0].path = "a";
	w[0].data = "AA";
	w[0].len = 2;
	w[0].before = st1;
	w[1].path = "c/new";
	w[1].data = "C";
	w[1].len = 1;
	w[2].path = "b";
	w[2].del = 1;
	w[2].before = st2;
	for (k = 0; k < 100 && rc; k++) {
		sm_alloc_fail_after(k);
		rc = sm_tree_commit(t, w, 3, NULL);
		sm_alloc_fail_after(-1);
		if (rc) {
			CHECK_INT(rc, SEAM_ENOMEM);
			d = seam_tree_get(t, "a", &len);
			CHECK_MEM(d, len, "A", 1);
			CHECK(seam_tree_get(t, "b", &len) != NULL);
			CHECK(seam_tree_get(t, "c/new", &len) == NULL);
		}
	}
	CHECK_INT(rc, 0);
	d = seam_tree_get(t, "a", &len);
	CHECK_MEM(d, len, "AA", 2);
	CHECK(seam_tree_get(t, "b", &len) == NULL);
	seam_tree_free(t);
	seam_session_free(s);
	sm_buf_dispose(&why);
}

TEST(tree, disk_tree_has_no_put_get)
{
	struct fx f;
	size_t len = 7;

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "a", "a", 0644);
	CHECK(!fx_tree(&f));
	CHECK_INT(seam_tree_put(f.t, "a", "b", 1, 0644), SEAM_EUSAGE);
	CHECK(seam_tree_get(f.t, "a", &len) == NULL);
	CHECK_INT(len, 0);
	CHECK(sm_tree_session(f.t) == f.s);
	fx_close(&f);
}

TEST(tree, resolve_out_of_memory)
{
	struct fx f;
	char *out = NULL;
	long k;
	int rc = -1;

	CHECK(!fx_open(&f, 0));
	put_file(f.root, "src/pkg/util.py", "u\n", 0644);
	put_file(f.root, "src/other.py", "o\n", 0644);
	put_link(f.root, "l", "src");
	CHECK(!fx_tree(&f));
	for (k = 0; k < 200 && rc != SEAM_STATUS_APPLIED; k++) {
		sm_tree_forget_names(f.t);
		sm_alloc_fail_after(k);
		rc = sm_tree_resolve(f.t, "l/util.py", 9, 1, 0, &out, NULL, NULL);
		sm_alloc_fail_after(-1);
		if (rc != SEAM_STATUS_APPLIED)
			CHECK(out == NULL);
	}
	CHECK_INT(rc, SEAM_STATUS_APPLIED);
	CHECK_STR(out, "src/pkg/util.py");
	sm_free(out);
	fx_close(&f);
}

/* ---- names the same but for case and Unicode form ---- */

TEST(tree, same_name_after_normalization)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	char *out = NULL;
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	static const char nfd[] = "cafe\xcc\x81.py", nfc[] = "caf\xc3\xa9.py";
	int rc;

	CHECK(!seam_session_new(&s, NULL));
	CHECK(!seam_tree_new_memory(&t, s));
	CHECK_INT(seam_tree_put(t, nfd, "x\n", 2, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "lib/Foo.py", "y\n", 2, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "two.c", "", 0, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "TWO.c", "", 0, 0644), SEAM_OK);

	/* an edit's file: NFC finds NFD */
	CHECK_INT(sm_tree_resolve(t, nfc, strlen(nfc), 1, 0, &out, &note, &why), SEAM_STATUS_APPLIED);
	CHECK_STR(out, nfd);
	sm_free(out);
	/* a file that may be new: the same name but for case or form is that file */
	CHECK_INT(sm_tree_resolve(t, nfc, strlen(nfc), SM_RESOLVE_SAME, 0, &out, &note, &why),
		  SEAM_STATUS_APPLIED);
	CHECK_STR(out, nfd);
	sm_free(out);
	CHECK_INT(sm_tree_resolve(t, "LIB/foo.PY", 10, SM_RESOLVE_SAME, 0, &out, &note, &why),
		  SEAM_STATUS_APPLIED);
	CHECK_STR(out, "lib/Foo.py");
	CHECK(note.ptr && strstr(note.ptr, "using 'lib/Foo.py'"));
	sm_free(out);
	/* but not a close spelling, a base name or a suffix: those are new files */
	CHECK_INT(sm_tree_resolve(t, "Foo.py", 6, SM_RESOLVE_SAME, 0, &out, &note, &why),
		  SEAM_STATUS_APPLIED);
	CHECK_STR(out, "Foo.py");
	sm_free(out);
	CHECK_INT(sm_tree_resolve(t, "lib/Fo.py", 9, SM_RESOLVE_SAME, 0, &out, &note, &why),
		  SEAM_STATUS_APPLIED);
	CHECK_STR(out, "lib/Fo.py");
	sm_free(out);
	/* two files fit: refused, both named */
	CHECK_INT(sm_tree_resolve(t, "Two.c", 5, SM_RESOLVE_SAME, 0, &out, &note, &why),
		  SEAM_STATUS_REFUSED_PATH);
	CHECK(out == NULL);
	CHECK(why.ptr && strstr(why.ptr, "two.c") && strstr(why.ptr, "TWO.c"));
	/* bytes that are not UTF-8 are compared as bytes */
	rc = sm_tree_resolve(t, "caf\xe9.py", 7, SM_RESOLVE_SAME, 0, &out, &note, &why);
	CHECK_INT(rc, SEAM_STATUS_APPLIED);
	CHECK_STR(out, "caf\xe9.py");
	sm_free(out);
	sm_buf_dispose(&note);
	sm_buf_dispose(&why);
	seam_tree_free(t);
	seam_session_free(s);
}
