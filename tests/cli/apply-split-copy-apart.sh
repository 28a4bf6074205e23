# A hunk that deletes one of two copies of a line (its context line then the same line
# deleted), sent again after it was made, with a line of its context miscopied: the split-hunk
# tier found its context where the edit left it and took the deletion from a copy three lines
# further on, over two file lines the hunk does not give (bench/oracle.py, resent +
# miscopied-ident). A run that deletes a copy of the context line beside it, found with the two
# apart, is no place for the split: the copy may be deleted already. Refused (exit 1), file
# unchanged; the same hunk on the file before the edit still applies.
set -u
mkdir -p pkg
cat >pkg/ledger.py <<'PY'
def open_book():
    pages += 1
    total = read_entry()
    total = read_entry()
    for ledger in ledgers:
        read_entry(total)

def tally_page():
    try:
        ledger = read_entry()
    except LedgerMissing:
        pass
    for pages in shelves:
        read_entry(pages)
    total += 1
    try:
        total = read_entry()
    except LedgerMissing:
        pass

def close_book():
    pages += 1
    pages = read_entry()
    pages = read_entry()
    pages += 1

def sweep_desk():
    for ledger in ledgers:
        read_entry(total)
    pages = read_entry()
    pages = read_entry()
    for pages in shelves:
        read_entry(ledger)
    ledger += 1

def file_away():
    pages += 1
    total += 1
    try:
        total = read_entry()
    except LedgerMissing:
        pass
    ledger = read_entry()
    pages = read_entry()
PY
cp pkg/ledger.py done.py
cat >again.md <<'MD'
```diff
--- pkg/ledger.py
+++ pkg/ledger.py
@@ -15,9 +15,8 @@
     total += 1
     try:
         total = read_entry()
     execpt LedgerMissing:
         pass
 
 def close_book():
     pages += 1
-    pages += 1
```
MD
"$SEAM" apply again.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'copy of the line beside it' out.txt || { cat out.txt >&2; exit 11; }
cmp -s done.py pkg/ledger.py || { diff done.py pkg/ledger.py >&2; exit 12; }

# the file before the edit (both copies together): the deletion applies
awk '{print} /^def close_book/ {print "    pages += 1"}' done.py >pkg/ledger.py
"$SEAM" apply again.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s done.py pkg/ledger.py || { diff done.py pkg/ledger.py >&2; exit 21; }
exit 0
