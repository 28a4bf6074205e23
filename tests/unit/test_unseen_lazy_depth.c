/*
 * A placeholder standing for a short line the new side writes again at another depth, in
 * replies seam has not seen (issue 11, stop 21), written again with neutral content of our own.
 */
#include "plan_run.h"

/* A block's SEARCH is a "try:" block that dropped its body line; its REPLACE puts a comment
 * standing for existing code where the "try:" was and nests a new "try:" in the except branch.
 * The deleted "try:" was counted as written elsewhere (the new one, indentation aside), so the
 * placeholder stood for no code and was left out: the file lost its "try:". A line that short
 * written only at another depth is as likely new code as the old line moved: the placeholder
 * stands for the "try:", and starting the new text, it is refused; the file unchanged. */
TEST(unseen_lazy_depth, short_line_written_again_deeper_is_not_moved)
{
	static const char F[] = "def start_link():\n"
	                        "    try:\n"
	                        "        conn = open_link()\n"
	                        "    except LinkError:\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        conn = open_link()\n"
	                        "    except LinkError:\n"
	                        "        pass\n"
	                        "\n"
	                        "def stop_link():\n"
	                        "    try:\n"
	                        "        conn = close_link()\n"
	                        "    except LinkError:\n"
	                        "        pass\n";
	run x;
	go(&x, "l.py", F,
	   "l.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    try:\n"
	   "    except LinkError:\n"
	   "        pass\n"
	   "\n"
	   "def stop_link():\n"
	   "=======\n"
	   "    # ... existing code ...\n"
	   "    except LinkError:\n"
	   "        try:\n"
	   "            pass\n"
	   "        except OSError:\n"
	   "            raise\n"
	   "\n"
	   "def stop_link():\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "l.py", F));
	done(&x);
}
