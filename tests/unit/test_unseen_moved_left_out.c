/*
 * Whole-sides blocks that move a run of lines while their old side leaves out one line that
 * the new side writes: the line moved with its run (dropped where it stood) or stayed (written
 * once), never both. Each old side carries a second mistake (trailing spaces, a line cut
 * short) that makes its sides' diff delete and write again a line of the left-out one's text
 * or of its neighbours'. Neutral content of our own.
 */
#include "plan_run.h"

/* the old side's copy at another depth, with trailing spaces, is deleted and written again in
 * the left-out line's own segment: that addition gives the deleted line back, it is not the
 * left-out line, which moved with the blank line and "if ready:" below the loop */
TEST(unseen_moved_left_out, depth_twin_given_back_in_its_segment_does_not_keep_moved_line)
{
	run x;

	go(&x, "tally.py",
	   "def tally():\n    if ready:\n        return count\n\n    return count\n"
	   "    if ready:\n        return count\n    for item in items:\n        add_one(item)\n"
	   "    count += 1\n\ndef other():\n    pass\n",
	   "tally.py\n```\n<<<<<<< SEARCH\n\n    if ready:\n        return count  \n"
	   "    for item in items:\n        add_one(item)\n    count += 1\n=======\n"
	   "        return count\n    for item in items:\n        add_one(item)\n\n"
	   "    return count\n    if ready:\n    count += 1\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.py",
	          "def tally():\n    if ready:\n        return count\n        return count\n"
	          "    for item in items:\n        add_one(item)\n\n    return count\n"
	          "    if ready:\n    count += 1\n\ndef other():\n    pass\n"));
	done(&x);
}

/* the left-out line stays where it is and the new side writes it there; the addition of its
 * text is not the deleted line above it at another depth given back (that one moved up) */
TEST(unseen_moved_left_out, left_out_line_written_in_place_is_written_once)
{
	run x;

	go(&x, "pack.py",
	   "def pack_boxes():\n    for box in boxes:\n        pack_boxes(box)\n    if box:\n"
	   "        return box_total\n    return box_total\n    box_total += 1\n"
	   "    return box_total\n    box_total += 1\n",
	   "pack.py\n```\n<<<<<<< SEARCH\ndef pack_boxes():  \n    for box in boxes:\n"
	   "        pack_boxes(box)\n    if box:\n    return box_total\n    box_total += 1\n"
	   "    return box_total\n    box_total += 1\n=======\ndef pack_boxes():\n"
	   "    return box_total\n    box_total += 1\n    for box in boxes:\n"
	   "        pack_boxes(box)\n    if box:\n        return box_total\n"
	   "    return box_total\n    box_total += 1\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pack.py",
	          "def pack_boxes():\n    return box_total\n    box_total += 1\n"
	          "    for box in boxes:\n        pack_boxes(box)\n    if box:\n"
	          "        return box_total\n    return box_total\n    box_total += 1\n"));
	done(&x);
}

/* the line below the left-out one stays, and the new side writes a line of its text below the
 * left-out line's copy: that is the line cut short in the old side written whole, no copy of
 * the left-out line's surroundings, and the left-out line moved with the def above it */
TEST(unseen_moved_left_out, neighbour_text_of_a_line_cut_short_is_no_copy_of_surroundings)
{
	run x;

	go(&x, "engine.py",
	   "def start_engine():\n    if engine_ready:\n        return motor_level\n"
	   "    if motor_level:\n        return motor_level\n    engine_ready = prepare_all()\n"
	   "    stop()\n",
	   "engine.py\n```\n<<<<<<< SEARCH\ndef start_engine():\n        return motor_level\n"
	   "    if motor_level:\n        return mot\n    engine_ready = prepare_all()\n=======\n"
	   "        return motor_level\n    if motor_level:\ndef start_engine():\n"
	   "    if engine_ready:\n        return motor_level\n    engine_ready = prepare_all()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "engine.py",
	          "        return motor_level\n    if motor_level:\ndef start_engine():\n"
	          "    if engine_ready:\n        return motor_level\n"
	          "    engine_ready = prepare_all()\n    stop()\n"));
	done(&x);
}

/* a short left-out line between a short neighbour ("n += 1") and one of substance, both
 * deleted, written by the new side between an added copy of the first and a context copy of
 * the second: moved with them */
