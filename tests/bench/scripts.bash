# The scripts of `make bench` (bench/gen.py, bench/curves.py, bench/curves.gp) at tiny sizes:
# sourced by tests/bench/run.sh, which runs each test_* below in its own directory with $bin
# and $root set. A tool the scripts use but a fresh machine may lack (cc, GNU patch, git,
# gnuplot) is skipped with a message; python3 is checked by run.sh.

# gen_all DIR [SEED]: a 150-line, 6-edit case of every format under DIR/FORMAT
gen_all() {
	local f
	for f in udiff editblock whole numbered patch toolcall; do
		python3 "$root/bench/gen.py" --lines 150 --edits 6 --format "$f" --seed "${2:-1}" \
			-o "$1/$f" >/dev/null
	done
}

# Every format seam reads gives the expected file; the generator repeats itself byte for byte,
# depends on its seed, and refuses more edits than the file has room for.
test_gen_formats() {
	local f
	gen_all a
	gen_all b
	gen_all c 2
	for f in udiff editblock whole numbered patch toolcall; do
		diff -r a/$f b/$f
		fails cmp -s a/$f/reply.txt c/$f/reply.txt
		fails cmp -s a/$f/before/src/engine.c a/$f/after/src/engine.c
		cp -r a/$f/before t-$f
		"$bin" apply -q -C t-$f a/$f/reply.txt
		cmp t-$f/src/engine.c a/$f/after/src/engine.c
	done
	[ "$(wc -l <a/udiff/before/src/engine.c)" = 150 ]
	[ "$(grep -c '^@@ ' a/udiff/reply.txt)" = 6 ]
	[ "$(grep -c '^<<<<<<< SEARCH' a/editblock/reply.txt)" = 6 ]
	[ "$(grep -c '<update_lines' a/numbered/reply.txt)" = 6 ]
	python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))) == 6' a/toolcall/reply.txt
	fails python3 "$root/bench/gen.py" --lines 100 --edits 9 --format udiff -o dense 2>/dev/null
}

# --order alternate: the edits of the formats located by their own text or numbers written
# first, last, second, ... (bench/curves.py's out-of-order series); the same file results, and
# seam gives it; a diff is written in file order only.
test_gen_order() {
	local f
	for f in editblock toolcall numbered; do
		python3 "$root/bench/gen.py" --lines 150 --edits 6 --format $f -o in-$f >/dev/null
		python3 "$root/bench/gen.py" --lines 150 --edits 6 --format $f --order alternate \
			-o alt-$f >/dev/null
		cmp alt-$f/after/src/engine.c in-$f/after/src/engine.c
		fails cmp -s alt-$f/reply.txt in-$f/reply.txt
		cp -r alt-$f/before t-$f
		"$bin" apply -q -C t-$f alt-$f/reply.txt
		cmp t-$f/src/engine.c alt-$f/after/src/engine.c
	done
	# the blocks' first lines: first, last, second, second to last, ...
	grep -A1 '^<<<<<<< SEARCH' in-editblock/reply.txt | grep -v '^<<<<<<<\|^--' >in.first
	grep -A1 '^<<<<<<< SEARCH' alt-editblock/reply.txt | grep -v '^<<<<<<<\|^--' >alt.first
	[ "$(sed -n 2p alt.first)" = "$(sed -n 6p in.first)" ]
	[ "$(sed -n 3p alt.first)" = "$(sed -n 2p in.first)" ]
	[ "$(sort in.first)" = "$(sort alt.first)" ]
	fails python3 "$root/bench/gen.py" --lines 150 --edits 6 --format udiff --order alternate \
		-o alt-udiff 2>/dev/null
}

# The strict diff is what GNU patch and git apply take as it is.
test_gen_peers() {
	gen_all a
	if command -v patch >/dev/null 2>&1; then
		cp -r a/udiff/before p
		patch -p1 -s -d p -i "$PWD/a/udiff/reply.txt"
		cmp p/src/engine.c a/udiff/after/src/engine.c
	else
		echo "GNU patch is not installed: skipped"
	fi
	if command -v git >/dev/null 2>&1; then
		cp -r a/udiff/before g
		GIT_CEILING_DIRECTORIES=$PWD git -C g apply -p1 "$PWD/a/udiff/reply.txt"
		cmp g/src/engine.c a/udiff/after/src/engine.c
	else
		echo "git is not installed: skipped"
	fi
}

# runone for curves.py, built here (make check does not build bench/); 1 when no compiler
build_runone() {
	local c
	c=$(command -v cc || command -v gcc || true)
	[ -n "$c" ] || { echo "no C compiler: skipped"; return 1; }
	"$c" -std=c17 -O2 -Wall -Wextra -o runone "$root/bench/runone.c"
}

