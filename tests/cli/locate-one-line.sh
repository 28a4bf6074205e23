# locate writes a line range as apply's report does: one line is "FILE:N", several "FILE:A-B"
# (never "54-54").
set -u
printf 'a = 1\nb = 2\nc = 3\n' >m.py
printf 'b = 2\n' | "$SEAM" locate m.py >out.txt || { cat out.txt >&2; exit 10; }
head -n 1 out.txt | grep -q '^m.py:2: found by ' || { echo "bad header: $(head -n 1 out.txt)" >&2; exit 11; }
printf 'b = 2\nc = 3\n' | "$SEAM" locate m.py >out.txt || exit 12
head -n 1 out.txt | grep -q '^m.py:2-3: found by ' || { echo "bad header: $(head -n 1 out.txt)" >&2; exit 13; }
exit 0
