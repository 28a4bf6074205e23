/*
 * seam: apply the edits a language model wrote about code, correctly, safely and fast.
 *
 * The flow is three separate calls, so that an agent can look at a plan before anything is
 * written:
 *
 *     seam_reply_parse()  the reply text  -> a seam_reply (every edit it holds, in one form)
 *     seam_plan_new()     reply + a tree  -> a seam_plan (every edit located, every new file
 *                                            computed in memory; nothing written)
 *     seam_plan_commit()  the plan        -> the tree, all files or none
 *
 * A tree is a directory on disk (seam_tree_open_dir) or a set of in-memory files
 * (seam_tree_new_memory) for embedding with no filesystem at all.
 *
 * Ownership: every object returned through an `out` parameter belongs to the caller and is
 * freed with its own _free function; _free(NULL) does nothing. Strings returned by getters are
 * borrowed from the object they came from and live as long as it does. A plan borrows its reply
 * and its tree: free the plan first.
 *
 * Errors: functions return SEAM_OK (0) or a negative seam_error_t; the message of the last
 * failure is kept on the session (seam_session_errmsg), not in thread-local storage. One
 * difference from most libraries: seam_plan_new() sets *out even when some edit failed
 * (SEAM_EFAIL), because the per-edit diagnostics are the product.
 *
 * Thread safety: a session and the objects made with it are used by one thread at a time;
 * objects of different sessions may be used in different threads at once (the library keeps
 * no global state: make check-tsan runs that under ThreadSanitizer). One exception to the
 * first rule: several threads may plan (seam_plan_new, seam_stream_*) on one tree at once,
 * each with its own session, as long as none of them changes the tree meanwhile
 * (seam_tree_put, seam_plan_commit, seam_tree_lock).
 */
#ifndef SEAM_H
#define SEAM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define SEAM_EXTERN __attribute__((visibility("default")))
#else
#define SEAM_EXTERN
#endif

#define SEAM_VERSION "0.1.0"

/** Return codes. Expected failures have names; -1 is everything else. */
typedef enum {
	SEAM_OK = 0,
	SEAM_ERROR = -1,   /**< an unexpected failure; see the session's message */
	SEAM_EFAIL = -2,   /**< some edit could not be applied; the plan says which and why */
	SEAM_EPARSE = -3,  /**< the reply holds no edit seam can read */
	SEAM_ENOMEM = -4,  /**< out of memory; nothing was written */
	SEAM_EIO = -5,     /**< reading or writing a file failed; nothing was left half-written */
	SEAM_EUSAGE = -6,  /**< an argument was invalid (NULL handle, bad option) */
	SEAM_ELIMIT = -7,  /**< a size limit of seam_options was exceeded */
	SEAM_ECHANGED = -8, /**< a file changed on disk between planning and committing */
	SEAM_EBUSY = -9     /**< another process holds the tree's lock (seam_tree_lock) */
} seam_error_t;

/** Edit formats. SEAM_FORMAT_AUTO detects the format of each reply. */
typedef enum {
	SEAM_FORMAT_AUTO = 0,
	SEAM_FORMAT_EDITBLOCK, /**< <<<<<<< SEARCH / ======= / >>>>>>> REPLACE blocks */
	SEAM_FORMAT_UDIFF,     /**< unified diffs, with or without line numbers (also git diff) */
	SEAM_FORMAT_WHOLE,     /**< a file name, then a fence holding the whole new file */
	SEAM_FORMAT_PATCH,     /**< "*** Begin Patch" patches (the apply_patch format) */
	SEAM_FORMAT_LNDIFF,    /**< <editblock> blocks with numbered REMOVE lines */
	SEAM_FORMAT_TOOLCALL,  /**< JSON tool calls: str_replace, insert, create, old_string */
	SEAM_FORMAT_NUMBERED,  /**< <update_lines start end> by line number; <copy_lines/> */
	SEAM_FORMAT_SNIPPET,   /**< <selected_snippet> / <updated_snippet> pairs */
	SEAM_FORMAT_FASTAPPLY, /**< lazy snippets with "// ... existing code ..." markers, edit_file */
	SEAM_FORMAT_CLINE,     /**< Cline's <replace_in_file> / <write_to_file> tags */
	SEAM_FORMAT_ROO,       /**< Roo / Kilo Code's <apply_diff> (:start_line:) / <insert_content> */
	SEAM_FORMAT_TEXTCALL,  /**< OpenHands / Qwen3-Coder <function=...><parameter=...> calls */
	SEAM_FORMAT_EDITS,     /**< Zed's <edits><old_text>/<new_text> (path from --path) */
	SEAM_FORMAT_SWEAGENT,  /**< SWE-agent's edit N:M ... end_of_edit (path from --path) */
	SEAM_FORMAT_COUNT
} seam_format_t;

/** What a reply asks for one file. */
typedef enum {
	SEAM_OP_UPDATE = 0, /**< change parts of an existing file */
	SEAM_OP_CREATE,     /**< make a new file */
	SEAM_OP_DELETE,     /**< remove a file */
	SEAM_OP_WHOLE       /**< replace the whole content (create it if missing) */
} seam_op_t;

/** The outcome of one edit, or of one file (the worst of its edits). */
typedef enum {
	SEAM_STATUS_APPLIED = 0,     /**< located and applied (in the plan) */
	SEAM_STATUS_ALREADY_APPLIED, /**< the new text is already there and the old is not */
	SEAM_STATUS_NO_MATCH,        /**< the old text is nowhere in the file */
	SEAM_STATUS_AMBIGUOUS,       /**< the old text fits two or more places equally well */
	SEAM_STATUS_LAZY,            /**< the new text replaces real code with a placeholder */
	SEAM_STATUS_REFUSED_PATH,    /**< the path leaves the root, is in .git, a link out, ... */
	SEAM_STATUS_BINARY,          /**< the file is not text */
	SEAM_STATUS_NOT_FOUND,       /**< the file to change does not exist */
	SEAM_STATUS_EXISTS,          /**< the file to create exists with other content */
	SEAM_STATUS_OVERLAP,         /**< two edits of the reply claim the same lines */
	SEAM_STATUS_TOO_LARGE,       /**< a limit of seam_options was exceeded */
	SEAM_STATUS_IO_ERROR,        /**< the file could not be read */
	SEAM_STATUS_SKIPPED,         /**< not tried: its file failed before this edit */
	SEAM_STATUS_SYNTAX           /**< the file parsed before the reply and would not after */
} seam_status_t;

/**
 * The syntax check (seam_options.syntax). A changed file in a language seam has a tree-sitter
 * grammar for (seam_syntax_language) is parsed before and after the reply: when it parsed
 * without error before and has errors after, the edits near the errors are refused
 * (SEAM_STATUS_SYNTAX, the message shows the lines). With the check on, the parse also breaks
 * a tie between two places a tolerant match found equally good, when exactly one result parses.
 * Files in other languages, new files and files over 1 MiB are not checked.
 */
