#ifndef SEAM_TESTS_TEST_H
#define SEAM_TESTS_TEST_H

/*
 * A small test runner (clar's organisation, no vendored code): each file holds
 *
 *     TEST(module, case) { ... CHECK(cond); CHECK_STR(got, want); ... }
 *
 * which registers test_<module>__<case> at load time. The runner runs all tests, or those whose
 * name contains the filter given with -s, and ends with the line "N passed, N failed".
 */

#include <stddef.h>
#include <string.h>

typedef void (*sm_test_fn)(void);
void sm_test_register(const char *name, sm_test_fn fn);
void sm_test_fail(const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/* A fresh empty temporary directory for the current test, removed after it (NUL-terminated). */
const char *sm_test_tmpdir(void);
/* Writes/reads whole files (test helpers; abort the test on failure). */
void sm_test_write_file(const char *path, const char *data, size_t len);
char *sm_test_read_file(const char *path, size_t *len); /* free with free(); NULL if missing */

#define TEST(mod, name)                                                                  \
	static void test_##mod##__##name(void);                                          \
	__attribute__((constructor)) static void reg_##mod##__##name(void)               \
	{                                                                                \
		sm_test_register(#mod "::" #name, test_##mod##__##name);                 \
	}                                                                                \
	static void test_##mod##__##name(void)

#define CHECK(cond)                                                                      \
	do {                                                                             \
		if (!(cond)) {                                                           \
			sm_test_fail(__FILE__, __LINE__, "%s", #cond);                   \
			return;                                                          \
		}                                                                        \
	} while (0)

#define CHECK_INT(got, want)                                                             \
	do {                                                                             \
		long long g_ = (long long)(got), w_ = (long long)(want);                 \
		if (g_ != w_) {                                                          \
			sm_test_fail(__FILE__, __LINE__, "%s == %lld, want %lld", #got, g_, w_); \
			return;                                                          \
		}                                                                        \
	} while (0)

#define CHECK_STR(got, want)                                                             \
	do {                                                                             \
		const char *g_ = (got), *w_ = (want);                                    \
		if (!g_ || !w_ || strcmp(g_, w_)) {                                      \
			sm_test_fail(__FILE__, __LINE__, "%s:\n--- got\n%s\n--- want\n%s", #got, \
				     g_ ? g_ : "(null)", w_ ? w_ : "(null)");             \
			return;                                                          \
		}                                                                        \
	} while (0)

#define CHECK_MEM(got, glen, want, wlen)                                                 \
	do {                                                                             \
		const char *g_ = (const char *)(got), *w_ = (const char *)(want);         \
		size_t gl_ = (glen), wl_ = (wlen);                                       \
		if (gl_ != wl_ || (gl_ && memcmp(g_, w_, gl_))) {                        \
			sm_test_fail(__FILE__, __LINE__, "%s:\n--- got (%zu bytes)\n%.*s\n--- want (%zu bytes)\n%.*s", \
				     #got, gl_, (int)(gl_ > 4000 ? 4000 : gl_), g_ ? g_ : "", wl_, \
				     (int)(wl_ > 4000 ? 4000 : wl_), w_ ? w_ : "");        \
			return;                                                          \
		}                                                                        \
	} while (0)

#endif
