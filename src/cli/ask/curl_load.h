#ifndef SEAM_CLI_ASK_CURL_LOAD_H
#define SEAM_CLI_ASK_CURL_LOAD_H

/*
 * libcurl, loaded when seam ask or seam bench run starts talking to a server, not at every
 * start of seam: linked in, libcurl and the thirty libraries it pulls (TLS, Kerberos, LDAP...)
 * were mapped, relocated and initialised by every `seam apply`, three quarters of the
 * instructions of a small run. The functions seam uses, through one table.
 */

#include <curl/curl.h>
#include <stddef.h>

typedef struct sm_curl_api {
	CURLcode (*global_init)(long flags);
	void (*global_cleanup)(void);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *cu, CURLoption opt, ...);
	CURLcode (*easy_perform)(CURL *cu);
	void (*easy_cleanup)(CURL *cu);
	const char *(*easy_strerror)(CURLcode rc);
	struct curl_slist *(*slist_append)(struct curl_slist *l, const char *s);
	void (*slist_free_all)(struct curl_slist *l);
} sm_curl_api;

/* Filled by sm_curl_start; its functions are called only after it succeeded. */
extern sm_curl_api sm_curl;

/* Loads libcurl (once) and runs curl_global_init: 0, or -1 with the reason in err. */
int sm_curl_start(char *err, size_t errsz);
/* curl_global_cleanup, after a successful sm_curl_start (the library stays loaded). */
void sm_curl_stop(void);

#endif
