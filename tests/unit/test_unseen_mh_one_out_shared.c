/*
 * A merged hunk that also dropped a context line from its old side (issue 11): cut once, its
 * halves stand as written with the skipped lines between them; cut a few lines further on, they
 * stand as well but for the one dropped line. The two readings share the first half's lines
 * (the cut moved, one_out_shares_line), which let the halves as written outweigh the other
 * outright; where the other half lies inside the stretch found's reading spans, found's one cut
 * is no likelier than the other's dropped line, and the two write different files: refused
 * (sm_pieces_one_out_rival). Neutral content of our own.
 */
#include "plan_run.h"

static const char POOL[] = "def open_gate():\n"
                           "    return level\n"
                           "    level += 1\n"
                           "    return flow\n"
                           "    if level:\n"
                           "        return level\n"
                           "    if level:\n"
                           "        return flow\n"
                           "\n"
                           "def drain_pool():\n"
                           "    try:\n"
                           "        level = read_gauge()\n"
                           "    except GaugeError:\n"
                           "        pass\n"
                           "    # drained when the gauge reads low\n"
                           "    try:\n"
                           "        level = read_gauge()\n"
                           "    except GaugeError:\n"
                           "        pass\n"
                           "    return flow\n"
                           "    try:\n"
                           "        flow = read_gauge()\n"
                           "    except GaugeError:\n"
                           "        pass\n"
                           "\n"
                           "def close_gate_all():\n"
                           "    # drained when the gauge reads low\n";

/* The old side drops "level = read_gauge()" of the second try: as written, the hunk's first
 * half ends at that try and the second begins at the third try's except, the lines added
 * after its pass; with the line dropped, the first half runs on to the second try's pass and
 * the lines go there. Refused, the file untouched. */
TEST(unseen_mh_one_out_shared, cut_moved_over_a_dropped_line_is_refused)
{
	run x;

	go(&x, "pkg/pool.py", POOL,
	   "```diff\n"
	   "--- a/pkg/pool.py\n"
	   "+++ b/pkg/pool.py\n"
	   "@@ -10,12 +10,13 @@\n"
	   " def drain_pool():\n"
	   "     try:\n"
	   "         level = read_gauge()\n"
	   "     except GaugeError:\n"
	   "-        pass\n"
	   "-    # drained when the gauge reads low\n"
	   "     try:\n"
	   "     except GaugeError:\n"
	   "         pass\n"
	   "+    # drained when the gauge reads low\n"
	   "+        pass\n"
	   " \n"
	   "+with lock:\n"
	   "+    def close_gate_all():\n"
	   "+        # drained when the gauge reads low\n"
	   "-def close_gate_all():\n"
	   "-    # drained when the gauge reads low\n"
	   "```\n");
	CHECK(x.parse == SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/pool.py", POOL));
	done(&x);
}
