/*
 * A rewrite whose old side leaves a file line out, and carries trailing blanks on the copy of
 * that line the file has next (issue 11): the sides' diff, which compares exactly, took that old
 * line for deleted and its new copy for added, so the line left out was not put back into the
 * old side and stayed beside the copy the new side writes: the line twice. The old line is the
 * file line but for its trailing blanks. Beside it, the same reply copied without the trailing
 * blanks, which gives the same result.
 */
#include "plan_run.h"

#define BEFORE                                                                                     \
	"def load():\n    try:\n        item = fetch()\n    except KeyError:\n        pass\n"      \
	"    for item in items:\n        store(item)\n    for item in items:\n        "            \
	"store(item)\n"                                                                            \
	"    try:\n        other = fetch()\n    except KeyError:\n        pass\n"
#define AFTER                                                                                      \
	"def load():\n    try:\n        item = fetch()\n    except KeyError:\n        pass\n"      \
	"    for item in items:\n        store(item)\n    store(item)\n"                           \
	"    try:\n        other = fetch()\n    except KeyError:\n        pass\n"
#define REPLY(TAIL)                                                                                \
	"load.py\n```python\n<<<<<<< SEARCH\n        pass\n        store(item)\n"                  \
	"    for item in items:" TAIL "\n        store(item)\n    try:\n=======\n"                 \
	"        pass\n    for item in items:\n        store(item)\n    store(item)\n    try:\n"   \
	">>>>>>> REPLACE\n```\n"

TEST(unseen_blank_tail_left_out, line_left_out_is_not_written_twice_past_trailing_blanks)
{
	run x;

	go(&x, "load.py", BEFORE, REPLY("  "));
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "load.py", AFTER));
	done(&x);
}

TEST(unseen_blank_tail_left_out, same_reply_without_trailing_blanks)
{
	run x;

	go(&x, "load.py", BEFORE, REPLY(""));
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "load.py", AFTER));
	done(&x);
}
