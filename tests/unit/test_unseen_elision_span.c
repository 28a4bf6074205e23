/*
 * An elision whose span the reply leaves undecided (issue 11, stop 21), written again with
 * neutral content of our own.
 */
#include "plan_run.h"

/* A hunk deletes a function's first six lines, then a comment standing for unchanged code, then
 * a "try:" block whose body line it deletes and three blank lines. The comment may stand for no
 * line (the block right below, lines 7-13) or for twenty (the last such block, lines 27-33):
 * both places start at line 1 and fit alike. Only the longer reading still parses, and the
 * syntax check took it, deleting a line of another function. Which reading the model meant is
 * what the reply says, not what parses: refused, naming both, the file unchanged. */
TEST(unseen_elision_span, marker_for_none_or_many_lines_is_refused)
{
	static const char F[] = "def fold_pages():\n"
	                        "    page = fold_pages()\n"
	                        "\n"
	                        "    if page:\n"
	                        "        return page\n"
	                        "    page = fold_pages()\n"
	                        "    try:\n"
	                        "        page = fold_pages()\n"
	                        "    except KeyError:\n"
	                        "        pass\n"
	                        "\n"
	                        "\n"
	                        "\n"
	                        "def merge_rows():\n"
	                        "    try:\n"
	                        "        row = fold_pages()\n"
	                        "    except KeyError:\n"
	                        "        pass\n"
	                        "\n"
	                        "    if row:\n"
	                        "        return row\n"
	                        "\n"
	                        "def split_rows():\n"
	                        "    try:\n"
	                        "        row = fold_pages()\n"
	                        "    except KeyError:\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        page = fold_pages()\n"
	                        "    except KeyError:\n"
	                        "        pass\n"
	                        "\n"
	                        "\n"
	                        "\n"
	                        "def last_one():\n"
	                        "    return 1\n";
	run x;
	go(&x, "m.py", F,
	   "```diff\n"
	   "--- a/m.py\n"
	   "+++ b/m.py\n"
	   "@@ -1,14 +1,7 @@\n"
	   "-def fold_pages():\n"
	   "-    page = fold_pages()\n"
	   "-\n"
	   "-    if page:\n"
	   "-        return page\n"
	   "-    page = fold_pages()\n"
	   " # ... rest of the code unchanged ...\n"
	   "     try:\n"
	   "-        page = fold_pages()\n"
	   "     except KeyError:\n"
	   "         pass\n"
	   " \n"
	   " \n"
	   " \n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "lines 1-13") != NULL);
	CHECK(strstr(edit(&x, 0).message, "lines 1-34") != NULL);
	CHECK(has(&x, "m.py", F));
	done(&x);
}
