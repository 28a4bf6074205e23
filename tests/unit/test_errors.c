/*
 * The library's one error convention: 0 or a negative SEAM_E* code, one message per code
 * (sm_errmsg), and internal functions that say which failure it was instead of a bare -1.
 */
#include "test.h"
#include "lib/format/tag.h"
#include "lib/match/image.h"
#include "lib/core/session.h"
#include "lib/tree/tree_impl.h"
#include "seam.h"

#include <string.h>

TEST(errors, one_message_per_code)
{
	static const int codes[] = {SEAM_ERROR,  SEAM_EFAIL,  SEAM_EPARSE,   SEAM_ENOMEM, SEAM_EIO,
	                            SEAM_EUSAGE, SEAM_ELIMIT, SEAM_ECHANGED, SEAM_EBUSY};
	size_t i, j, n = sizeof(codes) / sizeof(codes[0]);

	CHECK_STR(sm_errmsg(SEAM_ENOMEM), "out of memory");
	for (i = 0; i < n; i++) {
		CHECK(sm_errmsg(codes[i]) != NULL && sm_errmsg(codes[i])[0]);
		for (j = 0; j < i; j++)
			CHECK(strcmp(sm_errmsg(codes[i]), sm_errmsg(codes[j])) != 0);
	}
	/* a code from nowhere still reads as a failure, never NULL */
	CHECK_STR(sm_errmsg(-1000), sm_errmsg(SEAM_ERROR));
	CHECK_STR(sm_errmsg(1), sm_errmsg(SEAM_ERROR));
}

TEST(errors, fail_code_leaves_the_message)
{
	seam_session *s = NULL;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(sm_fail_code(s, SEAM_EIO), SEAM_EIO);
	CHECK_STR(seam_session_errmsg(s), sm_errmsg(SEAM_EIO));
	CHECK_INT(sm_fail_code(s, SEAM_ENOMEM), SEAM_ENOMEM);
	CHECK_STR(seam_session_errmsg(s), "out of memory");
	CHECK_INT(sm_fail_code(NULL, SEAM_ELIMIT), SEAM_ELIMIT);
	seam_session_free(s);
}

TEST(errors, internal_failures_are_named)
{
	static const char text[] = "a\nb\n";
	sm_image im;
	sm_tag t;
	long v = 0;
	char out[SM_PATH_MAX + 1];

	/* a splice outside the image is a misuse, not a lack of memory */
	CHECK_INT(sm_image_load(&im, text, sizeof(text) - 1), 0);
	CHECK_INT(sm_image_splice(&im, 1, 5, NULL, 0), SEAM_EUSAGE);
	CHECK_INT(sm_image_splice(&im, 3, 0, NULL, 0), SEAM_EUSAGE);
	CHECK_INT((int)im.n, 2);
	sm_image_dispose(&im);

	/* an attribute that is there but not a number: a parse failure */
	CHECK_INT(sm_tag_at("<x n=\"1a\"/>", 11, "x", &t), SM_TAG_EMPTY);
	CHECK_INT(sm_tag_num(&t, "n", &v), SEAM_EPARSE);
	CHECK_INT(sm_tag_num(&t, "m", &v), 0);

	/* a refused path: a usage error, with the reason */
	CHECK_INT(sm_tree_path_clean("../x", 4, out, NULL), SEAM_EUSAGE);
}
