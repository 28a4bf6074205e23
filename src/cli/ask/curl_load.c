#define _POSIX_C_SOURCE 200809L

/* libcurl loaded on first use (curl_load.h says why). */
#include "curl_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The names libcurl's ABI 4 (every libcurl since 2006) is installed under: the plain one, the
 * GnuTLS build Debian ships beside it, and the development link as a last resort. */
static const char *const sonames[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};

sm_curl_api sm_curl;

/* One symbol into *fn (a function pointer's bytes: ISO C has no cast from void *). */
static int sym(void *lib, const char *name, void *fn, size_t fnsz, char *err, size_t errsz)
{
	void *p = dlsym(lib, name);

	if (!p) {
		snprintf(err, errsz, "cannot load libcurl: no %s in it", name);
		return -1;
	}
	memcpy(fn, &p, fnsz);
	return 0;
}

#define SYM(field, name) sym(lib, name, &api.field, sizeof(api.field), err, errsz)

int sm_curl_start(char *err, size_t errsz)
{
	static void *lib;
	sm_curl_api api;
	const char *why = "";
	size_t i;

	if (!lib) {
		for (i = 0; !lib && i < sizeof(sonames) / sizeof(*sonames); i++)
			if (!(lib = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL)) && !i)
				why = dlerror();
		if (!lib) {
			snprintf(err, errsz, "cannot load libcurl (%s): seam ask needs it installed",
				 why ? why : sonames[0]);
			return -1;
		}
		memset(&api, 0, sizeof(api));
		if (SYM(global_init, "curl_global_init") ||
		    SYM(global_cleanup, "curl_global_cleanup") ||
		    SYM(easy_init, "curl_easy_init") || SYM(easy_setopt, "curl_easy_setopt") ||
		    SYM(easy_perform, "curl_easy_perform") ||
		    SYM(easy_cleanup, "curl_easy_cleanup") ||
		    SYM(easy_strerror, "curl_easy_strerror") ||
		    SYM(slist_append, "curl_slist_append") ||
		    SYM(slist_free_all, "curl_slist_free_all")) {
			dlclose(lib);
			lib = NULL;
			return -1;
		}
		sm_curl = api;
	}
	if (sm_curl.global_init(CURL_GLOBAL_DEFAULT)) {
		snprintf(err, errsz, "cannot start libcurl");
		return -1;
	}
	return 0;
}

void sm_curl_stop(void)
{
	sm_curl.global_cleanup();
}
