#ifndef SEAM_LIB_BENCH_LIMITS_H
#define SEAM_LIB_BENCH_LIMITS_H

/*
 * Every threshold of the laziness benchmark (seam_bench_tasks, seam_bench_check), with the
 * reason for its value. Sizes are counted in syntax nodes: every node of the tree-sitter tree,
 * named or not (an identifier, a ',' and a ':' are three), so that a count does not depend on
 * formatting or comments-free layout.
 */

/* A method is worth moving when it has more than this many nodes: about eight lines of real
 * code. Shorter ones are copied whole by every model; laziness shows on long ones. */
#define SM_BENCH_MIN_METHOD_NODES 100

/* "Large source files": the placeholder a model leaves is a way to avoid copying a long file.
 * 500 lines is more than a model writes back without being tempted to elide; the Python
 * standard library has a few hundred such files. */
#define SM_BENCH_MIN_FILE_LINES 500

/* The method must be less than 1/SM_BENCH_CLASS_RATIO of its class: moving most of a class
 * out is a rewrite, not a move. */
#define SM_BENCH_CLASS_RATIO 2

/* The moved function's node count may differ from the method's by this percentage: dropping
 * `self` and its comma, and a call updated inside the function, change a few nodes only. */
#define SM_BENCH_TOLERANCE_PCT 10

/* The class must shrink by the method's node count within SM_BENCH_TOLERANCE_PCT of it, plus
 * SM_BENCH_NODES_PER_CALL for each call the class made, plus this slack (a blank line, a comment
 * the model tidied). */
#define SM_BENCH_SHRINK_SLACK 12

/* A call updated from `self.m(...)` (`this.m(...)`) to `m(...)` removes the attribute access,
 * the instance and the dot: 3 nodes of the class for each time the class names the method. */
#define SM_BENCH_NODES_PER_CALL 3

/* Files parsed at most (bytes): the syntax check's own limit applies too. */
#define SM_BENCH_MAX_FILE_BYTES ((size_t)1 << 20)

/* Placeholder lines quoted in a verdict: the first one says what happened. */
#define SM_BENCH_MAX_NAME 256

#endif
