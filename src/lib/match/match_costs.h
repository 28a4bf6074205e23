#ifndef SEAM_LIB_MATCH_COSTS_H
#define SEAM_LIB_MATCH_COSTS_H

/*
 * Every threshold and weight of the matcher, with the reason for its value. Values were set on
 * the ../shared/corpus dev and real sets (corpus seed 2, 2026-11) by looking at the tolerances
 * real and injected defects need, then checked to keep "wrong" at zero; change one only with a
 * corpus run before and after (make corpus), never to fix a single case.
 */

/* Alignment costs of the tolerant tiers (lower is better). A skipped blank line is nearly free
 * because models add and drop blank lines freely; a dropped or unmarked line costs a full
 * line, so an alignment that needs fewer repairs always beats one that needs more. */
#define SM_COST_BLANK 0.2        /* a blank line on one side only */
#define SM_COST_EXTRA 1.0        /* a file line the old side dropped (comment, docstring) */
#define SM_COST_OLD_SKIP 1.0     /* an old-side context line absent from the file (unmarked +) */
#define SM_COST_SUBST_BASE 0.5   /* a miscopied line: base, plus (1 - similarity) */
#define SM_COST_LOOSE 0.05       /* a line equal only at the indentation-blind level */

/* Two candidates whose costs differ by less than this fit "equally well": refuse as ambiguous.
 * One repaired line is the smallest real difference between two places. The same margin tells
 * a new side that fits around its old side's loose place with a line fewer repaired
 * (sm_plan_new_side_fits_better: the edit made, sent again) from one that merely fits as well. */
#define SM_AMBIGUITY_MARGIN 0.99

/* At most this many file lines may be taken as dropped context, per edit, and at most this
 * share of the old side's lines: injected and real omissions are one to three lines. */
#define SM_MAX_EXTRAS 4
#define SM_MAX_EXTRA_RUN 3
/* Unmarked additions: models forget one or two '+'; more means a different text. */
#define SM_MAX_OLD_SKIPS 2
/* Miscopied lines: at most one in four old lines, and each at least this similar to the file
 * line it stands for (identifier typos give 0.85-0.97 on typical 40-char lines; unrelated lines
 * of the same shape stay below 0.7). */
#define SM_MAX_SUBST_SHARE 4
#define SM_MIN_LINE_SIMILARITY 0.72
/* An old side of at most this many non-blank lines has little to anchor on: its one exact line
 * is often a generic one ("function f() {", "}"), so a miscopied line beside it must be nearly
 * the file's line, as a miscopy is (0.857 and up in the corpus), not merely of the same shape:
 * console.log("wrong") against console.log("hello") is 0.75, a different string, not a typo.
 * From three lines on, two exact lines around one miscopy place it (import spec / import test
 * between two unchanged imports, 0.82, is a miscopy the corpus has).
 * Numbered blocks (ln-diff) are exempt: their line numbers place them, the text only checks. */
#define SM_SHORT_OLD_LINES 2
#define SM_SHORT_SUBST_SIM 0.85
/* A context line claims to be in the file unchanged, so it may stand for a different line only
 * when it is nearly that line: the corpus' miscopies measure 0.857 and up, while a line the
 * model changed without marking it (x -> sorted(x)) measures about 0.8. */
#define SM_MIN_CTX_SIMILARITY 0.85
/* A one-line old side may be found by similarity alone only above this, and only when the
 * runner-up is at least SM_FUZZY_LEAD below it. */
#define SM_FUZZY_SINGLE_MIN 0.9
/* ... and only for a line of at least this many non-blank characters: in "return 3" one
 * changed character is a different value, not a typo, and short lines have no room for a
 * miscopy to stand out. */
#define SM_FUZZY_SINGLE_MIN_CHARS 16
#define SM_FUZZY_LEAD 0.08

