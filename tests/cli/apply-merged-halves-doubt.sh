# Two readings the merged-hunk tier (an old side standing as two halves with file lines between)
# must not take alone:
# 1. a hunk sent again after its deletion was made: its halves stand, the line it deletes found
#    a few lines further on as the second half, while its new side stands as written at the top.
#    Refused as maybe applied already (exit 1), the file unchanged.
# 2. a block that left out the line before its last "}": as halves, its first two lines fit one
#    function and the rest another; read whole, it stands in a third with that one line left
#    out, a half too thin to place by itself but another reading. The tolerant tiers read it:
#    the line left out is kept, the edit made where the block stands whole.
set -u
cat >parse.c <<'C'
int parse(void)
{
	return 0;
	/* drain it */
		spare--;
	}
	clean++;
	while (spare) {
		spare--;
	}
}
C
cp parse.c made.c
printf -- '--- a/parse.c\n+++ b/parse.c\n@@ ... @@\n {\n \treturn 0;\n \t/* drain it */\n-\twhile (spare) {\n \t\tspare--;\n' >again.diff
"$SEAM" apply again.diff >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 11; }
cmp -s made.c parse.c || { diff made.c parse.c >&2; exit 12; }

cat >funcs.c <<'C'
int a(void)
{
	n++;
	n++;
	while (n) {
		n--;
	}
}

int c(void)
{
	if (n) {
		return n;
	}
}

int b(void)
{
	n++;
	n++;
	if (n) {
		return n;
	}
	close_all(n);
}
C
sed 's|^\t\treturn n;$|\t\tlog_it(n);\n&|' funcs.c | awk 'NR > 17 || !/log_it/' >want.c
printf 'funcs.c\n```\n<<<<<<< SEARCH\n\tn++;\n\tn++;\n\tif (n) {\n\t\treturn n;\n\t}\n}\n=======\n\tn++;\n\tn++;\n\tif (n) {\n\t\tlog_it(n);\n\t\treturn n;\n\t}\n\tclose_all(n);\n}\n>>>>>>> REPLACE\n```\n' >thin.md
"$SEAM" apply thin.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s want.c funcs.c || { diff want.c funcs.c >&2; exit 21; }
exit 0
