#ifndef SEAM_LIB_FORMAT_H
#define SEAM_LIB_FORMAT_H

/*
 * One entry per edit format. sniff() answers cheaply whether a reply is written in the format
 * (detection order decides between several); parse() appends what it reads to the reply's
 * fileops, using only the builders of edit.h, and leaves notes for what it skipped.
 */

#include "../reply.h"

typedef struct sm_format {
	const char *name;
	seam_format_t id;
	/* 1 when the lines hold the markers of this format */
	int (*sniff)(const sm_lines *ls);
	/* 0, SEAM_ENOMEM or SEAM_ELIMIT (edit limit passed) */
	int (*parse)(seam_reply *r, const sm_lines *ls);
} sm_format;

int sm_editblock_sniff(const sm_lines *ls);
int sm_editblock_parse(seam_reply *r, const sm_lines *ls);
int sm_udiff_sniff(const sm_lines *ls);
int sm_udiff_parse(seam_reply *r, const sm_lines *ls);
int sm_whole_sniff(const sm_lines *ls);
int sm_whole_parse(seam_reply *r, const sm_lines *ls);
int sm_patch_sniff(const sm_lines *ls);
int sm_patch_parse(seam_reply *r, const sm_lines *ls);
int sm_lndiff_sniff(const sm_lines *ls);
int sm_lndiff_parse(seam_reply *r, const sm_lines *ls);
int sm_toolcall_sniff(const sm_lines *ls);
int sm_toolcall_parse(seam_reply *r, const sm_lines *ls);
int sm_numbered_sniff(const sm_lines *ls);
int sm_numbered_parse(seam_reply *r, const sm_lines *ls);
int sm_snippet_sniff(const sm_lines *ls);
int sm_snippet_parse(seam_reply *r, const sm_lines *ls);

/* The format with id f, or NULL (for SEAM_FORMAT_AUTO). */
const sm_format *sm_format_get(seam_format_t f);

/*
 * Reads r->text into r->files: cuts lines, sets thinking sections aside (read again with them
 * when nothing is found outside), picks the format (`forced`, or detection for
 * SEAM_FORMAT_AUTO) and sets r->format. Returns 0 (possibly with no file found),
 * SEAM_ENOMEM or SEAM_ELIMIT.
 */
int sm_reply_read(seam_reply *r, seam_format_t forced);

#endif
