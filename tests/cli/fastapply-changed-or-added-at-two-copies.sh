# Fast apply: two functions end with the same closing lines, and only the first has a line
# before its "return". A snippet of those closing lines with that line changed fits the first
# (the line changed: one deleted, one added) and the second (a new line added). A deleted line
# costing more than an added one placed it at the second, leaving the first's old line
# (bench/oracle.py, seeds 10 and 11): refused, naming both places, the file untouched; with a
# line only the first function has, it is applied there.
set -u
cat >meter.c <<'C'
int meter_read(struct meter *m)
{
    for (int i = 0; i < m->count; i++) {
        if (m->slots[i] > 0) {
            m->sum += m->slots[i];
        }
    }
    m->last = meter_clock(m->sum);
    return 0;
}

int meter_reset(struct meter *m)
{
    for (int i = 0; i < m->count; i++) {
        if (m->slots[i] != 0) {
            m->slots[i] = 0;
        }
    }
    return 0;
}
C
cp meter.c orig.c
cat >reply.md <<'MD'
meter.c
```c
// ... existing code ...
        }
    }
    m->last = meter_clock_ms(m->sum);
    return 0;
}
// ... existing code ...
```
MD
"$SEAM" apply reply.md >out.txt 2>&1 && { cat out.txt >&2; exit 10; }
cmp -s meter.c orig.c || exit 11
grep -q 'fits the file in more than one way' out.txt || { cat out.txt >&2; exit 12; }
grep -q 'fits file line 8 or is new' out.txt || { cat out.txt >&2; exit 13; }

cat >more.md <<'MD'
meter.c
```c
// ... existing code ...
            m->sum += m->slots[i];
        }
    }
    m->last = meter_clock_ms(m->sum);
    return 0;
}
// ... existing code ...
```
MD
"$SEAM" apply more.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -q 'meter_clock(' meter.c && exit 21
[ "$(grep -c 'meter_clock_ms(m->sum);' meter.c)" = 1 ] || exit 22
[ "$(grep -c 'return 0;' meter.c)" = 2 ] || exit 23
exit 0
