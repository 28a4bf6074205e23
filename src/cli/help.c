#include "opt.h"
#include "seam.h"

#include <stdio.h>

static const char usage_text[] =
	"usage: seam apply [options] [REPLY|-]\n"
	"       seam detect [REPLY|-]\n"
	"       seam locate [--json] [--snippet SNIPPET|-] FILE\n"
	"       seam mcp [-C DIR] [options]\n"
	"       seam recover [-C DIR] [-q]\n"
	"       seam prompt [--files FILE...] FORMAT\n"
	"       seam ask [options] \"INSTRUCTION\" FILE...\n"
	"       seam bench tasks|run|report|rescore ...\n"
	"       seam help [apply|detect|locate|mcp|recover|prompt|ask]\n"
	"       seam --version\n";

static const char intro_text[] =
	"seam applies the edits a language model wrote in a reply to a source tree: every edit is\n"
	"located first, and the files are written only when all of them apply (all or nothing).\n"
	"\n"
	"commands:\n"
	"  apply    apply the edits of a reply (see 'seam help apply')\n"
	"  detect   show the format of a reply and the files it touches\n"
	"  locate   print the region of a file a remembered snippet stands for (see 'seam help\n"
	"           locate')\n"
	"  mcp      serve the Model Context Protocol on stdin/stdout (see 'seam help mcp')\n"
	"  prompt   print the system prompt asking a model for edits in a format\n"
	"  ask      ask an OpenAI-compatible model for edits and apply them, retrying failed\n"
	"           edits with seam's feedback (see 'seam help ask')\n"
	"  recover  finish or undo a commit that a killed seam left half done (see 'seam help\n"
	"           recover'); every seam run on a tree does it first anyway\n"
	"  bench    the laziness benchmark: refactoring tasks, run per format, report\n"
	"           (see 'seam bench --help')\n"
	"  help     show this help, or the help of a command\n";

static const char mcp_text[] =
	"seam mcp: a Model Context Protocol server on stdin/stdout (JSON-RPC 2.0, one message per\n"
	"line; logs on stderr). Its tools work on the files under the directory it was started\n"
	"in (or -C DIR) and never outside it:\n"
	"  apply_edit  apply a reply or edit text (reply; optional format, dry_run, reverse,\n"
	"              include, exclude: -R, --include, --exclude, each glob list a string or an\n"
	"              array, 64 globs in all, an exclude winning): all files or none; a failure\n"
	"              is a result with isError and the feedback for the model\n"
	"  locate      the exact region of a file a remembered snippet stands for (path, snippet)\n"
	"  view        a file or a range of it with line numbers (path; optional start_line,\n"
	"              end_line, line_numbers)\n"
	"  prompt      the instructions for an edit format (format; optional files to show)\n"
	"\n"
	"options: -C DIR, --max-reply-bytes N (a request line may be about twice that),\n"
	"--max-file-bytes N, --max-edits N, --max-fuzzy-ms MS, --lock-wait-ms MS, --syntax=MODE,\n"
	"--lazy MODE, --no-resolve, --keep-no-eol: as for seam apply, for every apply_edit call.\n"
	"\n"
	"A desktop client's configuration: {\"mcpServers\": {\"seam\": {\"command\": \"seam\",\n"
	"\"args\": [\"mcp\", \"-C\", \"/path/to/project\"]}}}\n";

