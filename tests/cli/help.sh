# seam --help exits 0 and mentions the apply command; seam --version prints the version of seam.h.
out=$("$SEAM" --help) || exit
case $out in
*apply*) ;;
*) echo "--help does not mention 'apply'" >&2; exit 1 ;;
esac

want=$(sed -n 's/^#define SEAM_VERSION "\(.*\)"/\1/p' "$SEAM_ROOT/include/seam.h")
out=$("$SEAM" --version) || exit
case $out in
*"$want"*) ;;
*) echo "--version printed '$out', want it to hold $want" >&2; exit 1 ;;
esac