/* The laziness guard writes a comment that asks for code ("// implement the upload here") as
 * code where it opens a block of its own: the line that opens the block is new, and no line
 * the edit deletes is that line changed (a stub with a changed signature). Finding the opener
 * and comparing it with the run's deleted lines costs a step a line; past this many steps in
 * one edit (a hostile reply of such comments in a long rewrite, each walking the same lines),
 * the rest keep the guard's usual answer (expand or refuse). A real rewrite with such a note
 * passes a few hundred lines. */
#define SM_LAZY_NEW_BLOCK_CMP 4096
/* A line the reply moves out of the span a placeholder stands for is not restored there
 * (written twice otherwise) only when it has at least this many non-blank characters: "}" or
 * "pass" written elsewhere is another block's, not the moved line (SM_LINES_REPAIR_MIN_CHARS).
 * The same bar for the guard's other readings of a move: a span's line written elsewhere with
 * its neighbour (both lines), and a placeholder's bounding line whose copy the edit deletes
 * elsewhere (moved next to it?): an edit that deletes a block deletes a "}" or a "return;" as
 * well, and refusing each placeholder bounded by one would refuse ordinary edits. */
#define SM_LAZY_MOVED_MIN_CHARS 8
/* Before expanding the placeholders of an edit whose sides seam diffed, the guard aligns the
 * two sides' lines of substance once more with each placeholder free to stand for any run of
 * old lines (a table of old x new lines): a reading that leaves the reply fewer deletions and
 * additions of its own than the diff's pairing means the placeholder may stand for more
 * (lines moved past it). Past this many cells (a rewrite of some 2,000 lines against 2,000),
 * the check is left out and the diff's pairing stands, as before it: a block a model writes
 * with a placeholder is far smaller. */
#define SM_LAZY_ALIGN_CELLS (4u << 20)
/* When that alignment ties with the diff's pairing, the guard keeps two full tables of it
 * (4 bytes a cell each) to see whether an equally cheap reading moves a line past a
 * placeholder; past this many cells (some 500 lines against 500) the tie stands unchecked,
 * as before: a lazy block is far smaller. */
#define SM_LAZY_TIE_CELLS (1u << 18)
/* The guard compares the lines at each end of a placeholder's span with the lines the new side
 * writes right beside the placeholder, m lines against m for every m up to this many (a
 * square of steps per placeholder, on the stack): the lines written twice are a statement or
 * a few with blank lines, and a longer run beside a placeholder is rare; past it the longer
 * blocks are not compared. */
#define SM_LAZY_REWRITTEN_CMP 16

/* The split tier may cut a context line that is in the file nowhere only when it is this
 * similar to a line near the place found: an identifier typo (0.9-0.97 on typical lines), not
 * a line the model changed without marking it (sorted(x) for x: about 0.8), where the hunk
 * and the file disagree and seam must ask rather than guess. */
#define SM_MISCOPY_SIM 0.9
/* A context line absent from the file that a file line near the place starts with is that line
 * cut short (a model stopping mid-line), not an addition, when it holds at least this many
 * bytes: shorter prefixes ("if (", "return") start many lines by chance. A shorter one is so
 * when it ends inside a word of the line (no chance prefix ends there), or when the line is
 * the file line right beside where the addition would go; both at the bar of a pairing
 * (SM_CUT_MIN_SOLID). */
#define SM_TRUNCATED_MIN_CHARS 12
/* A line the alignment pairs with a file line it is that line cut short: the file line starts
 * with it (indentation included, trailing blanks aside), goes on for at least 2 more bytes, and
 * it holds at least this many non-blank characters. Placed among the lines around it the prefix
 * has far less to prove than one looked for near a place (SM_TRUNCATED_MIN_CHARS): 4 is the
 * least a model that stopped mid-line leaves of a line's text (bench/oracle_change.py's
 * truncate keeps a third of it, at least 4), and 3 ("if ", "for") starts lines by chance. */
