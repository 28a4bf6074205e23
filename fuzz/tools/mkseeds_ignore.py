#!/usr/bin/env python3
"""Writes the hand-made seeds of fuzz_ignore into fuzz/corpora/ignore/ (our own inputs only).

Layout (fuzz/fuzz_ignore.c): 1 config byte, the first .gitignore, %FZ%, the second, %FZ%, the
paths one a line. Config bits: 0 paths also as directories, 1 second file in sub/, 2 first file
above the root (paths seen as top/PATH).
"""
import os
import sys

SEP = b"\n%FZ%\n"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpora", "ignore")


def seed(cfg, first, second, paths):
    return bytes([cfg]) + first + SEP + second + SEP + b"\n".join(paths) + b"\n"


SEEDS = {
    "basic": seed(1, b"build/\n*.pyc\n!keep.pyc\n/dist\n**/cache/**\n# a comment\n\\#hash\n"
                  b"trail\\ \nspaces   \n\r\n",
                  b"", [b"build", b"build/tool.py", b"src/a.pyc", b"keep.pyc", b"dist",
                        b"x/dist", b"a/cache/b", b"#hash", b"trail ", b"spaces"]),
    "nested-sub": seed(2, b"*.log\n", b"!important.log\n/local\ndeep/**/x\n",
                       [b"a.log", b"sub/important.log", b"sub/local", b"sub/a/local",
                        b"sub/deep/x", b"sub/deep/a/b/x", b"other/important.log"]),
    "above-root": seed(4, b"top/gen/\n/top/only\nsrc/*.o\n**/top/tmp\n", b"",
                       [b"gen", b"gen/a.c", b"only", b"x/only", b"a.o", b"tmp"]),
    "classes": seed(1, b"[abc].txt\n[!a-c]*.md\n[]]x\n[^z]y\n[a-\n\\[x]\nfile[0-9][0-9]\n"
                    b"[\\]-\\\\]q\n?\n*?*?*\n",
                    b"", [b"a.txt", b"d.txt", b"b.md", b"x.md", b"]x", b"zy", b"ay", b"[a-",
                          b"[x]", b"file42", b"file4", b"]q", b"\\q", b"-q", b"z", b"zz"]),
    "hostile-bytes": seed(3, b"\x00\xff*\n!\n/\n//\n!/\n**\n***\n/**/\n\xef\xbb\xbf*.c\n"
                          b"a/**/**/**/b\n\\\n\\\\\n",
                          b"\x00\n\x7f\n\xc3\xa9*\n",
                          [b"\xc3\xa9t\xc3\xa9", b"a/b", b"a/x/y/z/b", b"\x01\x02",
                           b"/abs", b"a//b", b"./a", b"../a", b"a/", b"x.c"]),
    "long-path": seed(1, b"**/**/z\n*a*a*a*a*a*a*a*a*b\n/a/**/a/z\n",
                      b"", [b"/".join([b"a"] * 500), b"a" * 1000,
                            b"/".join([b"a"] * 511) + b"/z", b"a" * 2000]),
    "slow-many-stars": seed(0, b"*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b\n" * 1900, b"",
                            [b"a" * 1000, b"x/" + b"a" * 1000]),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"{len(SEEDS)} seeds in {os.path.normpath(OUT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
