# -h is one screen (at most 24 lines of at most 80 columns) and says where the rest is;
# --help stays the whole help.
set -u
for args in "-h" "apply -h"; do
	"$SEAM" $args >out.txt 2>&1 || { echo "seam $args: exit $?" >&2; exit 10; }
	[ "$(wc -l <out.txt)" -le 24 ] || { echo "seam $args: longer than a screen" >&2; exit 11; }
	[ "$(awk '{ if (length > m) m = length } END { print m }' out.txt)" -le 80 ] || { echo "seam $args: too wide" >&2; exit 12; }
	grep -q 'seam --help' out.txt && grep -q -- '--dry-run' out.txt || { echo "seam $args: content" >&2; exit 13; }
done
"$SEAM" --help >out.txt || exit 14
[ "$(wc -l <out.txt)" -gt 24 ] || { echo "--help lost its text" >&2; exit 15; }
"$SEAM" help apply | grep -q -- '--strict' || { echo "help apply lacks --strict" >&2; exit 16; }
exit 0
