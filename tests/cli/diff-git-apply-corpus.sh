# --diff against git apply on the dev corpus (read at run time, never copied here): for each
# case seam applies, git apply --check accepts seam's --diff on the before/ tree and git apply
# gives the tree seam wrote (up to empty directories: git apply removes the one a deleted file
# leaves empty, seam keeps it). Skipped when the corpus or git is absent. SEAM_CORPUS_MAX limits
# the cases (default 120, spread over the set, to stay quick in make check).
set -u
corpus=${SEAM_CORPUS:-$SEAM_ROOT/../shared/corpus/dev}
[ -d "$corpus" ] && command -v git >/dev/null || exit 0
max=${SEAM_CORPUS_MAX:-120}
total=$(ls "$corpus" | wc -l)
step=$(( total / max )); [ "$step" -ge 1 ] || step=1
k=0 tried=0 bad=0
for c in "$corpus"/*/; do
	k=$((k + 1))
	[ $(( k % step )) = 0 ] || continue
	[ -d "$c/before" ] && [ -f "$c/reply.md" ] || continue
	rm -rf ../w ../g && cp -r "$c/before" ../w && cp -r "$c/before" ../g
	(cd ../w && "$SEAM" apply --diff "$c/reply.md" >../out.txt 2>/dev/null) || continue
	sed -n '/^diff --git/,$p' ../out.txt >../p.diff
	[ -s ../p.diff ] || continue
	tried=$((tried + 1))
	if ! (cd ../g && git apply --check ../p.diff 2>../err.txt && git apply ../p.diff 2>>../err.txt) ||
	   ! { find ../w ../g -mindepth 1 -depth -type d -empty -delete; diff -r ../w ../g >/dev/null; }; then
		bad=$((bad + 1))
		echo "git apply of seam's --diff differs: $(basename "$c")" >&2
		head -3 ../err.txt >&2
	fi
done
echo "$tried cases, $bad differ" >&2
[ "$bad" = 0 ] && [ "$tried" -gt 0 ]