#define SM_CUT_MIN_SOLID 4
/* Such a pairing costs as a miscopy of this similarity would (SM_COST_SUBST_BASE + 1 - it):
 * a prefix is as sure a sign as a miscopy at the context bar (SM_MIN_CTX_SIMILARITY), and far
 * cheaper than the reading it replaces (the cut line an addition, its file line dropped: 2.0),
 * yet dearer than a line matched, so a place where the whole line stands wins. */
#define SM_CUT_SIM SM_MIN_CTX_SIMILARITY
/* Cut lines an old side may hold: a model stops mid-line once (its last line, or a line it
 * left unfinished); a block of several cut lines says little about any of them. They are not
 * miscopies and do not count toward SM_MAX_SUBST_SHARE. */
#define SM_MAX_CUT_LINES 1

/* How far past the old side's own length an alignment window reaches (lines), and how many
 * lines one `...` elision may stand for. Merged hunks in the corpus skip up to 80 lines. */
#define SM_WINDOW_SLACK 8
#define SM_ELISION_MAX 400

/* Seeds: an alignment is started from each occurrence of the rarest old lines, once per place
 * of that line in the old side; a line that gives more windows than this (occurrences in the
 * file times places in the old side) cannot anchor anything useful, and would make the work
 * grow with the square of a block of repeated lines. */
#define SM_MAX_SEEDS 64
/* A merged hunk read as two pieces (match_pieces.c): each piece holds at least this many
 * non-blank lines (one line, a "}" or "return x;", stands anywhere; the corpus' merged hunks
 * and the generator's keep three or more a side), and at most this many file lines lie between
 * them (an elision's reach, SM_ELISION_MAX: two hunks farther apart are two hunks). */
#define SM_PIECES_MIN_SOLID 2
/* A merged hunk's piece found as written with at least this many lines of substance outweighs
 * a reading of it further out that leaves one file line out (sm_pieces_one_out_rival): a copy
 * of five lines in a row in the stretch a merged hunk skips is no coincidence of short lines.
 * Shorter, neither says more. Measured (generator seeds 4201 merged-hunks + missing-context,
 * 4202 merged-hunks, tiny 2,000 each): the pieces refused with 5 cost 2 right replies and stop
 * 2 wrong applies; with 4 the wrong applies stay, with 6 one more right reply is lost. A line
 * of substance holds SM_SPLIT_MIN_SOLID_CHARS non-blank characters (a brace is in every block,
 * and a half of braces and two lines stood as written at the wrong copy: stop 25's
 * ho6-mh-missing-context-00375, mhmc8801-01107); counted so, 4 more right replies of 7,000
 * merged hunks (seeds 4202, 7003) are refused. */
#define SM_ONE_OUT_SURE_PIECE 5
#define SM_PIECES_MAX_GAP SM_ELISION_MAX
/* A merged hunk's context block beside an added line that its other half deletes a copy of
 * (split_left_line.c): the sides' diff may pair either copy. A block is as long as the lines
 * the two halves share at their seam, a closing brace and a head or two; past this many the
 * copies are a repeated stretch of the file, not a seam, and the walk stops. */
#define SM_SPLIT_COPY_BLOCK_MAX 4
/* The line a merged hunk's one-out reading leaves out weighs against halves as written that share
 * a line with it (sm_pieces_one_out_rival) only with at least this many non-blank characters: a
 * dropped "}" or "pass" is in every block, while "} else {" is a line a model drops (4 kept 3
 * of 5 right replies refused on merged-hunks + move-run, 8031 tiny; 8 let a wrong apply on a
 * dropped "} else {" through, 8031 synth). */
#define SM_ONE_OUT_SOLID_CHARS 5
/* A piece of a merged hunk weighed at two places (sm_piece_moved_rival), in slips: a line of
 * substance left out on either side, miscopied or cut short costs SM_PIECE_SLIP, a blank line
 * left out on either side SM_PIECE_SLIP_BLANK (a blank line is the likeliest slip), the stretch
 * two merged hunks pass over SM_PIECE_SLIP_MERGE (more than a line of substance left out: one
 * place missing a line is likelier than two hunks merged). */
