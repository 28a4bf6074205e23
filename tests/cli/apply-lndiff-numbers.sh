# An ln-diff block whose text fits only where two of its lines stand at other distances apart
# than their numbers say (its first line miscopied, a line left out with a gap in its numbers):
# refused with exit 1, the file untouched, the message naming the two numbered lines and the
# file lines they would be. The same block with the first line copied right applies (exit 0).
set -u
cat >w.h <<'H'
#include "widget.h"

static int widget_count(const struct widget *w);

static int widget_count(const struct widget *w, int flags);

static int widget_count(const struct widget *w);

static int widget_total(void);
H
cp w.h ../orig.h
block() {
	printf 'w.h\n<editblock>\n<<<<<<< REMOVE\n'
	printf '3\xe2\x94\x82static int %s(const struct widget *w);\n' "$1"
	printf '4\xe2\x94\x82\n6\xe2\x94\x82\n'
	printf '7\xe2\x94\x82static int widget_count(const struct widget *w);\n8\xe2\x94\x82\n'
	printf '=======\n'
	printf ' \xe2\x94\x82static long widget_count(const struct widget *w);\n \xe2\x94\x82\n'
	printf ' \xe2\x94\x82static int widget_count(const struct widget *w, int flags);\n \xe2\x94\x82\n'
	printf ' \xe2\x94\x82static int widget_count(const struct widget *w);\n \xe2\x94\x82\n'
	printf '>>>>>>> INSERT\n</editblock>\n'
}
block wdiget_count >bad.md
"$SEAM" apply bad.md >../out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat ../out.txt >&2; echo "exit $rc, want 1" >&2; exit 10; }
cmp -s w.h ../orig.h || { echo "w.h changed although the block was refused" >&2; exit 11; }
grep -q 'the line numbered 3 ("static int wdiget_count' ../out.txt &&
	grep -q 'would be line 5' ../out.txt &&
	grep -q 'the line numbered 7 ' ../out.txt ||
	{ cat ../out.txt >&2; echo "the refusal does not name the numbered lines" >&2; exit 12; }

block widget_count >good.md
"$SEAM" apply good.md >../out2.txt 2>&1 || { cat ../out2.txt >&2; exit 13; }
sed -n 3p w.h | grep -qx 'static long widget_count(const struct widget \*w);' &&
	[ "$(grep -c 'widget_count' w.h)" = 3 ] ||
	{ cat w.h >&2; echo "the good block did not apply as meant" >&2; exit 14; }
exit 0