static const char apply_text[] =
	"seam apply: locate every edit of REPLY in the tree, then write them all or none.\n"
	"REPLY is a file (read relative to the current directory) or '-' or nothing for stdin.\n"
	"\n"
	"options:\n"
	"  -C DIR, --directory DIR  apply under DIR instead of the current directory (an\n"
	"                           absolute path under DIR is taken relative to it)\n"
	"  --format FMT             read the reply as FMT: auto (default), editblock, udiff,\n"
	"                           gitdiff, whole, patch, lndiff, toolcall, numbered,\n"
	"                           snippet, fastapply; agents: cline, roo (also kilo), textcall\n"
	"                           (also openhands, qwen), edits (also zed), sweagent\n"
	"  --path FILE              the file of edits that name none (Zed's <edits>,\n"
	"                           SWE-agent's edit N:M, a SEARCH block with no name)\n"
	"  -p N                     strip N leading path components, as patch -pN (git's\n"
	"                           rename and copy lines, which have no a/ or b/, N - 1)\n"
	"  -R, --reverse            apply a diff or a patch in reverse, as patch -R\n"
	"  --include GLOB           apply only the files whose path GLOB matches\n"
	"  --exclude GLOB           leave out the files whose path GLOB matches; with several,\n"
	"                           the first that matches decides, as git apply ('*' matches\n"
	"                           '/' too); files left out are reported as excluded\n"
	"  --strip-prefix DIR       take absolute paths under DIR (the agent's workspace, such\n"
	"                           as /workspace) relative to the tree; without it they are\n"
	"                           refused\n"
	"  -n, --dry-run, --check   report what would happen, write nothing\n"
	"  --strict                 exact places only (whitespace aside), as git apply\n"
	"  --diff                   print the git diff of the change after the report (git\n"
	"                           apply takes it; none when the reply failed)\n"
	"  --stat, --numstat        git's summaries of that diff\n"
	"  --json                   print one JSON document instead of the report (with\n"
	"                           --diff, the diff in it as \"diff\")\n"
	"  --feedback               print only what to tell the model: the failed edits and why\n"
	"  --color=WHEN             colour statuses and diffs: auto (a terminal, NO_COLOR\n"
	"                           unset), always, never\n"
	"  -q, --quiet              print nothing on success; on failure print the feedback on\n"
	"                           stderr\n"
	"  --max-reply-bytes N      refuse a larger reply (default 64M; K, M, G suffixes)\n"
	"  --max-file-bytes N       refuse to change a larger file (default 64M)\n"
	"  --max-edits N            refuse a reply with more edits (default 10000)\n"
	"  --max-fuzzy-ms MS        work the matcher (every rung, split, and each edit's\n"
	"                           lookups, scans and splices) may do on the whole reply, in\n"
	"                           ms of a typical machine, counted in steps so the answer\n"
	"                           never depends on load (default 3000); edits it could not\n"
	"                           finish are refused\n"
	"  --lock-wait-ms MS        how long to wait for another seam writing the same tree\n"
	"                           (default 5000; 0: fail at once)\n"
	"  --no-resolve             never take a missing file name to mean a close existing one\n"
	"                           (a file .gitignore ignores is taken only when no other fits)\n"
	"  --keep-no-eol            a file without a final newline keeps lacking it when changed\n"
	"  --syntax=MODE            check (default): refuse an edit after which a file that\n"
	"                           parsed no longer does (tree-sitter; Python, C, C++, JS, TS,\n"
	"                           Go, Rust, Java); warn: apply it and say so; off: no parse\n"
	"  --stream                 read the reply as it is written and report each edit as soon\n"
	"                           as it is complete (located, or failed and why), one line each\n"
	"                           (with --json one JSON object per line, then a summary line);\n"
	"                           files are written only once the reply has ended and every\n"
	"                           edit is located\n"
	"  --lazy MODE              placeholders that replace real code (\"// ... existing code\n"
	"                           ...\"): expand (default: restore the one span of unchanged\n"
	"                           lines a placeholder stands for, else refuse), refuse, allow;\n"
	"                           also a whole file that is only a part of the file (an\n"
	"                           excerpt): expand places it and keeps the rest, refuse\n"
	"                           refuses it, allow writes it as given\n"
	"  -h, --help               show this help\n";

static const char detect_text[] =
	"seam detect: read REPLY (a file, or '-' or nothing for stdin) and print the format seam\n"
	"reads it as, then one line per file: its path, what the reply does to it and how many\n"
	"edits it holds. Nothing is read from the tree or written.\n"
	"\n"
	"options:\n"
	"  --max-reply-bytes N      refuse a larger reply (default 64M)\n"
	"  --path FILE              the file of edits that name none (as for apply)\n"
	"  --strip-prefix DIR       absolute paths under DIR are relative (as for apply)\n"
	"  -p N                     strip N leading path components (as for apply)\n"
	"  -R, --reverse            show the files as the reply read in reverse changes them\n"
	"  --include GLOB, --exclude GLOB  leave files out (as for apply)\n"
	"  --json                   print one JSON document: format, files (path, op, edits)\n"
	"  -h, --help               show this help\n";

static const char locate_text[] =
	"seam locate: read a snippet of FILE written from memory (from --snippet SNIPPET, or\n"
	"stdin), possibly miscopied, possibly with '...' lines standing for code left out, and\n"
	"print the exact region of FILE it stands for: a line 'FILE:START-END: found by HOW, N%\n"
	"similar', then the region's text. When the snippet fits several places, each candidate\n"
	"is printed the same way and the exit status is 1; when no region is at least 50%\n"
	"similar, an error. This is the first step of snippet editing: send the printed text\n"
	"back in <selected_snippet>, with its new text in <updated_snippet> (format snippet).\n"
	"\n"
	"options:\n"
	"  --snippet SNIPPET        read the snippet from this file ('-': stdin, the default)\n"
	"  --json                   print one JSON document: status (found, ambiguous,\n"
	"                           no-match), strategy, regions with start_line, end_line,\n"
	"                           similarity and text\n"
	"  --max-file-bytes N       refuse a larger FILE (default 64M)\n"
	"  --max-reply-bytes N      refuse a larger snippet (default 64M)\n"
	"  -h, --help               show this help\n"
	"\n"
	"exit status: 0 found, 1 ambiguous or not found, 2 usage error or unreadable file\n";