#define SM_PIECE_SLIP 2
#define SM_PIECE_SLIP_BLANK 1
#define SM_PIECE_SLIP_MERGE 3
/* An old line standing on no file line (made up, or an addition that lost its mark) costs more
 * than a merge: models drop and miscopy lines far more often than they make them up. At
 * SM_PIECE_SLIP, a right merged hunk of 2,000 (seed 4201, merged-hunks + missing-context) was
 * refused for a piece standing elsewhere only with a line made up; at 3 (a merge's), one of
 * 1,000 (seed 7801, merged-hunks + missing-context + miscopied-ident) whose miscopied line the
 * other copy read as made up. */
#define SM_PIECE_SLIP_MADE 4
/* How far around the copy of a line a piece is aligned (lines left out on either side), and
 * the longest old side weighed so (the alignment costs its square per copy). */
#define SM_PIECE_RIVAL_SLACK 3
#define SM_PIECE_RIVAL_MAX_LINES 200
/* A whole-sides rewrite's new side holding the lines around the old side's cut one after the
 * other in several places: each place is judged by diffing both pieces' sides (two diffs of the
 * block), so at most this many; a new side with more (a pair of blank lines in a long block)
 * says nothing of where the halves meet. The generator's and the corpus' merged blocks hold such
 * a pair twice at most (a repeated "try:" or blank-line pair). */
#define SM_PIECES_MAX_NEW_CUTS 8
/* A cut of a merged block's new side moving a line over the skipped lines (match_pieces.c's
 * moves_across) is looked for in pieces of at most this many lines together: each line's text
 * is counted over both pieces (a line per pair), and the generator's and the corpus' merged
 * blocks are a few dozen lines. */
#define SM_PIECES_MOVE_CMP_LINES 400

/* The line-indentation tier (old lines shifted by different amounts line to line) judges an
 * edit of at most this many lines (old and new): each new line's depth is read from the lines
 * around it, a walk over the edit per new line, so the check is bounded by this squared. The
 * re-indented hunks seen in real replies are tens of lines; a longer one is refused as before. */
#define SM_REINDENT_MAX_LINES 200

/* Places an alignment left out because a blank line it let go is likelier a line left out
 * (match_align_doubt.c, sm_align_blank_or_left_out) whose other reading it remembers, to see
 * whether a place kept is that reading: a few per tier run are the most the corpus and the fuzzers
 * show (one or two a window that lets a blank line go); past them each further one is a plain
 * doubt, which any place kept must beat clearly. */
#define SM_BLANK_DOUBTS 16

/* Two costs closer than this are the same cost (they are sums of the constants above). */
#define SM_COST_EPSILON 1e-6

/* A claimed line number breaks a tie when exactly one candidate starts within this many lines
 * of it: wrong-lineno defects are off by 1-3, and hunk starts shift with earlier hunks. */
#define SM_HINT_WINDOW 10
/* ... and only when every other candidate is at least this much farther from the claim: a
 * claim off by up to 3 lines (the defects seen) then never picks the wrong one of two. */
#define SM_HINT_MARGIN 4
/* Numbered blocks (ln-diff) state a number for every old line: the whole block may be off by
 * at most 3 lines, and the nearest place wins when it is strictly nearest. */
#define SM_NUMBERED_WINDOW 3
#define SM_NUMBERED_MARGIN 1

/* Numbered line edits (<update_lines>): an edge line of the new text equal to the file line
 * just outside the range means the range is one line short there, and the line would be
 * written twice. That is repaired only for a line of at least this many non-blank characters:
 * a distinctive line next to its own copy is never meant, while "}", "end", "pass" or "});"
 * twice in a row may well be (a new block closed next to an old one), so those are refused
 * with the two ways to re-send. Same bar as the splice's rule for taking a line for an
 * addition (SM_WIDEN_MIN_CHARS). */
#define SM_LINES_REPAIR_MIN_CHARS 8
/* "Already applied" from a new side found with the old side nowhere: the new side must add a
 * line of at least this many non-blank characters (a lone "}" or "return" is in every file, and
 * its presence proves nothing), or delete between two context lines that now stand together. */
