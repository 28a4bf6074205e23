#define _POSIX_C_SOURCE 200809L
#define SM_CURL_DL_SELF

/* libcurl loaded at run time (curl_dl.h says why). */
#include "curl_dl.h"

#include <dlfcn.h>
#include <stdio.h>

sm_curl_api sm_curl;

/* The library's soname: its ABI since 2006 (libcurl.so.4). */
#define CURL_SONAME "libcurl.so.4"

static char why[256];

/* The address of a function of lib, or NULL (why says which). Through a union: ISO C has no
 * conversion from an object pointer (dlsym's void *) to a function pointer. */
typedef void (*any_fn)(void);

static any_fn get(void *lib, const char *name)
{
	union {
		void *obj;
		any_fn fn;
	} u;

	u.obj = dlsym(lib, name);
	if (!u.obj)
		snprintf(why, sizeof(why), "%s has no %s", CURL_SONAME, name);
	return u.obj ? u.fn : NULL;
}

CURLcode sm_curl_global_init(long flags)
{
	static void *lib;
	static CURLcode (*init)(long);
	any_fn f[9];
	size_t i;
	static const char *const names[9] = {
		"curl_global_init", "curl_global_cleanup", "curl_slist_append",
		"curl_slist_free_all", "curl_easy_init", "curl_easy_setopt",
		"curl_easy_perform", "curl_easy_cleanup", "curl_easy_strerror",
	};

	why[0] = '\0';
	if (!lib) {
		void *h = dlopen(CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (!h) {
			const char *e = dlerror();
			snprintf(why, sizeof(why), "%s", e ? e : "cannot load " CURL_SONAME);
			return CURLE_FAILED_INIT;
		}
		for (i = 0; i < 9; i++)
			if (!(f[i] = get(h, names[i]))) {
				dlclose(h);
				return CURLE_FAILED_INIT;
			}
		init = (CURLcode(*)(long))f[0];
		sm_curl.global_cleanup = (void (*)(void))f[1];
		sm_curl.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *))f[2];
		sm_curl.slist_free_all = (void (*)(struct curl_slist *))f[3];
		sm_curl.easy_init = (CURL * (*)(void))f[4];
		sm_curl.easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))f[5];
		sm_curl.easy_perform = (CURLcode(*)(CURL *))f[6];
		sm_curl.easy_cleanup = (void (*)(CURL *))f[7];
		sm_curl.easy_strerror = (const char *(*)(CURLcode))f[8];
		lib = h;
	}
	return init(flags);
}

const char *sm_curl_error(void)
{
	return why;
}
