#ifndef SEAM_LIB_PLAN_H
#define SEAM_LIB_PLAN_H

/*
 * The plan for the layers above it (stream, loop, batch): its records and entry points. They
 * live in plan_impl.h, which the files of plan/ include themselves, so that the steps below
 * the planner never include the planner's own header (scripts/deps-graph.py).
 */
#include "plan_impl.h"

#endif
