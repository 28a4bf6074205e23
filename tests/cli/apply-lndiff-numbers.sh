# An ln-diff block whose text fits only where two of its lines stand at other distances apart
# than their numbers say (line 2 and line 5, found at 2 and 4 with the line between taken for
# one the block left out): refused with exit 1, the file untouched, the message naming the two
# numbered lines and the file lines they would be. The same block numbered 2 and 4 applies.
set -u
cat >a.c <<'C'
alpha_function_name(argument_one);
beta_function_name(argument_two);
a_line_between_the_two(0);
gamma_function_name(argument_three);
delta_function_name(argument_four);
C
cp a.c ../orig.c
block() {
	printf 'a.c\n<editblock>\n<<<<<<< REMOVE\n'
	printf '2\xe2\x94\x82beta_function_name(argument_two);\n'
	printf '%s\xe2\x94\x82gamma_function_name(argument_three);\n' "$1"
	printf '=======\n'
	printf ' \xe2\x94\x82beta_function_name(argument_2);\n'
	printf ' \xe2\x94\x82gamma_function_name(argument_three);\n'
	printf '>>>>>>> INSERT\n</editblock>\n'
}
block 5 >bad.md
"$SEAM" apply bad.md >../out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat ../out.txt >&2; echo "exit $rc, want 1" >&2; exit 10; }
cmp -s a.c ../orig.c || { echo "a.c changed although the block was refused" >&2; exit 11; }
grep -q 'the line numbered 2 ("beta_function_name(argument_two);") would be line 2' ../out.txt &&
	grep -q 'the line numbered 5 ("gamma_function_name(argument_three);") would be line 4' \
		../out.txt ||
	{ cat ../out.txt >&2; echo "the refusal does not name the numbered lines" >&2; exit 12; }

block 4 >good.md
"$SEAM" apply good.md >../out2.txt 2>&1 || { cat ../out2.txt >&2; exit 13; }
printf 'alpha_function_name(argument_one);\nbeta_function_name(argument_2);\na_line_between_the_two(0);\ngamma_function_name(argument_three);\ndelta_function_name(argument_four);\n' >../want.c
cmp -s a.c ../want.c || { cat a.c >&2; echo "the good block did not apply as meant" >&2; exit 14; }
exit 0