#define SM_ALREADY_MIN_CHARS 8
/* A new side found alone is no proof the edit was made while its old side fits as written
 * elsewhere but for a line it deletes that the file holds nowhere (made up by the model, for one
 * line of the file or added: sm_plan_old_side_wild; one cut short, beginning a file line, is not
 * made up but read as the line it begins): exactly this many such lines. With more,
 * the lines that fit say little: a re-sent edit's deleted lines stand nowhere either, and its
 * context alone fits wherever the file repeats it. */
#define SM_ALREADY_WILD_MAX 1
/* ... and with fewer than SM_RIVAL_NEW_MIN_SOLID lines of substance (a brace and one call),
 * when that fit starts at the reply's own number for the old side's first line (Roo's
 * ":start_line:"; not a number seam set from an anchor or the block before), it still needs
 * this many: a short old side fits many places by chance, but the one the model named is the
 * place it meant, and a new side standing elsewhere does not say the edit was made there. */
#define SM_WILD_AT_HINT_MIN_SOLID 1
/* A deleted line cut short (a model stopping mid-line) still stands as the file line it begins
 * (sm_plan_deleted_beside) when it keeps at least this many non-blank characters: the bar the
 * generator's and the corpus' cut lines keep ("retu" of "return x;"), a prefix shorter than
 * a word being any line's. */
#define SM_CUT_MIN_CHARS 4
/* The file lines between two context lines of a place a tolerant tier found, compared with the
 * additions of the segment between them (sm_plan_skipped_done): at most this many comparisons a
 * segment (a segment is a few lines; a longer one is not judged, and the edit goes on as
 * before). */
#define SM_SKIPPED_DONE_MAX_CMP 4096
/* A new side standing as written while the old side fits only loosely (sm_plan_new_side_rival)
 * is a rival explanation (the reply sent again) when it holds at least this many lines of
 * SM_ALREADY_MIN_CHARS: one such line (a comment) stands in many files by chance. An edit that
 * only deletes (an added line one typo from a deleted one counts as that line, miscopied on the
 * old side, and so does one its own run deletes at another indentation: kept and re-indented),
 * between two context lines that now stand together, needs but one: those lines closed up are
 * the evidence, not the line itself. */
#define SM_RIVAL_NEW_MIN_SOLID 2

/* seam_locate: the region a snippet written from memory stands for must be at least this
 * similar to it (2 x matched similarity / (snippet lines + region lines), lines that an elision
 * absorbs not counted). Below half, most lines of the snippet are not in the region, and
 * pointing the model there would send it to edit code it did not mean. */
#define SM_LOCATE_FLOOR 0.5
/* ... and a snippet line counts as standing for a file line only from this similarity on:
 * unrelated code lines of similar length measure 0.3-0.5 by edit distance, a line written from
 * memory with a name or an argument changed 0.6 and up. */
#define SM_LOCATE_LINE_MIN 0.6
/* ... and when no rung of the ladder finds the snippet, the most similar region is taken only
 * when the next one (not overlapping it) is at least this much less similar: two regions
 * nearly as alike as each other are candidates to show, not a guess to make. */
#define SM_LOCATE_LEAD 0.05

/* Fast apply (plan_fast.c): the alignment of a snippet to its file is a table of snippet
 * lines x file lines, one byte a cell: past this many cells (64 MiB: a 2000-line snippet of a
 * 32000-line file) the snippet is refused as too large rather than held in memory. */
#define SM_FAST_MAX_CELLS ((size_t)64 << 20)
/* ... and the lines at the edge of a run next to a marker that the file holds one after
 * another are taken as its anchors, up to this many: the 1-3 unchanged lines that fast-apply
 * prompts ask for around each change. */
