/* The laziness benchmark's library part: task discovery and the checks, on small files of our
 * own with known answers (tests/bench/run.sh runs it on real files and through a model). */
#include "test.h"

#include "seam.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char shapes[] =
	"import math\n"
	"\n"
	"\n"
	"class Shapes:\n"
	"    def __init__(self, items):\n"
	"        self.items = list(items)\n"
	"        self.count = len(self.items)\n"
	"\n"
	"    def total(self):\n"
	"        result = 0.0\n"
	"        for kind, size in self.items:\n"
	"            result += self.area(kind, size)\n"
	"        return result\n"
	"\n"
	"    def area(self, kind, size):\n"
	"        if kind == \"square\":\n"
	"            return size * size\n"
	"        if kind == \"circle\":\n"
	"            return math.pi * size * size\n"
	"        if kind == \"triangle\":\n"
	"            return math.sqrt(3) / 4 * size * size\n"
	"        if kind == \"hexagon\":\n"
	"            return 3 * math.sqrt(3) / 2 * size * size\n"
	"        raise ValueError(\"unknown shape: \" + kind)\n"
	"\n"
	"    def largest(self):\n"
	"        best = None\n"
	"        best_area = -1.0\n"
	"        for kind, size in self.items:\n"
	"            a = self.area(kind, size)\n"
	"            if a > best_area:\n"
	"                best, best_area = (kind, size), a\n"
	"        return best\n"
	"\n"
	"    def describe(self):\n"
	"        lines = []\n"
	"        for kind, size in self.items:\n"
	"            lines.append(\"%s of size %s: %.2f\" % (kind, size, self.area(kind, size)))\n"
	"        lines.append(\"total: %.2f\" % self.total())\n"
	"        return \"\\n\".join(lines)\n";

#define AREA_FN                                                                                \
	"def area(kind, size):\n"                                                              \
	"    if kind == \"square\":\n"                                                         \
	"        return size * size\n"                                                         \
	"    if kind == \"circle\":\n"                                                         \
	"        return math.pi * size * size\n"                                               \
	"    if kind == \"triangle\":\n"                                                       \
	"        return math.sqrt(3) / 4 * size * size\n"                                      \
	"    if kind == \"hexagon\":\n"                                                        \
	"        return 3 * math.sqrt(3) / 2 * size * size\n"                                  \
	"    raise ValueError(\"unknown shape: \" + kind)\n"

#define CLASS_HEAD                                                                             \
	"import math\n"                                                                        \
	"\n"                                                                                   \
	"\n"                                                                                   \
	"class Shapes:\n"                                                                      \
	"    def __init__(self, items):\n"                                                     \
	"        self.items = list(items)\n"                                                   \
	"        self.count = len(self.items)\n"                                               \
	"\n"

#define CLASS_REST                                                                             \
	"    def total(self):\n"                                                               \
	"        result = 0.0\n"                                                               \
	"        for kind, size in self.items:\n"                                              \
	"            result += area(kind, size)\n"                                             \
	"        return result\n"                                                              \
	"\n"                                                                                   \
	"    def largest(self):\n"                                                             \
	"        best = None\n"                                                                \
	"        best_area = -1.0\n"                                                           \
	"        for kind, size in self.items:\n"                                              \
	"            a = area(kind, size)\n"                                                   \
	"            if a > best_area:\n"                                                      \
	"                best, best_area = (kind, size), a\n"                                  \
	"        return best\n"                                                                \
	"\n"                                                                                   \
	"    def describe(self):\n"                                                            \
	"        lines = []\n"                                                                 \
	"        for kind, size in self.items:\n"                                              \
	"            lines.append(\"%s of size %s: %.2f\" % (kind, size, area(kind, size)))\n" \
	"        lines.append(\"total: %.2f\" % self.total())\n"                              \
	"        return \"\\n\".join(lines)\n"

static char *the_task(void)
{
	seam_bench_options o = {SEAM_BENCH_OPTIONS_VERSION, 1, 0};
	char *out = NULL;

	if (seam_bench_tasks("/src", "shapes.py", shapes, strlen(shapes), &o, &out, NULL))
		return NULL;
	return out;
}

static int verdict(const char *after, const char *check)
{
	char *task = the_task(), *v = NULL;
	char want[64];
	int ok;

	if (!task || seam_bench_check(task, strlen(task), shapes, strlen(shapes), after,
				      strlen(after), &v, NULL)) {
		seam_free(task);
		return 0;
	}
	snprintf(want, sizeof(want), "\"check\":\"%s\"", check);
	ok = strstr(v, want) != NULL;
	if (!ok)
		fprintf(stderr, "verdict: %s\n", v);
	seam_free(v);
	seam_free(task);
	return ok;
}

TEST(bench, finds_the_one_method_that_does_not_use_self)
{
	char *out = the_task();

	CHECK(out != NULL);
	if (!out)
		return;
	CHECK(strstr(out, "\"class\":\"Shapes\",\"method\":\"area\"") != NULL);
	CHECK(strstr(out, "\"method_lines\":[15,24]") != NULL);
	CHECK(strstr(out, "\"class_lines\":[4,40]") != NULL);
	CHECK(strstr(out, "\"lang\":\"python\"") != NULL);
	CHECK(strchr(out, '\n') == out + strlen(out) - 1); /* one task */
	seam_free(out);
}

