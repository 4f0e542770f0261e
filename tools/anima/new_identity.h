/*
 * new_identity.h — the document identity of a project made by `anima new`
 * (cmd_new.c): the new main document is named after its directory, so
 * `anima new heart --sample bell` gives name="heart" title="Heart" (SPEC §2:
 * `name` is kebab-case and does not end in -<digits>).
 */
#ifndef ANIMA_TOOLS_NEW_IDENTITY_H
#define ANIMA_TOOLS_NEW_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>

#include <anima/anima.h>

/** Room for a derived name or title, terminating NUL included. */
#define NEW_IDENTITY_SIZE 128

/**
 * Derives the document name and title from the last component of
 * `directory` (trailing slashes ignored): ASCII letters are lowercased,
 * a lowercase-to-uppercase step and every run of other characters become
 * one `-`, leading and trailing `-` go, then trailing `-<digits>` groups
 * go (`My Icon_2` → `my-icon`). The title capitalises each word of the
 * name (`my-icon` → `My Icon`). Returns false when nothing usable is left
 * (`___`, `2`) or the name would not fit: the caller keeps the sample's.
 */
bool new_identity_derive(const char *directory, char name[NEW_IDENTITY_SIZE],
                         char title[NEW_IDENTITY_SIZE]);

/**
 * Returns a copy of the AniML `source` whose root `<anima>` start tag has
 * `name` and `title` set (the title attribute is added after the name
 * when missing); everything else is kept byte for byte. `name` and
 * `title` must need no XML escaping (new_identity_derive's never do).
 * NULL when out of memory or when the root tag has no `name` attribute
 * to replace. The caller frees the result; `*out_length` is its length.
 */
char *new_identity_apply_markup(const char *source, size_t length,
                                const char *name, const char *title,
                                size_t *out_length);

/**
 * The same for a `.ani` JSON `source`: sets the top-level `name` and
 * `title` members and returns the document in canonical form
 * (anima_document_format with `runtime`). NULL when the source does not
 * parse as a JSON object or memory runs out.
 */
char *new_identity_apply_json(anima_runtime *runtime, const char *source,
                              size_t length, const char *name,
                              const char *title, size_t *out_length);

#endif