typedef enum {
	SEAM_SYNTAX_CHECK = 0, /**< refuse an edit that breaks the parse (default) */
	SEAM_SYNTAX_WARN,      /**< apply it, with a warning in the file's message; no tie-break */
	SEAM_SYNTAX_OFF        /**< no parse at all */
} seam_syntax_t;

typedef struct seam_session seam_session;
typedef struct seam_reply seam_reply;
typedef struct seam_tree seam_tree;
typedef struct seam_plan seam_plan;

/**
 * The laziness guard: what to do with an edit whose new side puts a placeholder comment
 * ("# ... rest of the code ...", "// existing code here") where real code was.
 */
typedef enum {
	/** Restore the code when the placeholder stands for one span of the old text (the lines
	    around it are unchanged, so it can only mean what lies between them); the edit is
	    applied and its strategy ends in "+expanded-placeholder". Otherwise refuse (lazy). */
	SEAM_LAZY_EXPAND = 0,
	SEAM_LAZY_REFUSE, /**< refuse every edit that replaces code with a placeholder (lazy) */
	SEAM_LAZY_ALLOW   /**< no guard: apply placeholders as written */
} seam_lazy_t;

#define SEAM_OPTIONS_VERSION 1

/**
 * Options of a session. Every limit has a default, used when the field is 0 (the reasons for
 * each value are in src/lib/core/seam_limits.h; seam_options_defaults gives them).
 */
typedef struct {
	unsigned int version;      /**< SEAM_OPTIONS_VERSION */
	seam_format_t format;      /**< force a format; SEAM_FORMAT_AUTO detects it */
	size_t max_reply_bytes;    /**< default 64 MiB */
	size_t max_file_bytes;     /**< default 64 MiB; larger files are refused (too-large) */
	size_t max_edits;          /**< edits per reply, default 10000 */
	unsigned int flags;        /**< SEAM_FLAG_* */
	/**
	 * The work the matcher may do over one plan, in ms of a typical machine, default 3000.
	 * It is counted in steps (lines compared, alignment cells, edit-distance cells; 1,000,000
	 * a ms), not read from a clock, so the same reply gets the same outcome under any load.
	 * Every rung of the ladder spends it, and the split of a hunk, the search for the closest
	 * text and fast apply's alignment. Edits still searching when it runs out are refused
	 * (too-large, "search budget exhausted"): a search cut short never picks a place. Each
	 * edit's pass over its file (seeds, guard, anchors) spends it too, and the edits after it
	 * ran out are refused unsearched (too-large, "was not looked for"), so that a reply ends
	 * in about this time. seam_locate() gets a budget of its own of the same size.
	 */
	unsigned int max_fuzzy_ms;
	/** How long taking the tree's lock waits for another process, in ms, default 5000
	 * (SEAM_FLAG_NO_WAIT: not at all). */
	unsigned int lock_wait_ms;
	seam_syntax_t syntax;      /**< the syntax check; default SEAM_SYNTAX_CHECK */
	seam_lazy_t lazy;          /**< the laziness guard; default SEAM_LAZY_EXPAND */
	/**
	 * The file that edits of a format carrying no path are for (Zed's bare <edits>,
	 * SWE-agent's edit N:M, a SEARCH/REPLACE block with no name above it); NULL: none, and
	 * such edits are refused. Copied by seam_session_new.
	 */
	const char *path;
	/**
	 * An absolute directory the agent saw the project under (OpenHands writes
	 * /workspace/...): a path of the reply inside it is taken relative to the root. NULL:
	 * none, and absolute paths are refused. Copied by seam_session_new.
	 */
	const char *strip_prefix;
	/**
	 * With SEAM_FLAG_STRIP_COMPONENTS: the number of leading components removed from every
	 * path of the reply, as `patch -pN` and `git apply -pN` do (a path with no more than that
	 * is refused), and the a/ and b/ of a diff are no longer guessed.
	 */
	unsigned int strip_components;
} seam_options;

#define SEAM_OPTIONS_INIT                                                                          \
	{SEAM_OPTIONS_VERSION, SEAM_FORMAT_AUTO, 0, 0, 0, 0, 0, 0, SEAM_SYNTAX_CHECK, SEAM_LAZY_EXPAND, \
	 NULL, NULL, 0}

/** Do not resolve a missing file name to a close existing one. */
#define SEAM_FLAG_NO_NAME_RESOLVE (1u << 0)
/**
 * A file that lacks a final newline keeps lacking it when an edit changes it. By default a
 * changed file ends as the reply's text does, with a newline (what editors and the commits in
 * seam's corpus of real sessions do), unless a diff says "\ No newline at end of file"; a
 * unified diff whose hunks all stay away from the last line keeps the lack (as patch does).
 */
#define SEAM_FLAG_KEEP_NO_EOL (1u << 1)
/** Taking the tree's lock fails at once (SEAM_EBUSY) when another process holds it. */
#define SEAM_FLAG_NO_WAIT (1u << 2)
/**
 * A dry run: the plan is never written (seam_plan_commit refuses it with SEAM_EUSAGE), and its
 * renderings say so ("would apply", "dry_run": true).
 */
#define SEAM_FLAG_DRY_RUN (1u << 3)
/** Paths lose strip_components leading components (`patch -pN`); see seam_options. */
#define SEAM_FLAG_STRIP_COMPONENTS (1u << 4)
/**
 * Exact places only, as `git apply` takes them: an edit the matcher locates only on a tier past
 * whitespace (typos, indentation, blank lines, elisions, repairs, split, fuzzy) is refused
 * (no-match), naming the tier and lines it would have taken. For diffs a user applies, not
 * for model replies.
 */
#define SEAM_FLAG_STRICT (1u << 5)
/**
 * The reply is a diff or patch to apply in reverse, as `patch -R` and `git apply -R`: every
 * hunk's removed and added lines trade places, a file it creates is deleted (its content must be
 * in the file as the diff shows it), one it deletes is created, a rename goes back, a mode change
 * is undone. Formats other than unified and git diffs and `*** Begin Patch` are refused
 * (SEAM_EUSAGE from seam_reply_parse); a copy, and a deletion that does not show the content it
 * deletes, are refused by name in the plan.
 */
#define SEAM_FLAG_REVERSE (1u << 6)

/* ---- session ------------------------------------------------------------------------------ */

/**
 * Fills *out with the options a session takes when given none, every limit at its value (not
 * 0): what a client shows as a default or checks an input against before making a session.
 */
