#define _POSIX_C_SOURCE 200809L
/* seam ask: to come. */
#include "../cli.h"

void sm_cli_ask_help(FILE *f)
{
	fputs("usage: seam ask [options] \"INSTRUCTION\" FILE...\n", f);
}

int sm_cli_ask_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	sm_cli_ask_help(stderr);
	return EXIT_ERROR;
}
