/* habits.c — hints for spellings from CSS, SVG and the DOM (habits.h). */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include <anima/format.h>

#include "habits.h"

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* `text` without surrounding spaces: its start, and its length. */
static const char *trimmed(const char *text, size_t *length) {
  while (is_space(*text)) {
    text++;
  }
  size_t end = strlen(text);
  while (end > 0 && is_space(text[end - 1])) {
    end--;
  }
  *length = end;
  return text;
}

/* `text` lowercased without '-', '_' and spaces into `out` (false when it
 * does not fit or holds anything else but letters and digits). */
static bool folded(const char *text, size_t length, char *out, size_t size) {
  size_t used = 0;
  for (size_t i = 0; i < length; i++) {
    char c = text[i];
    if (c == '-' || c == '_' || is_space(c)) {
      continue;
    }
    if (c >= 'A' && c <= 'Z') {
      c = (char)(c - 'A' + 'a');
    }
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) ||
        used + 1 >= size) {
      return false;
    }
    out[used++] = c;
  }
  out[used] = '\0';
  return used > 0;
}

/* ---- eases -------------------------------------------------------------- */

/* Ease words from CSS (`ease-in-out`, `step-end`) and JavaScript libraries
 * (`easeInOut`), folded, with the Anima ease they mean. CSS's `ease` is
 * cubic-bezier(0.25, 0.1, 0.25, 1) (CSS Easing Functions 1). */
static const struct {
  const char *folded;
  const char *anima;
} ease_words[] = {
    {"ease", "cubic(0.25, 0.1, 0.25, 1)"},
    {"easein", "in"},
    {"easeout", "out"},
    {"easeinout", "inOut"},
    {"inout", "inOut"},
    {"in", "in"},
    {"out", "out"},
    {"linear", "linear"},
    {"hold", "hold"},
    {"stepend", "hold"},
    {"jumpend", "hold"},
};

/* The Bézier function names that mean `cubic`, lowercase. */
static const char *const bezier_names[] = {"cubic-bezier", "cubicbezier",
                                           "cubic_bezier", "bezier"};

bool anima_habit_ease(const char *text, anima_text *hint) {
  if (!text) {
    return false;
  }
  size_t length = 0;
  const char *start = trimmed(text, &length);
  for (size_t i = 0; i < sizeof bezier_names / sizeof bezier_names[0]; i++) {
    size_t name_length = strlen(bezier_names[i]);
    if (length > name_length &&
        strncasecmp(start, bezier_names[i], name_length) == 0) {
      const char *arguments = start + name_length;
      while (is_space(*arguments)) {
        arguments++;
      }
      if (*arguments != '(') {
        continue;
      }
      int argument_length = (int)(length - (size_t)(arguments - start));
      anima_text_appendf(hint, "use \"cubic%.*s\", Anima's name for %.*s(...)",
                         argument_length, arguments, (int)name_length, start);
      return true;
    }
  }
  char word[32];
  if (!folded(start, length, word, sizeof word)) {
    return false;
  }
  for (size_t i = 0; i < sizeof ease_words / sizeof ease_words[0]; i++) {
    if (strcmp(word, ease_words[i].folded) == 0) {
      anima_text_appendf(hint, "use \"%s\", Anima's name for %.*s",
                         ease_words[i].anima, (int)length, start);
      return true;
    }
  }
  return false;
}

/* ---- colours ------------------------------------------------------------ */

