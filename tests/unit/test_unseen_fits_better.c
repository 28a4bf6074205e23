/*
 * An edit sent again after it was made, one of its lines miscopied or left out (issue 11,
 * bench/oracle.py --sources tiny, patchjson with resent + miscopied-ident or unmarked-added):
 * its old side fits the file only loosely, by passing over lines or taking a copy a few lines on
 * for a miscopied line, while its new side stands right there with fewer lines repaired. The
 * file reads as the edit made more cheaply than as the edit to make: refused ("may be applied
 * already"), never written at the near copy. Each with neutral content of our own; the same
 * reply on the file before the edit still applies where meant, and a changed line whose new
 * form only resembles the old (x to x_v2) is no sign that the edit was made. A hunk split into
 * runs is judged alike: its context standing loosely where none of its runs does.
 */
#include "plan_run.h"

/* 1 when the plan failed (nothing written) with the reply's one edit refused as ambiguous,
 * its message saying it may be applied already. */
static int refused_as_made(const run *x)
{
	seam_edit_info ei;

	return x->plan == SEAM_EFAIL && seam_plan_edit(x->p, 0, 0, &ei) == SEAM_OK &&
	       ei.status == SEAM_STATUS_AMBIGUOUS && ei.message &&
	       strstr(ei.message, "may be applied already") != NULL;
}

/* Refused as a line left out beside a deletion that the new side pairs with another line. */
static int refused_left_out_in_rewrite(const run *x)
{
	seam_edit_info ei;

	return x->plan == SEAM_EFAIL && seam_plan_edit(x->p, 0, 0, &ei) == SEAM_OK &&
	       ei.status == SEAM_STATUS_AMBIGUOUS && ei.message &&
	       strstr(ei.message, "whether that line is rewritten by it or kept") != NULL;
}

/* A hunk that deletes a line between two context lines, one of them miscopied, sent again: the
 * file holds its new side (the line gone) at lines 11-14, and a copy of its old side's lines
 * further on (lines 15-18), which the fuzzy tier reached from line 11 by passing over three
 * lines. The new side fits with one miscopy; the old side with the miscopy and three lines
 * passed over. */
static const char ROWS_MADE[] = "def fetch_rows():\n"
				"    total += 1\n"
				"\n"
				"    if ready:\n"
				"        return total\n"
				"    total += 1\n"
				"\n"
				"def count_rows():\n"
				"    total += 1\n"
				"    if ready:\n"
				"        return total\n"
				"    try:\n"
				"        total = fetch_rows()\n"
				"        pass\n"
				"    try:\n"
				"        total = fetch_rows()\n"
				"    except ValueError:\n"
				"        pass\n"
				"\n"
				"\n"
				"def show_rows():\n"
				"\n"
				"    if ready:\n"
				"        return total\n";
static const char ROWS_HUNK[] = "```diff\n"
				"--- rows.txt\n"
				"+++ rows.txt\n"
				"@@\n"
				"         return total\n"
				"     try:\n"
				"         totla = fetch_rows()\n"
				"-    except ValueError:\n"
				"         pass\n"
				"```\n";

TEST(unseen_fits_better, deletion_sent_again_with_a_miscopy_is_not_made_at_a_near_copy)
{
	run x;
	go(&x, "rows.txt", ROWS_MADE, ROWS_HUNK);
	CHECK(refused_as_made(&x));
	CHECK(has(&x, "rows.txt", ROWS_MADE));
	done(&x);
}

/* The same hunk on the file before it was made: the deletion is made where its lines stand. */
TEST(unseen_fits_better, deletion_with_a_miscopy_still_applies_where_it_stands)
{
	static const char before_tail[] = "    try:\n"
					  "        total = fetch_rows()\n"
					  "    except ValueError:\n"
					  "        pass\n"
					  "    try:\n";
	char before[sizeof(ROWS_MADE) + 64];
	const char *cut = strstr(ROWS_MADE, "    try:\n");
	run x;

	/* ROWS_MADE with line 13's neighbour restored: lines 12-15 as before the edit */
	snprintf(before, sizeof(before), "%.*s%s%s", (int)(cut - ROWS_MADE), ROWS_MADE, before_tail,
		 cut + strlen("    try:\n        total = fetch_rows()\n        pass\n    try:\n"));
	go(&x, "rows.txt", before, ROWS_HUNK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "rows.txt", ROWS_MADE));
	done(&x);
}