SEAM_EXTERN void seam_options_defaults(seam_options *out);
/** Makes a session. opts may be NULL for the defaults. Free with seam_session_free(). */
SEAM_EXTERN int seam_session_new(seam_session **out, const seam_options *opts);
SEAM_EXTERN void seam_session_free(seam_session *s);
/** The message of the last failure on this session ("" when none). Borrowed. */
SEAM_EXTERN const char *seam_session_errmsg(const seam_session *s);

/* ---- reply -------------------------------------------------------------------------------- */

/**
 * Reads a whole chat reply (prose, thinking sections, fences) and collects every edit in it.
 * The text is copied. Returns SEAM_EPARSE when no edit is found (the message says what was
 * looked for). Free *out with seam_reply_free().
 */
SEAM_EXTERN int seam_reply_parse(seam_reply **out, seam_session *s, const char *text, size_t len);
SEAM_EXTERN void seam_reply_free(seam_reply *r);
/** The format the reply was read as. */
SEAM_EXTERN seam_format_t seam_reply_format(const seam_reply *r);
/** Number of files the reply touches, and each one's path (as written, cleaned) and op. */
SEAM_EXTERN size_t seam_reply_file_count(const seam_reply *r);
SEAM_EXTERN const char *seam_reply_file_path(const seam_reply *r, size_t i);
SEAM_EXTERN seam_op_t seam_reply_file_op(const seam_reply *r, size_t i);
SEAM_EXTERN size_t seam_reply_edit_count(const seam_reply *r, size_t i);
/** The name file i gets from the reply (a rename's or a copy's target), NULL when it keeps its
 * own. Borrowed. */
SEAM_EXTERN const char *seam_reply_file_new_path(const seam_reply *r, size_t i);
/**
 * Keeps only the files i of the reply with keep[i] nonzero (keep holds seam_reply_file_count
 * entries), in their order: the files a caller chose to leave out (`--exclude`) are then neither
 * planned nor reported, and the caller says so. Returns SEAM_OK, or SEAM_EUSAGE.
 */
SEAM_EXTERN int seam_reply_keep_files(seam_reply *r, const unsigned char *keep);

/* ---- building a reply --------------------------------------------------------------------- */

/*
 * A reply made by calls instead of read from text, for callers that hold their edits already
 * (an MCP tool's arguments, a Python list, a batch record): no text is composed or parsed, and
 * the reply plans (seam_plan_new) and commits exactly as a parsed reply holding the same edits.
 * An edit made here is read as a tool call's is: a replace names its old text, which must fit
 * one place (or, with SEAM_REPLACE_ALL, every place it fits).
 *
 * Texts are copied; a text is lines ended by "\n" (a "\r" before it goes with it, and a final
 * "\n" ends the last line, it adds no empty one). Bytes are taken as they are: NULs and
 * invalid UTF-8 are content, for the tree's binary check and the planner to judge. Messages
 * name a built edit by its call: "reply line N" is the Nth call that added a file or an edit.
 *
 * Errors: SEAM_EUSAGE for a NULL handle or text (with a length), a file index the reply does
 * not have, a reply that was parsed (only seam_reply_new's replies take calls), or an edit the
 * file's op does not take; SEAM_ELIMIT past the session's max_edits, or when the texts added
 * would pass its max_reply_bytes; SEAM_ENOMEM. A call that fails adds nothing.
 */

/** An empty reply, with the session's limits. Free with seam_reply_free(). seam_reply_format
 * gives SEAM_FORMAT_AUTO for it (read in no format). */
SEAM_EXTERN int seam_reply_new(seam_reply **out, seam_session *s);
/**
 * Adds a file operation on path (relative to the tree's root, cleaned as a tool call's path:
 * "\\" made "/", "./" dropped; the tree refuses a path out of the root when planning). *file
 * (may be NULL) gets its index for the calls below. Two updates of one path are one file, as in
 * a parsed reply. SEAM_OP_UPDATE takes replace, hunk and insert edits; SEAM_OP_CREATE and
 * SEAM_OP_WHOLE one seam_reply_add_whole (none: an empty file); SEAM_OP_DELETE none.
 */
SEAM_EXTERN int seam_reply_add_file(seam_reply *r, seam_session *s, const char *path,
				    seam_op_t op, size_t *file);
/** seam_reply_add_replace: replace every place the old text fits, not exactly one. */
#define SEAM_REPLACE_ALL (1u << 0)
/**
 * Replaces old_text (old_len bytes, not empty) by new_text (new_len bytes, may be empty: the
 * lines are deleted) in an update. flags: 0 or SEAM_REPLACE_ALL. The old text is located as a
 * parsed edit's is (exact first, then the tolerant tiers); two places that fit equally well are
 * refused (ambiguous) unless SEAM_REPLACE_ALL.
 */
SEAM_EXTERN int seam_reply_add_replace(seam_reply *r, seam_session *s, size_t file,
				       const char *old_text, size_t old_len, const char *new_text,
				       size_t new_len, unsigned int flags);
/**
 * Adds a hunk to an update: lines as a unified diff's hunk body writes them (no "@@" header),
 * each beginning with ' ' (unchanged), '-' (deleted) or '+' (added); an empty line is an
 * unchanged empty line; "\ No newline at end of file" after a line says it has no line ending.
 * It must add or delete a line. SEAM_EUSAGE names the first line that begins otherwise.
 */
SEAM_EXTERN int seam_reply_add_hunk(seam_reply *r, seam_session *s, size_t file,
				    const char *lines, size_t len);
/** Inserts text (not empty) after line `after` of the file as it was before the reply (0: at
 * the top). A line past the end is refused when planning (no-match, naming the last line). */
SEAM_EXTERN int seam_reply_add_insert(seam_reply *r, seam_session *s, size_t file, long after,
				      const char *text, size_t len);
/** The whole content of a SEAM_OP_CREATE or SEAM_OP_WHOLE file, once. The file ends with a line
 * ending, as every file a reply writes does. */
SEAM_EXTERN int seam_reply_add_whole(seam_reply *r, seam_session *s, size_t file,
				     const char *content, size_t len);

/* ---- tree --------------------------------------------------------------------------------- */

/**
 * A directory on disk. Paths of the reply are resolved under root and never leave it. A commit
 * left half done by a killed process is finished or undone first (seam_tree_recover); when
 * that is impossible, returns SEAM_EIO and no tree.
 */
SEAM_EXTERN int seam_tree_open_dir(seam_tree **out, seam_session *s, const char *root);
/** An empty in-memory tree; fill it with seam_tree_put(). */
SEAM_EXTERN int seam_tree_new_memory(seam_tree **out, seam_session *s);
/**
 * A tree that reads as the files of plan p, whose edits all apply, laid over the tree p was
 * made on, writing nothing: the next reply (a retry with the failed edits, an agent's next
 * step) is planned on top of the first. Committing a plan made on the overlay writes both
 * rounds to the base at once, all or nothing, each file checked against what p read there;
 * afterwards the overlay reads as the base. Overlays can be stacked. The content is copied
 * (p may be freed); the base tree must outlive the overlay, which belongs to p's session.
 * SEAM_EFAIL when p has failed edits.
 */