#define SM_FAST_ANCHOR_LINES 3
/* A line a fast-apply run adds among its SM_FAST_ANCHOR_LINES lines nearest a marker, equal to
 * one of the SM_FAST_TWICE_LINES non-blank file lines that marker keeps nearest the run, is
 * written twice, and the snippet refused: a line moved past its neighbour or changed beside a
 * copy of the next line shows up there (the oracle's cases: the first or second line). Farther
 * out, a copy is as often code the change repeats on purpose (a test that runs a step again).
 * Only for lines of at least SM_FAST_TWICE_MIN_CHARS non-blank characters: a closer ("}",
 * "end") or a short "return x;" repeats by nature and a new block ends with one beside the old. */
#define SM_FAST_TWICE_LINES 2
#define SM_FAST_TWICE_MIN_CHARS 10
/* A run placed at the later copy of its anchor block is checked against the earlier copy as
 * many lines nearer as it adds, and up to this many fewer: each line it changes there (its old
 * form deleted, its new one added) brings the copy one line nearer. The 1-3 lines of a change
 * next to a marker; each try is a few comparisons. */
#define SM_FAST_SHIFT_SLACK 4
/* ... and the lines it adds count as the earlier copy's when nearly equal to them (a rename
 * across the run: SM_MIN_LINE_SIMILARITY) while it adds at most this many: a bound on the
 * similarity work of a run (a longer one is new code, not a copy shifted). */
#define SM_FAST_SHIFT_SIM_LINES 16

/* A fast-apply marker not sure by its words alone (prose holding "..." or a placeholder word:
 * "# Free the slot for another record...") that is this much like a file line it would stand
 * for, by the share of the longer line its common start and end cover (indentation aside),
 * is that line changed as likely as a marker: a word appended ("  # changed"), a name renamed
 * or a word changed keeps 0.8-0.97 of a comment line; a marker is no copy of the line it
 * covers. Refused rather than guessed. The same bar as a miscopied line's. Lines shorter than
 * SM_FAST_TWICE_MIN_CHARS are not compared: a short one matches too much by chance. */
#define SM_FAST_UNSURE_SHARE SM_MIN_LINE_SIMILARITY
/* ... and one that would stand for fewer than this many non-blank file lines is as likely a
 * line the snippet adds (taken for a marker, dropped) or one it changes (its old form kept):
 * a marker leaves out a run of lines, a line in place of one line is an edit. */
#define SM_FAST_UNSURE_MIN_LINES 2

/* Fast apply aligns a snippet again with a deleted line priced as a new one, and there a line
 * the snippet adds may stand for a file line it is a changed form of: their common start and
 * end cover this share of both lines' characters together (indentation aside), the ratio a
 * miscopied line must reach. A comment appended ("  # changed"), a name renamed or a word
 * changed keeps 0.8-0.95 of a 30-50 character line; unrelated lines of the same shape share
 * their indentation and a keyword at most. Lines shorter than SM_FAST_TWICE_MIN_CHARS are not
 * compared. */
#define SM_FAST_CHANGED_SHARE SM_MIN_LINE_SIMILARITY

/* Fast apply aligns a snippet again with the line next to a marker barred from the file line
 * it was placed on: when that alignment breaks no more anchors, deletes at most this many file
 * lines more than the best, adds no more lines and gives another file, the line's other copy fits the run about
 * as well (a line moved by one place against a line added, one copy of a repeated line deleted
 * against none: bench/oracle.py --sources tiny), and the reply does not say which it means:
 * refused. One line: a run that fits its other place only by deleting two more lines is the
 * place the model copied its lines from (the corpus' fast-apply cases, whose edge lines are
 * often "}", "end" or "super", keep their place by that margin). */