# The whole of curves.py at tiny sizes: every case verified, a PASS or FAIL for each seam run,
# the plots when gnuplot is there, the bound as issue 12 writes it.
test_curves_smoke() {
	build_runone || return 0
	python3 "$root/bench/curves.py" --smoke --seam "$bin" --runner "$PWD/runone" --out out \
		--png-dir png >curves.out 2>&1 || { cat curves.out; return 1; }
	fails grep -q MISMATCH curves.out
	# 2 of the 4 peer rows are seam's; 2 curves of 8 series (6 formats, editblock out of order,
	# udiff checked) x 2 points
	[ "$(grep -cE '^  .*MiB  (PASS|FAIL)$' curves.out)" = 34 ]
	grep -qE '^  editblock \(alternate order\) 240 lines 5 edits --syntax=off .*MiB  (PASS|FAIL)$' \
		curves.out
	grep -q '^== memory bound: [0-9]* PASS, [0-9]* FAIL$' curves.out
	grep -qE '^  -j 2: 12 records in' curves.out
	python3 - out/curves.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["lines"]) == 8 and len(d["edits"]) == 8, d.keys()
for axis in ("lines", "edits"):
    for fmt, pts in d[axis].items():
        assert [p[0] for p in pts] == ([120, 240] if axis == "lines" else [1, 5]), (fmt, pts)
        for _, r in pts:
            assert not r["problem"] and r["cpu"] > 0 and r["rss"] > 0, (fmt, r)
assert all(r["wrong"] == 0 and r["records"] == 12 for r in d["batch"]), d["batch"]
PY
	python3 -c '
import sys; sys.path.insert(0, sys.argv[1])
import curves
assert curves.bound_bytes({"reply_bytes": 1000, "file_bytes": 2000}) == 9000 + 16 * 2**20
' "$root/bench"
	if command -v gnuplot >/dev/null 2>&1; then
		for p in curves-lines curves-edits peers-strict; do
			[ "$(head -c 4 png/$p.png | od -An -c | tr -d ' ')" = '211PNG' ]
		done
	else
		echo "gnuplot is not installed: no plots, skipped"
		grep -q 'gnuplot not found' curves.out
	fi
}