SEAM_EXTERN int seam_tree_new_overlay(seam_tree **out, const seam_plan *p);

/** One file of a commit handed to seam_tree_callbacks.write. */
typedef struct seam_tree_write {
	const char *path;  /**< relative to the root, clean ('/'-separated, no "." or "..") */
	const char *data;  /**< the new content; NULL: delete the file */
	size_t len;
	unsigned int mode; /**< 0: keep the mode (a new file: the default); else the bits to set */
} seam_tree_write;

/**
 * Files only the caller can reach (an editor's unsaved buffers, a virtual filesystem). Paths
 * are relative and clean. The functions are called from the thread that plans or commits.
 */
typedef struct seam_tree_callbacks {
	/** Required. SEAM_OK with *data, *len (the caller's memory: seam copies it before the
	 * next call), 1 when there is no such file, or a negative seam_error_t. */
	int (*read)(void *ctx, const char *path, const char **data, size_t *len);
	/** For seam_plan_commit: writes files[0..n) all or none (SEAM_OK, or a negative
	 * seam_error_t with nothing written). Each file was read again just before and is as the
	 * plan read it. NULL: plans on the tree cannot be committed (SEAM_EUSAGE). */
	int (*write)(void *ctx, const seam_tree_write *files, size_t n);
	/** Optional: calls add(arg, path) for every file, so that a name the reply got a little
	 * wrong can be resolved (as on disk); SEAM_OK or a negative seam_error_t. */
	int (*list)(void *ctx, void (*add)(void *arg, const char *path), void *arg);
} seam_tree_callbacks;

/** A tree read and written through cb (copied) with ctx. SEAM_EUSAGE without cb->read. */
SEAM_EXTERN int seam_tree_new_callbacks(seam_tree **out, seam_session *s,
					const seam_tree_callbacks *cb, void *ctx);
/** Adds or replaces an in-memory file (data is copied). mode is informational (e.g. 0644). */
SEAM_EXTERN int seam_tree_put(seam_tree *t, const char *path, const void *data, size_t len,
			      unsigned int mode);
/**
 * Reads an in-memory file: returns its bytes (borrowed, valid until the tree changes) and sets
 * *len, or returns NULL when there is no such file. For disk trees this returns NULL.
 */
SEAM_EXTERN const void *seam_tree_get(const seam_tree *t, const char *path, size_t *len);
SEAM_EXTERN void seam_tree_free(seam_tree *t);
/**
 * Reads a file of the tree, disk or memory, under the rules every path of a reply is held to:
 * never outside the root (absolute paths, "..", links out), nothing inside .git/, a regular
 * file; the name is taken as written (no resolution to a close name). *data is NUL-terminated
 * (the NUL not counted in *len) and belongs to the caller: free it with seam_free(). Returns
 * SEAM_OK, SEAM_EUSAGE for a refused path, SEAM_EIO when it is missing or unreadable,
 * SEAM_ELIMIT past max_file_bytes; the session's message says which.
 */
SEAM_EXTERN int seam_tree_read(seam_tree *t, const char *path, char **data, size_t *len);

/**
 * Takes the tree's write lock, so that a plan made now is committed before any other seam
 * process writes the tree: an exclusive flock(2) on the top directory of the repository that
 * holds the root (the nearest directory with a .git entry, the root itself included), or on
 * the root when there is none. The commit also flocks the directory of every file it writes
 * (all at once, in a fixed order), so two processes writing one file exclude each other
 * whatever roots they were given (nested roots, a repository and its submodule). Nothing is created, so a read-only tree can be locked and no
 * lock file is ever left behind; the lock goes when the process ends, however it ends. It is
 * advisory: it orders seam processes, and the check of seam_plan_commit (size, mtime and a
 * hash of each file against what the plan read) catches every other writer.
 * Waits up to lock_wait_ms for another holder, then returns SEAM_EBUSY. seam_plan_commit takes
 * the lock itself when it is not held. Memory trees: nothing to do. Calls nest.
 */
SEAM_EXTERN int seam_tree_lock(seam_tree *t);
/** Releases one seam_tree_lock(). seam_tree_free() releases the lock too. */
SEAM_EXTERN void seam_tree_unlock(seam_tree *t);

/**
 * Finishes or undoes every commit that a process killed while writing (SIGKILL, a crash, a
 * power cut) left in the tree, and removes the temporary files it made. A commit records
 * itself in a journal (.seam-journal-XXXXXXXX in the directory of the tree's lock) before it
 * creates anything; the commit is finished when the journal says every new file was on disk
 * and they are all still there, else undone: either way every file is all old or all new.
 * A commit still running in another process is left alone. seam_tree_open_dir() does this
 * itself, and seam_plan_commit() again under the lock; call it to ask what was done.
 * Sets *finished and *undone (each may be NULL) to the number of commits this tree object
 * finished and undid since it was opened. Returns SEAM_OK, SEAM_EBUSY (the lock), or
 * SEAM_EIO when a commit can be neither finished nor undone (a file it needs was removed;
 * nothing is touched and the message names the journal). Memory trees: nothing to do.
 */
SEAM_EXTERN int seam_tree_recover(seam_tree *t, size_t *finished, size_t *undone);

/* ---- plan --------------------------------------------------------------------------------- */

/**
 * Locates every edit of the reply in the tree and computes every new file in memory. Writes
 * nothing. Returns SEAM_OK when every edit can be applied, SEAM_EFAIL when some cannot (then
 * *out is set too, holding the diagnostics), or another error (then *out is NULL).
 * The plan follows the options of s alone, even on a tree made with another session; only
 * the wait for the tree's lock at seam_plan_commit follows the tree's session, as
 * seam_tree_lock does.
 */
SEAM_EXTERN int seam_plan_new(seam_plan **out, seam_session *s, const seam_reply *r,
			      seam_tree *t);
SEAM_EXTERN void seam_plan_free(seam_plan *p);

