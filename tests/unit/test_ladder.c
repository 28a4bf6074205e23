/*
 * The ladder's runner (match/match_ladder.c) on its own: each policy's order is the one its
 * table row gives, the runner stops where the policy says, the split hook runs at its rung, the
 * work budget cuts a costly tier at the same unit every time, and a tie is still refused.
 */
#include "test.h"
#include "lib/match/match.h"
#include "lib/match/prep.h"
#include "lib/core/seam_limits.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* A file image and an edit whose old side is `old` (lines '\n'-separated, each deleted). */
typedef struct fixture {
	sm_image im;
	sm_edit e;
	sm_medit me;
} fixture;

static int fixture_make(fixture *f, const char *file, const char *old)
{
	const char *p = old;

	memset(f, 0, sizeof(*f));
	if (sm_image_load(&f->im, file, strlen(file)))
		return -1;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (sm_edit_add_line(&f->e, SM_HL_DEL, p, n))
			return -1;
		p += n + (nl != NULL);
	}
	if (sm_edit_add_line(&f->e, SM_HL_ADD, "new", 3))
		return -1;
	f->e.hint_len = -1;
	return sm_prep_edit(&f->me, &f->e);
}

static void fixture_free(fixture *f)
{
	sm_prep_dispose(&f->me);
	sm_free(f->e.lines);
	sm_image_dispose(&f->im);
}

static sm_mctx ctx(fixture *f, sm_budget *b)
{
	sm_mctx c;

	memset(&c, 0, sizeof(c));
	c.im = &f->im;
	c.e = &f->me;
	c.lo = 0;
	c.hi = f->im.n;
	c.budget = b;
	return c;
}

static int in_order(const sm_policy *pol, int a, int b)
{
	int k, ia = -1, ib = -1;

	for (k = 0; k < pol->ntiers; k++) {
		if (pol->tiers[k] == a)
			ia = k;
		if (pol->tiers[k] == b)
			ib = k;
	}
	return ia >= 0 && ib >= 0 && ia < ib;
}

static int has(const sm_policy *pol, int t)
{
	int k;
	for (k = 0; k < pol->ntiers; k++)
		if (pol->tiers[k] == t)
			return 1;
	return 0;
}

TEST(ladder, policy_table)
{
	const sm_policy *apply = sm_policy_get(SM_POLICY_APPLY);
	int p, k;

	CHECK(apply != NULL);
	CHECK_INT(apply->ntiers, SM_TIER_COUNT);
	/* strict to tolerant, the split before the fuzzy tier, every tier once */
	for (k = 0; k < apply->ntiers; k++)
		CHECK_INT(apply->tiers[k], k);
	CHECK(sm_policy_get(SM_POLICY_COUNT) == NULL);
	CHECK(sm_policy_get(-1) == NULL);
	for (p = 0; p < SM_POLICY_COUNT; p++) {
		const sm_policy *pol = sm_policy_get(p);
		CHECK(pol->name && *pol->name);
		CHECK(pol->ntiers > 0 && pol->ntiers <= SM_TIER_COUNT);
		CHECK_INT(pol->tiers[0], SM_TIER_EXACT);
		for (k = 1; k < pol->ntiers; k++)
			CHECK(pol->tiers[k] > pol->tiers[k - 1]); /* never back down the ladder */
	}
	/* only apply splits; the split's own runs and the strict policies have no fuzzy tier */
	for (p = 0; p < SM_POLICY_COUNT; p++)
		CHECK_INT(has(sm_policy_get(p), SM_TIER_SPLIT), p == SM_POLICY_APPLY);
	CHECK(!has(sm_policy_get(SM_POLICY_SPLIT), SM_TIER_FUZZY));
	CHECK(!has(sm_policy_get(SM_POLICY_ALREADY), SM_TIER_BLANK));
	CHECK(!has(sm_policy_get(SM_POLICY_REPLACE_ALL), SM_TIER_BLANK));
	CHECK(in_order(sm_policy_get(SM_POLICY_LOCATE), SM_TIER_REPAIR, SM_TIER_FUZZY));
	CHECK_INT(sm_policy_get(SM_POLICY_REPLACE_ALL)->stop, SM_STOP_ALL);
	CHECK_INT(sm_policy_get(SM_POLICY_APPLY)->stop, SM_STOP_FIRST);
}