/* A hunk that deletes a miscopy of its last context line ("return 0;" twice, the second one
 * deleted), sent again: the file holds the new side at lines 15-22, then two blank lines and
 * another "return 0;". The fuzzy tier took that one for the miscopy, letting the blank lines go;
 * the new side stands as written. */
TEST(unseen_fits_better, deleted_twin_sent_again_is_not_found_past_blank_lines)
{
	static const char F[] = "int open_port(void)\n"
				"{\n"
				"\tused_slots++;\n"
				"\tlink_count++;\n"
				"\tlink_count++;\n"
				"\n"
				"\tused_slots++;\n"
				"}\n"
				"\n"
				"int close_port(void)\n"
				"{\n"
				"\tused_slots++;\n"
				"\tlink_count++;\n"
				"\twhile (used_slots) {\n"
				"\t\tused_slots--;\n"
				"\t}\n"
				"\treturn 0;\n"
				"}\n"
				"\n"
				"int open_port(void)\n"
				"{\n"
				"\treturn 0;\n"
				"\n"
				"\n"
				"\treturn 0;\n"
				"\tused_slots++;\n"
				"\n"
				"}\n";
	static const char R[] = "```diff\n"
				"--- steps.c\n"
				"+++ steps.c\n"
				"@@\n"
				" \t\tused_slots--;\n"
				" \t}\n"
				" \treturn 0;\n"
				" }\n"
				" \n"
				" int open_port(void)\n"
				" {\n"
				" \treturn 0;\n"
				"-\trteurn 0;\n"
				"```\n";
	char before[sizeof(F) + 16];
	const char *at = strstr(F, "{\n\treturn 0;\n\n");
	run x;

	go(&x, "steps.c", F, R);
	CHECK(refused_as_made(&x));
	CHECK(has(&x, "steps.c", F));
	done(&x);

	/* before the edit: the twin right below its context line, deleted there */
	snprintf(before, sizeof(before), "%.*s{\n\treturn 0;\n%s", (int)(at - F), F,
		 at + strlen("{\n"));
	go(&x, "steps.c", before, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "steps.c", F));
	done(&x);
}

/* A changed line whose new form lost its '+' (it reads as context), sent again: the hunk's
 * context then ends on the changed line and it deletes the old form below it. The file holds
 * the change made at line 16, with another "if" line and another copy of the old form after
 * it; diff-repair passed over the "if" line to delete that copy. */
TEST(unseen_fits_better, unmarked_change_sent_again_does_not_delete_the_next_copy)
{
	static const char F[] = "def run_tasks():\n"
				"    ready_flag += 1\n"
				"    # Keep the queue short\n"
				"    # Keep the queue short\n"
				"\n"
				"def run_tasks():\n"
				"    next_item += 1\n"
				"    return next_item\n"
				"    if ready_flag:\n"
				"        return ready_flag\n"
				"    next_item += 1\n"
				"    return ready_flag\n"
				"\n"
				"def split_tasks():\n"
				"    if ready_flag:\n"
				"        return next_item  # changed\n"
				"    if ready_flag:\n"
				"        return next_item\n"
				"    if ready_flag:\n"
				"        return next_item\n"
				"    next_item = flush_all()\n";
	static const char R[] = "```diff\n"
				"--- tasks.py\n"
				"+++ tasks.py\n"
				"@@\n"
				"     return ready_flag\n"
				" \n"
				" def split_tasks():\n"
				"     if ready_flag:\n"
				"         return next_item  # changed\n"
				"-        return next_item\n"
				"```\n";
	run x;

	go(&x, "tasks.py", F, R);
	/* since h-fuzz's rule for a line left out beside a deletion the new side pairs elsewhere
	   (sm_splice_left_out_in_rewrite), that rule refuses this hunk first: either refusal
	   keeps the next copy */
	CHECK(refused_as_made(&x) || refused_left_out_in_rewrite(&x));
	CHECK(has(&x, "tasks.py", F));
	done(&x);
}