static const char recover_text[] =
	"seam recover: finish or undo every commit that a seam process killed while writing (by\n"
	"SIGKILL, a crash or a power cut) left in the tree under DIR, and remove the .seam-*\n"
	"files it made. A commit writes a journal (.seam-journal-XXXXXXXX, in the top directory\n"
	"of the repository holding DIR, or in DIR outside a repository) before it creates\n"
	"anything: the commit is finished when the journal says every new file was on disk and\n"
	"they still are, else undone, so every file ends all old or all new. A commit still\n"
	"running in another process is left alone. Every 'seam apply' does this first; this\n"
	"command does it on demand and says what it did.\n"
	"\n"
	"options:\n"
	"  -C DIR, --directory DIR  the tree (default: the current directory)\n"
	"  -q, --quiet              print nothing when all went well\n"
	"  --lock-wait-ms MS        how long to wait for a seam writing the tree (default 5000)\n"
	"  -h, --help               show this help\n"
	"\n"
	"exit status: 0 nothing to do, or every interrupted commit finished or undone; 2 one\n"
	"can be neither (a file it needs is gone: the message names the journal), or the tree\n"
	"cannot be read, or another seam held it too long\n";

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
	"             {\"path\", \"old_string\", \"new_string\", \"replace_all\"}); a line\n"
	"             end one side ends with and the other lacks is the edit's, as the\n"
	"             tools replace text\n"
	"  numbered   a file name, then blocks giving new text for lines start..end-1 as\n"
	"             numbered when shown (start == end inserts; an off-by-one that would\n"
	"             repeat or drop a line is repaired when certain, else refused):\n"
	"               src/app.py\n"
	"               <update_lines start=\"10\" end=\"11\">\n"
	"               x = 2\n"
	"               </update_lines>\n"
	"             (also a whole file in a fence where <copy_lines start=\"1\" end=\"10\"/>\n"
	"             stands for lines 1-9 copied unchanged)\n"
	"  snippet    a file name, then the exact text 'seam locate' printed and its new text:\n"
	"               src/app.py\n"
	"               <selected_snippet>\n"
	"               x = 1\n"
	"               </selected_snippet>\n"
	"               <updated_snippet>\n"
	"               x = 2\n"
	"               </updated_snippet>\n"
	"             (lines the two snippets share keep the file's text; also plain\n"
	"             <<<< ORIGINAL / ==== / >>>> UPDATED blocks, read as editblock)\n";

static const char exit_text[] =
	"exit status:\n"
	"  0  every edit applied (or was already there)\n"
	"  1  some edit could not be applied, and nothing was written; or the reply held no edit\n"
	"  2  usage error, or a file could not be read or written (the message says which);\n"
	"     nothing was written, unless the message says the files were written and only\n"
	"     the report could not be printed\n";

void sm_cli_usage(FILE *f)
{
	fputs(usage_text, f);
	fputs("Try 'seam --help' for more.\n", f);
}

/* -h: one screen (24 lines) of what is used most; --help and 'seam help' give the rest. */
static const char short_text[] =
	"usage: seam apply [options] [REPLY|-]    apply a reply: all files or none\n"
	"       seam detect|locate|mcp|recover|prompt|ask ...   (seam help COMMAND)\n"
	"\n"
	"  -C DIR          the root of the tree (default: the current directory)\n"
	"  -n, --dry-run   report what would happen, write nothing\n"
	"  --diff          print the git diff of the change (git apply takes it)\n"
	"  --stat          git's summary of that diff (--numstat too)\n"
	"  --json          one JSON document (with --diff, the diff in it)\n"
	"  --feedback      only what to tell the model: the failed edits and why\n"
	"  -q, --quiet     nothing on success; the feedback on stderr on failure\n"
	"  --strict        exact places only (whitespace aside), as git apply\n"
	"  -p N            strip N leading path components, as patch -pN\n"
	"  -R              apply a diff or patch in reverse, as patch -R\n"
	"  --exclude GLOB  leave out the files GLOB matches (--include GLOB: keep)\n"
	"  --format FMT    read the reply as FMT instead of detecting it\n"
	"  --stream        report each edit as the reply comes in\n"
	"\n"
	"exit status: 0 applied (or would be, with -n), 1 an edit failed and nothing was\n"
	"written, 2 usage or I/O error\n"
	"\n"
	"Every option: seam --help, seam help apply, man seam.\n";

void sm_cli_help_short(FILE *f)
{
	fputs(short_text, f);
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
	case SM_CLI_LOCATE:
		fputs("usage: seam locate [--json] [--snippet SNIPPET|-] FILE\n\n", f);
		fputs(locate_text, f);
		break;
	case SM_CLI_MCP:
		fputs("usage: seam mcp [-C DIR] [options]\n\n", f);
		fputs(mcp_text, f);
		break;
	case SM_CLI_RECOVER:
		fputs("usage: seam recover [-C DIR] [-q]\n\n", f);
		fputs(recover_text, f);
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