/* What the split hook saw. */
typedef struct hook_log {
	int calls, answer;
} hook_log;

static int hook(void *arg)
{
	hook_log *h = arg;
	h->calls++;
	return h->answer;
}

static const char *FILE_A = "alpha_function_name(argument_one)\n"
			    "beta_function_name(argument_two)\n"
			    "\n"
			    "gamma_function_name(argument_three)\n"
			    "delta_function_name(argument_four)\n";

TEST(ladder, stops_at_the_first_tier_that_finds)
{
	fixture f;
	sm_match m;
	sm_mctx c;
	hook_log h = {0, 1};

	/* whole and exact: the exact tier decides, the hook and the tolerant tiers never run */
	CHECK_INT(fixture_make(&f, FILE_A, "beta_function_name(argument_two)"), 0);
	c = ctx(&f, NULL);
	c.split = hook;
	c.split_arg = &h;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.tier, SM_TIER_EXACT);
	CHECK_INT(m.best.start, 1);
	CHECK_INT(h.calls, 0);
	sm_match_dispose(&m);
	fixture_free(&f);

	/* the blank line between left out: the blank-lines tier, the first tolerant one */
	CHECK_INT(fixture_make(&f, FILE_A, "beta_function_name(argument_two)\n"
					   "gamma_function_name(argument_three)"), 0);
	c = ctx(&f, NULL);
	c.split = hook;
	c.split_arg = &h;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.tier, SM_TIER_BLANK);
	CHECK_INT(h.calls, 0);
	sm_match_dispose(&m);
	/* the already-applied policy stops before the tolerant tiers */
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_ALREADY, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_NO_MATCH);
	CHECK_INT(m.cut, 0);
	sm_match_dispose(&m);
	fixture_free(&f);
}

TEST(ladder, split_hook_runs_between_repair_and_fuzzy)
{
	fixture f;
	sm_match m;
	sm_mctx c;
	hook_log h = {0, 1};

	/* a miscopied line (one letter): only the fuzzy tier places it */
	CHECK_INT(fixture_make(&f, FILE_A, "gamma_function_name(argument_thr3e)\n"
					   "delta_function_name(argument_four)"), 0);
	c = ctx(&f, NULL);
	c.split = hook;
	c.split_arg = &h;
	/* the hook decides: the runner says so and the fuzzy tier does not run */
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 1);
	CHECK_INT(h.calls, 1);
	CHECK_INT(m.status, SEAM_STATUS_NO_MATCH);
	sm_match_dispose(&m);
	/* the hook passes: the fuzzy tier after it finds the place */
	h.answer = 0;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(h.calls, 2);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.tier, SM_TIER_FUZZY);
	CHECK_INT(m.best.start, 3);
	sm_match_dispose(&m);
	/* out of memory in the hook is the runner's */
	h.answer = -1;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), -1);
	sm_match_dispose(&m);
	/* no hook: the rung is skipped */
	c.split = NULL;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(m.best.tier, SM_TIER_FUZZY);
	sm_match_dispose(&m);
	/* a split run has no fuzzy tier: nothing */
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_SPLIT, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_NO_MATCH);
	sm_match_dispose(&m);
	/* the locate and lazy-check policies go on to it */
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_LOCATE, &m), 0);
	CHECK_INT(m.best.tier, SM_TIER_FUZZY);
	sm_match_dispose(&m);
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_LAZY, &m), 0);
	CHECK_INT(m.best.tier, SM_TIER_FUZZY);
	sm_match_dispose(&m);
	/* a stop-all policy is not run this way */
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_REPLACE_ALL, &m), SEAM_EUSAGE);
	sm_match_dispose(&m);
	fixture_free(&f);
}

