#ifndef SEAM_CLI_CURL_DL_H
#define SEAM_CLI_CURL_DL_H

/*
 * libcurl, loaded when seam ask or seam bench first needs it (dlopen), not linked: linked, it
 * and the thirty libraries it pulls in (TLS, Kerberos, LDAP...) were mapped and relocated by
 * every seam process, about 5 MiB of every run's peak memory (issue 12's memory bound) and a
 * few milliseconds of every start, for the two commands that talk to the network.
 *
 * Include this instead of <curl/curl.h>: the calls below go through the loaded functions.
 * curl_global_init loads the library first; it fails (CURLE_FAILED_INIT, the reason from
 * sm_curl_error) when libcurl cannot be loaded.
 */

#define CURL_DISABLE_TYPECHECK /* the checks are macros over the functions' real names */
#include <curl/curl.h>

#include <stddef.h>

typedef struct sm_curl_api {
	void (*global_cleanup)(void);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	void (*easy_cleanup)(CURL *);
	const char *(*easy_strerror)(CURLcode);
} sm_curl_api;

extern sm_curl_api sm_curl;

/* Loads libcurl (once) and runs its curl_global_init. */
CURLcode sm_curl_global_init(long flags);
/* Why the last sm_curl_global_init failed ("" when it did not). */
const char *sm_curl_error(void);

#ifndef SM_CURL_DL_SELF
#define curl_global_init sm_curl_global_init
#define curl_global_cleanup (*sm_curl.global_cleanup)
#define curl_slist_append (*sm_curl.slist_append)
#define curl_slist_free_all (*sm_curl.slist_free_all)
#define curl_easy_init (*sm_curl.easy_init)
#undef curl_easy_setopt /* curl.h's own macro over the function */
#define curl_easy_setopt (*sm_curl.easy_setopt)
#define curl_easy_perform (*sm_curl.easy_perform)
#define curl_easy_cleanup (*sm_curl.easy_cleanup)
#define curl_easy_strerror (*sm_curl.easy_strerror)
#endif

#endif
