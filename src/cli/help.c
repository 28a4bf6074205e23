#include "opt.h"
#include "seam.h"

#include <stdio.h>

static const char usage_text[] =
	"usage: seam apply [options] [REPLY|-]\n"
	"       seam detect [REPLY|-]\n"
	"       seam help [apply|detect]\n"
	"       seam --version\n";

static const char intro_text[] =
	"seam applies the edits a language model wrote in a reply to a source tree: every edit is\n"
	"located first, and the files are written only when all of them apply (all or nothing).\n"
	"\n"
	"commands:\n"
	"  apply    apply the edits of a reply (see 'seam help apply')\n"
	"  detect   show the format of a reply and the files it touches\n"
	"  help     show this help, or the help of a command\n";

static const char apply_text[] =
	"seam apply: locate every edit of REPLY in the tree, then write them all or none.\n"
	"REPLY is a file (read relative to the current directory) or '-' or nothing for stdin.\n"
	"\n"
	"options:\n"
	"  -C DIR, --directory DIR  apply under DIR instead of the current directory\n"
	"  --format FMT             read the reply as FMT: auto (default), editblock, udiff,\n"
	"                           gitdiff, whole, patch, lndiff or toolcall\n"
	"  -n, --dry-run, --check   report what would happen, write nothing\n"
	"  --diff                   print the unified diff of the change after the report\n"
	"  --json                   print one JSON document instead of the report\n"
	"  --feedback               print only what to tell the model: the failed edits and why\n"
	"  -q, --quiet              print nothing on success; on failure print the feedback on\n"
	"                           stderr\n"
	"  --max-reply-bytes N      refuse a larger reply (default 64M; K, M, G suffixes)\n"
	"  --max-file-bytes N       refuse to change a larger file (default 64M)\n"
	"  --max-edits N            refuse a reply with more edits (default 100000)\n"
	"  --max-fuzzy-ms MS        time the fuzzy matcher may spend on the whole reply\n"
	"                           (default 3000); edits it could not finish are refused\n"
	"  --lock-wait-ms MS        how long to wait for another seam writing the same tree\n"
	"                           (default 5000; 0: fail at once)\n"
	"  --no-resolve             never take a missing file name to mean a close existing one\n"
	"  --keep-no-eol            a file without a final newline keeps lacking it when changed\n"
	"  -h, --help               show this help\n";

static const char detect_text[] =
	"seam detect: read REPLY (a file, or '-' or nothing for stdin) and print the format seam\n"
	"reads it as, then one line per file: its path, what the reply does to it and how many\n"
	"edits it holds. Nothing is read from the tree or written.\n"
	"\n"
	"options:\n"
	"  --max-reply-bytes N      refuse a larger reply (default 64M)\n"
	"  -h, --help               show this help\n";

static const char formats_text[] =
	"formats (found anywhere in the reply, between prose and code fences):\n"
	"  editblock  a file name, then SEARCH/REPLACE blocks:\n"
	"               src/app.py\n"
	"               <<<<<<< SEARCH\n"
	"               x = 1\n"
	"               =======\n"
	"               x = 2\n"
	"               >>>>>>> REPLACE\n"
	"  udiff      unified diff hunks (line numbers optional):\n"
	"               --- a/src/app.py\n"
	"               +++ b/src/app.py\n"
	"               @@ -10,1 +10,1 @@\n"
	"               -x = 1\n"
	"               +x = 2\n"
	"  gitdiff    the same, as git diff writes it (diff --git, new file mode, ...)\n"
	"  whole      a file name, then a fence holding the whole new file:\n"
	"               src/app.py\n"
	"               ```python\n"
	"               x = 2\n"
	"               ```\n"
	"  patch      *** Begin Patch sections (the apply_patch format); @@ lines may name a\n"
	"             class or function to search from:\n"
	"               *** Begin Patch\n"
	"               *** Update File: src/app.py\n"
	"               @@ def main():\n"
	"               -    x = 1\n"
	"               +    x = 2\n"
	"               *** End Patch\n"
	"             (also *** Add File: p with '+' lines, *** Delete File: p, *** Move to: q)\n"
	"  lndiff     a file name, then <editblock> blocks whose REMOVE lines carry the line\n"
	"             numbers the model was shown (the text wins over a number off by up to 3):\n"
	"               src/app.py\n"
	"               <editblock>\n"
	"               <<<<<<< REMOVE\n"
	"                 10|x = 1\n"
	"               =======\n"
	"               x = 2\n"
	"               >>>>>>> INSERT\n"
	"               </editblock>\n"
	"  toolcall   JSON tool calls, alone or in a list:\n"
	"               {\"command\": \"str_replace\", \"path\": \"src/app.py\",\n"
	"                \"old_str\": \"x = 1\", \"new_str\": \"x = 2\"}\n"
	"             (also insert with insert_line, create with file_text, and\n"
	"             {\"path\", \"old_string\", \"new_string\", \"replace_all\"})\n";

static const char exit_text[] =
	"exit status:\n"
	"  0  every edit applied (or was already there)\n"
	"  1  some edit could not be applied, and nothing was written; or the reply held no edit\n"
	"  2  usage error, or a file could not be read or written (the message says which)\n";

void sm_cli_usage(FILE *f)
{
	fputs(usage_text, f);
	fputs("Try 'seam --help' for more.\n", f);
}

void sm_cli_help(FILE *f, sm_cli_cmd on)
{
	switch (on) {
	case SM_CLI_APPLY:
		fputs("usage: seam apply [options] [REPLY|-]\n\n", f);
		fputs(apply_text, f);
		fputc('\n', f);
		fputs(formats_text, f);
		fputc('\n', f);
		fputs(exit_text, f);
		break;
	case SM_CLI_DETECT:
		fputs("usage: seam detect [REPLY|-]\n\n", f);
		fputs(detect_text, f);
		fputc('\n', f);
		fputs(formats_text, f);
		break;
	default:
		fputs(usage_text, f);
		fputc('\n', f);
		fputs(intro_text, f);
		fputc('\n', f);
		fputs(apply_text, f);
		fputc('\n', f);
		fputs(formats_text, f);
		fputc('\n', f);
		fputs(exit_text, f);
		fputs("\nseam " SEAM_VERSION "\n", f);
		break;
	}
}
