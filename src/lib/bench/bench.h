#ifndef SEAM_LIB_BENCH_H
#define SEAM_LIB_BENCH_H

/*
 * The laziness benchmark (seam_bench_tasks, seam_bench_check in seam.h): refactoring tasks
 * found in real source files with tree-sitter, and the checks of a refactored file, by syntax
 * tree.
 *
 *   bench_lang.c   what a class, a method, a top-level function and a use of the instance
 *                  are in each language (the one place to add a language); tree helpers
 *   bench_tasks.c  finding the tasks of a file
 *   bench_check.c  checking a file after the refactor
 */

#include "bench_limits.h"
#include "../syntax/syntax.h"
#include "../syntax/syntax_walk.h"

#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

typedef struct sm_bench_lang {
	const char *grammar;        /* sm_grammar name */
	const char *const *classes; /* node types of a class declaration; NULL ends */
	const char *const *methods; /* node types of a method in a class body */
	const char *const *funcs;   /* node types of a top-level function */
	const char *const *wraps;   /* node types that wrap a top-level declaration (export,
				       decorators): looked through at the top level */
	int self_param;             /* 1: the instance is the first parameter (Python); 0: the
				       `this` and `super` nodes */
} sm_bench_lang;

/* The benchmark's language of a path and its grammar; NULL when it has none. */
const sm_bench_lang *sm_bench_lang_for(const char *path, const sm_grammar **g);
int sm_bench_is(const char *type, const char *const *list);

/* Every node of the subtree, n included, named or not. */
uint32_t sm_bench_count(TSNode n);
/* The text of n's "name" field, into buf (cut to fit); 0 when it has none. */
int sm_bench_name(TSNode n, const char *src, char *buf, size_t sz);
/* The class and function declarations at the top of root (through wrappers), by kind:
 * calls fn for each with kind 'c' or 'f'. */
void sm_bench_top(const sm_bench_lang *bl, TSNode root,
		  void (*fn)(void *ctx, TSNode decl, int kind), void *ctx);
/* The declarations of a class body (through wrappers): fn for each method. */
void sm_bench_members(const sm_bench_lang *bl, TSNode cls,
		      void (*fn)(void *ctx, TSNode outer, TSNode method), void *ctx);
/* Parses data with g; NULL when it cannot (too large, timed out). Free with ts_tree_delete. */
TSTree *sm_bench_parse(TSParser **p, const sm_grammar *g, const char *data, size_t len);
/* 64-bit FNV-1a of the text as 16 hex digits: a task names the file it was found in. */
void sm_bench_hash(const char *data, size_t len, char out[17]);

#endif