/* A SEARCH that leaves out a line its REPLACE writes back (the function's first line) and
 * miscopies another, and changes one line a little (echo to echo_v2): its new side fits the
 * file with that line taken for a miscopy of the old form, cheaper than the old side fits. That
 * is the line the edit changes, not the edit made: applied. */
TEST(unseen_fits_better, changed_line_near_its_old_form_is_no_sign_of_the_edit_made)
{
	static const char F[] = "load_config() {\n"
				"\tmode=\"${MODE:-fast}\"\n"
				"\tif [ -n \"$config_dir\" ]; then\n"
				"\t\techo \"load_config: $config_dir\"\n"
				"\tfi\n"
				"}\n"
				"\n"
				"save_state() {\n"
				"\tif [ -n \"$entry\" ]; then\n"
				"\t\techo \"save_state: $entry\"\n"
				"\tfi\n"
				"\tentry=\"${TARGET:-none}\"\n"
				"}\n"
				"\n"
				"print_table() {\n"
				"\twidth=\"${COLUMNS:-80}\"\n"
				"}\n";
	static const char R[] = "state.sh\n"
				"```\n"
				"<<<<<<< SEARCH\n"
				"}\n"
				"\n"
				"\tif [ -n \"$etnyr\" ]; then\n"
				"\t\techo \"save_state: $entry\"\n"
				"\tfi\n"
				"\tentry=\"${TARGET:-none}\"\n"
				"=======\n"
				"}\n"
				"\n"
				"save_state() {\n"
				"\tif [ -n \"$entry\" ]; then\n"
				"\t\techo_v2 \"save_state: $entry\"\n"
				"\tfi\n"
				"\tentry=\"${TARGET:-none}\"\n"
				">>>>>>> REPLACE\n"
				"```\n";
	char want[sizeof(F) + 8];
	const char *at = strstr(F, "echo \"save_state");
	run x;

	snprintf(want, sizeof(want), "%.*secho_v2%s", (int)(at - F), F, at + 4);
	go(&x, "state.sh", F, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "state.sh", want));
	done(&x);
}

/* A changed line whose new form lost its '+' and whose old form was cut short, in a hunk that
 * leaves out a context line: the new side fits with its "context" taken for a miscopy of the
 * file line the old side deletes (cut short). Both readings claim that line; the new side's
 * is no sign that the edit was made: applied. */
