# A rewritten file keeps its extended attributes: seam writes a temporary file and renames it
# over the target (a new inode), so it copies them across first. Skipped, with a message and
# exit 0, where the tools (setfattr/getfattr, package "attr") or the filesystem's user
# attributes are missing.
set -u
if ! command -v setfattr >/dev/null || ! command -v getfattr >/dev/null; then
    echo "SKIP: setfattr/getfattr not installed (Debian package attr)" >&2
    exit 0
fi
printf 'x = 1\ny = 2\n' >a.py
if ! setfattr -n user.seam.test -v kept a.py 2>/dev/null; then
    echo "SKIP: this filesystem ($(df -T . | awk 'NR==2 {print $2}')) has no user xattrs" >&2
    exit 0
fi
setfattr -n user.seam.other -v "two words" a.py
printf 'a.py\n```\n<<<<<<< SEARCH\ny = 2\n=======\ny = 3\n>>>>>>> REPLACE\n```\n' >../reply.md
"$SEAM" apply ../reply.md >../out.txt 2>&1 || { cat ../out.txt >&2; echo "exit $?" >&2; exit 20; }
grep -q '^y = 3$' a.py || { echo "the edit was not applied" >&2; exit 21; }
[ "$(getfattr --only-values -n user.seam.test a.py 2>/dev/null)" = kept ] ||
    { getfattr -d a.py >&2; echo "user.seam.test was lost" >&2; exit 22; }
[ "$(getfattr --only-values -n user.seam.other a.py 2>/dev/null)" = "two words" ] ||
    { getfattr -d a.py >&2; echo "user.seam.other was lost" >&2; exit 23; }
ls .seam-* >/dev/null 2>&1 && { echo "a temporary was left" >&2; exit 24; }
exit 0