/**
 * Writes the plan: for a disk tree each file goes to a temporary file beside it, is synced, and
 * renamed over the target; if any step fails, the files already renamed are put back, so the
 * tree ends as it was. A journal records the commit before anything is made, so a process
 * killed while writing leaves a commit that the next seam_tree_open_dir() (or
 * seam_tree_recover()) finishes or undoes; SIGINT, SIGTERM and SIGHUP are held off (in the
 * calling thread) while the files are renamed and delivered once the commit is complete.
 * Refuses (SEAM_EFAIL) a plan with a failed edit: all or nothing.
 * Before writing anything, under the tree's lock, every file is checked against what the plan
 * read (its size and a hash of its content; a file the plan creates must still be missing),
 * and each again (size, mtime, inode) just before it is replaced: a file changed by someone
 * else makes the commit write nothing and return SEAM_ECHANGED, naming the file. Besides the
 * tree's lock, the commit flocks the directory of every file it writes (see seam_tree_lock).
 */
SEAM_EXTERN int seam_plan_commit(seam_plan *p);

/** Per-file view of a plan. Strings are borrowed from the plan. */
typedef struct {
	const char *path;       /**< resolved path relative to the root */
	const char *asked_path; /**< the path as the reply wrote it */
	seam_op_t op;
	seam_status_t status;   /**< APPLIED when every edit is applied or already applied */
	const char *message;    /**< why it failed, or a note (name resolved, ...); "" if none */
	size_t edit_count;
	int changed;            /**< 1 when committing would change this file (its content, or
				     its mode: see seam_plan_file_mode) */
	const char *old_data;   /**< content before (NULL when the file did not exist) */
	size_t old_len;
	const char *new_data;   /**< content after (NULL when the file is deleted) */
	size_t new_len;
} seam_file_info;

/** Per-edit view of a plan. Strings are borrowed from the plan. */
typedef struct {
	seam_status_t status;
	const char *strategy; /**< how it was located: "exact", "whitespace", ...; "" if not;
				   "...+expanded-placeholder" when the laziness guard restored
				   code a placeholder stood for */
	long start_line;      /**< 1-based first line of the located region in the file before
				   the reply (0 when not located); end_line is the last */
	long end_line;
	long reply_line;      /**< where the edit starts in the reply, 1-based */
	const char *message;  /**< the diagnostic for a failed edit, written for the model; on an
				   applied edit a note ("expanded-placeholder: ...") or "" */
} seam_edit_info;

SEAM_EXTERN size_t seam_plan_file_count(const seam_plan *p);
SEAM_EXTERN int seam_plan_file(const seam_plan *p, size_t i, seam_file_info *out);
SEAM_EXTERN int seam_plan_edit(const seam_plan *p, size_t file, size_t edit, seam_edit_info *out);
/**
 * The permission bits of file i before and after the plan: equal unless the reply changes the
 * mode (git's "new mode 100755" sets an executable bit where a read bit is set, "100644"
 * clears them), 0 for a side where the file does not exist; a new file shows 0 after unless
 * made executable (0755; its other bits come from the umask). SEAM_EUSAGE when i is out of
 * range.
 */
SEAM_EXTERN int seam_plan_file_mode(const seam_plan *p, size_t i, unsigned int *old_mode,
				    unsigned int *new_mode);
/** 1 when every edit of the plan can be applied. */
SEAM_EXTERN int seam_plan_ok(const seam_plan *p);
/** 1 once seam_plan_commit wrote the plan (a memory tree's too); 0 before and for a dry run. */
SEAM_EXTERN int seam_plan_written(const seam_plan *p);
/** 1 when the plan's session is a dry run (SEAM_FLAG_DRY_RUN): the plan can never be written. */
SEAM_EXTERN int seam_plan_dry_run(const seam_plan *p);

/**
 * What a plan does to the tree, path by path: a move or a copy writes two paths, and two
 * operations of a reply may name one path. The pointers belong to the plan and stay valid
 * until it is freed.
 */
typedef struct seam_path_info {
	const char *path;      /**< relative to the tree's root */
	const char *old_data;  /**< the content before, NULL when the path did not exist */
	size_t old_len;
	const char *new_data;  /**< the content after, NULL when the plan deletes the path */
	size_t new_len;
	unsigned int old_mode; /**< permission bits before and after; equal when unchanged */
	unsigned int new_mode;
	long from;             /**< the index of the path it was moved or copied from, or -1 */
	int copied;            /**< from is a copy's source (which stays), not a move's */
	int changed;           /**< 1 when committing the plan changes the path */
} seam_path_info;

/** The number of paths of seam_plan_path. */
SEAM_EXTERN size_t seam_plan_path_count(const seam_plan *p);
/** Fills *out for path i (0 .. seam_plan_path_count - 1). SEAM_EUSAGE when i is out of range. */
SEAM_EXTERN int seam_plan_path(const seam_plan *p, size_t i, seam_path_info *out);

/** Renderings of a plan. */
typedef enum {
	SEAM_RENDER_TEXT = 0, /**< per file, what was applied and how; failures explained */
	SEAM_RENDER_JSON,     /**< one JSON document: files, edits, statuses, summary */
	SEAM_RENDER_DIFF,     /**< the unified diff of the real change */
	SEAM_RENDER_FEEDBACK, /**< only what the model must re-send, and why */
	SEAM_RENDER_JSON_LINE /**< the JSON document on one line, ended by a newline (JSON lines) */
} seam_render_t;

/** Renders the plan into a new NUL-terminated string; free it with seam_free(). */
SEAM_EXTERN int seam_plan_render(const seam_plan *p, seam_render_t how, char **out, size_t *len);

/* ---- locate ------------------------------------------------------------------------------- */

/** One region of a file found by seam_locate(). */
typedef struct {
	long start_line;   /**< 1-based first line */
	long end_line;     /**< last line (inclusive) */
	size_t offset;     /**< byte offset of the region in the file */
	size_t len;        /**< its length in bytes, through the line ending of its last line */
	double similarity; /**< how alike snippet and region are, 0 to 1 (1: the same text) */
} seam_region;

/** Candidates kept by seam_locate() when a snippet fits several places. */
#define SEAM_LOCATE_MAX 8

/** What seam_locate() found. */
typedef struct {
	/** SEAM_STATUS_APPLIED: found, regions[0] is the place; SEAM_STATUS_AMBIGUOUS: it fits
	    several places equally well, regions holds them (best first); SEAM_STATUS_NO_MATCH:
	    nothing is at least 50% similar, regions[0] (when count is 1) is the closest text;
	    SEAM_STATUS_TOO_LARGE: the search budget (max_fuzzy_ms) ran out first;
	    SEAM_STATUS_BINARY: the file is not text. */
	seam_status_t status;
	const char *strategy; /**< how: a rung of the matcher ("exact", "whitespace", ...,
				   "elision", "fuzzy"), "similarity" when only the similarity
				   search found it, or "" (static string) */
	size_t count;         /**< regions filled */
	size_t total;         /**< places that fit equally well; may exceed count */
	seam_region regions[SEAM_LOCATE_MAX];
} seam_location;

