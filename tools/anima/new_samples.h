/*
 * new_samples.h — the samples `anima new --sample <name>` scaffolds from
 * (cmd_new.c). The table is generated at build time from examples/ by
 * tools/anima/templates/embed_samples.py (new_samples.c in the build tree).
 */
#ifndef ANIMA_TOOLS_NEW_SAMPLES_H
#define ANIMA_TOOLS_NEW_SAMPLES_H

#include <stddef.h>

/** One sample: its source and optional script, embedded as bytes. */
typedef struct new_sample {
  const char *name;            /**< "bell"; NULL ends the table */
  const char *file_name;       /**< "main.animl" (or "main.ani" when the example
                                    exists only as .ani); NULL without source */
  const unsigned char *source; /**< NUL-terminated; NULL when the example
                                    was missing at build time */
  size_t source_length;
  const unsigned char *script; /**< examples/<name>.script.txt, or NULL */
  size_t script_length;
} new_sample;

/** The samples, in the order `anima new --help` lists them, ended by an
 * entry whose name is NULL. */
extern const new_sample new_samples[];

#endif
