/*
 * posepad.h — internals of the posepad module (SPEC `## posepad`;
 * docs/modules/posepad.md): the pad's fields, the POSE-stage sampling and
 * the document checks.
 */
#ifndef ANIMA_MODULE_POSEPAD_H
#define ANIMA_MODULE_POSEPAD_H

#include <anima/module.h>

extern const anima_host *posepad_host;

/* The node type and its fields. */
#define POSEPAD_TYPE "posepad"

/* The document check (posepad_check.c): posepad-timeline, posepad-handle,
 * posepad-box, box coordinates, posepad-output and posepad-cycle. */
void posepad_check(anima_check *check, void *user);

#endif /* ANIMA_MODULE_POSEPAD_H */
