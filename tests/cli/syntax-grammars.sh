# Every grammar of scripts/grammars.lock is built in (seam --version lists them): a build that
# lost one, or was made with GRAMMARS=..., fails here instead of checking fewer languages.
set -u
out=$("$SEAM" --version) || exit
line=$(printf '%s\n' "$out" | grep '^syntax check:') || { echo "no 'syntax check:' line in: $out" >&2; exit 1; }
missing=
while read -r name _; do
	case "$name" in '' | '#'*) continue ;; esac
	case " ${line#syntax check:} " in
	*" $name "*) ;;
	*) missing="$missing $name" ;;
	esac
done <"$SEAM_ROOT/scripts/grammars.lock"
if [ -n "$missing" ]; then
	echo "grammars of scripts/grammars.lock not built in:$missing ($line)" >&2
	exit 1
fi