#define SM_FAST_RIVAL_LINES 1
/* Fast apply aligns a snippet once more to find lines moved (sm_fast_move_rival): with no
 * anchor block (only the edge lines anchor a run) and prices in halves of a line, a new line 2,
 * or 3 when the file has a line equal to it of SM_FAST_TWICE_MIN_CHARS characters or more (a
 * copy costs more than new text), a deleted line 2, or 1 when the snippet has its text (half of
 * a move); as it stands, then with each edge line that stands at another place too barred from
 * its own. A line moved into a run beside its edge line makes a block of the two at its old
 * place, lines moved out of a pair of equal blocks read as a copy: both are cheaper than the
 * move at the main prices, and wrong applies (the old lines kept twice, or a stretch of the
 * file deleted: bench/oracle.py --sources tiny, lazy + move-run). No margin: that reading is a
 * rival when it moves lines (a deleted line and an added one of the same text, indentation
 * aside), as many as the best at least, deletes no more lines that are no moved line's old
 * place, and changes fewer lines (a moved line counted once, a line written again that a marker
 * keeps twice), or as many with a deletion of its own between kept lines. A reading that
 * deletes code or writes a copy to match new lines further on is what the deletion price rules
 * out (the corpus' fast-apply cases: a new test beside its like, a block rewritten). */

/* Fast apply aligns a snippet once more with the lines it adds allowed to stand for file lines
 * equal to them but for indentation (a block's body taken out of its if/for and dedented):
 * each such line saves a new line, which in that alignment costs this many deleted lines.
 * When that reading adds fewer lines, deletes at most this many more than the best (a block's
 * opening and closing lines), breaks no more anchors and gives another file, the snippet reads
 * two ways (lines added beside the block, or the block unwrapped) and is refused. */
#define SM_FAST_UNWRAP_LINES 2

/* The lines of a whole file with a placeholder above which it is not read again as a fast-apply
 * snippet (sm_plan_whole_placeholders): that second reading copies the file's image and builds
 * the snippet's tables beside the first reading's, about 2x the memory of the whole-file path;
 * at 300,000 lines it went past issue 12's bound (3 x (reply + file) + 16 MiB: 74.6 against
 * 62.2 MiB). At 100,000 lines it stays under (27.4 against 31.0 MiB). Past it the guard's own
 * pairing decides, as it did before the second reading was added. */
#define SM_WHOLE_RIVAL_MAX_LINES 100000

/* The longest run of unchanged edge lines whose copy just beyond the edge makes lines added
 * among them undecided (splice_edge_repeat.c): a reply thin on context leaves out a line or
 * two of it, and the generator's and the corpus' repeated runs ("", "return 0;") are two or
 * three lines; a copy of four lines and more the reply rarely leaves out whole. */
#define SM_EDGE_REPEAT_MAX_LINES 3

/* A line diff gives up searching past this many differences (bounded time on hostile input). */
#define SM_DIFF_MAX_D 4096

/* The split of a merged hunk (plan/split.c) */
/* A run keeps at least this much substance: a lone "}" or "return" fits anywhere. */
#define SM_SPLIT_MIN_SOLID_CHARS 8
/* A change run of N deleted lines then N added ones, each added line a changed form of the
 * deleted line in its place (at least this similar), is N one-line changes: each is found on
 * its own, between the others (two hunks merged with no context between them). A changed line
 * keeps at least half of its text; below, the pairing would be a guess. */
#define SM_SPLIT_PAIR_SIM 0.5
/* Such a one-line change is found by its own old line alone: that line must have this much
 * substance, and fit exactly (the whitespace tier at most). */
#define SM_SPLIT_BARE_MIN_CHARS 16
/* Lines of slack, beyond its own distance, for where a cut context line that repeats a deleted
 * line may stand (blank lines and a miscopied neighbour in between). */
#define SM_SPLIT_CUT_SLACK 2

