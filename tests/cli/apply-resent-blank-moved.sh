# A hunk sent again after its deletion was made, beside a blank line, in a file where a copy of
# the deleted line follows that blank line (bench/oracle.py, resent + miscopied-ident): its old
# side fits only by letting the blank line go on both sides (the reply's after the deletion,
# the file's before the copy), which moves the blank line across the deleted one, while the
# file reads, from the place's start, as the hunk's new side. Refused ("may be applied
# already"), file unchanged. The same hunk on the file before it: applied where meant (exact);
# a hunk whose blank line the file does not have at all (nothing reads as its new side):
# applied, the blank line let go.
set -u
printf '[pump]\nname = main\nspeed = 3\n\nlevel = high\nmode = auto\n\n[valve]\nname = side\n' >pump.ini
cp pump.ini pump-before.ini
cat >resent.diff <<'P'
--- a/pump.ini
+++ b/pump.ini
@@
 name = main
 speed = 3
-level = high
 
P
"$SEAM" apply resent.diff >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 11; }
cmp -s pump-before.ini pump.ini || { diff pump-before.ini pump.ini >&2; exit 12; }

printf '[pump]\nname = main\nspeed = 3\nlevel = high\n\nlevel = high\nmode = auto\n' >pump.ini
printf '[pump]\nname = main\nspeed = 3\n\nlevel = high\nmode = auto\n' >want.ini
"$SEAM" apply resent.diff >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s want.ini pump.ini || { diff want.ini pump.ini >&2; exit 21; }

printf '[pump]\nname = main\nspeed = 3\nlevel = high\nmode = auto\n' >pump.ini
printf '[pump]\nname = main\nspeed = 3\nmode = auto\n' >want.ini
cat >blank.diff <<'P'
--- a/pump.ini
+++ b/pump.ini
@@
 speed = 3
-level = high
 
 mode = auto
P
"$SEAM" apply blank.diff >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
cmp -s want.ini pump.ini || { diff want.ini pump.ini >&2; exit 31; }
exit 0