/**
 * The first step of snippet editing: finds the region of a file that a snippet stands for. The
 * snippet is what a model wrote from memory: possibly miscopied, possibly with "..." lines (or
 * "# ...", "// ...") standing for code it left out; a fence around it is taken off. The region
 * is found with the matcher ladder apply uses (exact text first, then tolerant rungs), and,
 * when no rung finds it, by similarity; it must be at least 50% similar to the snippet. The
 * model then rewrites the exact text of the region (file + offset, len) and sends a
 * <selected_snippet>/<updated_snippet> pair to seam_reply_parse().
 *
 * file and snippet are not copied and need not be NUL-terminated. Returns SEAM_OK when one
 * place was found, SEAM_EFAIL when the snippet is ambiguous or below the similarity floor
 * (*out says which; the session's message is written for the model), SEAM_EPARSE when the
 * snippet holds no line to look for, SEAM_ELIMIT when the file is over max_file_bytes (or the
 * snippet over max_reply_bytes, or the search spent max_fuzzy_ms), SEAM_EUSAGE, SEAM_ENOMEM.
 */
SEAM_EXTERN int seam_locate(seam_session *s, const char *file, size_t file_len,
			    const char *snippet, size_t snippet_len, seam_location *out);

/* ---- streaming ---------------------------------------------------------------------------- */

/*
 * A reply read while the model is still writing it: feed the bytes as they come, and each edit
 * is reported as soon as it is complete (located, or failed with the same text the report
 * gives), so that an agent can stop the generation at the first failure. Nothing is written:
 * seam_stream_finish gives the reply and the plan seam_reply_parse + seam_plan_new give for the
 * whole text, and committing that plan stays all or nothing.
 *
 *     seam_stream_new(&st, s, t, NULL);
 *     while ((n = read(fd, buf, sizeof buf)) > 0) {
 *             seam_stream_feed(st, buf, n);
 *             while (seam_stream_next(st, &ev))      ... report ev ...
 *     }
 *     rc = seam_stream_finish(st, &r, &p);           (then seam_stream_next again)
 *
 * An edit is complete when the text after it shows it cannot change any more: its closing
 * marker or fence was read, or (diffs) a line that cannot be part of the hunk. Each complete
 * edit is then planned on the tree as the edits before it in its file left it, with the same
 * planner as seam_plan_new, so its outcome is the one the final plan gives, with these
 * exceptions, all settled at seam_stream_finish by a SEAM_EVENT_CORRECTION (the edit's final
 * outcome) or a SEAM_EVENT_WITHDRAWN (no such edit in the whole reply) event:
 *  - the rest of the reply reads the start differently: detection picks another format, a
 *    whole file is listed again (the later listing is used), the only edits so far were
 *    drafts in a thinking section, an End Patch turns a line read as prose into context;
 *    the stream then reports nothing more until the end;
 *  - two file operations reach one file (a misspelt name resolved to a file another block
 *    names) and their edits alternate in the reply: the plan takes them file by file;
 *  - the plan fails for a reason found only at the end (an edit limit, out of memory).
 * Edits that create a file through an update (a SEARCH side with no line) are reported at the
 * end only: whether the file must exist depends on the blocks after them.
 *
 * Cost: the text so far is read again when a line arrives that may end an edit, as long as
 * all the readings stay within 8 times the text so far plus 256 KiB (real replies are read at
 * every such line); past that, once the text has grown by an eighth. A reply so costs at most
 * about 8 readings of it, and an edit's event comes at most an eighth of the text later
 * (SEAM_STREAM_EAGER reads at every such line, whatever it costs). Every edit is planned
 * twice (as it completes, and in the final plan).
 */
typedef struct seam_stream seam_stream;

#define SEAM_STREAM_OPTIONS_VERSION 1

/** Options of a stream; NULL means all defaults. */
typedef struct {
	unsigned int version; /**< SEAM_STREAM_OPTIONS_VERSION */
	unsigned int flags;   /**< SEAM_STREAM_* */
} seam_stream_options;

/** Read the text again at every line that may end an edit, however long the reply: the
 * earliest events, for a cost that grows with the square of the reply's length. */
#define SEAM_STREAM_EAGER (1u << 0)

typedef enum {
	SEAM_EVENT_EDIT = 0,   /**< an edit is complete: located (status applied or
				    already-applied) or failed */
	SEAM_EVENT_CORRECTION, /**< the final plan gives an edit reported before another outcome:
				    this is it */
	SEAM_EVENT_WITHDRAWN   /**< an edit reported before is not an edit of the whole reply */
} seam_event_t;

/** One event. Strings are borrowed from the stream and live until seam_stream_free. */
typedef struct {
	seam_event_t kind;
	size_t index;              /**< the edit's number in reply order, as the report counts */
	const char *path;          /**< its file (resolved when it could be, else as asked) */
	seam_op_t op;
	long reply_line;           /**< where the edit starts in the reply */
	seam_status_t status;      /**< as seam_edit_info.status */
	seam_status_t file_status; /**< for a skipped edit, why its file failed (not-found, ...);
				        else SEAM_STATUS_APPLIED */
	const char *strategy;      /**< how it was located; "" if not */
	long start_line, end_line; /**< the located lines of the file before the reply; 0 if not */
	const char *message;       /**< the failure, as the report gives it ("" if none); for a
				        skipped edit, its file's message */
	int final;                 /**< 1 when sent by seam_stream_finish */
} seam_event;

/**
 * Starts reading a reply for the tree t, with the options of the session s (format, limits).
 * The stream borrows s and t: free it first. opts may be NULL.
 */
SEAM_EXTERN int seam_stream_new(seam_stream **out, seam_session *s, seam_tree *t,
				const seam_stream_options *opts);
/**
 * Adds len bytes of the reply (any cut: mid-line, mid-character). Returns SEAM_OK,
 * SEAM_ELIMIT when the reply passes max_reply_bytes (the stream is then over: finish says so
 * too), SEAM_ENOMEM, or SEAM_EUSAGE after seam_stream_finish.
 */
SEAM_EXTERN int seam_stream_feed(seam_stream *st, const void *data, size_t len);
/** Takes the next event not taken yet: 1 with *ev filled, 0 when there is none. */
SEAM_EXTERN int seam_stream_next(seam_stream *st, seam_event *ev);
/**
 * The reply has ended: reads it whole and plans it, exactly as seam_reply_parse and
 * seam_plan_new do (same return codes: SEAM_OK, SEAM_EFAIL with *plan set, SEAM_EPARSE,
 * SEAM_ELIMIT, SEAM_ENOMEM), and queues the events still owed: every edit not reported yet,
 * and a correction or withdrawal for every event the plan contradicts. The caller owns *reply
 * and *plan (free the plan first; both NULL on failure). Once only.
 */
