# JSON tool calls replace text, not lines: where the old text ends with a line end the new text
# lacks, the tool joins the file line after the old text onto the new text's last line, and a
# blank line there goes (a line of text there is not joined: the model's slip, read as lines);
# where the new text ends with a line end the old text lacks, the old text's own line end ends
# one more, blank line. Sides that end alike, and the text protocol's values (lines between
# tags), read as lines as before. Also with the laziness guard restoring lines (the old text
# ends at a blank line a moved line goes after). Exit 0.
set -u
fail() { echo "$1" >&2; diff -u "$2" "$3" >&2; exit "$4"; }
check() { # NAME REPLY WANT_CONTENT CODE
	printf '%b' "$3" >../want
	"$SEAM" apply -q "$2" >../out.txt 2>&1 || { cat ../out.txt >&2; exit "$4"; }
	cmp -s "$1" ../want || fail "$2: not the tool's result" ../want "$1" "$4"
}

printf 'alpha = 1\nbeta = 2\n\ngamma()\n' >a.py
cat >join-blank.json <<'J'
{"name": "Edit", "input": {"file_path": "a.py", "old_string": "alpha = 1\nbeta = 2\n", "new_string": "alpha = 1\nbeta = 3"}}
J
check a.py join-blank.json 'alpha = 1\nbeta = 3\ngamma()\n' 20

printf 'alpha = 1\nbeta = 2\ngamma()\n' >b.py
cat >join-text.json <<'J'
{"name": "Edit", "input": {"file_path": "b.py", "old_string": "alpha = 1\nbeta = 2\n", "new_string": "alpha = 1\nbeta = 3"}}
J
check b.py join-text.json 'alpha = 1\nbeta = 3\ngamma()\n' 21

printf 'alpha = 1\nbeta = 2\ngamma()\n' >c.py
cat >adds-end.json <<'J'
{"command": "str_replace", "path": "c.py", "old_str": "alpha = 1\nbeta = 2", "new_str": "alpha = 1\nbeta = 3\n"}
J
check c.py adds-end.json 'alpha = 1\nbeta = 3\n\ngamma()\n' 22

printf 'alpha = 1\nbeta = 2\n\ngamma()\n' >d.py
cat >alike.json <<'J'
{"path": "d.py", "edits": [{"old_text": "alpha = 1\nbeta = 2\n", "new_text": "alpha = 1\nbeta = 3\n"}]}
J
check d.py alike.json 'alpha = 1\nbeta = 3\n\ngamma()\n' 23

# the text protocol: a blank line before </parameter> is a blank line of the old side, deleted
# once (not once more by a join)
printf 'alpha = 1\nbeta = 2\n\n\ngamma()\n' >e.py
cat >text.md <<'MD'
<function=str_replace_editor>
<parameter=command>str_replace</parameter>
<parameter=path>e.py</parameter>
<parameter=old_str>
beta = 2

</parameter>
<parameter=new_str>
beta = 3
</parameter>
</function>
MD
check e.py text.md 'alpha = 1\nbeta = 3\n\ngamma()\n' 24

# a placeholder in the new text, a line moved below the blank line the old text ends at
printf 'int tally(void)\n{\n\tstart();\n\tcount++;\n\tstep(count);\n\treport(count);\n\treturn count;\n\n}\n' >t.c
cat >lazy.json <<'J'
{"path": "t.c", "edits": [{"old_text": "{\n\tstart();\n\tcount++;\n\tstep(count);\n\treport(count);\n\treturn count;\n", "new_text": "{\n\tcount++;\n\t// ... existing code ...\n\treturn count;\n\n\tstart();"}]}
J
check t.c lazy.json 'int tally(void)\n{\n\tcount++;\n\tstep(count);\n\treport(count);\n\treturn count;\n\n\tstart();\n}\n' 25