TEST(unseen_moved_left_out, short_line_between_short_and_context_neighbour_copies_moves)
{
	run x;

	go(&x, "send.py",
	   "x = 1\n\ndef send_all():\n    n += 1\n    if n:\n        return packet\n"
	   "    packet = build_one()\n    if packet:\n        return packet\n"
	   "    for packet in queue:\n        build_one(packet)\n",
	   "send.py\n```\n<<<<<<< SEARCH\ndef send_all():\n    n += 1\n        return packet\n"
	   "    packet = build_one()\n    if packet:\n        return packet\n"
	   "    for packet in queue:  \n        build_one(packet)\n=======\ndef send_all():\n"
	   "    packet = build_one()\n    if packet:\n        return packet\n    n += 1\n"
	   "    if n:\n        return packet\n    for packet in queue:\n"
	   "        build_one(packet)\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "send.py",
	          "x = 1\n\ndef send_all():\n    packet = build_one()\n    if packet:\n"
	          "        return packet\n    n += 1\n    if n:\n        return packet\n"
	          "    for packet in queue:\n        build_one(packet)\n"));
	done(&x);
}

/* the same without the trailing spaces: the sides' diff keeps the copy of the lower neighbour
 * as context on the file's other line of that text, and the left-out line still moved */
TEST(unseen_moved_left_out, short_line_beside_a_context_copy_of_its_neighbour_moves)
{
	run x;

	go(&x, "send.py",
	   "x = 1\n\ndef send_all():\n    n += 1\n    if n:\n        return packet\n"
	   "    packet = build_one()\n    if packet:\n        return packet\n"
	   "    for packet in queue:\n        build_one(packet)\n",
	   "send.py\n```\n<<<<<<< SEARCH\ndef send_all():\n    n += 1\n        return packet\n"
	   "    packet = build_one()\n    if packet:\n        return packet\n"
	   "    for packet in queue:\n        build_one(packet)\n=======\ndef send_all():\n"
	   "    packet = build_one()\n    if packet:\n        return packet\n    n += 1\n"
	   "    if n:\n        return packet\n    for packet in queue:\n"
	   "        build_one(packet)\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "send.py",
	          "x = 1\n\ndef send_all():\n    packet = build_one()\n    if packet:\n"
	          "        return packet\n    n += 1\n    if n:\n        return packet\n"
	          "    for packet in queue:\n        build_one(packet)\n"));
	done(&x);
}

/* the left-out line's moved copy is the one new line of its text the sides' diff paired with
 * the file's other line of that text (context), between added copies of its neighbours, one of
 * them blank: moved with them */
TEST(unseen_moved_left_out, short_line_whose_copy_the_diff_kept_as_context_moves)
{
	run x;

	go(&x, "door.py",
	   "def open_door():\n    return knob\n    knob += 1\n\ndef lock_up():\n"
	   "    return latch\n    knob += 1\n    if latch:\n        return latch\n"
	   "    for knob in knobs:\n        turn(knob)\n",
	   "door.py\n```\n<<<<<<< SEARCH\n    return knob\n\ndef lock_up():\n    return latch\n"
	   "    knob += 1\n    if latch:\n        return latch\n    for knob in knobs:\n=======\n"
	   "def lock_up():\n    return latch\n    knob += 1\n    return knob\n    knob += 1\n\n"
	   "    if latch:\n        return latch\n    for knob in knobs:\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "door.py",
	          "def open_door():\ndef lock_up():\n    return latch\n    knob += 1\n"
	          "    return knob\n    knob += 1\n\n    if latch:\n        return latch\n"
	          "    for knob in knobs:\n        turn(knob)\n"));
	done(&x);
}

/* a numbered block's gap: a short line between a comment of substance and a blank line, both
 * deleted and written again around its copy below the function that moves up */
TEST(unseen_moved_left_out, short_gap_line_between_a_comment_and_a_blank_line_moves)
{
	run x;

	go(&x, "tank.py",
	   "def fill():\n    total = 0\n    return total\n\n    # Sum the parts\n    n += 1\n\n"
	   "def drain():\n    level = empty_all()\n    level = empty_all()\n",
	   "tank.py\n<editblock>\n<<<<<<< REMOVE\n"
	   "3\xe2\x94\x82    return total\n4\xe2\x94\x82\n5\xe2\x94\x82    # Sum the parts\n"
	   "7\xe2\x94\x82\n8\xe2\x94\x82"
	   "def drain():\n9\xe2\x94\x82    level = empty_all()\n"
	   "=======\n \xe2\x94\x82    return total\n \xe2\x94\x82"
	   "def drain():\n"
	   " \xe2\x94\x82    level = empty_all()\n \xe2\x94\x82\n \xe2\x94\x82    # Sum the parts\n"
	   " \xe2\x94\x82    n += 1\n \xe2\x94\x82\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tank.py",
	          "def fill():\n    total = 0\n    return total\ndef drain():\n"
	          "    level = empty_all()\n\n    # Sum the parts\n    n += 1\n\n"
	          "    level = empty_all()\n"));
	done(&x);
}