SEAM_EXTERN int seam_stream_finish(seam_stream *st, seam_reply **reply, seam_plan **plan);
SEAM_EXTERN void seam_stream_free(seam_stream *st);
/**
 * Renders an event as SEAM_RENDER_TEXT (a report line, and the message indented under it) or
 * SEAM_RENDER_JSON_LINE (one JSON object on one line); free *out with seam_free().
 */
SEAM_EXTERN int seam_event_render(const seam_event *ev, seam_render_t how, char **out,
				  size_t *len);

/* ---- batch -------------------------------------------------------------------------------- */

/*
 * Batch application, for pipelines that apply many replies (seam apply --batch reads JSON
 * lines; the Python package hands over whole partitions). A record is one JSON object:
 *
 *     {"id": ..., "reply": "...", "files": {"path": "content", ...}}   in memory
 *     {"id": ..., "reply": "...", "root": "DIR"}                       a tree on disk
 *
 * with optional "format", "lazy", "syntax", "max_reply_bytes", "max_file_bytes", "max_edits",
 * "max_fuzzy_ms", "no_resolve", "keep_no_eol" and (on disk) "dry_run" over the defaults given.
 * A memory record touches no disk; a disk record is written all or nothing as usual, under
 * the tree's lock. Its result is one JSON object: "id" (as given, or null), "line", "ok",
 * "files" (path -> new content of every file the reply changes, null for a deleted one; empty
 * unless ok), "edits" (the per-edit outcomes of the --json report, in reply order, each with
 * its "path"), "written" (disk records), "feedback" when not ok, "error" when the record
 * itself could not be run (not JSON, a missing field, a bad option, no edit in the reply).
 */

/**
 * Runs one record (record[0..len), a JSON object; line is reported back as "line") and sets
 * *out to its result, one line of JSON without a newline (free it with seam_free()). Returns
 * SEAM_OK whatever the record holds, SEAM_ENOMEM, or SEAM_EUSAGE for NULL arguments.
 * defaults may be NULL. Safe to call from several threads at once.
 */
SEAM_EXTERN int seam_batch_apply(const seam_options *defaults, const char *record, size_t len,
				 long line, char **out, size_t *out_len);
/**
 * Runs every record of text (JSON lines; blank lines are skipped, "line" is the line number,
 * counted from first_line for text's first line: 0 or 1 for a whole input) on up to nthreads
 * threads (0 or 1: this thread only) and sets *out to the results, one line
 * each, in the order of the input (free with seam_free()). Returns SEAM_OK, SEAM_ENOMEM or
 * SEAM_EUSAGE.
 */
SEAM_EXTERN int seam_batch_apply_lines(const seam_options *defaults, const char *text,
				       size_t len, long first_line, unsigned int nthreads,
				       char **out, size_t *out_len);
/* ---- prompts ------------------------------------------------------------------------------ */

/*
 * The system prompt that asks a model for edits in a format seam applies: the rules of the
 * format, a worked example (which seam's tests parse and apply), and the reminders (copy old
 * lines exactly, indentation matters, one edit per place, whole blocks, never elide code, how
 * to create, delete and rename files). format is a name: "editblock", "udiff", "gitdiff",
 * "whole", "patch", "lndiff", "toolcall", "numbered", "snippet" (seam_prompt_format lists
 * them). Sets *out to a new NUL-terminated string (free with seam_free) and *len (may be
 * NULL). SEAM_EUSAGE for a name with no prompt, SEAM_ENOMEM.
 */
SEAM_EXTERN int seam_prompt(const char *format, char **out, size_t *len);
/**
 * A file as the model should see it with that format's prompt: its path on a line, then a
 * fence holding its content, each line numbered ("12│...") for the formats that refer to
 * line numbers (lndiff, numbered). data need not be NUL-terminated. Free *out with seam_free.
 */
SEAM_EXTERN int seam_prompt_file(const char *format, const char *path, const char *data,
				 size_t len, char **out, size_t *outlen);
/** The names seam_prompt takes, one per call; NULL past the last. */
SEAM_EXTERN const char *seam_prompt_format(size_t i);

/* ---- the model loop ------------------------------------------------------------------------ */

/*
 * Asking a model for edits until they apply, without any network I/O: the loop is a state
 * machine that hands out the next chat request and is fed the model's reply, so that any
 * model client (seam ask's libcurl, a Python or MCP host's own) can drive it.
 *
 *     seam_loop_new(&l, s, t, "Rename foo to bar", files, nfiles, &opts);
 *     while (seam_loop_state(l) == SEAM_LOOP_NEED_REPLY) {
 *             seam_loop_request(l, &json, &len);    the chat messages to send
 *             ... send them, get the reply ...
 *             seam_loop_feed(l, reply, reply_len, 0);
 *     }
 *     if (seam_loop_state(l) == SEAM_LOOP_DONE) {
 *             seam_loop_plan(l, &p);                every round's edits, on the real tree
 *             seam_plan_commit(p);                  written once, all files or none
 *     }
 *
 * Each reply is planned on a copy in memory of the files as the rounds before left them
 * (nothing is written to t). The edits that apply are kept; when some fail, the next request
 * gives the model seam's feedback (the failed edits and why, SEAM_RENDER_FEEDBACK), the
 * current text of the files concerned, and asks only for the failed edits. Files the reply
 * names that were not given are read from t when first named. After max_rounds replies with a
 * failure the loop gives up; the edits kept so far stay visible through seam_loop_plan, but
 * the loop never writes them.
 *
 * With the "snippet" format the loop runs two steps: the first request asks the model to
 * quote, from memory, each snippet it will change (<selected_snippet> alone); the answer is
 * located (seam_locate) and the next request gives the exact regions, for the model to
 * rewrite as <selected_snippet>/<updated_snippet> pairs. That round does not count against
 * max_rounds when something was located. A file of more than 800 lines is then shown in
 * windows around the lines that name what the instruction names (the quotes are looked for in
 * the whole file).
 *
 * A reply read as it streams in (seam_loop_stream) can be cut at its first failed edit: feed
 * the text received so far with SEAM_LOOP_CUT; the edits it had not finished are dropped and
 * the model is told to send them again.
 */
typedef struct seam_loop seam_loop;

typedef enum {
	SEAM_LOOP_NEED_REPLY = 0, /**< seam_loop_request gives the next request; feed its reply */
	SEAM_LOOP_DONE,           /**< every edit applied: seam_loop_plan gives the plan */
	SEAM_LOOP_GAVE_UP,        /**< max_rounds replies and some edit still fails */
	SEAM_LOOP_FAILED          /**< an error ended it (out of memory, unreadable file) */
} seam_loop_state_t;

#define SEAM_LOOP_OPTIONS_VERSION 1

