# Roo/Cline decode HTML entities for some models: a block with "&lt;" and no raw '<' reads as
# escaped, but the file decides. A page holding "&lt;" as text keeps it (the block as written);
# code whose line is the decoded one gets the decoded text; a file fitting both is refused,
# with a message saying how to make it sure. Exit 0 when all go as meant.
set -u
printf '<ul>\n  <li>Type &lt;Tab&gt; to indent</li>\n</ul>\n' >help.html
cat >page.md <<'MD'
<apply_diff>
<path>help.html</path>
<diff>
<<<<<<< SEARCH
  <li>Type &lt;Tab&gt; to indent</li>
=======
  <li>Type &lt;Tab&gt; or &lt;Space&gt; to indent</li>
>>>>>>> REPLACE
</diff>
</apply_diff>
MD
# the block holds a raw '<': read as written, as before
"$SEAM" apply page.md >out.txt 2>&1 || { cat out.txt >&2; exit 10; }
grep -q '&lt;Tab&gt; or &lt;Space&gt;' help.html || exit 11

printf 'title = "a &lt; b"\nplain = 1\n' >conf.toml
cat >conf.md <<'MD'
<apply_diff>
<path>conf.toml</path>
<diff>
<<<<<<< SEARCH
title = "a &lt; b"
=======
title = "a &lt; c"
>>>>>>> REPLACE
</diff>
</apply_diff>
MD
"$SEAM" apply conf.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
grep -qx 'title = "a &lt; c"' conf.toml || exit 21

printf 'while (i < n)\n    i += 2;\n' >loop.c
cat >loop.md <<'MD'
<replace_in_file>
<path>loop.c</path>
<diff>
------- SEARCH
while (i &lt; n)
=======
while (i &lt; n &amp;&amp; i &gt; 0)
+++++++ REPLACE
</diff>
</replace_in_file>
MD
"$SEAM" apply loop.md >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
grep -qx 'while (i < n && i > 0)' loop.c || exit 31

printf 'p &lt; q\np < q\n' >twin.txt
cp twin.txt twin.before
cat >twin.md <<'MD'
<apply_diff>
<path>twin.txt</path>
<diff>
<<<<<<< SEARCH
p &lt; q
=======
p &lt; r
>>>>>>> REPLACE
</diff>
</apply_diff>
MD
"$SEAM" apply twin.md >out.txt 2>&1 && exit 40
cmp -s twin.txt twin.before || exit 41
grep -q 'entities' out.txt || exit 42
grep -q "raw '<'" out.txt || exit 43
exit 0
