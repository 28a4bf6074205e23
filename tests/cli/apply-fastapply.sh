# Fast apply from the command line: a lazy snippet with "// ... existing code ..." markers and
# an edit_file call are merged (exit 0, detected as fastapply, the report names the strategy);
# --lazy=refuse does not touch them (the markers are the format, not laziness); a snippet
# whose change has no unchanged line around it is refused, the file untouched, the line named.
set -u
cat >cart.js <<'JS'
export function total(items) {
  let sum = 0;
  for (const it of items) {
    sum += it.price;
  }
  return sum;
}

export function count(items) {
  return items.length;
}
JS
cp cart.js ../orig.js

cat >reply.md <<'MD'
I will skip free items in the total.

cart.js
```js
// ... existing code ...
  for (const it of items) {
    if (!it.price) continue;
    sum += it.price;
  }
// ... existing code ...
```
MD
"$SEAM" detect reply.md | grep -q '^format: fastapply$' || exit 10
"$SEAM" apply --lazy=refuse reply.md >out.txt 2>&1 || { cat out.txt >&2; exit 11; }
grep -q 'fast-apply' out.txt || { cat out.txt >&2; exit 12; }
grep -q '    if (!it.price) continue;' cart.js || exit 13
grep -q 'existing code' cart.js && exit 14
grep -q 'return items.length;' cart.js || exit 15

cat >call.json <<'MD'
{"target_file": "cart.js", "instructions": "I count items with a price only.",
 "code_edit": "// ... existing code ...\nexport function count(items) {\n  return items.filter((it) => it.price).length;\n}\n"}
MD
"$SEAM" apply call.json >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -q 'items.filter((it) => it.price).length' cart.js || exit 21
grep -q 'if (!it.price) continue;' cart.js || exit 22

cp cart.js ../before.js
cat >bad.md <<'MD'
cart.js
```js
// ... existing code ...
const FREE = 0;
// ... existing code ...
```
MD
"$SEAM" apply bad.md >out.txt 2>&1 && exit 30
grep -q 'const FREE = 0;' out.txt || { cat out.txt >&2; exit 31; }
cmp -s cart.js ../before.js || exit 32
exit 0