typedef struct {
	unsigned int version;   /**< SEAM_LOOP_OPTIONS_VERSION */
	const char *format;     /**< the prompt to ask with (seam_prompt names); NULL: "editblock" */
	unsigned int max_rounds; /**< replies fed at most, default 3, at most 20 */
} seam_loop_options;

/** The reply was cut short by the caller (stream stopped at a failed edit). */
#define SEAM_LOOP_CUT (1u << 0)

/**
 * Starts a loop for instruction on the files (paths under t, read now and shown to the model).
 * Borrows s and t: free the loop first. opts may be NULL. Returns SEAM_OK, SEAM_EUSAGE (bad
 * format name, no instruction), SEAM_EIO or SEAM_ELIMIT (a file cannot be read; the session's
 * message says which), SEAM_ENOMEM.
 */
SEAM_EXTERN int seam_loop_new(seam_loop **out, seam_session *s, seam_tree *t,
			      const char *instruction, const char *const *files, size_t nfiles,
			      const seam_loop_options *opts);
SEAM_EXTERN void seam_loop_free(seam_loop *l);
SEAM_EXTERN seam_loop_state_t seam_loop_state(const seam_loop *l);
/**
 * The next chat request: a JSON array of {"role": "system"|"user"|"assistant", "content":
 * TEXT} messages, as chat-completion APIs take them (the conversation so far). Free *json
 * with seam_free. SEAM_EUSAGE unless the state is SEAM_LOOP_NEED_REPLY.
 */
SEAM_EXTERN int seam_loop_request(seam_loop *l, char **json, size_t *len);
/**
 * The model's whole reply to the last request (flags: SEAM_LOOP_CUT or 0). Plans it, keeps
 * what applies, and moves the state on. Returns SEAM_OK (see seam_loop_state for the outcome),
 * SEAM_EUSAGE when no reply is awaited, SEAM_ENOMEM or SEAM_EIO (state SEAM_LOOP_FAILED).
 */
SEAM_EXTERN int seam_loop_feed(seam_loop *l, const char *reply, size_t len, unsigned int flags);
/**
 * A stream that reads the next reply as it comes, on the files as the rounds so far left them
 * (the caller stops the generation at a failed edit event). Free it before seam_loop_feed.
 */
SEAM_EXTERN int seam_loop_stream(seam_loop *l, seam_stream **out);
/** Replies fed so far. */
SEAM_EXTERN unsigned int seam_loop_rounds(const seam_loop *l);
/** What the last reply's failures were (the feedback sent back), "" after a clean round. */
SEAM_EXTERN const char *seam_loop_feedback(const seam_loop *l);
/**
 * The plan of every edit kept over all rounds, on the real tree: one whole-content operation
 * per changed file (a delete for a file deleted). Commit it with seam_plan_commit (all files
 * or none, with the checks that the files did not change meanwhile). A file that changed
 * since the loop first read it is refused (SEAM_ECHANGED, naming it): the model's edits were
 * made to the old content. *out borrows the loop:
 * free it first, and before calling seam_loop_plan again. With no change kept, SEAM_EPARSE.
 */
SEAM_EXTERN int seam_loop_plan(seam_loop *l, seam_plan **out);

/** Frees memory the library returned (render output). */
SEAM_EXTERN void seam_free(void *p);

/** Names for printing: "applied", "no-match", ...; "udiff", ...; "update", ... */
SEAM_EXTERN const char *seam_status_name(seam_status_t st);
SEAM_EXTERN const char *seam_format_name(seam_format_t f);
SEAM_EXTERN const char *seam_op_name(seam_op_t op);
/** Parses a format name ("editblock", "udiff", "gitdiff", "whole", "patch", "lndiff",
    "toolcall", "numbered", "snippet", "auto"); -1 if unknown. */
SEAM_EXTERN int seam_format_from_name(const char *name);
/**
 * The languages the syntax check parses, one per call: "python", "c", "cpp", "javascript",
 * "typescript", "tsx", "go", "rust", "java" in a full build; NULL past the last.
 */
SEAM_EXTERN const char *seam_syntax_language(size_t i);

/* ---- the laziness benchmark ----------------------------------------------------------------- */

/*
 * Refactoring tasks that tempt a model to elide code, and the check of its result, by syntax
 * tree (seam bench). A task: in a large source file, a class method that is non-trivial (more
 * than 100 syntax nodes: every node of the tree-sitter tree, named or not), less than half of
 * its class and never uses its instance (`self` in Python, `this`/`super` in JavaScript and
 * TypeScript), to be moved out as a top-level function of the same name, its calls updated.
 * Python methods with a decorator, dunder methods, methods using super(), __class__ or a
 * private __name, accessors and names that cannot name a function are left out, and so are
 * methods whose name a top-level declaration of the file has already.
 */
#define SEAM_BENCH_OPTIONS_VERSION 1

typedef struct {
	unsigned int version;          /**< SEAM_BENCH_OPTIONS_VERSION */
	unsigned int min_file_lines;   /**< files shorter than this give no task; default 500 */
	unsigned int min_method_nodes; /**< a method must have more nodes; default 100 */
} seam_bench_options;

/**
 * The tasks of one file: path (relative to root, as the tasks will name it; its extension
 * picks the language) holding data. Sets *out to JSON lines, one task per line ("" for none,
 * also for a language with no tasks or a file that does not parse cleanly): root, file, lang,
 * hash (of the file's bytes), class, method, class_nodes, method_nodes, class_lines and
 * method_lines ([first, last], 1-based), file_lines, instruction. Free *out with seam_free.
 * opts may be NULL. SEAM_OK, SEAM_EUSAGE, SEAM_ENOMEM.
 */
SEAM_EXTERN int seam_bench_tasks(const char *root, const char *path, const char *data,
				 size_t len, const seam_bench_options *opts, char **out,
				 size_t *outlen);
/**
 * Checks the file after the refactor of task (one line of seam_bench_tasks), before being the
 * file as the task found it. In order: after parses without error; it has no placeholder
 * comment (the laziness guard's detector) that before did not have; it has exactly one
 * top-level function named as the method, within 10% of the method's node count; the class is
 * still at the top level, no longer has the method, and shrank by about the method's node
 * count (10%, plus a few nodes per call updated). Sets *verdict to a JSON object: passed
 * (bool), check ("ok", "parse", "placeholder", "function", "class": the first that failed),
 * reason (a sentence, "" when passed), function_nodes and class_nodes (-1 when not found).
 * Free it with seam_free. SEAM_EUSAGE for a task that is not one, SEAM_ENOMEM.
 */
SEAM_EXTERN int seam_bench_check(const char *task, size_t task_len, const char *before,
				 size_t before_len, const char *after, size_t after_len,
				 char **verdict, size_t *verdict_len);

#ifdef __cplusplus
}
#endif

#endif