TEST(ladder, ties_are_refused)
{
	const char *file = "def first():\n"
			   "    value = compute_the_value(x)\n"
			   "    return value\n"
			   "\n"
			   "def second():\n"
			   "    value = compute_the_value(x)\n"
			   "    return value\n";
	fixture f;
	sm_match m;
	sm_mctx c;
	hook_log h = {0, 1};

	CHECK_INT(fixture_make(&f, file, "    value = compute_the_value(x)\n    return value"), 0);
	c = ctx(&f, NULL);
	c.split = hook;
	c.split_arg = &h;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_AMBIGUOUS);
	CHECK_INT(m.tier, SM_TIER_EXACT);
	CHECK_INT(m.others.n, 2);
	CHECK_INT(h.calls, 0); /* a tie is final: no rung after it runs */
	sm_match_dispose(&m);
	fixture_free(&f);

	/* a tie found by a tolerant tier (the blank line left out of both) */
	CHECK_INT(fixture_make(&f, "a_long_line_one = 1\n\nb_long_line_two = 2\n"
				   "x\n"
				   "a_long_line_one = 1\n\nb_long_line_two = 2\n",
			       "a_long_line_one = 1\nb_long_line_two = 2"), 0);
	c = ctx(&f, NULL);
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_LOCATE, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_AMBIGUOUS);
	CHECK_INT(m.tier, SM_TIER_BLANK);
	CHECK_INT(m.others.n, 2);
	sm_match_dispose(&m);
	fixture_free(&f);
}

/* Lines of pseudo-random letters (a fixed sequence: the same file every run). */
static char *noise_file(size_t lines, size_t width, unsigned seed)
{
	char *d = malloc(lines * (width + 1) + 1), *p = d;
	size_t i, j;

	for (i = 0; i < lines; i++) {
		for (j = 0; j < width; j++) {
			seed = seed * 1103515245u + 12345u;
			*p++ = (char)('a' + (seed >> 16) % 26);
		}
		*p++ = '\n';
	}
	*p = '\0';
	return d;
}

/*
 * The fuzzy tier's search of a long line against every line of a file costs an edit distance
 * a line. The budget counts it: the units one run spends are the same every run, a budget one
 * unit short of them cuts the search (and says so, with no place), and a budget of exactly
 * them lets it end.
 */
TEST(ladder, budget_cuts_a_costly_tier_at_the_same_unit)
{
	char *file = noise_file(2000, 60, 3), line[61];
	fixture f;
	sm_budget b;
	sm_match m;
	sm_mctx c;
	uint64_t need;
	int i;

	/* line 1000 of the file with one letter changed: only the fuzzy tier finds it */
	memcpy(line, file + 1000 * 61, 60);
	line[60] = '\0';
	line[30] = line[30] == 'z' ? 'y' : 'z';
	CHECK_INT(fixture_make(&f, file, line), 0);

	sm_budget_init(&b, UINT64_MAX);
	c = ctx(&f, &b);
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_LOCATE, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.tier, SM_TIER_FUZZY);
	CHECK_INT(m.best.start, 1000);
	sm_match_dispose(&m);
	need = b.spent;
	/* most of it is the fuzzy tier's edit distances, not the strict tiers' passes */
	CHECK(need > 2000 * 60 * 60 / 2);

	for (i = 0; i < 3; i++) {
		sm_budget_init(&b, need);
		CHECK_INT(sm_ladder_run(&c, SM_POLICY_LOCATE, &m), 0);
		CHECK_INT(m.status, SEAM_STATUS_APPLIED);
		CHECK_INT(b.spent, need);
		sm_match_dispose(&m);

		sm_budget_init(&b, need - 1);
		CHECK_INT(sm_ladder_run(&c, SM_POLICY_LOCATE, &m), 0);
		CHECK_INT(m.status, SEAM_STATUS_NO_MATCH);
		CHECK_INT(m.cut, 1);
		CHECK(sm_budget_out(&b));
		sm_match_dispose(&m);
	}
	/* a budget spent before the run: nothing is searched */
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_LOCATE, &m), 0);
	CHECK_INT(m.cut, 1);
	sm_match_dispose(&m);
	/* a budget of ms: SM_WORK_PER_MS units each */
	sm_ladder_budget(&b, 7);
	CHECK(b.limit == 7 * SM_WORK_PER_MS);
	CHECK_INT(sm_ladder_budget_ms(&b), 7);
	fixture_free(&f);
	free(file);
}