/*
 * The split of a hunk (plan/split.c) may find a change run by its own old lines, its context on
 * a side cut whole. The first run's leading context and the last run's trailing context are no
 * other run's: when such an outer context, of at least SM_SPLIT_OUTER_MIN_LINES non-blank
 * lines, stands whole, as written, in one place of the file, the run must stand right beside
 * it, on its side, with at most SM_SPLIT_OUTER_SLACK non-blank file lines between them that the
 * hunk does not give; else the reply says two things (the context here, the change there: a
 * hunk sent again after it was made, an added line written without its '+') and is refused.
 * A context found nowhere as written is looked for as loosely as the run was (a line of it
 * left out or miscopied): one place so, apart from the run, says the same.
 * - Two lines of slack: "missing context" (models' and the generator's) drops a line or two
 *   next to the change; a merged hunk's skipped stretch lies between two runs, not outside.
 * - Two lines of context: one line is a name to find the place by ("import x", a signature),
 *   and a model may skip the stretch from it to its change (a SEARCH block of an import line
 *   and a method line far below it: tests/unit/test_unseen.c); two or more lines copied as
 *   they stand are the text right before (after) the change.
 */
#define SM_SPLIT_OUTER_SLACK 2
#define SM_SPLIT_OUTER_MIN_LINES 2

/* The splice (match/splice.c) */
/* Distinctive enough to be taken for the same line: a run of absorbed lines must hold one line
 * of at least this many non-blank characters (a lone "}" or "end" is in every new function a
 * model adds next to another, and alone proves nothing). */
#define SM_WIDEN_MIN_CHARS 8
/* A file line is the old form of an added signature (a hunk that adds a changed signature
 * without its '-' line: the line changed, not a second definition beside the old one) when it
 * has the same indentation and start through its first '(' and over at least this share of the
 * shorter line: a changed signature keeps its name and most of its parameters. */
#define SM_SPLICE_CHANGED_SHARE 0.6
/* A blank edge slides over at most this many lines: the one to three lines a model leaves out
 * of its old side (SM_MAX_EXTRA_RUN). */
#define SM_SLIDE_MAX_LINES 3
/* The lines a merged hunk adds at its cut that are weighed as the stretch's last lines, left
 * out of the old side (splice_cut_copy.c): a model leaves out a line or a few (SM_MAX_EXTRA_RUN)
 * and its copy runs into the second piece's own lines; the bound also keeps the check's work
 * (its square, times the hunk's lines) small for a cut that adds many lines. */
#define SM_CUT_COPY_MAX_LINES 8
/* Left-out lines (file lines inside a region no old line stands for) a rewrite may take for
 * moved lines: the repair keeps at most a few (SM_MAX_EXTRAS); more is a region with gaps
 * (elisions, merged hunks), where this judgement has no ground. */
#define SM_SPLICE_MAX_LEFT_OUT 16
/* A segment's additions are compared with its kept lines (the merge's common subsequence) and
 * with its deleted lines (give_backs) only up to this many pairs: a bound on work and memory
 * for a hostile segment; beyond it the additions are written as they come. */
#define SM_SPLICE_MERGE_CELLS 65536

/* The tolerant alignment (match/match_align.c) */
/* Blank lines looked past at a region's edge for the line of substance beyond it. */
#define SM_EDGE_LOOK 3
/* ... and past a let-go blank line's neighbour for its copy (blank_or_left_out): as many as
 * the old side's run of blank lines there, when longer (a run of blank lines all let go past a
 * left-out line is as long as the file's); bounded so that the walk stays a few lines per let-go
 * blank line, as long as runs of blank lines in code get. */
#define SM_EDGE_LOOK_RUN 16
/* Places of a marker's indentation-blind hash looked at for one at its indentation; past
 * them the marker is a line the file repeats, a file line all the same. */
#define SM_ELIDE_HELD_LOOK 8

/* Rival places (match/match_rival.c) */
/* Lines of a place looked at for written_back_beside: a tolerant place lets go of a few
 * (SM_MAX_EXTRAS), so past this many the count in order stands alone (a walk of the new side
 * each). */
#define SM_WRITTEN_BACK_LOOK 16
/* Blank lines passed looking for a line's neighbour of substance in the file. */
#define SM_WRITTEN_BACK_BLANKS 3

/* seam_locate (match/locate.c) */
/* Signature similarity below which a pair is not worth the exact comparison. */
#define SM_LOCATE_SIG_MIN 0.4

#endif
