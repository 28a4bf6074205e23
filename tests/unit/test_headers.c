/*
 * Every header of the library in one translation unit: two headers defining one name (the
 * reply's lines and the image's were both sm_line) or one limit with two values (SM_PATH_MAX
 * was 1024 for replies and 4096 for the tree) stop this file from compiling. Then the one
 * path limit, checked on both sides that use it.
 */
#define _GNU_SOURCE
#include "test.h"
#include "util/diff.h"
#include "lib/ir/edit.h"
#include "lib/format/format.h"
#include "lib/format/tag.h"
#include "lib/match/image.h"
#include "lib/core/lang.h"
#include "lib/match/lazy.h"
#include "lib/match/match.h"
#include "lib/match/match_costs.h"
#include "lib/plan/plan.h"
#include "lib/plan/plan_step.h"
#include "lib/match/prep.h"
#include "lib/render/render.h"
#include "lib/read/reply.h"
#include "lib/plan/report.h"
#include "lib/core/seam_limits.h"
#include "lib/core/session.h"
#include "lib/match/splice.h"
#include "lib/plan/split.h"
#include "lib/stream/stream.h"
#include "lib/syntax/syntax.h"
#include "lib/syntax/syntax_limits.h"
#include "lib/tree/tree.h"
#include "lib/tree/tree.h"
#include "lib/tree/tree_impl.h"
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
