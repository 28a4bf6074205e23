/*
 * Every header of the library in one translation unit: two headers defining one name (the
 * reply's lines and the image's were both sm_line) or one limit with two values (SM_PATH_MAX
 * was 1024 for replies and 4096 for the tree) stop this file from compiling. Then the one
 * path limit, checked on both sides that use it.
 */
#define _GNU_SOURCE
#include "test.h"
#include "lib/diff.h"
#include "lib/edit.h"
#include "lib/format/format.h"
#include "lib/format/tag.h"
#include "lib/image.h"
#include "lib/lang.h"
#include "lib/lazy.h"
#include "lib/match/match.h"
#include "lib/match/match_costs.h"
#include "lib/plan.h"
#include "lib/plan_step.h"
#include "lib/prep.h"
#include "lib/render.h"
#include "lib/reply.h"
#include "lib/report.h"
#include "lib/seam_limits.h"
#include "lib/session.h"
#include "lib/splice.h"
#include "lib/split.h"
#include "lib/stream.h"
#include "lib/syntax/syntax.h"
#include "lib/syntax/syntax_limits.h"
#include "lib/tree.h"
#include "lib/tree_impl.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/buf.h"
#include "util/errno_text.h"
#include "util/fault.h"
#include "util/text.h"

#include <stdlib.h>
#include <string.h>

TEST(headers, reply_lines_and_image_lines_are_two_types)
{
	sm_rline r = {"x = 1", 5, 3};
	sm_line l;

	sm_line_init(&l, r.p, r.n);
	CHECK(l.n == 5 && l.p == r.p && r.no == 3);
}

/* A path of SM_PATH_MAX - 1 bytes is a name on both sides; past SM_PATH_MAX, on neither. */
TEST(headers, one_path_limit_for_replies_and_trees)
{
	static char long_path[SM_PATH_MAX + 64], out[SM_PATH_MAX + 1];
	size_t n = SM_PATH_MAX - 1, i;
	sm_buf why = SM_BUF_INIT;

	for (i = 0; i < n; i++)
		long_path[i] = i % 50 == 49 ? '/' : 'a';
	memcpy(long_path + n - 3, ".py", 3);
	CHECK_INT(sm_name_line(long_path, n, out), n);
	CHECK_INT(sm_tree_path_clean(long_path, n, out, NULL), 0);
	memset(long_path + n, 'b', 40);
	memcpy(long_path + n + 37, ".py", 3);
	CHECK_INT(sm_name_line(long_path, n + 40, out), 0);
	CHECK_INT(sm_tree_path_clean(long_path, n + 40, out, &why), SEAM_EUSAGE);
	CHECK(why.ptr && strstr(why.ptr, "longer than 1024 bytes") != NULL);
	sm_buf_dispose(&why);
}
