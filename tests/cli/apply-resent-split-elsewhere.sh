# A hunk sent again after it was made, in a file with near copies of its lines, its old side
# miscopied (a context line left out): the split of the hunk placed its deletion bare, at
# another copy of the deleted line beside a copy of one context line, while the new side stood,
# all but the line left out, where the edit was made (bench/oracle.py, tiny sources, resent).
# The new side standing as loosely as a run is found, away from every run, is a rival: refused
# (exit 1, "may be applied already"), file unchanged. The same patch on the file before it (the
# comment still there): applied where it was meant. A str_replace call re-sent after its
# deletion was made, whose new side has one line of substance: the repair tier placed its old
# side at another copy of its lines, its new side standing as written at the end of the file:
# refused, file unchanged.
set -u
mkdir -p src
cat >src/pump.c <<'C'
int start_pump(void)
{
	while (level) {
		valve--;
	}
	for (k = 0; k < level; k++) {
		drain_tank(k);
	}
	/* Keep the pressure below the red mark */
	return 0;
	while (valve) {
		level--;
	}
	return 0;
}

int stop_pump(void)
{
	level++;
	return 0;
	pressure++;
	while (pressure) {
		level--;
	}
	for (k = 0; k < valve; k++) {
		drain_tank(k);
	}
}
C
cp src/pump.c pump-before.c
cat >split.patch <<'P'
*** Begin Patch
*** Update File: src/pump.c
@@
 	pressure++;
 	while (pressure) {
 		level--;
 	}
 	for (k = 0; k < valve; k++) {
 	}
-	/* Keep the pressure below the red mark */
 }
*** End Patch
P
"$SEAM" apply split.patch >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 11; }
cmp -s pump-before.c src/pump.c || { diff pump-before.c src/pump.c >&2; exit 12; }

sed '27a\	/* Keep the pressure below the red mark */' pump-before.c >src/pump.c
"$SEAM" apply split.patch >out.txt 2>&1 || { cat out.txt >&2; exit 13; }
cmp -s pump-before.c src/pump.c || { diff pump-before.c src/pump.c >&2; exit 14; }

cat >src/fan.c <<'C'
int spin_fan(void)
{
	speed++;
	for (k = 0; k < speed; k++) {
		blow_air(k);
	}
	blow_air(speed);
	blow_air(speed);
}

int slow_fan(void)
{
	for (k = 0; k < speed; k++) {
		spin_fan(k);
	}
	while (speed) {
		speed--;
	}
	return 0;
	for (k = 0; k < speed; k++) {
	}
}
C
cp src/fan.c fan-before.c
cat >call.json <<'J'
{"role": "assistant", "content": [{"type": "tool_use", "id": "t1",
 "name": "str_replace_based_edit_tool", "input": {"command": "str_replace",
 "path": "src/fan.c",
 "old_str": "\tfor (k = 0; k < speed; k++) {\n\t\tblow_air(k);\n\t}\n}\n",
 "new_str": "\tfor (k = 0; k < speed; k++) {\n\t}\n}\n"}}]}
J
"$SEAM" apply call.json >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 20; }
cmp -s fan-before.c src/fan.c || { diff fan-before.c src/fan.c >&2; exit 21; }
exit 0