TEST(unseen_fits_better, new_side_reading_a_deleted_line_loosely_is_no_sign)
{
	static const char F[] = "Morning comes slowly over the quiet harbour town.\n"
				"Fishermen mend their nets beside the painted boats.\n"
				"The baker opens early for the workers at the mill.\n"
				"\n"
				"Lanterns glow along the water when evening falls.\n"
				"Sailors return with stories from the northern seas.\n"
				"  * Keep the lamps trimmed and the wicks dry.\n";
	static const char R[] = "```diff\n"
				"--- notes.txt\n"
				"+++ notes.txt\n"
				"@@\n"
				" Morning comes slowly over the quiet harbour town.\n"
				" Fishermen mend their nets beside the painted boats.\n"
				" \n"
				" Lanterns glow along the water when evening falls.\n"
				" Sailors_v2 return with stories from the northern seas.\n"
				"-Sailors return with stories from the nort\n"
				"   * Keep the lamps trimmed and the wicks dry.\n"
				"```\n";
	char want[sizeof(F) + 8];
	const char *at = strstr(F, "Sailors return");
	run x;

	snprintf(want, sizeof(want), "%.*sSailors_v2%s", (int)(at - F), F, at + 7);
	go(&x, "notes.txt", F, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.txt", want));
	done(&x);
}

/* A hunk that deletes the line right after its context (a deletion at the edge: its new side is
 * that context alone), sent again with a context line miscopied: the split cut the context off
 * and found the deletion by its own lines at a copy further on (lines 14-16), while the context
 * stands, but for the miscopy, at lines 5-11, where the line is gone. Refused ("may be applied
 * already"); on the file before the edit the same hunk deletes the line where it stands. */
TEST(unseen_fits_better, edge_deletion_sent_again_is_not_split_off_its_context)
{
	static const char F[] = "def open_files():\n"
				"    try:\n"
				"        handle = read_sizes()\n"
				"    except FileStore:\n"
				"        pass\n"
				"\n"
				"\n"
				"def read_table_all():\n"
				"    # Keep this list short please\n"
				"\n"
				"    next_value = read_sizes()\n"
				"\n"
				"def read_sizes():\n"
				"    next_value = read_sizes()\n"
				"    # Keep this list short please\n"
				"\n"
				"\n"
				"def close_files():\n"
				"    handle = read_sizes()\n"
				"    # Keep this list short please\n"
				"    next_value = read_sizes()\n";
	static const char R[] = "```diff\n"
				"--- jobs.py\n"
				"+++ jobs.py\n"
				"@@\n"
				"         pass\n"
				" \n"
				" \n"
				" def read_table_all():\n"
				"     # Keep this lsit short please\n"
				" \n"
				"     next_value = read_sizes()\n"
				"-    # Keep this list short please\n"
				" \n"
				"```\n";
	static const char line[] = "    next_value = read_sizes()\n";
	char before[sizeof(F) + 40];
	const char *at = strstr(F, line) + strlen(line);
	run x;

	go(&x, "jobs.py", F, R);
	CHECK(refused_as_made(&x));
	CHECK(has(&x, "jobs.py", F));
	done(&x);

	snprintf(before, sizeof(before), "%.*s    # Keep this list short please\n%s",
		 (int)(at - F), F, at);
	go(&x, "jobs.py", before, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "jobs.py", F));
	done(&x);
}

/* A SEARCH that moves a blank line above the line before it, with a line miscopied, a line left
 * out and its last line cut short: its new side fits the file with that blank line let go
 * (cheaper than the old side's repairs), as any edit that moves a blank line does in the file it
 * has not changed yet. No sign of the edit made: applied. */
TEST(unseen_fits_better, new_side_found_by_letting_a_moved_blank_go_is_no_sign)
{
	static const char F[] = "Harbour notes\n"
				"\n"
				"Boats leave the harbour early every morning:\n"
				"Nets are mended on the quay before noon.\n"
				"Gulls follow the boats back to the shore.\n"
				"Markets open when the catch is landed there.\n"
				"\n"
				"  * Salt the fish.\n"
				"  * Dry the nets before the storm:\n";
	static const char R[] = "notes.txt\n```\n<<<<<<< SEARCH\n"
				"\n"
				"Boats leave the harbour ealry every morning:\n"
				"Gulls follow the boats back to the shore.\n"
				"Markets open when the catch is landed there.\n"
				"\n"
				"  * Salt the fish.\n"
				"  * Dry the nets be\n"
				"=======\n"
				"\n"
				"Boats leave the harbour early every morning:\n"
				"Nets are mended on the quay before noon.\n"
				"Gulls follow the boats back to the shore.\n"
				"\n"
				"Markets open when the catch is landed there.\n"
				"  * Salt the fish.\n"
				"  * Dry the nets before the storm:\n"
				">>>>>>> REPLACE\n```\n";
	run x;

	go(&x, "notes.txt", F, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.txt",
		  "Harbour notes\n"
		  "\n"
		  "Boats leave the harbour early every morning:\n"
		  "Nets are mended on the quay before noon.\n"
		  "Gulls follow the boats back to the shore.\n"
		  "\n"
		  "Markets open when the catch is landed there.\n"
		  "  * Salt the fish.\n"
		  "  * Dry the nets before the storm:\n"));
	done(&x);
}
