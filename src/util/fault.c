#include "fault.h"

#include <errno.h>

/* Per thread, like alloc.c's hook: a test arms its own thread's calls, and threads running
 * seam at once share nothing here. */
static _Thread_local unsigned long counts[SM_FAULT_N];
static _Thread_local unsigned long total;
static _Thread_local unsigned long armed[SM_FAULT_N]; /* countdown to the failing call; 0 = off */
static _Thread_local unsigned long armed_any;
static _Thread_local int nr_armed; /* fast path: nothing to count down */
static _Thread_local int fault_errno = EIO;
static _Thread_local void (*hook)(enum sm_fault, void *);
static _Thread_local void *hook_arg;

int sm_fault_hit(enum sm_fault k)
{
	int hit = 0;

	if ((unsigned)k >= SM_FAULT_N)
		return 0;
	counts[k]++;
	total++;
	if (hook)
		hook(k, hook_arg);
	if (!nr_armed)
		return 0;
	if (armed[k] && --armed[k] == 0) {
		nr_armed--;
		hit = 1;
	}
	if (armed_any && --armed_any == 0) {
		nr_armed--;
		hit = 1;
	}
	if (hit)
		errno = fault_errno;
	return hit;
}

void sm_fault_arm(enum sm_fault k, unsigned long n)
{
	if ((unsigned)k >= SM_FAULT_N)
		return;
	if (armed[k])
		nr_armed--;
	armed[k] = n;
	if (n)
		nr_armed++;
}

void sm_fault_arm_any(unsigned long n)
{
	if (armed_any)
		nr_armed--;
	armed_any = n;
	if (n)
		nr_armed++;
}

void sm_fault_set_errno(int e)
{
	fault_errno = e ? e : EIO;
}

void sm_fault_reset(void)
{
	int k;

	for (k = 0; k < SM_FAULT_N; k++)
		armed[k] = 0;
	armed_any = 0;
	nr_armed = 0;
	fault_errno = EIO;
}

unsigned long sm_fault_count(enum sm_fault k)
{
	return (unsigned)k < SM_FAULT_N ? counts[k] : 0;
}

unsigned long sm_fault_total(void)
{
	return total;
}

int sm_fault_pending(void)
{
	return nr_armed > 0;
}

void sm_fault_set_hook(void (*fn)(enum sm_fault k, void *arg), void *arg)
{
	hook = fn;
	hook_arg = arg;
}
