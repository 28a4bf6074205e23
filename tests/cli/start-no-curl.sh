# seam apply starts without libcurl: only seam ask and seam bench run load it (curl_load.c), so a
# run of seam does not pay for mapping and initialising it and its TLS libraries. glibc's loader
# names every library it loads under LD_DEBUG=libs.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
printf 'a\nb\n' >m.py
printf -- '--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n' >../r.diff
LD_DEBUG=libs "$SEAM" apply -q ../r.diff 2>../ld.txt || fail "apply: exit"
[ "$(cat m.py)" = "$(printf 'a\nB')" ] || fail "not applied"
if grep -q "calling init" ../ld.txt; then
	grep -q "libc\.so" ../ld.txt || fail "LD_DEBUG lists no library at all"
	grep -q "libcurl" ../ld.txt && fail "libcurl loaded by seam apply"
fi
exit 0