TEST(ladder, every_place_for_replace_all)
{
	const char *file = "x = 1\ny = 2\nx = 1\nx = 1\n  x = 1\n";
	fixture f;
	sm_cand *v;
	size_t n;
	int tier, cut;
	sm_budget b;
	sm_mctx c;

	CHECK_INT(fixture_make(&f, file, "x = 1"), 0);
	c = ctx(&f, NULL);
	CHECK_INT(sm_ladder_all(&c, SM_POLICY_REPLACE_ALL, &v, &n, &tier, &cut), 0);
	/* the exact tier finds three; the indented copy is left to a tier that is not asked */
	CHECK_INT(tier, SM_TIER_EXACT);
	CHECK_INT(cut, 0);
	CHECK_INT(n, 3);
	if (n == 3) {
		CHECK_INT(v[0].start, 0);
		CHECK_INT(v[1].start, 2);
		CHECK_INT(v[2].start, 3);
	}
	sm_ladder_all_free(v, n);
	/* overlapping places: the one starting inside the one before is skipped */
	fixture_free(&f);
	CHECK_INT(fixture_make(&f, "a\na\na\n", "a\na"), 0);
	c = ctx(&f, NULL);
	CHECK_INT(sm_ladder_all(&c, SM_POLICY_REPLACE_ALL, &v, &n, &tier, &cut), 0);
	CHECK_INT(n, 1);
	sm_ladder_all_free(v, n);
	/* a budget too small for the windows: cut, nothing */
	sm_budget_init(&b, 2);
	c = ctx(&f, &b);
	CHECK_INT(sm_ladder_all(&c, SM_POLICY_REPLACE_ALL, &v, &n, &tier, &cut), 0);
	CHECK_INT(cut, 1);
	CHECK_INT(n, 0);
	CHECK(v == NULL);
	/* a stop-first policy is not run this way */
	c = ctx(&f, NULL);
	CHECK_INT(sm_ladder_all(&c, SM_POLICY_APPLY, &v, &n, &tier, &cut), SEAM_EUSAGE);
	fixture_free(&f);
}

/* A numbered block (ln-diff): a tolerant tier's place where two of its lines stand at other
 * distances apart than their numbers say is dropped, named in the match, and the split is not
 * tried after it; the same place with numbers that agree is taken. */
TEST(ladder, numbered_place_against_its_numbers_is_dropped)
{
	fixture f;
	sm_match m;
	sm_mctx c;
	hook_log h = {0, 1};
	/* beta is line 2 and gamma line 4: the line between left out (the repair tier) */
	static const char *FILE_B = "alpha_function_name(argument_one)\n"
				    "beta_function_name(argument_two)\n"
				    "a_line_between_the_two(0);\n"
				    "gamma_function_name(argument_three)\n"
				    "delta_function_name(argument_four)\n";
	uint32_t against[] = {2, 5}, agree[] = {2, 4}, none[] = {0, 0};
	size_t old[2];

	CHECK_INT(fixture_make(&f, FILE_B, "beta_function_name(argument_two)\n"
					   "gamma_function_name(argument_three)"), 0);
	c = ctx(&f, NULL);
	c.split = hook;
	c.split_arg = &h;
	f.me.old_no = against;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_NO_MATCH);
	CHECK_INT(m.against, 1);
	CHECK_INT(m.against_old[0], 0);
	CHECK_INT(m.against_old[1], 1);
	CHECK_INT(m.against_at[0], 1);
	CHECK_INT(m.against_at[1], 3);
	CHECK_INT(h.calls, 0);
	sm_match_dispose(&m);

	f.me.old_no = agree;
	CHECK_INT(sm_ladder_run(&c, SM_POLICY_APPLY, &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.tier, SM_TIER_REPAIR);
	CHECK_INT(m.against, 0);
	CHECK_INT(sm_cand_against_numbers(&f.im, &f.me, &m.best, old), 0);
	f.me.old_no = against;
	CHECK_INT(sm_cand_against_numbers(&f.im, &f.me, &m.best, old), 1);
	f.me.old_no = none; /* lines without numbers are not judged */
	CHECK_INT(sm_cand_against_numbers(&f.im, &f.me, &m.best, old), 0);
	f.me.old_no = NULL;
	CHECK_INT(sm_cand_against_numbers(&f.im, &f.me, &m.best, old), 0);
	sm_match_dispose(&m);
	fixture_free(&f);
}
