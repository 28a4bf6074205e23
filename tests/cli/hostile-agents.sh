# Agents' formats with hostile input, through the CLI: paths in tags and fields that leave the
# root (also after --strip-prefix), nested and unclosed tags, a tool tag inside a value, and
# huge parameter values. Each reply is refused (exit 1) with nothing written and nothing
# outside the root touched, in bounded time. Exit 0 when all of that holds.
. "$SEAM_TESTDIR/hostile.bash"

mkdir -p root
printf 'x = 1\n' >root/a.py
sentinel_make
before=$(tree_sum root)
abs=$(pwd)/outside/secret.txt

i=0
while IFS= read -r path; do
	[ "$path" = ABS ] && path=$abs
	i=$((i + 1))
	printf '<replace_in_file>\n<path>%s</path>\n<diff>\n------- SEARCH\nsecret\n=======\npwned\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n' "$path" >"c$i.md"
	printf '<write_to_file>\n<path>%s</path>\n<content>\npwned\n</content>\n</write_to_file>\n' "$path" >"w$i.md"
	printf '<function=str_replace_editor>\n<parameter=command>create</parameter>\n<parameter=path>%s</parameter>\n<parameter=file_text>pwned</parameter>\n</function>\n' "$path" >"o$i.md"
	printf '{"type": "apply_patch_call", "operation": {"type": "create_file", "path": "%s", "diff": "+pwned\\n"}}\n' "$path" >"j$i.md"
	printf '<apply_diff>\n<args>\n<file>\n<path>a.py</path>\n<diff>\n<content>\n<<<<<<< SEARCH\nx = 1\n=======\nx = 1\n>>>>>>> REPLACE\n</content>\n</diff>\n</file>\n<file>\n<path>%s</path>\n<diff>\n<content><![CDATA[\n<<<<<<< SEARCH\nsecret\n=======\npwned\n>>>>>>> REPLACE\n]]></content>\n</diff>\n</file>\n</args>\n</apply_diff>\n' "$path" >"r$i.md"
	for f in c w o j r; do
		bounded "$f$i" 300000 10 "$SEAM" apply -C root --strip-prefix /workspace "$f$i.md"
		want_rc "$f$i" "$RC" 1
		want_fast "$f$i" 3000
		want_no_escapes "$f$i"
	done
done <<'PATHS'
ABS
/etc/passwd
../outside/secret.txt
/workspace/../outside/secret.txt
/workspace/sub/../../../outside/secret.txt
/workspace
.git/config
a/../../outside/x
PATHS
[ "$(tree_sum root)" = "$before" ] || fail "the root changed"
sentinel_check

# --path naming a file outside
printf 'edit 1:1\npwned\nend_of_edit\n' >swe.md
bounded swe 300000 10 "$SEAM" apply -C root --path ../outside/secret.txt swe.md
want_rc swe "$RC" 1
printf '<edits>\n<old_text>\nsecret\n</old_text>\n<new_text>\npwned\n</new_text>\n</edits>\n' >zed.md
bounded zed 300000 10 "$SEAM" apply -C root --path "$abs" zed.md
want_rc zed "$RC" 1

# nested and unclosed tags: a tool inside a value, a value never closed, a call never closed
cat >nest.md <<'MD'
<write_to_file>
<path>a.py</path>
<content>
<replace_in_file>
<path>a.py</path>
<diff>
------- SEARCH
x = 1
=======
x = 666
+++++++ REPLACE
</diff>
</replace_in_file>
MD
bounded nest 300000 10 "$SEAM" apply -C root nest.md
want_rc nest "$RC" 1
printf '<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>a.py</parameter>\n<parameter=old_str>x = 1</parameter>\n<parameter=new_str>x = 2\n' >open1.md
printf '<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>a.py</parameter>\n<parameter=old_str>x = 1</parameter>\n<parameter=new_str>x = 2</parameter>\n' >open2.md
printf '<apply_diff>\n<path>a.py</path>\n<diff>\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n' >open3.md
printf '<function=<function=<parameter=<parameter=path>></parameter></function></function>\n' >open4.md
for f in open1 open2 open3 open4; do
	bounded "$f" 300000 10 "$SEAM" apply -C root "$f.md"
	want_rc "$f" "$RC" 1
done
[ "$(tree_sum root)" = "$before" ] || fail "the root changed"

# huge values: an old_str of ~8 MB that matches nothing, and 200000 empty parameters
big=$((8000000 / SIZE_DIV))
{
	printf '<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>a.py</parameter>\n<parameter=old_str>\n'
	head -c "$big" /dev/zero | tr '\0' 'q'
	printf '\n</parameter>\n<parameter=new_str>y</parameter>\n</function>\n'
} >huge.md
bounded huge 600000 20 "$SEAM" apply -C root huge.md
want_rc huge "$RC" 1
want_fast huge 10000
{
	printf '<function=str_replace_editor>\n'
	n=$((200000 / SIZE_DIV))
	awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "<parameter=p%d></parameter>\n", i }'
	printf '</function>\n'
} >many.md
bounded many 600000 20 "$SEAM" apply -C root many.md
want_rc many "$RC" 1
want_fast many 10000
{
	n=$((100000 / SIZE_DIV))
	awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "<apply_diff>\n<path>a.py</path>\n" }'
} >tags.md
bounded tags 600000 20 "$SEAM" apply -C root tags.md
want_rc tags "$RC" 1
want_fast tags 10000
# Roo's multi-file form: many <file> and <diff> elements never closed, a <file> inside a value
{
	n=$((100000 / SIZE_DIV))
	printf '<apply_diff>\n<args>\n'
	awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "<file>\n<path>a.py</path>\n<diff>\n<content>\n" }'
	printf '</args>\n</apply_diff>\n'
} >files.md
bounded files 600000 20 "$SEAM" apply -C root files.md
want_rc files "$RC" 1
want_fast files 10000
printf '<apply_diff>\n<args>\n<file>\n<path>a.py</path>\n<diff>\n<content>\n<<<<<<< SEARCH\nx = 1\n=======\n<file>\n<path>../outside/secret.txt</path>\n>>>>>>> REPLACE\n</content>\n</diff>\n</file>\n</args>\n</apply_diff>\n' >fnest.md
bounded fnest 300000 10 "$SEAM" apply -C root fnest.md
want_no_escapes fnest
[ "$(tree_sum root)" = "$before" ] || fail "the root changed"
sentinel_check
exit 0