TEST(bench, small_files_and_other_languages_give_no_task)
{
	char *out = NULL;

	CHECK_INT(seam_bench_tasks(".", "shapes.py", shapes, strlen(shapes), NULL, &out, NULL),
		  SEAM_OK);
	CHECK_STR(out, ""); /* 40 lines: under the default 500 */
	seam_free(out);
	out = NULL;
	CHECK_INT(seam_bench_tasks(".", "shapes.txt", shapes, strlen(shapes), NULL, &out, NULL),
		  SEAM_OK);
	CHECK_STR(out, "");
	seam_free(out);
	CHECK_INT(seam_bench_tasks(".", NULL, shapes, 1, NULL, &out, NULL), SEAM_EUSAGE);
}

TEST(bench, javascript_method_without_this)
{
	static const char js[] =
		"class Fmt {\n"
		"  constructor(w) { this.w = w; this.a = [1, 2, 3]; this.b = {x: 1}; }\n"
		"  pad(s) { return this.w + s + this.a.length + this.b.x + this.w + this.w; }\n"
		"  wide(s) { return this.pad(s) + this.pad(s) + this.pad(s) + this.w; }\n"
		"  both(s) { return this.wide(s) + this.pad(s) + this.wide(s) + this.w; }\n"
		"  more(s) { return this.wide(s) + this.pad(s) + this.wide(s) + this.w; }\n"
		"  scale(a, b) {\n"
		"    const out = [];\n"
		"    for (let i = 0; i < a.length; i++) { out.push(a[i] * b + i - 1); }\n"
		"    return out;\n"
		"  }\n"
		"  static twice(a, b) { const q = [a, b, a, b, a, b, a, b, a, b, a, b]; return q.map((x) => x * 2 + 1).filter((x) => x > 3).length; }\n"
		"  twice() { return this.w; }\n"
		"  get size() { let n = 0; for (const x of [1, 2, 3, 4, 5, 6, 7]) { n += x * 2; } return n; }\n"
		"}\n";
	seam_bench_options o = {SEAM_BENCH_OPTIONS_VERSION, 1, 30};
	char *out = NULL;

	CHECK_INT(seam_bench_tasks(".", "f.js", js, strlen(js), &o, &out, NULL), SEAM_OK);
	CHECK(out && strstr(out, "\"method\":\"scale\"") != NULL);
	CHECK(out && !strstr(out, "\"method\":\"size\"")); /* an accessor */
	CHECK(out && !strstr(out, "\"method\":\"pad\""));  /* uses this */
	CHECK(out && !strstr(out, "\"method\":\"twice\"")); /* two methods of that name */
	seam_free(out);
}

TEST(bench, a_correct_refactor_passes)
{
	CHECK(verdict(CLASS_HEAD CLASS_REST "\n\n" AREA_FN, "ok"));
}

TEST(bench, a_lazy_refactor_fails_on_the_placeholder)
{
	CHECK(verdict(CLASS_HEAD "    # ... rest of the methods unchanged ...\n\n\n" AREA_FN,
		      "placeholder"));
}

TEST(bench, a_broken_refactor_fails_to_parse)
{
	CHECK(verdict(CLASS_HEAD CLASS_REST "\n\ndef area(kind, size:\n    return 0\n", "parse"));
}

TEST(bench, a_refactor_that_drops_the_function_fails)
{
	CHECK(verdict(CLASS_HEAD CLASS_REST, "function"));
}

TEST(bench, a_function_too_short_or_a_class_that_kept_the_method_fails)
{
	CHECK(verdict(CLASS_HEAD CLASS_REST "\n\ndef area(kind, size):\n    return size\n",
		      "function"));
	/* the class unchanged, the function added */
	char *both = malloc(sizeof(shapes) + sizeof(AREA_FN) + 2);
	CHECK(both != NULL);
	if (!both)
		return;
	sprintf(both, "%s\n\n%s", shapes, AREA_FN);
	CHECK(verdict(both, "class"));
	free(both);
}

TEST(bench, a_class_that_lost_other_code_fails)
{
	/* describe() went with the move: the class shrank by far more than the method */
	CHECK(verdict(CLASS_HEAD "    def total(self):\n"
				 "        result = 0.0\n"
				 "        for kind, size in self.items:\n"
				 "            result += area(kind, size)\n"
				 "        return result\n"
				 "\n\n" AREA_FN,
		      "class"));
}

TEST(bench, hostile_task_lines_are_usage_errors)
{
	char *v = NULL;

	CHECK_INT(seam_bench_check("{", 1, "", 0, "", 0, &v, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_bench_check("[]", 2, "", 0, "", 0, &v, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_bench_check("{\"file\":\"a.py\",\"class\":\"A\",\"method\":\"m\","
				   "\"method_nodes\":-5,\"class_nodes\":1}",
				   75, "", 0, "", 0, &v, NULL),
		  SEAM_EUSAGE);
	CHECK(v == NULL);
}
