/*
 * A numbered block that moves a function's first lines below the block after them, its REMOVE
 * side leaving out (a gap in its numbers) a short line between two lines it deletes, while its
 * INSERT side writes that line between the copies of those two. The line is moved with its
 * neighbours, too short ("if ok:") to be judged by its text alone but not by its place: kept, it
 * would stand alone where its neighbours went, and written twice. Neutral content of our own.
 */
#include "plan_run.h"

TEST(unseen_moved_short_line, short_left_out_line_between_moved_neighbours_moves_with_them)
{
	run x;

	go(&x, "calc.py",
	   "def show_total():\n"
	   "    if ok:\n"
	   "        return total\n"
	   "    with lock:\n"
	   "        total = sum_up()\n"
	   "    except_all()\n"
	   "    log_it()\n",
	   "calc.py\n<editblock>\n<<<<<<< REMOVE\n"
	   "1\xe2\x94\x82"
	   "def show_total():\n"
	   "3\xe2\x94\x82"
	   "        return total\n"
	   "4\xe2\x94\x82"
	   "    with lock:\n"
	   "5\xe2\x94\x82"
	   "        total = sum_up()\n"
	   "6\xe2\x94\x82"
	   "    except_all()\n"
	   "=======\n"
	   " \xe2\x94\x82"
	   "    with lock:\n"
	   " \xe2\x94\x82"
	   "        total = sum_up()\n"
	   " \xe2\x94\x82"
	   "    except_all()\n"
	   " \xe2\x94\x82"
	   "def show_total():\n"
	   " \xe2\x94\x82"
	   "    if ok:\n"
	   " \xe2\x94\x82"
	   "        return total\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "calc.py",
	          "    with lock:\n"
	          "        total = sum_up()\n"
	          "    except_all()\n"
	          "def show_total():\n"
	          "    if ok:\n"
	          "        return total\n"
	          "    log_it()\n"));
	done(&x);
}
