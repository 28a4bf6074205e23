# An unknown option is a usage error: exit 2, a message on stderr, nothing on stdout.
"$SEAM" apply --no-such-option reply.md 2>err.txt
rc=$?
cat err.txt >&2
if [ ! -s err.txt ]; then
    echo "no message on stderr" >&2
    exit 10
fi
exit $rc
