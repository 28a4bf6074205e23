#ifndef SEAM_UTIL_FAULT_H
#define SEAM_UTIL_FAULT_H

/*
 * I/O fault injection, the twin of sm_alloc_fail_after: every filesystem call of the tree code
 * asks sm_fault_hit() first and fails (errno = EIO unless a test chose another) when it says so,
 * so a test can fail the Nth call of a commit and check that the tree ends as it was.
 * Per-thread state (every count, arming and hook below is the calling thread's own, so tests
 * in one thread never fail another thread's calls), meant for tests only; costs one
 * thread-local load and a branch per call when nothing is armed.
 */

enum sm_fault {
	SM_FAULT_OPEN,
	SM_FAULT_READ,
	SM_FAULT_WRITE,
	SM_FAULT_FSYNC,
	SM_FAULT_RENAME,
	SM_FAULT_LINK,
	SM_FAULT_CLOSE,
	SM_FAULT_MKDIR,
	SM_FAULT_N
};

/* 1 when this call of kind k must fail (errno is then already set); counts the call. */
int sm_fault_hit(enum sm_fault k);
/* The n-th next call of kind k fails (n >= 1; 0 disarms). Only that one call fails. */
void sm_fault_arm(enum sm_fault k, unsigned long n);
/* The n-th next call of any kind fails (n >= 1; 0 disarms). */
void sm_fault_arm_any(unsigned long n);
/* The errno an injected failure sets (EIO by default), to reach fallbacks such as EPERM. */
void sm_fault_set_errno(int e);
/* Disarms everything and restores EIO; counters are kept. */
void sm_fault_reset(void);
/* Calls of kind k this thread made since it started, and of every kind. */
unsigned long sm_fault_count(enum sm_fault k);
unsigned long sm_fault_total(void);
/*
 * Calls fn(k, arg) at every call sm_fault_hit counts, before it decides (NULL removes it): a
 * test can act at a precise point of a commit, e.g. change a file while the temporaries are
 * being written, to play another process at the worst moment.
 */
void sm_fault_set_hook(void (*fn)(enum sm_fault k, void *arg), void *arg);
/* 1 while an armed failure has not fired yet (a loop over N stops when N is past the end). */
int sm_fault_pending(void);

#endif