# A seam that writes the right files but holds 48 MiB is caught by the bound (--strict fails);
# one that writes nothing is a MISMATCH. The checks are not vacuous.
test_curves_catch() {
	build_runone || return 0
	cat >fat-seam <<'SH'
#!/bin/sh
# apply -C TREE -q REPLY: copies the expected tree beside REPLY, holding 48 MiB meanwhile
[ "$2" = --batch ] && exit 0
for a; do reply=$a; done
while [ $# -gt 0 ]; do [ "$1" = -C ] && tree=$2; shift; done
cp -r "$(dirname "$reply")/after/." "$tree"
python3 -c 'b = b"x" * (48 << 20)'
SH
	cat >lazy-seam <<'SH'
#!/bin/sh
exit 0
SH
	chmod +x fat-seam lazy-seam
	fails python3 "$root/bench/curves.py" --smoke --strict --seam "$PWD/fat-seam" \
		--runner "$PWD/runone" --out out1 --png-dir png1 >log1 2>&1
	grep -q '^== memory bound: 0 PASS, 34 FAIL$' log1
	grep -q 'FAIL udiff 120 lines 5 edits: max RSS' log1
	# the fat seam's trees are right: only its batch (no output) is a mismatch
	[ "$(grep -c 'MISMATCH' log1)" = 3 ]
	fails python3 "$root/bench/curves.py" --smoke --seam "$PWD/lazy-seam" \
		--runner "$PWD/runone" --out out2 --png-dir png2 >log2 2>&1
	grep -q 'MISMATCH: 36 case(s)' log2
	grep -q 'udiff 120 lines 1 edits: src/engine.c differs from line' log2
}

# gen.py's whole-placeholder: the whole file with one run of unchanged lines written as a
# placeholder, which seam's laziness guard restores (the file is the expected one).
test_gen_placeholder() {
	python3 "$root/bench/gen.py" --lines 300 --edits 10 --format whole-placeholder -o a >/dev/null
	[ "$(grep -c '^	// \.\.\. existing code \.\.\.$' a/reply.txt)" = 1 ]
	[ "$(wc -l <a/reply.txt)" -lt "$(wc -l <a/after/src/engine.c)" ]
	cp -r a/before t
	"$bin" apply --json -C t a/reply.txt >out.json
	cmp t/src/engine.c a/after/src/engine.c
	grep -q '"strategy": "whole-file+expanded-placeholder"' out.json
}

# curves.py --memory: every format (and whole-placeholder, and udiff checked) at two sizes,
# each run verified and its RSS set against the bound; a seam that holds 48 MiB FAILs it all.
test_curves_memory() {
	build_runone || return 0
	python3 "$root/bench/curves.py" --memory --smoke --seam "$bin" --runner "$PWD/runone" \
		--out out --png-dir png >mem.out 2>&1 || { cat mem.out; return 1; }
	fails grep -q MISMATCH mem.out
	[ "$(grep -cE '^  .*MiB  (PASS|FAIL)$' mem.out)" = 16 ]
	# (no PASS asserted: memory is a figure of the benchmark, and a sanitizer's is another)
	grep -qE '^  whole-placeholder 480 lines 5 edits --syntax=off .* (PASS|FAIL)$' mem.out
	grep -q '^== memory bound: [0-9]* PASS, [0-9]* FAIL$' mem.out
	cat >fat-seam <<'SH'
#!/bin/sh
for a; do reply=$a; done
while [ $# -gt 0 ]; do [ "$1" = -C ] && tree=$2; shift; done
cp -r "$(dirname "$reply")/after/." "$tree"
python3 -c 'b = b"x" * (48 << 20)'
SH
	chmod +x fat-seam
	fails python3 "$root/bench/curves.py" --memory --smoke --strict --seam "$PWD/fat-seam" \
		--runner "$PWD/runone" --out out1 --png-dir png1 >log1 2>&1
	grep -q '^== memory bound: 0 PASS, 16 FAIL$' log1
	fails grep -q MISMATCH log1
}

# The oracle keeps a reply only when the intended place is the one it fits best: an old side
# with a miscopied line and a context line left out that fits a repeated block with the
# miscopy alone points there (fits_elsewhere reads an altered line as the line it was made
# from); a fast-apply run whose kept lines fit another place with no more lines between them
# than the intended place has reads there too (run_fits_elsewhere). Neutral lines of our own.
test_oracle_elsewhere() {
	PYTHONPATH="$root/bench" python3 - <<'PY'
from oracle_defects import Block, fits_elsewhere
from oracle_render import run_fits_elsewhere
f = ["def first():", "    open_gate()", "    close_door()", "    wait_a_while()",
     "    lock_everything()", "", "def second():", "    open_gate()", "    close_door()",
     "    lock_everything()", ""]
# the block made from lines 1-4, "    wait_a_while()" left out, close_door miscopied
b = Block(1, f[1:5], ["    open_gate()", "    close_door()", "    wait_a_while()",
                      "    lock_everything()  # now"])
assert not fits_elsewhere(f, b)
del b.old[2], b.nums[2]
b.cut = True
assert fits_elsewhere(f, b)  # lines 7-9 as they stand
b.old[1] = "    close_dorr()"
b.stands_for["    close_dorr()"] = "    close_door()"
assert fits_elsewhere(f, b)  # ... and with the miscopy read as its line
b2 = Block(1, f[1:5], f[1:5])
b2.old[1] = "    close_dorr()"
b2.stands_for["    close_dorr()"] = "    close_door()"
assert not fits_elsewhere(f, b2)  # nothing left out: only the intended place fits whole
# a line cut short stands for any line it starts: "    close_d" fits lines 7-9 ("    wait_a_while()"
# left out), read as close_door it fits them too; "    wait_a" (cut from the line kept) no
# other place
b3 = Block(1, f[1:5], f[1:5])
del b3.old[2], b3.nums[2]
b3.cut = True
b3.old[1] = "    close_d"
b3.stands_for["    close_d"] = "    close_door()"
b3.cut_short.add("    close_d")
assert fits_elsewhere(f, b3)
b4 = Block(1, f[1:5], f[1:5])
b4.old[2] = "    wait_a"
b4.stands_for["    wait_a"] = "    wait_a_while()"
b4.cut_short.add("    wait_a")
assert not fits_elsewhere(f, b4)
# missing-context leaves out no line whose neighbour, cut short, is a copy of it: the old side
# would fit one line short, the cut line on the line left out
import random
from oracle_defects import inject_block
h = ["def third():", "    send(item)", "    log(item)", "    count += 1", "    count += 1",
     "    return item"]
made = 0
for seed in range(20):
    b5 = Block(1, h[1:6], h[1:6])
    b5.old[3] = "    count"
    b5.stands_for["    count"] = "    count += 1"
    b5.cut_short.add("    count")
    if inject_block(random.Random(seed), "editblock", b5, "missing-context", "third.py"):
        made += 1
        assert b5.old == ["    send(item)", "    count += 1", "    count", "    return item"], b5.old
assert made  # log(item), the one line unlike both neighbours, is left out
# fast apply: wait_a_while() renamed; its run "close_door, wait_for_it, lock_everything" keeps
# close_door and lock_everything, which stand together at lines 8-9: an insertion there
g = list(f)
g[3] = "    wait_for_it()"
ch = [(3, [f[3]], [g[3]])]
assert run_fits_elsewhere(f, ch, g, 2, 5)
assert not run_fits_elsewhere(f, ch, g, 0, 5)  # "def first():" kept too: only 0-4 fits
PY
}

# want_fast (tests/cli/hostile.bash), which bench/hostile.sh makes strict: in the test suite it
# records a run's time against its target and passes; with SEAM_TIME_STRICT=1 a run over its
# target fails and one within it passes.
test_hostile_time_targets() {
	local lib="$root/tests/cli/hostile.bash"
	SEAM=$bin SEAM_TEST_NAME=t SEAM_TIME_LOG=$PWD/log bash -c '. "$0"; MS=5000; want_fast slow 10' "$lib"
	grep -qx 't slow 5000 10' log
	SEAM=$bin SEAM_TIME_STRICT=1 bash -c '. "$0"; MS=5; want_fast quick 10' "$lib"
	fails env SEAM=$bin SEAM_TIME_STRICT=1 bash -c '. "$0"; MS=5000; want_fast slow 10' "$lib" 2>/dev/null
}
