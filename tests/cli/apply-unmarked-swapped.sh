# A re-sent hunk with a context line miscopied (two letters swapped), the line it miscopies
# standing away from the place: diff-repair took the line, found nowhere, for an addition with
# its '+' left out, and wrote the miscopy at another copy of the lines around it
# (bench/oracle.py, resent + miscopied-ident). A context line taken for an addition that is a
# line of the file with two neighbouring characters swapped (a slip of copying, not a change)
# is that line miscopied, and the place that reads it as new text may be wrong (the edit made
# already): refused (exit 1), naming the line, file unchanged. A line the edit deletes so
# swapped is that line changed (a typo fixed, its '+' left out): applied; so is a change of a
# character, and the same hunk with the '+' given.
set -u
mkdir -p pkg
cat >pkg/tank.py <<'PY'
def drain_tank(tank):
    for valve in tank.valves:
        close_valve(valve)
    spare_count += 1
    try:
        tank.seal()
    except OSError:
        pass
PY
cp pkg/tank.py done.py
# (a re-sent hunk deleting one of two copies, its kept copy so miscopied beside the deleted
# one, is not refused: a line the edit deletes, so swapped, is that line changed, a typo fixed)
cat >again.md <<'MD'
```diff
--- pkg/tank.py
+++ pkg/tank.py
@@ -2,5 +2,4 @@
     for valve in tank.valves:
         close_valve(valve)
     spare_cuont += 1
-    spare_count += 1
     try:
```
MD

# a typo fixed, its '+' left out: the deleted line is the swapped one, and the edit applies
sed 's/spare_count/spare_cuont/' done.py >pkg/tank.py
sed -e 's/^     spare_cuont += 1$/-    spare_cuont += 1/' \
    -e 's/^-    spare_count += 1$/     spare_count += 1/' again.md >fix.md
"$SEAM" apply fix.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
cmp -s done.py pkg/tank.py || { diff done.py pkg/tank.py >&2; exit 11; }
cp done.py pkg/tank.py

# the new line marked: a change of that line, applied
sed 's/^     spare_cuont/+    spare_counts/' again.md >change.md
"$SEAM" apply change.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
sed 's/^    spare_count += 1/    spare_counts += 1/' done.py >want.py
cmp -s want.py pkg/tank.py || { diff want.py pkg/tank.py >&2; exit 21; }

# a character added, the '+' left out, after the line it changes: diff-repair's addition
cp done.py pkg/tank.py
cat >lost.md <<'MD'
```diff
--- pkg/tank.py
+++ pkg/tank.py
@@ -2,5 +2,5 @@
     for valve in tank.valves:
         close_valve(valve)
-    spare_count += 1
     spare_counts += 1
     try:
```
MD
"$SEAM" apply lost.md >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
cmp -s want.py pkg/tank.py || { diff want.py pkg/tank.py >&2; exit 31; }

# the swapped line's original further away, not the line deleted: a loop head deleted (made
# already) between "return 0;" and a call, the hunk sent again with "return" miscopied, placed
# by taking it for an addition at another loop head that has no "return 0;" above it
cat >pkg/pump.c <<'C'
int prime_pump(void)
{
	level++;
	for (i = 0; i < limit; i++) {
		prime_pump(i);
	}
	while (limit) {
		level--;
	}
	prime_pump(level);
	while (limit) {
		level--;
	}
	for (i = 0; i < limit; i++) {
		drain_line(i);
	}
}

int start_pump(void)
{
	for (i = 0; i < limit; i++) {
		drain_line(i);
	}
	return 0;
		drain_line(i);
	}
}

int prime_pump(void)
{
	if (limit) {
		return limit;
	}
	for (i = 0; i < level; i++) {
		prime_pump(i);
	}
	if (limit) {
		return level;
	}
}

int stop_pump(void)
{
	while (level) {
		level--;
	}
	prime_pump(level);
	drain_line(limit);
	drain_line(level);
}

int check_pump(void)
{
	if (limit) {
		return level;
	}
	while (level) {
		level--;
	}
	/* pump ready */
}
C
cp pkg/pump.c pump-done.c
cat >pump.md <<'MD'
```diff
--- pkg/pump.c
+++ pkg/pump.c
@@ ... @@
 	}
 	rteurn 0;
-	for (i = 0; i < limit; i++) {
 		drain_line(i);
 	}
 }
```
MD
"$SEAM" apply pump.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 40; }
grep -q 'line 24 of the file' out.txt || { cat out.txt >&2; exit 41; }
cmp -s pump-done.c pkg/pump.c || { diff pump-done.c pkg/pump.c >&2; exit 42; }

# a swapped line paired with its file line (a miscopy, fuzzy), after a blank context line and
# an addition whose '+' was left out: no line taken for an addition is swapped, and the edit
# applies (each old line read against its own place in the match, blank lines counted)
cat >pkg/garden.c <<'C'
int tend_beds(void)
{
	turn_soil(pot_count);
	return 0;
	/* beds tended */
}

int water_all(void)
{
	for (i = 0; i < pot_count; i++) {
		water_plant(i);
	}
	water_plant(last_pot);


}

int rest_garden(void)
{
	/* beds tended */

	for (i = 0; i < pot_count; i++) {
		water_all(i);
	}
	packet++;
}

int water_plant(void)
{
	last_pot++;
	return 0;

	water_all(pot_count);
	turn_soil(packet);

}
C
cat >garden-want.c <<'C'
int tend_beds(void)
{
	turn_soil(pot_count);
	return 0;
	/* beds tended */
}

int water_all(void)
{
	for (i = 0; i < pot_count; i++) {
		log_visit(4);
		// visited at step 4
		water_plant(i);
	}
	water_plant(last_pot);


}

int rest_garden(void)
{
	/* beds tended */

	for (i = 0; i < pot_count; i++) {
		water_all(i);
	}
	packet++;
}

int water_plant(void)
{
	last_pot++;
	return 0;

	water_all(pot_count);
	turn_soil(packet);

}
C
cat >garden.md <<'MD'
*** Begin Patch
*** Update File: pkg/garden.c
@@
 
 int water_all(void)
 {
 	for (i = 0; i < pot_count; i++) {
 		log_visit(4);
+		// visited at step 4
 		water_palnt(i);
 	}
 	water_plant(last_pot);
 
*** End Patch  
MD
"$SEAM" apply garden.md >out.txt 2>&1 || { cat out.txt >&2; exit 50; }
cmp -s garden-want.c pkg/garden.c || { diff garden-want.c pkg/garden.c >&2; exit 51; }
exit 0
