# Codex's apply_patch call sent again after its change was made, the changed line's '+' left
# out (it reads as context) so the patch ends on it and deletes the old form below it
# (bench/oracle.py --sources tiny, patchjson unmarked-added + resent). The file holds the change
# made, then another "if" line and another copy of the old form: the old side fits only by
# passing over that "if" line, while the new side stands as written right there. Refused
# ("may be applied already"), file unchanged. On the file before the change, the same call
# applies where the old form stands.
set -u
printf 'def split_tasks():\n    if ready_flag:\n        return next_item  # changed\n    if ready_flag:\n        return next_item\n    next_item = flush_all()\n' >tasks.py
cp tasks.py made.py
P='*** Begin Patch\n*** Update File: tasks.py\n@@\n def split_tasks():\n     if ready_flag:\n         return next_item  # changed\n-        return next_item\n*** End Patch\n'
printf '{"name": "apply_patch", "arguments": {"input": "%s"}}\n' "$P" >call.json
"$SEAM" apply call.json >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
# (the rule for a line left out beside a deletion the new side pairs elsewhere refuses it
# first since both landed: either refusal leaves the file as it is)
grep -q 'may be applied already\|whether that line is rewritten by it or kept' out.txt ||
	{ cat out.txt >&2; exit 11; }
cmp -s made.py tasks.py || { diff made.py tasks.py >&2; exit 12; }

printf 'def split_tasks():\n    if ready_flag:\n        return next_item\n    if ready_flag:\n        return next_item\n    next_item = flush_all()\n' >tasks.py
"$SEAM" apply call.json >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s made.py tasks.py || { diff made.py tasks.py >&2; exit 21; }
exit 0
