# bash completion for seam (installed as share/bash-completion/completions/seam)
_seam() {
	local cur prev cmd i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "apply detect locate mcp recover prompt ask bench help --help --version" -- "$cur"))
		return
	fi
	case $prev in
	-C | --directory)
		COMPREPLY=($(compgen -d -- "$cur")); return ;;
	--format)
		COMPREPLY=($(compgen -W "auto editblock udiff gitdiff whole patch lndiff toolcall numbered snippet fastapply cline roo textcall edits sweagent" -- "$cur")); return ;;
	--syntax)
		COMPREPLY=($(compgen -W "check warn off" -- "$cur")); return ;;
	--lazy)
		COMPREPLY=($(compgen -W "expand refuse allow" -- "$cur")); return ;;
	--color)
		COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
	--snippet | --path | --out | --png)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--strip-prefix)
		COMPREPLY=($(compgen -d -- "$cur")); return ;;
	--max-reply-bytes | --max-file-bytes | --max-edits | --max-fuzzy-ms | --lock-wait-ms | --include | --exclude)
		return ;;
	esac
	local common="--max-reply-bytes --max-file-bytes --max-edits --max-fuzzy-ms --lock-wait-ms --syntax --lazy --no-resolve --keep-no-eol -C --directory --help"
	case $cmd in
	apply)
		[[ $cur == -* ]] && { COMPREPLY=($(compgen -W "$common --format -n --dry-run --check --diff --json --feedback -q --quiet --stream --batch -j --jobs --path --strip-prefix -p --strict --color --stat --numstat -R --reverse --include --exclude" -- "$cur")); return; } ;;
	recover)
		COMPREPLY=($(compgen -W "-C --directory -q --quiet --lock-wait-ms --help" -- "$cur")); return ;;
	prompt)
		if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--files --help" -- "$cur")); else COMPREPLY=($(compgen -W "editblock udiff gitdiff whole patch lndiff toolcall numbered snippet" -- "$cur") $(compgen -f -- "$cur")); fi
		return ;;
	ask)
		[[ $cur == -* ]] && { COMPREPLY=($(compgen -W "--format --model --base-url --retries --timeout -C -n --dry-run --json --help" -- "$cur")); return; } ;;
	bench)
		COMPREPLY=($(compgen -W "tasks run report rescore --help" -- "$cur")); return ;;
	detect)
		[[ $cur == -* ]] && { COMPREPLY=($(compgen -W "--json -p --path --strip-prefix -R --reverse --include --exclude --max-reply-bytes --help" -- "$cur")); return; } ;;
	locate)
		[[ $cur == -* ]] && { COMPREPLY=($(compgen -W "--json --snippet --max-file-bytes --max-reply-bytes --help" -- "$cur")); return; } ;;
	mcp)
		COMPREPLY=($(compgen -W "$common" -- "$cur")); return ;;
	help)
		COMPREPLY=($(compgen -W "apply detect locate mcp recover prompt ask" -- "$cur")); return ;;
	esac
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _seam seam