bool anima_habit_color(const char *text, anima_habit_color_place place,
                       const char *paint, anima_text *hint) {
  if (!text) {
    return false;
  }
  bool none = strcasecmp(text, "none") == 0;
  bool transparent = strcasecmp(text, "transparent") == 0;
  if (none || transparent) {
    if (place == ANIMA_HABIT_PAINT && paint) {
      anima_text_appendf(hint,
                         "Anima has no \"%s\" colour: leave out \"%s\" and "
                         "the node paints no %s",
                         text, paint, paint);
    } else if (place == ANIMA_HABIT_SLOT_VALUE) {
      anima_text_appendf(hint,
                         "Anima has no \"%s\" colour: leave out the paint "
                         "that would use this slot",
                         text);
    } else {
      anima_text_appendf(hint,
                         "Anima has no \"%s\" colour: use \"#00000000\" "
                         "(transparent) to fade a paint out",
                         text);
    }
    if (transparent && place == ANIMA_HABIT_PAINT) {
      anima_text_append(hint, ", or write \"#00000000\"");
    }
    return true;
  }
  if (strcasecmp(text, "currentColor") == 0) {
    anima_text_append(hint, "write \"currentColor\" with this capitalisation");
    return true;
  }
  anima_color color;
  if (!anima_css_color_name(text, strlen(text), &color)) {
    return false;
  }
  char hex[ANIMA_FORMAT_CAPACITY];
  anima_format_color(color, hex);
  anima_text_appendf(hint, "\"%s\" is a CSS colour name; write its hex \"%s\"",
                     text, hex);
  if (place == ANIMA_HABIT_PAINT) {
    anima_text_appendf(hint, " or declare a slot \"%s\" in \"colors\"", text);
  }
  return true;
}

/* ---- enum values -------------------------------------------------------- */

/* Values of enum fields in other vocabularies: the DOM's pointer events
 * for a listener's `on` (SPEC §9), CSS animation words for a timeline's
 * `loop` (SPEC §5). */
static const struct {
  const char *kind, *field, *value, *hint;
} enum_habits[] = {
    {"listener", "on", "hover",
     "follow the pointer with two listeners, \"enter\" and \"leave\""},
    {"listener", "on", "mouseover", "use \"enter\" (and \"leave\" as it goes)"},
    {"listener", "on", "mouseenter",
     "use \"enter\" (and \"leave\" as it goes)"},
    {"listener", "on", "pointerover",
     "use \"enter\" (and \"leave\" as it goes)"},
    {"listener", "on", "pointerenter",
     "use \"enter\" (and \"leave\" as it goes)"},
    {"listener", "on", "mouseout", "use \"leave\""},
    {"listener", "on", "mouseleave", "use \"leave\""},
    {"listener", "on", "pointerout", "use \"leave\""},
    {"listener", "on", "pointerleave", "use \"leave\""},
    {"listener", "on", "mousedown", "use \"down\""},
    {"listener", "on", "pointerdown", "use \"down\""},
    {"listener", "on", "touchstart", "use \"down\""},
    {"listener", "on", "press",
     "use \"down\" (or \"click\" for a press "
     "and release)"},
    {"listener", "on", "mouseup", "use \"up\""},
    {"listener", "on", "pointerup", "use \"up\""},
    {"listener", "on", "touchend", "use \"up\""},
    {"listener", "on", "release", "use \"up\""},
    {"listener", "on", "mousemove", "use \"move\""},
    {"listener", "on", "pointermove", "use \"move\""},
    {"listener", "on", "touchmove", "use \"move\""},
    {"listener", "on", "tap", "use \"click\""},
    {"listener", "on", "onclick", "use \"click\""},
    {"listener", "on", "dblclick", "Anima has no double click; use \"click\""},
    {"timeline", "loop", "infinite", "use \"loop\""},
    {"timeline", "loop", "repeat", "use \"loop\""},
    {"timeline", "loop", "alternate", "use \"pingpong\""},
    {"timeline", "loop", "yoyo", "use \"pingpong\""},
    {"timeline", "loop", "none", "use \"once\""},
    {"timeline", "loop", "forwards", "use \"once\""},
};

bool anima_habit_enum(const char *kind, const char *field, const char *value,
                      anima_text *hint) {
  if (!kind || !field || !value) {
    return false;
  }
  for (size_t i = 0; i < sizeof enum_habits / sizeof enum_habits[0]; i++) {
    if (strcmp(kind, enum_habits[i].kind) == 0 &&
        strcmp(field, enum_habits[i].field) == 0 &&
        strcasecmp(value, enum_habits[i].value) == 0) {
      anima_text_append(hint, enum_habits[i].hint);
      return true;
    }
  }
  return false;
}
