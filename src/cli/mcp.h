#ifndef SEAM_CLI_MCP_H
#define SEAM_CLI_MCP_H
/* seam mcp (mcp.c): the Model Context Protocol server. The request handler is a function of
 * its own so that the unit tests and the fuzz target can call it without a process. */
#include "opt.h"

#include <stddef.h>

typedef struct sm_mcp {
	const sm_cli *o;  /* limits, lazy and syntax modes for every session */
	const char *dir;  /* the root every tool works under */
	int initialized;  /* the client sent notifications/initialized */
} sm_mcp;

int sm_mcp_init(sm_mcp *m, const sm_cli *o);
/* Handles one message (a line without its newline). *out gets the response line (malloc'd,
 * no newline; free it) or NULL when none is owed (a notification). -1 when out of memory. */
int sm_mcp_handle(sm_mcp *m, const char *line, size_t n, char **out);
/* The longest request line read; longer ones get an error without being held whole. */
size_t sm_mcp_line_limit(const sm_cli *o);
/* The stdio loop until the end of input; returns the exit status. */
int sm_cli_mcp(const sm_cli *o);

#endif
